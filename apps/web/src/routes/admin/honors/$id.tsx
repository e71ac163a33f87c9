import { createFileRoute } from '@tanstack/react-router';
import { parseId } from '@post/contracts/ids';
import { NotFoundItem } from '../../../components/not-found-item.tsx';
import { HonorsDetailPage } from '../../../features/honors/detail-page.tsx';

export const Route = createFileRoute('/admin/honors/$id')({ component: HonorsDetail });

function HonorsDetail() {
  const id = parseId(Route.useParams().id);
  return id === undefined ? <NotFoundItem what="request" /> : <HonorsDetailPage id={id} />;
}
