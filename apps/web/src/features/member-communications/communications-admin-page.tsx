import { useEffect, useRef, useState } from 'react';
import { useFormDraft } from '../../lib/use-form-draft.ts';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { labelOf } from '@post/contracts/enums/label';
import { TARGET_AUDIENCE_LABELS } from '@post/contracts/enums/target-audience';
import { CreateCommunicationInput, type MemberCommunication } from '@post/contracts/member-communications';
import { commonMessages } from '@post/contracts/messages/common';
import { communicationMessages } from '@post/contracts/messages/member-communications';
import { utcToZoned, zonedToUtc } from '@post/contracts/rules/event-time';
import { Badge } from '@post/ui/components/badge';
import { Button } from '@post/ui/components/button';
import { DeleteButton, EditLink } from '../../components/admin-table.tsx';
import { TextAreaField, TextField } from '../../components/form/text-fields.tsx';
import { usePostFormat } from '../../lib/format.ts';
import { useMountTime } from '../../lib/use-mount-time.ts';
import { trpc } from '../../lib/trpc.ts';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { DraftNotice } from '../../components/form/draft-notice.tsx';
import { RequiredLegend } from '../../components/form/required-legend.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { SwitchField } from '../../components/form/switch-field.tsx';
import { UnsavedChangesDialog } from '../../components/form/unsaved-changes-dialog.tsx';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes.ts';
import { AUDIENCE_OPTIONS, PRIORITY_BADGE, PRIORITY_OPTIONS, TYPE_OPTIONS } from './labels.ts';
import { ContentAdminFrame } from '../../components/content-admin-frame.tsx';
import { CheckboxField } from '../../components/form/checkbox-field.tsx';
import { isUrgentNotice, UrgentMailDialog } from './notice-mail-fields.tsx';

type FormIn = z.input<typeof CreateCommunicationInput>;
type FormOut = z.output<typeof CreateCommunicationInput>;

const LIST = '/admin/member-communications';
const DRAFT_NEW = 'member-communication:new';

/**
 * Member communications admin (spec §2): a toggled create/edit form above the list. `editId`
 * (the /{id} route) opens the form in edit mode for that communication.
 */
export function CommunicationsAdminPage({
  editId,
  creating,
  onCreatingChange,
}: {
  editId?: number;
  creating: boolean;
  onCreatingChange: (on: boolean) => void;
}) {
  const list = trpc.memberCommunications.list.useQuery();
  const editing = trpc.memberCommunications.byId.useQuery({ id: editId ?? 0 }, { enabled: editId !== undefined });
  return (
    <ContentAdminFrame
      texts={{
        title: 'Member Communications',
        intro: 'Announcements, newsletters, meeting minutes and urgent notices for members. Drafts stay hidden until published.',
        newLabel: 'New Communication',
        listHeading: 'All Communications',
        headingId: 'communications-heading',
        notFound: 'This communication does not exist. It may have been deleted.',
        empty: communicationMessages.noneFound,
      }}
      listPath={LIST}
      draftKey={DRAFT_NEW}
      editId={editId}
      creating={creating}
      onCreatingChange={onCreatingChange}
      list={list}
      editing={editing}
      form={(item, onDone) => (item ? <CommunicationForm key={item.id} communication={item} onDone={onDone} /> : <CommunicationForm onDone={onDone} />)}
      row={(c, current) => <CommunicationRow c={c} current={current} />}
      listClassName="space-y-3"
    />
  );
}

