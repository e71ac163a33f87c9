import { createFileRoute } from '@tanstack/react-router';
import { parseId } from '@post/contracts/ids';
import { NewsFormPage } from '../../../features/news/news-form.tsx';
import { NotFoundItem } from '../../../components/not-found-item.tsx';

export const Route = createFileRoute('/admin/news/$id')({
  // Without a session the news form goes to /admin/login (spec §2).
  staticData: { redirectToLogin: true },
  component: EditNews,
});

function EditNews() {
  const id = parseId(Route.useParams().id);
  return id === undefined ? <NotFoundItem what="news item" /> : <NewsFormPage id={id} />;
}
