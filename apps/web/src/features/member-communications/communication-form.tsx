import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { CreateCommunicationInput, type MemberCommunication } from '@post/contracts/member-communications';
import { communicationMessages } from '@post/contracts/messages/member-communications';
import { utcToZoned, zonedToUtc } from '@post/contracts/rules/event-time';
import { BackLink } from '../../components/back-link.tsx';
import { EditorPage } from '../../components/editor-page.tsx';
import { TextAreaField, TextField } from '../../components/form/text-fields.tsx';
import { CheckboxField, SwitchField } from '../../components/form/boolean-fields.tsx';
import { DraftNotice } from '../../components/form/draft-notice.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { FormPanel } from '../../components/form/form-panel.tsx';
import { RequiredLegend } from '../../components/form/required-legend.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { UnsavedChangesDialog } from '../../components/form/unsaved-changes-dialog.tsx';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { trpc } from '../../lib/trpc.ts';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes.ts';
import { useFormDraft } from '../../lib/use-form-draft.ts';
import { AUDIENCE_OPTIONS, draftKey, PRIORITY_OPTIONS, TYPE_OPTIONS } from './labels.ts';
import { isUrgentNotice, UrgentMailDialog } from './notice-mail-fields.tsx';

type FormIn = z.input<typeof CreateCommunicationInput>;
type FormOut = z.output<typeof CreateCommunicationInput>;

const LIST = { to: '/admin/member-communications' } as const;

/** The member communication form page: create, or edit by id (spec §2, decision 0099). */
export function CommunicationFormPage({ id }: { id?: number }) {
  const settings = useSiteSettings();
  const item = trpc.memberCommunications.byId.useQuery({ id: id ?? 0 }, { enabled: id !== undefined });
  return (
    <EditorPage
      id={id}
      back={<BackLink {...LIST}>Back to Member Communications</BackLink>}
      title={{ create: 'New Communication', edit: 'Edit Communication' }}
      intro={id === undefined ? 'An announcement, newsletter, meeting minutes or urgent notice for members.' : undefined}
      item={item}
      notFound="This communication does not exist. It may have been deleted."
      waiting={settings.isPending}
    >
      {(loaded) => <CommunicationForm communication={loaded} timeZone={settings.data.timeZone} />}
    </EditorPage>
  );
}

function toLocalInput(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const { date, time } = utcToZoned(iso, timeZone);
  return `${date}T${time}`;
}
function fromLocalInput(value: string | null, timeZone: string): string | null {
  if (!value) return null;
  const [date, time] = value.split('T');
  return zonedToUtc(date!, (time ?? '00:00').slice(0, 5), timeZone).toISOString();
}

function CommunicationForm({ communication, timeZone }: { communication?: MemberCommunication; timeZone: string }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.memberCommunications.create.useMutation();
  const update = trpc.memberCommunications.update.useMutation();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(CreateCommunicationInput),
    defaultValues: {
      title: communication?.title ?? '',
      content: communication?.content ?? '',
      type: communication?.type ?? 'announcement',
      priority: communication?.priority ?? 'normal',
      targetAudience: communication?.targetAudience ?? 'all_members',
      publishDate: toLocalInput(communication?.publishDate ?? null, timeZone),
      expiryDate: toLocalInput(communication?.expiryDate ?? null, timeZone),
      isPublished: communication?.isPublished ?? false,
      attachmentUrl: communication?.attachmentUrl ?? '',
      sendEmail: false,
    },
  });
  const [urgentAsk, setUrgentAsk] = useState<FormOut | undefined>();
  const { blocker, allowLeave } = useUnsavedChanges(form.formState.isDirty);
  const draft = useFormDraft(form, draftKey(communication?.id));
  // A save started from the urgent notice's dialog runs outside handleSubmit.
  const [savingFromDialog, setSavingFromDialog] = useState(false);

  const save = async (v: FormOut) => {
    // Date inputs hold the post's wall-clock time; the API takes instants.
    const body = { ...v, publishDate: fromLocalInput(v.publishDate, timeZone), expiryDate: fromLocalInput(v.expiryDate, timeZone) };
    let saved;
    try {
      saved = communication ? await update.mutateAsync({ id: communication.id, ...body }) : await create.mutateAsync(body);
    } catch (err) {
      toastSaveError(err, communication ? communicationMessages.updateFailed : communicationMessages.createFailed);
      return;
    }
    const mailed = saved.emailedTo === undefined ? '' : ` (e-mail going to ${saved.emailedTo} ${saved.emailedTo === 1 ? 'member' : 'members'})`;
    draft.clear();
    toast.success(communication ? communicationMessages.updated : communicationMessages.created, { description: `${v.title}${mailed}` });
    await utils.memberCommunications.invalidate();
    allowLeave();
    await navigate(LIST);
  };
  // An urgent notice being published asks whether it goes by e-mail too.
  const onSubmit = form.handleSubmit((v) => (isUrgentNotice(v) && v.isPublished ? setUrgentAsk(v) : save(v)));

  return (
    <FormPanel>
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={communication ? 'Edit communication' : 'New communication'}>
        <DraftNotice draft={draft} />
        <RequiredLegend />
        <TextField form={form} name="title" label="Title" required />
        <TextAreaField form={form} name="content" label="Content" rows={8} required description="Plain text; line breaks are kept." />
        <div className="grid gap-4 md:grid-cols-3">
          <SelectField form={form} name="type" label="Type" options={TYPE_OPTIONS} />
          <SelectField form={form} name="priority" label="Priority" options={PRIORITY_OPTIONS} />
          <SelectField form={form} name="targetAudience" label="Target Audience" options={AUDIENCE_OPTIONS} />
        </div>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            form={form}
            name="publishDate"
            label="Publish Date"
            type="datetime-local"
            description="Blank publishes it as soon as it is saved as published."
          />
          <TextField form={form} name="expiryDate" label="Expiry Date" type="datetime-local" description="Optional: members stop seeing it after this time." />
        </div>
        <TextField
          form={form}
          name="attachmentUrl"
          label="Attachment URL"
          type="url"
          inputMode="url"
          placeholder="https://"
          description="Optional: a link shown as 'View Attachment'."
        />
        <SwitchField control={form.control} name="isPublished" label="Published" description="Off keeps it as a draft that members do not see." />
        <CheckboxField
          control={form.control}
          name="sendEmail"
          label="Also send by e-mail"
          description="To the active members its audience reaches who have an e-mail address (once per member, however often it is saved). Members can turn off non-urgent e-mail in the portal."
        />
        <UrgentMailDialog
          open={urgentAsk !== undefined}
          onOpenChange={(open) => (open ? undefined : setUrgentAsk(undefined))}
          onChoose={(sendEmail) => {
            const v = urgentAsk!;
            setUrgentAsk(undefined);
            form.setValue('sendEmail', sendEmail);
            setSavingFromDialog(true);
            void save({ ...v, sendEmail }).finally(() => setSavingFromDialog(false));
          }}
        />
        <FormActions
          saving={form.formState.isSubmitting || savingFromDialog}
          saveLabel={communication ? 'Update Communication' : 'Create Communication'}
          cancel={LIST}
        />
      </form>
      <UnsavedChangesDialog blocker={blocker} onLeave={draft.clear} />
    </FormPanel>
  );
}
