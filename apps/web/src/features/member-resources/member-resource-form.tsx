import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  ALLOWED_UPLOAD_TYPES,
  CreateMemberResourceInput,
  MAX_UPLOAD_BYTES,
  formatFileSize,
  uploadTypeOf,
  type MemberResource,
} from '@post/contracts/member-resources';
import { memberResourceMessages } from '@post/contracts/messages/member-resources';
import { Button } from '@post/ui/components/button';
import { Field, FieldControl, FieldDescription, FieldError, FieldLabel } from '@post/ui/components/field';
import { Input } from '@post/ui/components/input';
import { TextAreaField, TextField } from '../../components/form/text-fields.tsx';
import { failureMessage, trpc } from '../../lib/trpc.ts';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { DraftNotice } from '../../components/form/draft-notice.tsx';
import { RequiredLegend } from '../../components/form/required-legend.tsx';
import { SelectField } from '../../components/form/select-field.tsx';
import { SwitchField } from '../../components/form/switch-field.tsx';
import { UnsavedChangesDialog } from '../../components/form/unsaved-changes-dialog.tsx';
import { useUnsavedChanges } from '../../lib/use-unsaved-changes.ts';
import { useFormDraft } from '../../lib/use-form-draft.ts';
import { ACCESS_OPTIONS, CATEGORY_OPTIONS, RESOURCE_TYPE_OPTIONS } from './labels.tsx';

type FormIn = z.input<typeof CreateMemberResourceInput>;
type FormOut = z.output<typeof CreateMemberResourceInput>;
type Source = 'link' | 'file';

/** The new resource's draft key, shared with the page's frame. */
export const DRAFT_NEW = 'member-resource:new';
const ACCEPT = [...Object.keys(ALLOWED_UPLOAD_TYPES), ...Object.values(ALLOWED_UPLOAD_TYPES), '.jpeg'].join(',');

/** A failed upload, with the server's message. */
class UploadError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/** The type to send for a chosen file: by its extension first (browsers disagree on CSV), else the browser's. */
function typeOfFile(file: File): string | undefined {
  return uploadTypeOf(file.name) ?? (file.type in ALLOWED_UPLOAD_TYPES ? file.type : undefined);
}

/** Checks a chosen file before sending it; the server checks again (size, type and content). */
function fileProblem(file: File): string | undefined {
  if (file.size === 0) return memberResourceMessages.uploadEmpty;
  if (file.size > MAX_UPLOAD_BYTES) return memberResourceMessages.uploadTooLarge;
  if (!typeOfFile(file)) return memberResourceMessages.uploadTypeNotAllowed;
  return undefined;
}

async function uploadFile(id: number, file: File): Promise<MemberResource> {
  const res = await fetch(`/api/admin/member-resources/${id}/file?name=${encodeURIComponent(file.name)}`, {
    method: 'PUT',
    headers: { 'content-type': typeOfFile(file)! },
    body: file,
    credentials: 'include',
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new UploadError(res.status, body?.message ?? `${res.status}: upload failed`);
  }
  return (await res.json()) as MemberResource;
}

/** A new resource and its file in one request: both are stored or neither (issue 23 #6). */
async function createWithFile(fields: object, file: File): Promise<MemberResource> {
  const form = new FormData();
  form.set('resource', JSON.stringify(fields));
  form.set('file', new File([file], file.name, { type: typeOfFile(file) }));
  const res = await fetch('/api/admin/member-resources/with-file', { method: 'POST', body: form, credentials: 'include' });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new UploadError(res.status, body?.message ?? `${res.status}: upload failed`);
  }
  return (await res.json()) as MemberResource;
}

/**
 * Member resources admin (spec §2): a toggled create/edit form above a card grid. `editId`
 * (the /{id} route) opens the form in edit mode for that resource.
 */
/** The create or edit form of a member resource: a link, or a file uploaded with it. */
export function ResourceForm({ resource, onDone }: { resource?: MemberResource; onDone: () => void }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.memberResources.create.useMutation();
  const update = trpc.memberResources.update.useMutation();
  const [source, setSource] = useState<Source>(resource?.fileName ? 'file' : 'link');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
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
  const draft = useFormDraft(form, resource ? `member-resource:${resource.id}` : DRAFT_NEW);
  const leave = () => {
    draft.clear();
    allowLeave();
    onDone();
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
          const message = err instanceof UploadError ? failureMessage(err, err.message) : 'The file could not be sent. Check the connection and try again.';
          setFileError(message);
          toast.error(memberResourceMessages.createFailed, { description: `Nothing was saved. ${message}` });
          return;
        } finally {
          setUploading(false);
        }
        toast.success(memberResourceMessages.created, { description: v.title });
        await utils.memberResources.invalidate();
        leave();
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
          const message = err instanceof UploadError ? failureMessage(err, err.message) : 'The file could not be sent. Check the connection and try again.';
          setFileError(message);
          toast.error(resource ? memberResourceMessages.updateFailed : memberResourceMessages.createFailed, {
            description: resource ? message : `The resource was saved without its file. ${message}`,
          });
          await utils.memberResources.invalidate();
          // A new resource now exists: keep editing it, so the upload can be tried again.
          if (!resource) {
            draft.clear();
            allowLeave();
            await navigate({ to: '/admin/member-resources/$id', params: { id: String(saved.id) } });
          }
          return;
        } finally {
          setUploading(false);
        }
      }
      toast.success(resource ? memberResourceMessages.updated : memberResourceMessages.created, { description: v.title });
      await utils.memberResources.invalidate();
      leave();
    })(e);

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-labelledby="resource-form-heading">
      <h2 id="resource-form-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold text-navy-800 outline-none">
        {resource ? 'Edit Resource' : 'New Resource'}
      </h2>
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
              <input type="radio" name="source" value={value} checked={source === value} onChange={() => setSource(value)} className="size-5 accent-navy-700" />
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
              <Input ref={fileInput} type="file" accept={ACCEPT} onChange={(e) => onChooseFile(e.target.files?.[0])} className="h-auto py-2" />
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
      <UnsavedChangesDialog blocker={blocker} onLeave={draft.clear} />
      <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={leave}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving} aria-disabled={saving || undefined}>
          {uploading ? 'Uploading...' : saving ? 'Saving...' : resource ? 'Update Resource' : 'Create Resource'}
        </Button>
      </div>
    </form>
  );
}
