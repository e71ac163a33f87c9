/** The post's emblem: a white star on navy over a red bar (our own artwork). */
export function Logo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="12" fill="#1b2a4a" />
      <path d="M32 10l6.2 12.6 13.8 2-10 9.8 2.4 13.8L32 41.7 19.6 48.2 22 34.4l-10-9.8 13.8-2z" fill="#fff" />
      <rect x="8" y="52" width="48" height="4" rx="2" fill="#b22234" />
    </svg>
  );
}
