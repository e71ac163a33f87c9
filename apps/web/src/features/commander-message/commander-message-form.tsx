import { useMemo } from 'react';
import { EditorPage } from '../../components/editor-page.tsx';
import { BackLink } from '../../components/back-link.tsx';
import { useNavigate } from '@tanstack/react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { CreateCommanderMessageInput, type CommanderMessage } from '@post/contracts/commander-messages';
import { commanderMessages } from '@post/contracts/messages/commander';
import { failureMessage, trpc } from '../../lib/trpc.ts';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes.ts';
import { useFormDraft } from '../../lib/use-form-draft.ts';
import { messageHtml } from '../../lib/commander-html.ts';
import { FormattedTextField } from '../../components/form/formatted-text-field.tsx';
import { DraftNotice } from '../../components/form/draft-notice.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { FormPanel } from '../../components/form/form-panel.tsx';
import { UnsavedChangesDialog } from '../../components/form/unsaved-changes-dialog.tsx';

const schema = z.object({ content: CreateCommanderMessageInput.shape.content });
type FormValues = z.infer<typeof schema>;
const BACK = { to: '/admin', search: { tab: 'commander' } } as const;

/** The commander message form page: create, or edit by id (spec §2). */
export function CommanderMessageFormPage({ id }: { id?: number }) {
  const message = trpc.commanderMessages.byId.useQuery({ id: id ?? 0 }, { enabled: id !== undefined });
  return (
    <EditorPage
      id={id}
      back={<BackLink {...BACK} />}
      title={{ create: 'New Commander Message', edit: 'Edit Commander Message' }}
      intro="Saving makes this the message shown on the website."
      item={message}
      notFound="This message does not exist. It may have been deleted."
    >
      {(item) => <CommanderMessageForm message={item} />}
    </EditorPage>
  );
}

function CommanderMessageForm({ message }: { message?: CommanderMessage }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.commanderMessages.create.useMutation();
  const update = trpc.commanderMessages.update.useMutation();
  const form = useForm<FormValues>({ resolver: zodResolver(schema), defaultValues: { content: message?.content ?? '' } });
  const { blocker, allowLeave } = useUnsavedChanges(form.formState.isDirty);
  const draft = useFormDraft(form, `commander-message:${message?.id ?? 'new'}`);
  const content = useWatch({ control: form.control, name: 'content' });
  const preview = useMemo(() => messageHtml(content ?? ''), [content]);

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      if (message) await update.mutateAsync({ id: message.id, content: v.content, publishDate: message.publishDate, active: true });
      else await create.mutateAsync({ content: v.content, publishDate: new Date().toISOString(), active: true });
    } catch (err) {
      const fallback = message ? commanderMessages.updateFailed : commanderMessages.createFailed;
      toast.error(failureMessage(err, fallback));
      return;
    }
    draft.clear();
    toast.success(message ? commanderMessages.updated : commanderMessages.created);
    await utils.commanderMessages.invalidate();
    allowLeave();
    await navigate(BACK);
  });

  return (
    <FormPanel>
      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={message ? 'Edit commander message' : 'New commander message'}>
        <DraftNotice draft={draft} />
        <FormattedTextField form={form} name="content" label="Message" rows={12} />
        <section aria-labelledby="preview-heading" className="rounded-lg border bg-muted p-4">
          <h2 id="preview-heading" className="mb-2 text-lg font-semibold">
            Preview
          </h2>
          {preview ? (
            <div data-testid="message-preview" className="text-lg leading-relaxed [&_p]:mb-3" dangerouslySetInnerHTML={{ __html: preview }} />
          ) : (
            <p className="text-muted-foreground">The message will appear here as you type.</p>
          )}
        </section>
        <FormActions saving={form.formState.isSubmitting} saveLabel={message ? 'Update Message' : 'Publish Message'} cancel={BACK} cancelLabel="Back" />
      </form>
      <UnsavedChangesDialog blocker={blocker} onLeave={draft.clear} />
    </FormPanel>
  );
}
