import { createFileRoute } from '@tanstack/react-router';
import { NotFoundItem } from '../../../components/not-found-item.tsx';
import { parseId } from '@post/contracts/ids';
import { CommunicationsAdminPage } from '../../../features/member-communications/communications-admin-page.tsx';

export const Route = createFileRoute('/admin/member-communications/$id')({ component: EditCommunicationRoute });

/** The communications page with the form open in edit mode for this id. */
function EditCommunicationRoute() {
  const id = parseId(Route.useParams().id);
  if (id === undefined) return <NotFoundItem what="communication" />;
  return <CommunicationsAdminPage editId={id} creating={false} onCreatingChange={() => undefined} />;
}