function CommunicationRow({ c, current }: { c: MemberCommunication; current: boolean }) {
  const fmt = usePostFormat();
  const now = useMountTime();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const remove = trpc.memberCommunications.remove.useMutation();
  const onDelete = async () => {
    try {
      await remove.mutateAsync({ id: c.id });
      toast.success(commonMessages.deleted, { description: c.title });
      if (current) await navigate({ to: LIST });
    } catch (err) {
      toastSaveError(err, communicationMessages.deleteFailed);
    } finally {
      await utils.memberCommunications.list.invalidate();
    }
  };
  const when = c.publishDate ? `${Date.parse(c.publishDate) > now ? 'Scheduled for' : 'Published'} ${fmt.dateTime(c.publishDate)}` : 'No publish date';
  return (
    <article aria-label={c.title} className={`rounded-xl border bg-card p-4 shadow-sm ${current ? 'ring-2 ring-ring' : ''}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 className="text-lg font-bold text-navy-800">{c.title}</h3>
          <div className="flex flex-wrap gap-2">
            <Badge variant={c.isPublished ? 'success' : 'secondary'}>{c.isPublished ? 'Published' : 'Draft'}</Badge>
            <Badge variant={PRIORITY_BADGE[c.priority]}>
              {labelOf(c.priority)}
              <span className="sr-only"> priority</span>
            </Badge>
            <Badge variant="outline">{labelOf(c.type)}</Badge>
          </div>
          <p className="text-base text-muted-foreground">
            For {TARGET_AUDIENCE_LABELS[c.targetAudience]} · {when}
            {c.expiryDate ? ` · ${Date.parse(c.expiryDate) <= now ? 'Expired' : 'Expires'} ${fmt.dateTime(c.expiryDate)}` : ''}
          </p>
        </div>
        <div className="flex gap-2">
          <EditLink name={c.title} to="/admin/member-communications/$id" params={{ id: String(c.id) }} />
          <DeleteButton
            name={c.title}
            question={commonMessages.confirmDeleteNamed(`“${c.title}”`)}
            description={communicationMessages.confirmDelete}
            onConfirm={onDelete}
            busy={remove.isPending}
          />
        </div>
      </div>
    </article>
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

function CommunicationForm({ communication, onDone }: { communication?: MemberCommunication; onDone: () => void }) {
  const { timeZone } = usePostFormat();
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
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { blocker, allowLeave } = useUnsavedChanges(form.formState.isDirty);
  const draft = useFormDraft(form, communication ? `member-communication:${communication.id}` : DRAFT_NEW);
  const leave = () => {
    draft.clear();
    allowLeave();
    onDone();
  };
  // A save started from the urgent notice's dialog runs outside handleSubmit.
  const [savingFromDialog, setSavingFromDialog] = useState(false);
  const saving = form.formState.isSubmitting || savingFromDialog;

  const save = async (v: FormOut) => {
    // Date inputs hold the post's wall-clock time; the API takes instants.
    const body = { ...v, publishDate: fromLocalInput(v.publishDate, timeZone), expiryDate: fromLocalInput(v.expiryDate, timeZone) };
    try {
      const saved = communication ? await update.mutateAsync({ id: communication.id, ...body }) : await create.mutateAsync(body);
      const mailed = saved.emailedTo === undefined ? '' : ` (e-mail going to ${saved.emailedTo} ${saved.emailedTo === 1 ? 'member' : 'members'})`;
      toast.success(communication ? communicationMessages.updated : communicationMessages.created, { description: `${v.title}${mailed}` });
      await utils.memberCommunications.invalidate();
      leave();
    } catch (err) {
      const title = communication ? communicationMessages.updateFailed : communicationMessages.createFailed;
      toastSaveError(err, title);
    }
  };
  // An urgent notice being published asks whether it goes by e-mail too.
  const onSubmit = form.handleSubmit((v) => (isUrgentNotice(v) && v.isPublished ? setUrgentAsk(v) : save(v)));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-labelledby="communication-form-heading">
      <h2 id="communication-form-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold text-navy-800 outline-none">
        {communication ? 'Edit Communication' : 'New Communication'}
      </h2>
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
      <UnsavedChangesDialog blocker={blocker} onLeave={draft.clear} />
      <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={leave}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving} aria-disabled={saving || undefined}>
          {saving ? 'Saving...' : communication ? 'Update Communication' : 'Create Communication'}
        </Button>
      </div>
    </form>
  );
}
