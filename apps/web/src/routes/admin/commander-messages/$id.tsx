import { createFileRoute } from '@tanstack/react-router';
import { CommanderMessageFormPage } from '../../../features/admin/forms/commander-message-form.tsx';
import { NotFoundItem } from '../../../features/admin/forms/not-found-item.tsx';
import { parseId } from '../../../features/admin/forms/parse-id.ts';

export const Route = createFileRoute('/admin/commander-messages/$id')({ component: EditCommanderMessage });

function EditCommanderMessage() {
  const id = parseId(Route.useParams().id);
  return id === null ? <NotFoundItem what="commander message" /> : <CommanderMessageFormPage id={id} />;
}
