import { TEXT } from '@post/contracts/messages';

/** Loading, missing or failed states of an edit page before its form can show. */
export function LoadState({ state, message }: { state: 'loading' | 'error'; message?: string }) {
  if (state === 'loading') {
    return (
      <p role="status" className="py-6 text-lg">
        {TEXT.loading}
      </p>
    );
  }
  return (
    <p role="alert" className="rounded-md border border-flag-red-300 bg-flag-red-50 p-4 text-lg text-flag-red-800">
      {message}
    </p>
  );
}
