import { createFileRoute } from '@tanstack/react-router';
import { parseId } from '@post/contracts/ids';
import { SignInSheetPage } from '../../../features/events/sign-in-sheet-page.tsx';
import { NotFoundItem } from '../../../components/not-found-item.tsx';

export const Route = createFileRoute('/admin/events/$id_/sign-in-sheet')({ component: SignInSheet });

function SignInSheet() {
  const id = parseId(Route.useParams().id);
  return id === undefined ? <NotFoundItem what="event" /> : <SignInSheetPage id={id} />;
}
