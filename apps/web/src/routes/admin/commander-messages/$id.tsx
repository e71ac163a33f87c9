import { createFileRoute } from '@tanstack/react-router';
import { CommanderMessageFormPage } from '../../../features/commander-message/commander-message-form.tsx';
import { NotFoundItem } from '../../../components/not-found-item.tsx';
import { parseId } from '@post/contracts/ids';

export const Route = createFileRoute('/admin/commander-messages/$id')({ component: EditCommanderMessage });

function EditCommanderMessage() {
  const id = parseId(Route.useParams().id);
  return id === undefined ? <NotFoundItem what="commander message" /> : <CommanderMessageFormPage id={id} />;
}
