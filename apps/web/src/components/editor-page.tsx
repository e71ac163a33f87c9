import { Fragment, type ReactNode } from 'react';
import { commonMessages } from '@post/contracts/messages/common';
import { Page } from '../layout/page.tsx';
import { errorStatus } from '../lib/trpc.ts';
import { AdminTitle } from './admin-title.tsx';
import { ErrorState, LoadingState } from './load-state.tsx';

/**
 * The page around a content type's one editor, for its `new` route (no id) and its edit route:
 * the editor gets the item once it has loaded, remounted per id, or a 404 message (decision 0092).
 */
export function EditorPage<T>({
  id,
  back,
  title,
  intro,
  item,
  notFound,
  waiting = false,
  children: editor,
}: {
  id: number | undefined;
  /** The `<BackLink>` above the title. */
  back: ReactNode;
  title: { create: string; edit: string };
  intro?: string;
  /** The item's query (disabled without an id). */
  item: { isError: boolean; error: unknown; data: T | undefined };
  /** What a 404 says: "This … does not exist. It may have been deleted." */
  notFound: string;
  /** Something else the editor needs is still loading (the post's time zone). */
  waiting?: boolean;
  children: (item: T | undefined) => ReactNode;
}) {
  const text = id === undefined ? title.create : title.edit;
  return (
    <Page before={back} title={text} intro={intro}>
      <AdminTitle text={text} />
      {waiting ? (
        <LoadingState text={commonMessages.loading} />
      ) : id === undefined ? (
        editor(undefined)
      ) : item.isError ? (
        <ErrorState message={errorStatus(item.error) === 404 ? notFound : commonMessages.loadFailed} />
      ) : item.data ? (
        <Fragment key={id}>{editor(item.data)}</Fragment>
      ) : (
        <LoadingState text={commonMessages.loading} />
      )}
    </Page>
  );
}
