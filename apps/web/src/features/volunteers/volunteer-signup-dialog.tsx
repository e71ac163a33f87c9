import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { shiftMessages } from '@post/contracts/messages/shifts';
import { VolunteerFormSchema, type SignUpResult, type VolunteerFormValues } from '@post/contracts/volunteers';
import type { Shift } from '@post/contracts/shifts';
import { ShiftChoice, shiftFull } from './shift-choice.tsx';
import { AlreadySignedUp } from './already-signed-up.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from '@post/ui/components/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@post/ui/components/dialog';
import { TextField } from '../../components/form/text-fields.tsx';
import { errorStatus, serverMessage, trpc } from '../../lib/trpc.ts';
import { usePostFormat } from '../../lib/format.ts';
import { useReturnFocus } from '../../lib/use-return-focus.ts';
import { useShiftTime } from '../../lib/shift-time.ts';
import { useSiteSettings } from '../../lib/use-site-settings.ts';

// The form with its honeypot field (the dialog's chunk loads when first opened, zod with it).
type FormValues = VolunteerFormValues & { website?: string };
const FormSchema = VolunteerFormSchema.extend({ website: z.string().max(500).optional() });
const EMPTY: FormValues = { name: '', email: '', phone: '', role: '', website: '' };
const INTRO = volunteerMessages.formIntro;

/** The event a person is signing up for. */
export interface VolunteerTarget {
  id: number;
  title: string;
  startDate: string;
  /** Its shifts (issue 43); none for one pool of positions. */
  shifts?: Shift[];
  /** No position left: signing up joins the waitlist. */
  full?: boolean;
}

/** What the success message says: what was signed up for and when, that a confirmation is coming, and any waitlist places (decision 0087). */
function successText(r: SignUpResult, what: string[], email: string): string {
  const waiting = (r.signUps ?? [r]).filter((s) => s.status === 'waitlisted');
  const places = waiting.length ? ` You were ${waiting.map((s) => volunteerMessages.addedToWaitlist(s.position ?? 1)).join('; ')}.` : '';
  return `${what.join('; ')}.${places} A confirmation e-mail is on its way to ${email}.`;
}

/**
 * The Volunteer Sign Up dialog (spec §2, §5): name, email, phone and role, a honeypot, the
 * spec's toasts; on success it closes, resets and the events' Filled counts are re-read.
 */
