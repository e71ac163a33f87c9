import { useEffect, useRef } from 'react';
import type * as React from 'react';
import { useNavigate } from '@tanstack/react-router';
import { PlusIcon } from 'lucide-react';
import { commonMessages } from '@post/contracts/messages/common';
import { Button } from '@post/ui/components/button';
import { ErrorState } from './load-state.tsx';
import { Page } from '../layout/page.tsx';
import { hasFormDraft } from '../lib/use-form-draft.ts';
import { errorStatus } from '../lib/trpc.ts';
import { BackLink } from './back-link.tsx';
import { FormPanel } from './form/form-panel.tsx';

/**
 * The frame of the member-content admin pages (spec §2): the page with its back link and New
 * button, the toggled create/edit form above the list, and the list with its loading, failure
 * and empty states. `editId` (the /{id} route) opens the form in edit mode for that item; a new
 * item left unsaved by a reload or a lapsed session (its draft) opens the form again.
 */
export function ContentAdminFrame<T extends { id: number }>({
  texts,
  listPath,
  draftKey,
  editId,
  creating,
  onCreatingChange,
  list,
  editing,
  form,
  row,
  listClassName,
  itemClassName,
}: {
  texts: { title: string; intro: string; newLabel: string; listHeading: string; headingId: string; notFound: string; empty: string };
  listPath: string;
  draftKey: string;
  editId?: number;
  creating: boolean;
  onCreatingChange: (on: boolean) => void;
  list: { data?: T[]; isError: boolean; isFetching: boolean; refetch: () => unknown };
  editing: { data?: T; isError: boolean; error: unknown };
  /** The create form (no item) or the edit form of `item`. */
  form: (item: T | undefined, onDone: () => void) => React.ReactNode;
  row: (item: T, current: boolean) => React.ReactNode;
  listClassName: string;
  itemClassName?: string;
}) {
  const navigate = useNavigate();
  const closeForm = () => (editId !== undefined ? void navigate({ to: listPath }) : onCreatingChange(false));
  const formOpen = editId !== undefined || creating;
  const reopen = useRef(editId === undefined);
  useEffect(() => {
    if (!reopen.current) return;
    reopen.current = false;
    if (hasFormDraft(draftKey)) onCreatingChange(true);
  }, [draftKey, onCreatingChange]);

  return (
    <Page
      before={<BackLink to="/admin" />}
      title={texts.title}
      intro={texts.intro}
      actions={
        formOpen ? null : (
          <Button onClick={() => onCreatingChange(true)}>
            <PlusIcon aria-hidden="true" />
            {texts.newLabel}
          </Button>
        )
      }
    >
      <>
        <title>{texts.title}</title>
      </>
      {formOpen ? (
        <FormPanel className="mb-8">
          {editId === undefined ? (
            form(undefined, closeForm)
          ) : editing.data ? (
            form(editing.data, closeForm)
          ) : editing.isError ? (
            <div role="alert" className="space-y-3">
              <p className="text-lg">{errorStatus(editing.error) === 404 ? texts.notFound : commonMessages.loadFailed}</p>
              <Button variant="outline" onClick={closeForm}>
                Back to the list
              </Button>
            </div>
          ) : (
            <p role="status" className="text-lg">
              {commonMessages.loading}
            </p>
          )}
        </FormPanel>
      ) : null}
      <section aria-labelledby={texts.headingId}>
        <h2 id={texts.headingId} className="mb-4 text-2xl font-bold text-navy-800">
          {texts.listHeading}
        </h2>
        {list.data ? (
          list.data.length === 0 ? (
            <p className="rounded-lg border border-dashed bg-muted px-4 py-8 text-center text-lg text-muted-foreground">{texts.empty}</p>
          ) : (
            <ul className={listClassName} aria-labelledby={texts.headingId}>
              {list.data.map((item) => (
                <li key={item.id} className={itemClassName}>
                  {row(item, item.id === editId)}
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
