import { BackLink } from '../../components/back-link.tsx';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { EditorPage } from '../../components/editor-page.tsx';
import type { z } from 'zod';
import { RESOURCE_CATEGORIES } from '@post/contracts/enums/resource-category';
import { resourceMessages } from '@post/contracts/messages/resources';
import { CreateResourceInput, type Resource } from '@post/contracts/resources';
import { TextAreaField, TextField } from '../../components/form/text-fields.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes.ts';
import { useFormDraft } from '../../lib/use-form-draft.ts';
import { RESOURCE_CATEGORY_LABELS } from '../../lib/resource-labels.ts';
import { DraftNotice } from '../../components/form/draft-notice.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { FormPanel } from '../../components/form/form-panel.tsx';
import { RequiredLegend } from '../../components/form/required-legend.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { UnsavedChangesDialog } from '../../components/form/unsaved-changes-dialog.tsx';
import { toastSaveError } from '../../components/form/save-errors.ts';

type FormIn = z.input<typeof CreateResourceInput>;
type FormOut = z.output<typeof CreateResourceInput>;

const CATEGORY_OPTIONS = RESOURCE_CATEGORIES.map((c) => ({ value: c, label: RESOURCE_CATEGORY_LABELS[c] ?? c }));
const BACK = { to: '/admin', search: { tab: 'resources' } } as const;

/** The resource form page: create, or edit by id (spec §2). */
export function ResourceFormPage({ id }: { id?: number }) {
  const resource = trpc.resources.byId.useQuery({ id: id ?? 0 }, { enabled: id !== undefined });
  return (
    <EditorPage
      id={id}
      back={<BackLink {...BACK} />}
      title={{ create: 'New Resource', edit: 'Edit Resource' }}
      intro={id === undefined ? 'Add a link to the Veteran Resources page.' : undefined}
      item={resource}
      notFound="This resource does not exist. It may have been deleted."
    >
      {(item) => <ResourceForm resource={item} />}
    </EditorPage>
  );
}

function ResourceForm({ resource }: { resource?: Resource }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.resources.create.useMutation();
  const update = trpc.resources.update.useMutation();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(CreateResourceInput),
    defaultValues: resource
      ? { title: resource.title, description: resource.description, url: resource.url, category: resource.category, order: resource.order }
      : { title: '', description: '', url: '', category: 'healthcare', order: 0 },
  });
  const { blocker, allowLeave } = useUnsavedChanges(form.formState.isDirty);
  const draft = useFormDraft(form, `resource:${resource?.id ?? 'new'}`);

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      if (resource) await update.mutateAsync({ id: resource.id, ...v });
      else await create.mutateAsync(v);
    } catch (err) {
      toastSaveError(err, resourceMessages.saveFailed);
      return;
    }
    draft.clear();
    toast.success(resource ? resourceMessages.updated : resourceMessages.created);
    await utils.resources.invalidate();
    allowLeave();
    await navigate(BACK);
  });

  return (
    <FormPanel>
      <form onSubmit={onSubmit} noValidate className="space-y-6" aria-label={resource ? 'Edit resource' : 'New resource'}>
        <DraftNotice draft={draft} />
        <RequiredLegend />
        <TextField form={form} name="title" label="Title" required maxLength={255} />
        <TextAreaField form={form} name="description" label="Description" required rows={4} maxLength={5000} />
        <TextField
          form={form}
          name="url"
          label="URL"
          type="url"
          inputMode="url"
          required
          placeholder="https://"
          maxLength={500}
          description="The full address, starting with https:// or http://."
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            form={form}
            name="category"
            label="Category"
            options={CATEGORY_OPTIONS}
            required
            description="Healthcare, Benefits & Claims and Crisis Support each have a card on the resources page."
          />
          <TextField
            form={form}
            name="order"
            label="Display Order"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            description="Lower numbers are listed first."
          />
        </div>
        <FormActions saving={form.formState.isSubmitting} saveLabel={resource ? 'Update Resource' : 'Create Resource'} cancel={BACK} />
      </form>
      <UnsavedChangesDialog blocker={blocker} onLeave={draft.clear} />
    </FormPanel>
  );
}
