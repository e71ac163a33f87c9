import { z } from './zod.ts';
import { Id, isoDate, optionalText, requiredText, Timestamp } from './common.ts';
import { MAX_SHIFTS, MAX_SHIFT_CAPACITY, MAX_SHIFT_ROLE } from './limits.ts';
import { shiftMessages } from './messages/shifts.ts';
import { utcToZoned, zonedToUtc } from './rules/event-time.ts';

/** How many people a shift takes: a whole number from 0 to MAX_SHIFT_CAPACITY, the one rule the API and the form share. */
export const ShiftCapacity = z.coerce
  .number({ error: shiftMessages.capacityRange })
  .int(shiftMessages.capacityRange)
  .min(0, shiftMessages.capacityRange)
  .max(MAX_SHIFT_CAPACITY, shiftMessages.capacityRange);

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
    role: requiredText(shiftMessages.roleRequired, MAX_SHIFT_ROLE),
    startDate: isoDate(shiftMessages.shiftStartRequired),
    endDate: isoDate(shiftMessages.shiftEndRequired),
    capacity: ShiftCapacity,
    note: optionalText(1000),
  })
  // As the form's rule and the message say: a shift of no length is refused, not stored.
  .refine((s) => Date.parse(s.endDate) > Date.parse(s.startDate), { message: shiftMessages.shiftEndBeforeStart, path: ['endDate'] });
export type ShiftInput = z.infer<typeof ShiftInput>;

/** The shifts of an event's write: omitted keeps the event's shifts as they are. */
export const ShiftsInput = z.array(ShiftInput).max(MAX_SHIFTS, `At most ${MAX_SHIFTS} shifts.`);

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const YMD = /^\d{4}-\d{2}-\d{2}$/;
/** One shift in the event form: a day and times in the post's time zone; `signups` is shown, never sent. */
export const ShiftFormSchema = z
  .object({
    shiftId: z.number().int().optional(),
    role: requiredText(shiftMessages.roleRequired, MAX_SHIFT_ROLE),
    date: z.string().regex(YMD, shiftMessages.shiftStartRequired),
    startTime: z.string().regex(HHMM, shiftMessages.shiftStartRequired),
    endTime: z.string().regex(HHMM, shiftMessages.shiftEndRequired),
    capacity: ShiftCapacity,
    note: z.string().max(1000).optional(),
    signups: z.number().int(),
  })
  .refine((s) => s.endTime > s.startTime, { message: shiftMessages.shiftEndBeforeStart, path: ['endTime'] });
export type ShiftFormValues = z.input<typeof ShiftFormSchema>;
export type ShiftFormOut = z.output<typeof ShiftFormSchema>;

/** An event's shift as the form holds it, in the post's time zone (the one way in; decision 0092). */
export function shiftToForm(s: Shift, timeZone: string): ShiftFormValues {
  const start = utcToZoned(s.startDate, timeZone);
  return {
    shiftId: s.id,
    role: s.role,
    date: start.date,
    startTime: start.time,
    endTime: utcToZoned(s.endDate, timeZone).time,
    capacity: s.capacity,
    note: s.note ?? '',
    signups: s.filled + s.waitlisted,
  };
}

/** The form's checked shift as the API takes it: matched by id on the server (decision 0064). */
export function shiftFromForm(s: ShiftFormOut, timeZone: string): ShiftInput {
  return {
    id: s.shiftId,
    role: s.role,
    startDate: zonedToUtc(s.date, s.startTime, timeZone).toISOString(),
    endDate: zonedToUtc(s.date, s.endTime, timeZone).toISOString(),
    capacity: s.capacity,
    note: s.note || null,
  };
}
