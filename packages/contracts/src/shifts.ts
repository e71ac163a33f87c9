import { z } from './zod.ts';
import { Id, isoDate, optionalText, requiredText, Timestamp } from './common.ts';
import { MANAGE_LINK_INVALID } from './shift-text.ts';

/** Limits of a shift (issue 43). */
export const MAX_SHIFT_CAPACITY = 500;
export const MAX_SHIFTS = 50;
export const MAX_SHIFT_ROLE = 100;

/** Messages of shifts, the waitlist and the self-service page (issue 43, decision 0064). */
export const SHIFT_E = {
  roleRequired: 'Role is required',
  capacityRange: `Capacity must be a whole number from 0 to ${MAX_SHIFT_CAPACITY}.`,
  shiftStartRequired: 'Shift start is required',
  shiftEndRequired: 'Shift end is required',
  shiftEndBeforeStart: 'A shift must end after it starts.',
  shiftRequired: 'Choose a shift: this event has shifts.',
  shiftNotOfEvent: 'That shift is not one of this event’s shifts.',
  shiftUnknown: 'That shift is not one of this event’s shifts any more.',
  eventHasNoShifts: 'This event has no shifts: sign up without one.',
  shiftFull: 'This shift is full.',
  shiftEnded: 'This shift has already ended.',
  waitlistStarted: 'This event has started: its waitlist is closed.',
  alreadyInShift: 'You are already signed up for this shift.',
  manageLinkInvalid: MANAGE_LINK_INVALID,
  notWaitlisted: 'This sign-up is not on the waitlist.',
  notOnEvent: 'That sign-up is not one of this event’s.',
} as const;

/** A shift as event responses carry it. */
export const ShiftSchema = z.object({
  id: z.number().int(),
  role: z.string(),
  startDate: Timestamp,
  endDate: Timestamp,
  capacity: z.number().int(),
  /** Confirmed sign-ups. */
  filled: z.number().int(),
  /** People waiting for a place. */
  waitlisted: z.number().int(),
  note: z.string().nullable(),
});
export type Shift = z.infer<typeof ShiftSchema>;

/** One shift of POST/PUT /api/events; with `id`, the event's existing shift it replaces. */
export const ShiftInput = z
  .object({
    id: Id.optional(),
    role: requiredText(SHIFT_E.roleRequired, MAX_SHIFT_ROLE),
    startDate: isoDate(SHIFT_E.shiftStartRequired),
    endDate: isoDate(SHIFT_E.shiftEndRequired),
    capacity: z.coerce
      .number({ error: SHIFT_E.capacityRange })
      .int(SHIFT_E.capacityRange)
      .min(0, SHIFT_E.capacityRange)
      .max(MAX_SHIFT_CAPACITY, SHIFT_E.capacityRange),
    note: optionalText(1000),
  })
  // As the form's rule and the message say: a shift of no length is refused, not stored.
  .refine((s) => Date.parse(s.endDate) > Date.parse(s.startDate), { message: SHIFT_E.shiftEndBeforeStart, path: ['endDate'] });
export type ShiftInput = z.infer<typeof ShiftInput>;

/** The shifts of an event's write: omitted keeps the event's shifts as they are. */
export const ShiftsInput = z.array(ShiftInput).max(MAX_SHIFTS, `At most ${MAX_SHIFTS} shifts.`);

/** A sign-up's place: confirmed, or waiting at `position` (1 is next). */
export const SignUpStatus = z.enum(['confirmed', 'waitlisted']);
export type SignUpStatus = z.infer<typeof SignUpStatus>;

export { filledText, waitlistedText } from './shift-text.ts';

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const YMD = /^\d{4}-\d{2}-\d{2}$/;
/** One shift in the event form: a day and times in the post's time zone; `signups` is shown, never sent. */
export const ShiftFormSchema = z
  .object({
    shiftId: z.number().int().optional(),
    role: requiredText(SHIFT_E.roleRequired, MAX_SHIFT_ROLE),
    date: z.string().regex(YMD, SHIFT_E.shiftStartRequired),
    startTime: z.string().regex(HHMM, SHIFT_E.shiftStartRequired),
    endTime: z.string().regex(HHMM, SHIFT_E.shiftEndRequired),
    capacity: z.coerce
      .number({ error: SHIFT_E.capacityRange })
      .int(SHIFT_E.capacityRange)
      .min(0, SHIFT_E.capacityRange)
      .max(MAX_SHIFT_CAPACITY, SHIFT_E.capacityRange),
    note: z.string().max(1000).optional(),
    signups: z.number().int(),
  })
  .refine((s) => s.endTime > s.startTime, { message: SHIFT_E.shiftEndBeforeStart, path: ['endTime'] });
export type ShiftFormValues = z.input<typeof ShiftFormSchema>;
