import { Link } from '@tanstack/react-router';
import { commonMessages } from '@post/contracts/messages/common';
import { buttonVariants } from '@post/ui/components/button';

/** The 404 page (its title and noindex come from the root route's head()); the router hint appears only in development builds (decisions §6). */
export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-navy-800">{commonMessages.pageNotFound}</h1>
      <p className="mt-4 text-lg">We could not find that page. It may have moved, or the address may be mistyped.</p>
      {import.meta.env.DEV ? <p className="mt-2 text-sm text-muted-foreground">Did you forget to add the page to the router?</p> : null}
      <Link to="/" className={buttonVariants({ className: 'mt-8' })}>
        Go to the home page
      </Link>
    </div>
  );
}
