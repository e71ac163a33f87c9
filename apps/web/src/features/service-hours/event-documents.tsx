import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { eventDocumentMessages, type EventDocument } from '@post/contracts/event-documents';
import { NO_PICTURE } from '@post/contracts/images';
import { Button } from '@post/ui/components/button';
import { ImageUploadField, type PictureValue } from '../../components/form/image-upload-field.tsx';
import { DeleteButton } from '../../components/admin-table.tsx';
import { Picture } from '../../components/picture.tsx';
import { usePostFormat } from '../../lib/format.ts';
import { serverMessage, trpc } from '../../lib/trpc.ts';

/**
 * An event's documentation for the report forms: photos of the work or of receipts, each with what
 * it shows (the VFW asks documentation per project; issue 60, decision 0094).
 */
export function EventDocuments({ eventId }: { eventId: number }) {
  const f = usePostFormat();
  const docs = trpc.reports.eventDocuments.useQuery({ id: eventId });
  const remove = trpc.reports.removeEventDocument.useMutation();
  const utils = trpc.useUtils();
  return (
    <div className="mt-3 space-y-4">
      <p className="text-base text-muted-foreground">Photos of the work or of receipts, each with what it shows, for the auditor and the VFW&apos;s report.</p>
      {docs.isError ? (
        <p role="alert">Could not load the documentation.</p>
      ) : !docs.data ? (
        <p>Loading…</p>
      ) : docs.data.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-base text-muted-foreground">No documentation yet.</p>
      ) : (
        <ul aria-label="Documentation of this event" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {docs.data.map((d: EventDocument) => (
            <li key={d.id} className="space-y-2 rounded-lg border p-3">
              <Picture image={d.image} alt={d.description} sizes="(min-width: 640px) 320px, 100vw" className="h-auto w-full rounded" />
              <p className="text-base break-words">{d.description}</p>
              <p className="text-sm text-muted-foreground">Added {f.date(d.createdAt)}</p>
              <DeleteButton
                name={d.description}
                question="Remove this document?"
                description={`“${d.description}” will no longer document this event. The photo stays in the library.`}
                busy={remove.isPending}
                onConfirm={async () => {
                  try {
                    await remove.mutateAsync({ id: d.id });
                    toast.success('Document removed');
                    await utils.reports.eventDocuments.invalidate({ id: eventId });
                  } catch (err) {
                    toast.error(serverMessage(err) ?? 'Could not remove the document. Please try again.');
                  }
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <AddDocument eventId={eventId} />
    </div>
  );
}

function AddDocument({ eventId }: { eventId: number }) {
  const [value, setValue] = useState<PictureValue>(NO_PICTURE);
  const [error, setError] = useState<{ image?: string; alt?: string }>({});
  const altRef = useRef<HTMLInputElement>(null);
  const add = trpc.reports.addEventDocument.useMutation();
  const utils = trpc.useUtils();
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (add.isPending) return;
    if (!value.image) return setError({ image: eventDocumentMessages.imageRequired });
    if (!value.alt.trim()) {
      setError({ alt: eventDocumentMessages.descriptionRequired });
      altRef.current?.focus();
      return;
    }
    setError({});
    try {
      await add.mutateAsync({ id: eventId, imageId: value.image.id, description: value.alt });
      setValue(NO_PICTURE);
      toast.success('Documentation added');
      await utils.reports.eventDocuments.invalidate({ id: eventId });
    } catch (err) {
      toast.error(serverMessage(err) ?? 'Could not add the documentation. Please try again.');
    }
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Add documentation" className="space-y-3 rounded-lg border p-3">
      <ImageUploadField
        label="Add a photo or a receipt"
        value={value}
        onChange={(v) => {
          setValue(v);
          setError({});
        }}
        altError={error.alt}
        altRef={altRef}
      />
      {error.image ? (
        <p role="alert" className="font-semibold text-destructive">
          {error.image}
        </p>
      ) : null}
      <Button type="submit" className="min-h-11" disabled={add.isPending}>
        {add.isPending ? 'Adding...' : 'Add documentation'}
      </Button>
    </form>
  );
}
