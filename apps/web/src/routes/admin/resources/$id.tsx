import { createFileRoute } from '@tanstack/react-router';
import { ResourceFormPage } from '../../../features/resources/resource-form.tsx';
import { NotFoundItem } from '../../../components/not-found-item.tsx';
import { parseId } from '@post/contracts/ids';

export const Route = createFileRoute('/admin/resources/$id')({ component: EditResource });

function EditResource() {
  const id = parseId(Route.useParams().id);
  return id === undefined ? <NotFoundItem what="resource" /> : <ResourceFormPage id={id} />;
}
