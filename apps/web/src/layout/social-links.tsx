import type { SiteSettings } from '@post/contracts/site-settings';

// Outline icons in the style of the site's other icons (lucide's earlier brand icons, ISC):
// lucide-react no longer ships brand marks, and four small paths are cheaper than a library.
const ICONS: Record<string, React.ReactNode> = {
  Facebook: <path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />,
  Instagram: (
    <>
      <rect x="2" y="2" width="20" height="20" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </>
  ),
  X: <path d="M4 4h4.5L20 20h-4.5zM4 20l6.6-7M20 4l-6.4 7" />,
  YouTube: (
    <>
      <path d="M2.5 17a24.1 24.1 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.6 49.6 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24.1 24.1 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.6 49.6 0 0 1-16.2 0A2 2 0 0 1 2.5 17" />
      <path d="m10 15 5-3-5-3z" />
    </>
  ),
};
/** The networks the footer shows with an icon, once their address is set. */
export const SOCIAL_NETWORKS = ['Facebook', 'Instagram', 'X', 'YouTube'] as const;
const ALIASES: Record<string, string> = { twitter: 'X', 'x (twitter)': 'X', 'twitter / x': 'X' };
const networkOf = (label: string) => {
  const l = label.trim().toLowerCase();
  return ALIASES[l] ?? SOCIAL_NETWORKS.find((n) => n.toLowerCase() === l);
};

function Icon({ name }: { name: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {ICONS[name]}
    </svg>
  );
}

/**
 * The footer's social icons: Facebook, Instagram, X and YouTube, each linking to the address
 * set under Settings (issue 23 #2). One not set up is not shown: a dimmed icon that leads
 * nowhere only puzzled visitors (issue 46 #8). Other links in the settings follow as text links.
 */
export function SocialLinks({ settings, linkClass }: { settings: Pick<SiteSettings, 'postName' | 'socialLinks'>; linkClass: string }) {
  const urls = new Map<string, string>();
  for (const l of settings.socialLinks) {
    const n = networkOf(l.label);
    if (n && l.url && !urls.has(n)) urls.set(n, l.url);
  }
  const others = settings.socialLinks.filter((l) => l.url && !networkOf(l.label));
  if (urls.size === 0 && others.length === 0) return null;
  return (
    <ul className="mt-4 flex flex-wrap items-center gap-2" aria-label="Social media">
      {SOCIAL_NETWORKS.filter((n) => urls.has(n)).map((n) => (
        <li key={n}>
          <a
            className={`${linkClass} inline-flex size-11 items-center justify-center rounded-md hover:bg-navy-800`}
            href={urls.get(n)}
            rel="noopener noreferrer"
            aria-label={`${settings.postName} on ${n}`}
            title={n}
          >
            <Icon name={n} />
          </a>
        </li>
      ))}
      {others.map((l) => (
        <li key={l.label}>
          <a className={linkClass} href={l.url} rel="noopener noreferrer">
            {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
