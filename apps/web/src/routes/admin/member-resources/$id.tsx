import { createFileRoute } from '@tanstack/react-router';
import { NotFoundItem } from '../../../components/not-found-item.tsx';
import { parseId } from '@post/contracts/ids';
import { ResourcesAdminPage } from '../../../features/member-resources/resources-admin-page.tsx';

export const Route = createFileRoute('/admin/member-resources/$id')({ component: EditMemberResourceRoute });

/** The member resources page with the form open in edit mode for this id. */
function EditMemberResourceRoute() {
  const id = parseId(Route.useParams().id);
  if (id === undefined) return <NotFoundItem what="resource" />;
  return <ResourcesAdminPage editId={id} creating={false} onCreatingChange={() => undefined} />;
}
