import { BackLink } from '../../components/back-link.tsx';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { newsMessages } from '@post/contracts/messages/news';
import { NewsFormSchema, type News } from '@post/contracts/news';
import { DEFAULT_SITE_SETTINGS } from '@post/contracts/site-settings';
import { TextField } from '../../components/form/text-fields.tsx';
import { NewsContentField } from './news-content-field.tsx';
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
import { EditorPage } from '../../components/editor-page.tsx';
import type { z } from 'zod';
import { FormPictureSchema, NO_PICTURE } from '@post/contracts/images';
import { PictureField } from '../../components/form/image-upload-field.tsx';

/** The spec's pause before leaving after a save (§9). */
const REDIRECT_DELAY_MS = 300;
const BACK = { to: '/admin', search: { tab: 'news' } } as const;
// The picture is a field of the form, so its draft keeps it (issue 22).
const schema = NewsFormSchema.extend({ picture: FormPictureSchema });
type NewsFormValues = z.input<typeof schema>;

/** The news form page: create, or edit by id (spec §2, decision 0099). */
export function NewsFormPage({ id }: { id?: number }) {
  const settings = trpc.siteSettings.get.useQuery();
  const timeZone = settings.data?.timeZone ?? DEFAULT_SITE_SETTINGS.timeZone;
  const item = trpc.news.byId.useQuery({ id: id ?? 0 }, { enabled: id !== undefined });
  return (
    <EditorPage
      id={id}
      back={<BackLink {...BACK} />}
      title={{ create: 'New News Item', edit: 'Edit News Item' }}
      intro={id === undefined ? 'Post news for the home page and the news list.' : undefined}
      item={item}
      notFound="This news item does not exist. It may have been deleted."
      waiting={settings.isPending}
    >
      {(loaded) => <NewsForm item={loaded} timeZone={timeZone} />}
    </EditorPage>
  );
}

function NewsForm({ item, timeZone }: { item?: News; timeZone: string }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.news.create.useMutation();
  const update = trpc.news.update.useMutation();
  const form = useForm<NewsFormValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: item
      ? {
          title: item.title,
          content: item.content,
          publishDate: dateIn(item.publishDate, timeZone),
          featured: item.featured,
          picture: { image: item.image, alt: item.imageAlt ?? '' },
        }
      : { title: '', content: '', publishDate: todayIn(timeZone), featured: false, picture: NO_PICTURE },
  });
  const { blocker, allowLeave } = useUnsavedChanges(form.formState.isDirty);
  const draft = useFormDraft(form, `news:${item?.id ?? 'new'}`);

  const onSubmit = form.handleSubmit(async (v) => {
    const body = {
      title: v.title,
      content: v.content,
      featured: v.featured,
      publishDate: instantForDate(v.publishDate, timeZone, item?.publishDate),
      imageId: v.picture.image?.id ?? null,
      imageAlt: v.picture.image ? v.picture.alt : null,
    };
    try {
      if (item) await update.mutateAsync({ id: item.id, ...body });
      else await create.mutateAsync(body);
    } catch (err) {
      toastSaveError(err, newsMessages.saveFailed);
      return;
    }
    draft.clear();
    toast.success(item ? newsMessages.updated : newsMessages.created);
    await utils.news.invalidate();
    allowLeave();
    await new Promise((r) => setTimeout(r, REDIRECT_DELAY_MS));
    await navigate(BACK);
  });

  return (
    <FormPanel>
      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={item ? 'Edit news item' : 'New news item'}>
        <DraftNotice draft={draft} />
        <RequiredLegend />
        <TextField form={form} name="title" label="Title" required maxLength={255} />
        <NewsContentField control={form.control} name="content" label="Content" />
        <PictureField control={form.control} name="picture" />
        <div className="grid items-start gap-6 sm:grid-cols-2">
          <TextField form={form} name="publishDate" label="Publish Date" type="date" required />
          <div className="sm:pt-9">
            <SwitchField control={form.control} name="featured" label="Featured" />
          </div>
        </div>
        <FormActions saving={form.formState.isSubmitting} saveLabel={item ? 'Update News Item' : 'Create News Item'} cancel={BACK} />
      </form>
      <UnsavedChangesDialog blocker={blocker} onLeave={draft.clear} />
    </FormPanel>
  );
}
