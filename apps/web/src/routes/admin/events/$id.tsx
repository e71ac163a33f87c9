import { createFileRoute } from '@tanstack/react-router';
import { EventFormPage } from '../../../features/events/event-form-page.tsx';
import { NotFoundItem } from '../../../components/not-found-item.tsx';
import { parseId } from '@post/contracts/ids';

export const Route = createFileRoute('/admin/events/$id')({ component: EditEvent });

function EditEvent() {
  const id = parseId(Route.useParams().id);
  return id === undefined ? <NotFoundItem what="event" /> : <EventFormPage id={id} />;
}
