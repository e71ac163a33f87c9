import { Page } from '../layout/page.tsx';
import { BackLink } from './back-link.tsx';
import { ErrorState } from './load-state.tsx';
import { AdminTitle } from './admin-title.tsx';

/** An edit page whose id is not a valid one. */
export function NotFoundItem({ what }: { what: string }) {
  return (
    <Page before={<BackLink to="/admin" />} title="Not Found">
      <AdminTitle text="Not Found" />
      <ErrorState message={`This ${what} does not exist. It may have been deleted.`} />
    </Page>
  );
}
