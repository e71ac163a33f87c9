import { Link } from '@tanstack/react-router';
import { toast } from 'sonner';
import { ClipboardPenLineIcon, Trash2Icon } from 'lucide-react';
import type { EventDetail } from '@post/contracts/events';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { Button, buttonVariants } from '@post/ui/components/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@post/ui/components/table';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { errorStatus, trpc } from '../../lib/trpc.ts';
import { toastSaveError } from '../../components/form/save-errors.ts';
import { PromoteVolunteer } from './promote-button.tsx';

// The edit event page's volunteers (spec §2, issue 43), apart from the form they sit under.

/** Registered volunteers (spec §2); an administrator can remove a sign-up, after confirming. */
export function VolunteerList({
  eventId,
  volunteers: signUps,
  shifts,
}: {
  eventId: number;
  volunteers: EventDetail['volunteers'];
  shifts: EventDetail['shifts'];
}) {
  // With shifts, the role is the shift's; people waiting show their place and can be given one (issue 43).
  const shiftRole = new Map(shifts.map((s) => [s.id, s.role]));
  // Grouped by shift in the shifts' order, each shift's waitlist in order after its sign-ups, as the roster and the sheet.
  const order = new Map(shifts.map((s, i) => [s.id, i]));
  const shiftOf = (v: EventDetail['volunteers'][number]) => (v.shiftId !== undefined ? (order.get(v.shiftId) ?? 0) : 0);
  const waits = (v: EventDetail['volunteers'][number]) => (v.status === 'waitlisted' ? 1 : 0);
  const volunteers = [...signUps].sort((a, b) => shiftOf(a) - shiftOf(b) || waits(a) - waits(b) || (a.position ?? 0) - (b.position ?? 0));
  const roleOf = (v: EventDetail['volunteers'][number]) =>
    [v.shiftId !== undefined ? shiftRole.get(v.shiftId) : v.role, v.status === 'waitlisted' ? `waitlist #${v.position}` : null].filter(Boolean).join(', ');
  return (
    <section aria-labelledby="volunteers-heading" className="mt-8">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="volunteers-heading" className="text-2xl font-bold text-navy-800">
          Registered Volunteers ({volunteers.length})
        </h2>
        <Link to="/admin/events/$id/sign-in-sheet" params={{ id: String(eventId) }} className={buttonVariants({ variant: 'outline' })}>
          <ClipboardPenLineIcon aria-hidden="true" />
          Print sign-in sheet
        </Link>
      </div>
      {volunteers.length === 0 ? (
        <p className="rounded-lg border border-dashed bg-card p-6 text-lg text-muted-foreground">No volunteers have signed up for this event yet.</p>
      ) : (
        <>
          {/* Phones: one card per volunteer, so nothing scrolls sideways (issue 23 #18). */}
          <ul className="space-y-3 md:hidden" aria-label="Registered volunteers">
            {volunteers.map((v) => (
              <li key={v.id} className="rounded-lg border bg-card p-4">
                <p className="text-lg font-semibold">{v.name}</p>
                {roleOf(v) ? <p className="text-muted-foreground">{roleOf(v)}</p> : null}
                {v.email ? (
                  <a
                    href={`mailto:${v.email}`}
                    className="flex min-h-11 items-center text-primary underline underline-offset-4 md:min-h-6 [overflow-wrap:anywhere]"
                  >
                    {v.email}
                  </a>
                ) : null}
                {v.phone ? (
                  <a href={`tel:${v.phone}`} className="flex min-h-11 items-center text-primary underline underline-offset-4 md:min-h-6">
                    {v.phone}
                  </a>
                ) : null}
                {/* A phone can remove a sign-up too, as the table's row can. */}
                <div className="mt-3 flex flex-wrap gap-2">
                  {v.status === 'waitlisted' ? <PromoteVolunteer id={v.id} name={v.name} /> : null}
                  <RemoveVolunteer id={v.id} name={v.name} />
                </div>
              </li>
            ))}
          </ul>
          <div className="hidden rounded-lg border bg-card md:block">
            <Table aria-label="Registered volunteers">
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Name</TableHead>
                  <TableHead scope="col">Email</TableHead>
                  <TableHead scope="col">Phone</TableHead>
                  <TableHead scope="col">Role</TableHead>
                  <TableHead scope="col">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {volunteers.map((v) => (
                  <TableRow key={v.id}>
                    <TableCell className="font-semibold">{v.name}</TableCell>
                    <TableCell>
                      {v.email ? (
                        <a href={`mailto:${v.email}`} className="inline-flex min-h-11 items-center text-primary underline underline-offset-4 md:min-h-6">
                          {v.email}
                        </a>
                      ) : (
                        '-'
                      )}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {v.phone ? (
                        <a href={`tel:${v.phone}`} className="inline-flex min-h-11 items-center text-primary underline underline-offset-4 md:min-h-6">
                          {v.phone}
                        </a>
                      ) : (
                        '-'
                      )}
                    </TableCell>
                    <TableCell>{roleOf(v) || '-'}</TableCell>
                    <TableCell className="space-x-2 text-right whitespace-nowrap">
                      {v.status === 'waitlisted' ? <PromoteVolunteer id={v.id} name={v.name} /> : null}
                      <RemoveVolunteer id={v.id} name={v.name} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </>
      )}
    </section>
  );
}

/** The Remove button of one sign-up: asks first, then DELETE /api/volunteers/{id} and a fresh list. */
export function RemoveVolunteer({ id, name }: { id: number; name: string }) {
  const utils = trpc.useUtils();
  const remove = trpc.volunteers.remove.useMutation();
  const onConfirm = async () => {
    let promoted: { name: string }[] = [];
    try {
      promoted = (await remove.mutateAsync({ id })).promoted;
    } catch (err) {
      // Removed meanwhile (another tab, another administrator): the list just catches up.
      if (errorStatus(err) !== 404) {
        toastSaveError(err, volunteerMessages.removeFailed);
        return;
      }
    }
    // Who got the place from the waitlist, so nobody has to work it out from the list (decision 0096).
    toast.success(volunteerMessages.removed, promoted.length ? { description: volunteerMessages.placeGivenTo(promoted.map((p) => p.name)) } : undefined);
    await Promise.all([utils.events.invalidate(), utils.volunteers.invalidate()]);
  };
  return (
    <ConfirmDialog
      trigger={
        <Button variant="danger" size="sm" aria-label={`Remove ${name}`} disabled={remove.isPending}>
          <Trash2Icon aria-hidden="true" />
          Remove
        </Button>
      }
      title="Remove this volunteer?"
      description={volunteerMessages.confirmRemove(name)}
      confirmLabel="Remove"
      onConfirm={onConfirm}
    />
  );
}
