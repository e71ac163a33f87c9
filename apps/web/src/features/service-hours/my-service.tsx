import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { PlusIcon } from 'lucide-react';
import { toast } from 'sonner';
import { serviceHoursMessages } from '@post/contracts/messages/service-hours';
import { OwnServiceFormSchema, type OwnServiceFormIn, type OwnServiceFormOut } from '@post/contracts/service-hours';
import { Badge } from '@post/ui/components/badge';
import { Button } from '@post/ui/components/button';
import { DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@post/ui/components/dialog';
import { TextAreaField, TextField } from '../../components/form/text-fields.tsx';
import { FormDialog, FormDialogActions } from '../../components/form/form-dialog.tsx';
import { usePostFormat } from '../../lib/format.ts';
import { failureMessage, trpc } from '../../lib/trpc.ts';
import { useFormDraft } from '../../lib/use-form-draft.ts';
import { SelectField } from '../../components/form/select-field.tsx';
import { dayText, hoursText, todayIn } from './format.ts';

// What a member sees changes with who is signed in: never keep it for the next person.
const PRIVATE = { staleTime: 0, gcTime: 0, refetchOnMount: 'always' } as const;

const waitingHours = (items: { hours: number; approved: boolean }[]) => items.reduce((sum, i) => (i.approved ? sum : sum + i.hours), 0);

/** "My service" in the member portal (issue 44): hours this program year, the records, and logging one's own. */
export function MyService() {
  const mine = trpc.serviceHours.mine.useQuery(undefined, PRIVATE);
  return (
    <section aria-labelledby="my-service-heading" className="mt-10 rounded-lg border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="my-service-heading" className="text-xl font-semibold text-navy-800">
            My service
          </h2>
          {mine.data ? (
            <p className="mt-1 text-lg">
              <strong className="text-2xl tabular-nums">{hoursText(mine.data.hours)}</strong> approved hours
              {/* What is still waiting is counted apart, so the total is not read as missing hours (decision 0087). */}
              {waitingHours(mine.data.items) > 0 ? ` (${hoursText(waitingHours(mine.data.items))} waiting)` : ''} in the program year {mine.data.label}
            </p>
          ) : null}
        </div>
        <LogServiceDialog />
      </div>
      {mine.isError ? (
        <p className="mt-3 text-base">Your service could not be loaded. Please try again later.</p>
      ) : mine.data && mine.data.items.length === 0 ? (
        <p className="mt-3 text-base text-muted-foreground">No service recorded this year yet. Log what you did with the button.</p>
      ) : (
        <ul className="mt-4 divide-y" aria-label="My service this year">
          {(mine.data?.items ?? []).map((i) => (
            <li key={`${i.kind}-${i.id}`} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <span>
                <span className="block font-semibold">{i.title}</span>
                <span className="block text-sm text-muted-foreground">
                  {dayText(i.date)}
                  {i.category ? `, ${i.category}` : ''}
                </span>
              </span>
              <span className="flex items-center gap-2 tabular-nums">
                {hoursText(i.hours)} h{i.approved ? null : <Badge variant="outline">Waiting for approval</Badge>}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LogServiceDialog() {
  const [open, setOpen] = useState(false);
  const { timeZone } = usePostFormat();
  const utils = trpc.useUtils();
  const categories = trpc.serviceHours.memberCategories.useQuery(undefined, { enabled: open });
  const log = trpc.serviceHours.logOwn.useMutation();
  const form = useForm<OwnServiceFormIn, unknown, OwnServiceFormOut>({
    resolver: zodResolver(OwnServiceFormSchema),
    defaultValues: { serviceDate: todayIn(timeZone), hours: '', miles: '0', categoryId: '', note: '' },
  });
  const draft = useFormDraft(form, 'own-service');
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await log.mutateAsync({ ...v, categoryId: Number(v.categoryId) });
    } catch (err) {
      toast.error(failureMessage(err, 'Your service could not be saved. Please try again.'));
      return;
    }
    draft.clear();
    toast.success(serviceHoursMessages.logged);
    form.reset();
    setOpen(false);
    await utils.serviceHours.mine.invalidate();
  });
  return (
    <FormDialog open={open} form={form} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <PlusIcon aria-hidden="true" />
          Log service
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Log service</DialogTitle>
          <DialogDescription>Service you gave without a post event, for example a ride to the VA. It counts once an officer approves it.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Log your service">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField form={form} name="serviceDate" label="Date" type="date" required />
            <TextField form={form} name="hours" label="Hours" type="number" inputMode="decimal" min={0.25} max={24} step={0.25} required />
          </div>
          <TextField form={form} name="miles" label="Round-trip miles" type="number" inputMode="decimal" min={0} max={5000} step={0.1} />
          <SelectField
            form={form}
            name="categoryId"
            label="Category"
            required
            options={[{ value: '', label: 'Choose a category' }, ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))]}
          />
          <TextAreaField form={form} name="note" label="What you did" rows={3} />
          <FormDialogActions saving={form.formState.isSubmitting} saveLabel="Log service" />
        </form>
      </DialogContent>
    </FormDialog>
  );
}
