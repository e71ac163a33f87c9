import { createFileRoute } from '@tanstack/react-router';
import { parseId } from '@post/contracts/ids';
import { NotFoundItem } from '../../../components/not-found-item.tsx';
import { CommunicationFormPage } from '../../../features/member-communications/communication-form.tsx';

export const Route = createFileRoute('/admin/member-communications/$id')({ component: EditCommunication });

function EditCommunication() {
  const id = parseId(Route.useParams().id);
  return id === undefined ? <NotFoundItem what="communication" /> : <CommunicationFormPage id={id} />;
}
