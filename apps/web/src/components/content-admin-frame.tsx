import { useEffect } from 'react';
import type * as React from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { PlusIcon } from 'lucide-react';
import { toast } from 'sonner';
import { commonMessages } from '@post/contracts/messages/common';
import { buttonVariants } from '@post/ui/components/button';
import { ErrorState } from './load-state.tsx';
import { Page } from '../layout/page.tsx';
import { hasFormDraft } from '../lib/use-form-draft.ts';
import { BackLink } from './back-link.tsx';
import { DeleteButton, EditLink } from './admin-table.tsx';
import { toastSaveError } from './form/save-errors.ts';

/** The member-content lists; each item's editor is `<list>/new` and `<list>/$id` (decision 0099). */
type ListPath = '/admin/member-communications' | '/admin/member-resources';

/**
 * The list page of member communications or member resources (spec §2): its back link, the New
 * link to the editor, and the list with its loading, failure and empty states; each item's Edit
 * and Delete. A new item left unsaved (its draft, kept from before a reload or a lapsed session)
 * opens its editor again.
 */
export function ContentAdminFrame<T extends { id: number; title: string }>({
  texts,
  listPath,
  draftKey,
  list,
  remove,
  refresh,
  row,
  listClassName,
  itemClassName,
}: {
  texts: { title: string; intro: string; newLabel: string; listHeading: string; headingId: string; empty: string; confirmDelete: string; deleteFailed: string };
  listPath: ListPath;
  /** The new item's draft key, the one its editor keeps. */
  draftKey: string;
  list: { data?: T[]; isError: boolean; isFetching: boolean; refetch: () => unknown };
  remove: { mutateAsync: (input: { id: number }) => Promise<unknown>; isPending: boolean };
  /** Reads the list again after a delete, done or not (another administrator may have changed it). */
  refresh: () => Promise<unknown>;
  /** One item, with its Edit and Delete. */
  row: (item: T, actions: React.ReactNode) => React.ReactNode;
  listClassName: string;
  itemClassName?: string;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    if (hasFormDraft(draftKey)) void navigate({ to: `${listPath}/new`, replace: true });
  }, [draftKey, listPath, navigate]);

  const actions = (item: T) => (
    <>
      <EditLink name={item.title} to={`${listPath}/$id`} params={{ id: String(item.id) }} />
      <DeleteButton
        name={item.title}
        question={commonMessages.confirmDeleteNamed(`“${item.title}”`)}
        description={texts.confirmDelete}
        busy={remove.isPending}
        onConfirm={async () => {
          try {
            await remove.mutateAsync({ id: item.id });
            toast.success(commonMessages.deleted, { description: item.title });
          } catch (err) {
            toastSaveError(err, texts.deleteFailed);
          } finally {
            await refresh();
          }
        }}
      />
    </>
  );

  return (
    <Page
      before={<BackLink to="/admin" />}
      title={texts.title}
      intro={texts.intro}
      actions={
        <Link to={`${listPath}/new`} className={buttonVariants()}>
          <PlusIcon aria-hidden="true" />
          {texts.newLabel}
        </Link>
      }
    >
      <>
        <title>{texts.title}</title>
      </>
      <section aria-labelledby={texts.headingId}>
        <h2 id={texts.headingId} data-admin-table-heading tabIndex={-1} className="mb-4 text-2xl font-bold text-navy-800 outline-none">
          {texts.listHeading}
        </h2>
        {list.data ? (
          list.data.length === 0 ? (
            <p className="rounded-lg border border-dashed bg-muted px-4 py-8 text-center text-lg text-muted-foreground">{texts.empty}</p>
          ) : (
            <ul className={listClassName} aria-labelledby={texts.headingId}>
              {list.data.map((item) => (
                <li key={item.id} className={itemClassName}>
                  {row(item, actions(item))}
                </li>
              ))}
            </ul>
          )
        ) : list.isError ? (
          <ErrorState onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : (
          <p role="status" className="py-6 text-center text-lg">
            {commonMessages.loading}
          </p>
        )}
      </section>
    </Page>
  );
}