export function VolunteerSignupDialog({
  event,
  onClose,
  returnFocusTo,
  onSignedUp,
  noticeElement,
}: {
  event: VolunteerTarget | null;
  onClose: () => void;
  /** Where focus goes on close when what opened the dialog is gone (e.g. the event popup's button). */
  returnFocusTo?: () => HTMLElement | null | undefined;
  /**
   * Shows the confirmation on the page, and the element that shows it: focus and scroll go there
   * once the dialog has closed (decision 0096). Without it, the confirmation is a toast.
   */
  onSignedUp?: (notice: { title: string; description: string }) => void;
  noticeElement?: () => HTMLElement | null;
}) {
  const returnFocus = useReturnFocus(event !== null, returnFocusTo);
  // Set by a sign-up that succeeded: the dialog's close then hands focus to the confirmation.
  const [succeeded, setSucceeded] = useState(false);
  const f = usePostFormat();
  const settings = useSiteSettings().data;
  const when = useShiftTime();
  const utils = trpc.useUtils();
  const signUp = trpc.volunteers.create.useMutation();
  const form = useForm<FormValues>({ resolver: zodResolver(FormSchema), defaultValues: EMPTY });

  // A different event keeps what was typed (people often try the next event when one is full),
  // but not the errors of the last attempt.
  const eventId = event?.id;
  const [chosen, setChosen] = useState<number[]>([]);
  const [shiftError, setShiftError] = useState<string | undefined>();
  // Signed up already with this address: the server's sentence, and the address it was for (decision 0096).
  const [already, setAlready] = useState<{ message: string; email: string } | null>(null);
  // The shifts chosen belong to one event: another event starts with none (set in the render, decision 0067).
  const [chosenFor, setChosenFor] = useState(eventId);
  if (chosenFor !== eventId) {
    setChosenFor(eventId);
    setChosen([]);
    setShiftError(undefined);
    setAlready(null);
  }
  useEffect(() => {
    if (eventId !== undefined) form.clearErrors();
  }, [eventId, form]);
  const shifts = event?.shifts ?? [];
  const waitlist = shifts.length ? shifts.some((s) => chosen.includes(s.id) && shiftFull(s)) : event?.full === true;

  const onSubmit = form.handleSubmit(async (values) => {
    if (!event) return;
    if (shifts.length && chosen.length === 0) return setShiftError('Choose at least one shift.');
    setAlready(null);
    try {
      const result = await signUp.mutateAsync({
        eventId: event.id,
        name: values.name,
        email: values.email,
        phone: values.phone || null,
        role: shifts.length ? null : values.role || null,
        website: values.website || undefined,
        ...(shifts.length ? { shiftIds: shifts.filter((s) => chosen.includes(s.id)).map((s) => s.id) } : {}),
        ...(waitlist ? { waitlist: true } : {}),
      });
      const what = shifts.length
        ? shifts.filter((s) => chosen.includes(s.id)).map((s) => `${s.role}, ${when(s)}`)
        : [`${event.title}, ${f.dateTime(event.startDate)}`];
      const notice = { title: volunteerMessages.signedUp.title, description: successText(result, what, values.email.trim()) };
      if (onSignedUp) {
        setSucceeded(true);
        onSignedUp(notice);
      } else toast.success(notice.title, { description: notice.description });
      form.reset(EMPTY);
      setChosen([]);
      onClose();
      await utils.events.invalidate();
    } catch (err) {
      const status = errorStatus(err);
      const message = status === 409 || status === 429 ? serverMessage(err) : undefined;
      // Signed up already is not a failure: said kindly in the form, with the way to their sign-ups (decisions 0087, 0096).
      if (message === volunteerMessages.alreadySignedUp || message === shiftMessages.alreadyInShift) return setAlready({ message, email: values.email.trim() });
      toast.error(volunteerMessages.signUpFailed.title, { description: message ?? volunteerMessages.signUpFailed.description });
    }
  });

  const submitting = form.formState.isSubmitting;
  return (
    <Dialog open={event !== null} onOpenChange={(open) => (open || submitting ? undefined : onClose())}>
      <DialogContent
        showCloseButton={false}
        onCloseAutoFocus={(e) => {
          if (!succeeded) return returnFocus(e);
          // Focus and scroll go to the page's confirmation, not back to the list or the page's body.
          setSucceeded(false);
          const notice = noticeElement?.();
          if (!notice) return returnFocus(e);
          e.preventDefault();
          notice.scrollIntoView({ block: 'start' });
          notice.focus({ preventScroll: true });
        }}
      >
        <DialogHeader>
          <DialogTitle>{event?.title || INTRO}</DialogTitle>
          <DialogDescription>
            {event?.title ? (
              <>
                {f.dateTime(event.startDate)}. {INTRO}
              </>
            ) : (
              'Volunteer Sign Up'
            )}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Volunteer Sign Up">
          <TextField form={form} name="name" label="Name" autoComplete="name" required />
          <TextField form={form} name="email" label="Email" type="email" inputMode="email" autoComplete="email" required />
          <TextField form={form} name="phone" label="Phone (optional)" type="tel" inputMode="tel" autoComplete="tel" />
          {shifts.length ? (
            <ShiftChoice
              shifts={shifts}
              day={event?.title ? event.startDate : undefined}
              chosen={chosen}
              onChange={(ids) => {
                setChosen(ids);
                setShiftError(undefined);
              }}
              error={shiftError}
            />
          ) : (
            <TextField form={form} name="role" label="Role (optional)" description="For example: kitchen, setup crew, greeter." />
          )}
          {/* What the public sees of a volunteer (decision 0096). */}
          <p className="text-base text-muted-foreground">
            {settings.publicFullNames ? 'Your name' : 'Your first name and last initial'} may be shown on this event&apos;s public page. Your e-mail and phone
            are seen only by the post&apos;s officers.
          </p>
          {!shifts.length && event?.full ? (
            <p className="rounded-lg border bg-muted p-3 text-base">
              Every position is filled. Sign up to join the waitlist: we will e-mail you if a place opens.
            </p>
          ) : null}
          {/* In the form from the start, so what comes into it is read out. */}
          <div aria-live="polite">{already && event ? <AlreadySignedUp message={already.message} eventId={event.id} email={already.email} /> : null}</div>
          {/* People never see or fill this; simple bots do. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label>
              Website
              <input type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
            </label>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={submitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={submitting}>
              {submitting ? 'Submitting...' : waitlist ? 'Join the waitlist' : 'Sign Up'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
