import { createFileRoute } from '@tanstack/react-router';
import { EngagementFormPage } from '../../../features/community/engagement-form.tsx';
import { NotFoundItem } from '../../../components/not-found-item.tsx';
import { parseId } from '@post/contracts/ids';

export const Route = createFileRoute('/admin/community-engagement/$id')({ component: EditEngagement });

function EditEngagement() {
  const id = parseId(Route.useParams().id);
  return id === undefined ? <NotFoundItem what="community engagement" /> : <EngagementFormPage id={id} />;
}
