import { useId, useRef, useState, type Ref } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { imageMessages } from '@post/contracts/messages/images';
import { IMAGE_ACCEPT, IMAGE_ALT_HINT, MAX_IMAGE_BYTES, type FormPicture, type Image } from '@post/contracts/images';
import { Button } from '@post/ui/components/button';
import { Input } from '@post/ui/components/input';
import { Label } from '@post/ui/components/label';
import { Picture } from '../picture.tsx';

/** A form's picture: the uploaded image (or none) and its text alternative. */
export type PictureValue = FormPicture;

/** Sends a photo as the raw body; XMLHttpRequest because fetch reports no upload progress. */
function uploadPhoto(file: File, onProgress: (fraction: number) => void): Promise<Image> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/images');
    xhr.withCredentials = true;
    // Phones often give HEIC no type: the server reads the bytes anyway.
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: { message?: string } | undefined;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 200) resolve(body as Image);
      else reject(new Error(body?.message ?? `The photo could not be uploaded (${xhr.status}). Try again.`));
    };
    xhr.onerror = () => reject(new Error('The photo could not be uploaded: check the connection and try again.'));
    xhr.send(file);
  });
}

/**
 * Pick or drop a photo; a preview, the required alt text with a hint, replace and remove.
 * While it uploads, a progress bar; then "Processing the photo" until the server answers.
 */
export function ImageUploadField({
  label = 'Photo',
  value,
  onChange,
  altError,
  altRef,
}: {
  label?: string;
  value: PictureValue;
  onChange: (value: PictureValue) => void;
  altError?: string;
  /** Given the alt text input, so a form can move the focus to it when it is missing. */
  altRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  async function take(file: File | undefined) {
    if (!file) return;
    setError(null);
    if (file.size === 0) return setError(imageMessages.empty);
    if (file.size > MAX_IMAGE_BYTES) return setError(imageMessages.tooLarge);
    setProgress(0);
    try {
      const image = await uploadPhoto(file, setProgress);
      onChange({ image, alt: value.alt });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  }

  const busy = progress !== null;
  return (
    <div data-slot="image-upload-field" className="space-y-3">
      <Label htmlFor={`${id}-file`}>{label}</Label>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          void take(e.dataTransfer.files[0]);
        }}
        className={`rounded-md border-2 border-dashed p-4 ${dragging ? 'border-navy-800 bg-muted' : 'border-border'}`}
      >
        {value.image ? (
          <div className="mb-3 w-full max-w-sm">
            <Picture image={value.image} alt={value.alt || 'Preview of the chosen photo'} sizes="384px" className="h-auto w-full rounded" />
          </div>
        ) : null}
        <p className="mb-3 text-base text-muted-foreground">Choose a JPEG, PNG, WebP or HEIC photo (up to 15 MB), or drop it here.</p>
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={IMAGE_ACCEPT}
          className="sr-only"
          disabled={busy}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => void take(e.currentTarget.files?.[0])}
        />
        {/* On a phone the buttons take the whole width, one under the other, like the form's own buttons. */}
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button type="button" variant="outline" className="w-full sm:w-auto" disabled={busy} onClick={() => input.current?.click()}>
            {value.image ? 'Replace photo' : 'Choose photo'}
          </Button>
          {value.image ? (
            <Button type="button" variant="outline" className="w-full sm:w-auto" disabled={busy} onClick={() => onChange({ image: null, alt: '' })}>
              Remove photo
            </Button>
          ) : null}
        </div>
        {busy ? (
          <div role="status" className="mt-3">
            {progress! < 1 ? (
              <>
                <progress max={1} value={progress!} className="w-full" aria-label="Uploading the photo" />
                <span className="text-base">Uploading the photo... {Math.round(progress! * 100)}%</span>
              </>
            ) : (
              <span className="text-base">Processing the photo...</span>
            )}
          </div>
        ) : null}
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-3 font-semibold text-destructive">
            {error}
          </p>
        ) : null}
      </div>
      {value.image ? (
        <div className="space-y-2">
          <Label htmlFor={`${id}-alt`}>
            Description of the photo <span aria-hidden="true">*</span>
          </Label>
          <p id={`${id}-hint`} className="text-base text-muted-foreground">
            {IMAGE_ALT_HINT}
          </p>
          <Input
            ref={altRef}
            id={`${id}-alt`}
            value={value.alt}
            maxLength={500}
            required
            aria-invalid={altError ? true : undefined}
            aria-describedby={`${id}-hint${altError ? ` ${id}-alt-error` : ''}`}
            onChange={(e) => onChange({ image: value.image, alt: e.currentTarget.value })}
          />
          {altError ? (
            <p id={`${id}-alt-error`} role="alert" className="font-semibold text-destructive">
              {altError}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The upload field bound to a react-hook-form field holding a `FormPicture` (contracts'
 * `FormPictureSchema`): choosing, replacing or removing a photo is a change of the form, kept in
 * its draft; a missing alt text is the schema's error, shown and focused like any other.
 */
export function PictureField<T extends FieldValues>({ control, name, label }: { control: Control<T>; name: FieldPath<T>; label?: string }) {
  const { field, fieldState } = useController({ control, name });
  const error = fieldState.error as { message?: string; alt?: { message?: string } } | undefined;
  return (
    <ImageUploadField
      label={label}
      value={field.value as PictureValue}
      onChange={field.onChange}
      altError={error?.alt?.message ?? error?.message}
      altRef={field.ref}
    />
  );
}
