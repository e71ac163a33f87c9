import { BackLink } from '../../components/back-link.tsx';
import { EditorPage } from '../../components/editor-page.tsx';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { EngagementFormSchema, parseTags, type CommunityEngagement } from '@post/contracts/community-engagements';
import { communityMessages } from '@post/contracts/messages/community';
import { formMessages } from '@post/contracts/messages/forms';
import { DEFAULT_SITE_SETTINGS } from '@post/contracts/site-settings';
import { TextAreaField, TextField } from '../../components/form/text-fields.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes.ts';
import { useFormDraft } from '../../lib/use-form-draft.ts';
import { dateIn, instantForDate, todayIn } from '../../components/form/dates.ts';
import { DraftNotice } from '../../components/form/draft-notice.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { FormPanel } from '../../components/form/form-panel.tsx';
import { RequiredLegend } from '../../components/form/required-legend.tsx';
import { SwitchField } from '../../components/form/boolean-fields.tsx';
import { UnsavedChangesDialog } from '../../components/form/unsaved-changes-dialog.tsx';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { FormPictureSchema, NO_PICTURE } from '@post/contracts/images';
import { PictureField } from '../../components/form/image-upload-field.tsx';

// The server refuses an image address that is not http(s); say so beside the field instead.
const schema = EngagementFormSchema.extend({
  imageUrl: EngagementFormSchema.shape.imageUrl.refine((s) => s === '' || /^https?:\/\/\S+$/i.test(s), formMessages.urlInvalid),
  date: z.string().min(1, formMessages.invalidDate),
  // The picture is a field of the form, so its draft keeps it (issue 22).
  picture: FormPictureSchema,
});
type FormValues = z.input<typeof schema>;
const BACK = { to: '/admin', search: { tab: 'engagements' } } as const;

/** The community engagement form page: create, or edit by id (spec §2). */
export function EngagementFormPage({ id }: { id?: number }) {
  const settings = trpc.siteSettings.get.useQuery();
  const timeZone = settings.data?.timeZone ?? DEFAULT_SITE_SETTINGS.timeZone;
  const item = trpc.communityEngagements.byId.useQuery({ id: id ?? 0 }, { enabled: id !== undefined });
  return (
    <EditorPage
      id={id}
      back={<BackLink {...BACK} />}
      title={{ create: 'New Community Engagement', edit: 'Edit Community Engagement' }}
      intro={id === undefined ? 'Add a community engagement highlight.' : undefined}
      item={item}
      notFound="This community engagement does not exist. It may have been deleted."
      waiting={settings.isPending}
    >
      {(loaded) => <EngagementForm item={loaded} timeZone={timeZone} />}
    </EditorPage>
  );
}

function EngagementForm({ item, timeZone }: { item?: CommunityEngagement; timeZone: string }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.communityEngagements.create.useMutation();
  const update = trpc.communityEngagements.update.useMutation();
  const form = useForm<FormValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: item
      ? {
          title: item.title,
          description: item.description,
          date: dateIn(item.date, timeZone),
          imageUrl: item.imageUrl ?? '',
          tags: item.tags.join(', '),
          active: item.active,
          picture: { image: item.image, alt: item.imageAlt ?? '' },
        }
      : { title: '', description: '', date: todayIn(timeZone), imageUrl: '', tags: '', active: true, picture: NO_PICTURE },
  });
  const { blocker, allowLeave } = useUnsavedChanges(form.formState.isDirty);
  const draft = useFormDraft(form, `engagement:${item?.id ?? 'new'}`);

  const onSubmit = form.handleSubmit(async (v) => {
    const body = {
      imageId: v.picture.image?.id ?? null,
      imageAlt: v.picture.image ? v.picture.alt : null,
      title: v.title,
      description: v.description,
      date: instantForDate(v.date, timeZone, item?.date),
      imageUrl: v.imageUrl.trim() || null,
      tags: parseTags(v.tags),
      active: v.active,
    };
    try {
      if (item) await update.mutateAsync({ id: item.id, ...body });
      else await create.mutateAsync(body);
    } catch (err) {
      toastSaveError(err, communityMessages.saveFailed);
      return;
    }
    draft.clear();
    toast.success(item ? communityMessages.updated : communityMessages.created);
    await utils.communityEngagements.invalidate();
    allowLeave();
    await navigate(BACK);
  });

  return (
    <FormPanel>
      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={item ? 'Edit community engagement' : 'New community engagement'}>
        <DraftNotice draft={draft} />
        <RequiredLegend />
        <TextField form={form} name="title" label="Title" required maxLength={255} />
        <TextAreaField form={form} name="description" label="Description" required rows={5} maxLength={5000} />
        <PictureField control={form.control} name="picture" />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField form={form} name="date" label="Date" type="date" required />
          <TextField
            form={form}
            name="imageUrl"
            label="Image URL"
            type="url"
            inputMode="url"
            placeholder="https://"
            maxLength={255}
            description="Optional. Without an image the highlight shows an icon."
          />
        </div>
        <TextField form={form} name="tags" label="Tags" required placeholder="Veterans, Community, Youth" description="Separate tags with commas." />
        <div className="rounded-lg border bg-muted p-4">
          <SwitchField control={form.control} name="active" label="Active" description={communityMessages.oneActive} />
        </div>
        <FormActions saving={form.formState.isSubmitting} saveLabel={item ? 'Update Engagement' : 'Create Engagement'} cancel={BACK} />
      </form>
      <UnsavedChangesDialog blocker={blocker} onLeave={draft.clear} />
    </FormPanel>
  );
}
