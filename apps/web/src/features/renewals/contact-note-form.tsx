import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { RecordContactInput } from '@post/contracts/renewals';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { Button } from '@post/ui/components/button';
import { TextField } from '../../components/form/text-fields.tsx';
import { trpc } from '../../lib/trpc.ts';
import { usePostFormat } from '../../lib/format.ts';
import { toastSaveError } from '../../components/form/save-errors.ts';

const NoteForm = RecordContactInput.omit({ memberId: true });
type FormIn = z.input<typeof NoteForm>;
type FormOut = z.output<typeof NoteForm>;

/** "Contacted": a note and the day of the call, kept on the member's row (decision 0065). */
export function ContactNoteForm({ memberId, name }: { memberId: number; name: string }) {
  const { timeZone } = usePostFormat();
  const utils = trpc.useUtils();
  const record = trpc.renewals.recordContact.useMutation();
  const today = utcToZoned(new Date(), timeZone).date;
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(NoteForm), defaultValues: { note: '', contactedOn: today } });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await record.mutateAsync({ memberId, ...values });
      toast.success('Contact noted', { description: name });
      form.reset({ note: '', contactedOn: values.contactedOn });
      await utils.renewals.list.invalidate();
    } catch (err) {
      toastSaveError(err, 'The note was not saved');
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Contact note for ${name}`}
      className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end"
      data-no-print
    >
      <TextField form={form} name="note" label="Contacted: note" placeholder="Left a message" maxLength={1000} />
      <TextField form={form} name="contactedOn" label="Date" type="date" />
      <Button type="submit" variant="secondary" disabled={record.isPending}>
        Save note
      </Button>
    </form>
  );
}
