import { createFileRoute } from '@tanstack/react-router';
import { parseId } from '@post/contracts/ids';
import { CheckInPage } from '../../../features/check-in/check-in-page.tsx';
import { NotFoundItem } from '../../../components/not-found-item.tsx';

export const Route = createFileRoute('/admin/events/$id_/check-in')({ component: CheckIn });

function CheckIn() {
  const id = parseId(Route.useParams().id);
  return id === undefined ? <NotFoundItem what="event" /> : <CheckInPage id={id} />;
}
