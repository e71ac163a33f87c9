import { createFileRoute } from '@tanstack/react-router';
import { parseId } from '@post/contracts/ids';
import { NotFoundItem } from '../../../components/not-found-item.tsx';
import { MemberResourceFormPage } from '../../../features/member-resources/member-resource-form.tsx';

export const Route = createFileRoute('/admin/member-resources/$id')({ component: EditMemberResource });

function EditMemberResource() {
  const id = parseId(Route.useParams().id);
  return id === undefined ? <NotFoundItem what="resource" /> : <MemberResourceFormPage id={id} />;
}
