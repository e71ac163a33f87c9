import { useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { CreateMemberResourceInput, MAX_UPLOAD_BYTES, formatFileSize, type MemberResource } from '@post/contracts/member-resources';
import { memberResourceMessages } from '@post/contracts/messages/member-resources';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@post/ui/components/field';
import { Input } from '@post/ui/components/input';
import { BackLink } from '../../components/back-link.tsx';
import { EditorPage } from '../../components/editor-page.tsx';
import { TextAreaField, TextField } from '../../components/form/text-fields.tsx';
import { failureMessage, trpc } from '../../lib/trpc.ts';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { DraftNotice } from '../../components/form/draft-notice.tsx';
import { FormActions } from '../../components/form/form-actions.tsx';
import { FormPanel } from '../../components/form/form-panel.tsx';
import { RequiredLegend } from '../../components/form/required-legend.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { SwitchField } from '../../components/form/boolean-fields.tsx';
import { UnsavedChangesDialog } from '../../components/form/unsaved-changes-dialog.tsx';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes.ts';
import { useFormDraft } from '../../lib/use-form-draft.ts';
import { ACCESS_OPTIONS, CATEGORY_OPTIONS, draftKey, RESOURCE_TYPE_OPTIONS } from './labels.tsx';
import { ACCEPT, createWithFile, fileProblem, UploadError, uploadFile } from './member-resource-upload.ts';

type FormIn = z.input<typeof CreateMemberResourceInput>;
type FormOut = z.output<typeof CreateMemberResourceInput>;
type Source = 'link' | 'file';

const LIST = { to: '/admin/member-resources' } as const;
const NOT_SENT = 'The file could not be sent. Check the connection and try again.';

/** The member resource form page: create, or edit by id (spec §2, decision 0099). */
export function MemberResourceFormPage({ id }: { id?: number }) {
  const item = trpc.memberResources.byId.useQuery({ id: id ?? 0 }, { enabled: id !== undefined });
  return (
    <EditorPage
      id={id}
      back={<BackLink {...LIST}>Back to Member Resources</BackLink>}
      title={{ create: 'New Resource', edit: 'Edit Resource' }}
      intro={id === undefined ? 'A document for the member portal: a link, or a file you upload.' : undefined}
      item={item}
      notFound="This resource does not exist. It may have been deleted."
    >
      {(loaded) => <MemberResourceForm resource={loaded} />}
    </EditorPage>
  );
}

/** The create or edit form of a member resource: a link, or a file uploaded with it. */
function MemberResourceForm({ resource }: { resource?: MemberResource }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.memberResources.create.useMutation();
  const update = trpc.memberResources.update.useMutation();
  const [source, setSource] = useState<Source>(resource?.fileName ? 'file' : 'link');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(CreateMemberResourceInput),
    defaultValues: {
      title: resource?.title ?? '',
      description: resource?.description ?? '',
      category: resource?.category ?? 'documents',
      resourceType: resource?.resourceType ?? 'document',
      resourceUrl: resource?.resourceUrl ?? '',
      fileSize: resource?.fileName ? '' : (resource?.fileSize ?? ''),
      accessLevel: resource?.accessLevel ?? 'member',
      isActive: resource?.isActive ?? true,
    },
  });
  const { blocker, allowLeave } = useUnsavedChanges(form.formState.isDirty || file !== null);
  const draft = useFormDraft(form, draftKey(resource?.id));
  const leave = async () => {
    draft.clear();
    await utils.memberResources.invalidate();
    allowLeave();
    await navigate(LIST);
  };
  const saving = form.formState.isSubmitting || uploading;

  const onChooseFile = (chosen: File | undefined) => {
    setFile(chosen ?? null);
    setFileError(chosen ? fileProblem(chosen) : undefined);
  };

  // handleSubmit is called when the form is sent, not while rendering: the handler reads a ref (decision 0067).
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) =>
    form.handleSubmit(async (v) => {
      if (source === 'link' && !v.resourceUrl) {
        form.setError('resourceUrl', { message: 'Enter the address of the resource, or choose Upload a file.' }, { shouldFocus: true });
        return;
      }
      if (source === 'file') {
        const problem = file ? fileProblem(file) : resource?.fileName ? undefined : 'Choose a file to upload.';
        if (problem) {
          setFileError(problem);
          fileInput.current?.focus();
          return;
        }
      }
      const body = source === 'file' ? { ...v, resourceUrl: null, fileSize: null } : v;
      if (!resource && source === 'file' && file) {
        // One step: on any failure nothing was created and the form keeps what was typed.
        setUploading(true);
        try {
          await createWithFile(body, file);
        } catch (err) {
          const message = err instanceof UploadError ? failureMessage(err, err.message) : NOT_SENT;
          setFileError(message);
          toast.error(memberResourceMessages.createFailed, { description: `Nothing was saved. ${message}` });
          return;
        } finally {
          setUploading(false);
        }
        toast.success(memberResourceMessages.created, { description: v.title });
        await leave();
        return;
      }
      let saved: MemberResource;
      try {
        saved = resource ? await update.mutateAsync({ id: resource.id, ...body }) : await create.mutateAsync(body);
      } catch (err) {
        const title = resource ? memberResourceMessages.updateFailed : memberResourceMessages.createFailed;
        toastSaveError(err, title);
        return;
      }
      if (source === 'file' && file) {
        setUploading(true);
        try {
          await uploadFile(saved.id, file);
        } catch (err) {
          const message = err instanceof UploadError ? failureMessage(err, err.message) : NOT_SENT;
          setFileError(message);
          toast.error(resource ? memberResourceMessages.updateFailed : memberResourceMessages.createFailed, {
            description: resource ? message : `The resource was saved without its file. ${message}`,
          });
          await utils.memberResources.invalidate();
          // A new resource now exists: keep editing it, so the upload can be tried again.
          if (!resource) {
            draft.clear();
            allowLeave();
            await navigate({ to: '/admin/member-resources/$id', params: { id: String(saved.id) }, replace: true });
          }
          return;
        } finally {
          setUploading(false);
        }
      }
      toast.success(resource ? memberResourceMessages.updated : memberResourceMessages.created, { description: v.title });
      await leave();
    })(e);

  return (
    <FormPanel>
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label={resource ? 'Edit resource' : 'New resource'}>
        <DraftNotice draft={draft} />
        <RequiredLegend />
        <TextField form={form} name="title" label="Title" required />
        <TextAreaField form={form} name="description" label="Description" rows={3} required />
        <div className="grid gap-4 md:grid-cols-3">
          <SelectField form={form} name="category" label="Category" options={CATEGORY_OPTIONS} />
          <SelectField form={form} name="resourceType" label="Resource Type" options={RESOURCE_TYPE_OPTIONS} />
          <SelectField form={form} name="accessLevel" label="Access Level" options={ACCESS_OPTIONS} description="Which members see it." />
        </div>
        <fieldset className="space-y-4 rounded-lg border p-4">
          <legend className="px-1 text-lg font-semibold text-navy-800">Where members get it</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2" role="radiogroup" aria-label="Source">
            {(
              [
                ['link', 'A link (URL)'],
                ['file', 'Upload a file'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 cursor-pointer items-center gap-2 text-base">
                <input
                  type="radio"
                  name="source"
                  value={value}
                  checked={source === value}
                  onChange={() => setSource(value)}
                  className="size-5 accent-navy-700"
                />
                {label}
              </label>
            ))}
          </div>
          {source === 'link' ? (
            <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
              <TextField form={form} name="resourceUrl" label="Resource URL" type="url" inputMode="url" placeholder="https://" required />
              <TextField form={form} name="fileSize" label="File Size" placeholder="e.g. 245 KB" description="Optional, shown to members." />
            </div>
          ) : (
            <Field>
              <FieldLabel>File{resource?.fileName ? ' (choose one only to replace the current file)' : ''}</FieldLabel>
              <FieldControl>
                <Input ref={fileInput} type="file" accept={ACCEPT} onChange={(e) => onChooseFile(e.target.files?.[0])} className="h-auto!" />
              </FieldControl>
              <FieldDescription>
                {resource?.fileName ? `Current file: ${resource.fileName} (${resource.fileSize ?? ''}). ` : ''}
                PDF, Word, Excel, text, CSV, PNG or JPEG, at most {formatFileSize(MAX_UPLOAD_BYTES)}.
                {file && !fileError ? ` Chosen: ${file.name} (${formatFileSize(file.size)}).` : ''}
              </FieldDescription>
              <FieldError>{fileError}</FieldError>
            </Field>
          )}
        </fieldset>
        <SwitchField control={form.control} name="isActive" label="Active" description="Inactive resources are hidden from members." />
        <FormActions
          saving={saving}
          savingLabel={uploading ? 'Uploading...' : 'Saving...'}
          saveLabel={resource ? 'Update Resource' : 'Create Resource'}
          cancel={LIST}
        />
      </form>
      <UnsavedChangesDialog blocker={blocker} onLeave={draft.clear} />
    </FormPanel>
  );
}
