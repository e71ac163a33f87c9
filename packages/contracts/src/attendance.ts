import { z } from './zod.ts';
import { checkIsoDate, email, Id, optionalPhone, Timestamp } from './common.ts';
import { attendanceMessages } from './messages/attendance.ts';
import { formMessages } from './messages/forms.ts';
import { serviceHoursMessages } from './messages/service-hours.ts';
import { UnitKey } from './reporting.ts';

/** An instant given by a phone that marked it offline; at most a few minutes ahead of the server's clock. */
const MarkTime = checkIsoDate(z.string().trim()).optional();

/** Body of POST /api/admin/volunteers/{id}/check-in and /check-out: `at` keeps an offline mark's own time. */
export const MarkInput = z.object({
  id: Id,
  at: MarkTime,
  /** Round-trip miles, given at check-out (else the event's default, decision 0085). */
  miles: z.coerce
    .number({ error: serviceHoursMessages.milesRange })
    .min(0, serviceHoursMessages.milesRange)
    .max(5000, serviceHoursMessages.milesRange)
    .optional(),
});
export type MarkInput = z.input<typeof MarkInput>;

/** Body of POST /api/admin/events/{id}/walk-ins. `clientId` makes a phone's repeated send count once. */
export const WalkInInput = z.object({
  id: Id,
  name: z.string({ error: formMessages.nameMin }).trim().min(2, formMessages.nameMin).max(100, formMessages.tooLong(100)),
  email: z.union([z.literal(''), email(formMessages.emailInvalid, 254)]).optional(),
  phone: optionalPhone(20).optional(),
  /** The shift they work: required when the event has shifts, one of its own (decision 0066). */
  shiftId: Id.nullable().optional(),
  /** A non-member's unit (decision 0085); none makes a guest, counted on no form that asks for a unit. */
  unit: UnitKey.nullable().optional(),
  at: MarkTime,
  clientId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid client id')
    .optional(),
});
export type WalkInInput = z.input<typeof WalkInInput>;
/** The walk-in form's fields; the shift as the select gives it ('' for none), checked by the page against the event's shifts. */
export const WalkInFormSchema = WalkInInput.pick({ name: true, email: true, phone: true }).extend({ shiftId: z.string() });
export type WalkInFormValues = z.infer<typeof WalkInFormSchema>;

/** Body of PUT /api/admin/attendance/{id}/hours: a figure with its reason, or null to go back to the derived hours. */
export const AttendanceHoursInput = z.object({
  id: Id,
  hours: z
    .number({ error: attendanceMessages.hoursRange })
    .min(0, attendanceMessages.hoursRange)
    .max(24, attendanceMessages.hoursRange)
    .multipleOf(0.25, 'Hours go in quarters of an hour.')
    .nullable(),
  reason: z.string().trim().max(500, formMessages.tooLong(500)).default(''),
});

/** The Edit hours form: a figure in quarters of an hour and the reason for it (both required). */
export const AttendanceHoursFormSchema = z.object({
  hours: z.coerce
    .number({ error: attendanceMessages.hoursRange })
    .min(0, attendanceMessages.hoursRange)
    .max(24, attendanceMessages.hoursRange)
    .multipleOf(0.25, 'Hours go in quarters of an hour.'),
  reason: z.string().trim().min(1, attendanceMessages.reasonRequired).max(500, formMessages.tooLong(500)),
});
export type AttendanceHoursFormIn = z.input<typeof AttendanceHoursFormSchema>;
export type AttendanceHoursFormOut = z.output<typeof AttendanceHoursFormSchema>;

/** Body of POST /api/admin/check-in-code: a scanned code, resolved against an event. */
export const ResolveCodeInput = z.object({ eventId: Id, code: z.string().trim().min(1).max(2000) });

/** One person on an event's attendance list: a sign-up (with or without a mark) or a walk-in. */
export const AttendeeSchema = z.object({
  /** The sign-up; null for a walk-in. */
  volunteerId: z.number().int().nullable(),
  /** The attendance record; null while a sign-up has no mark. */
  attendanceId: z.number().int().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string().nullable(),
  /** The shift: a sign-up's own, or the one a walk-in was added to; null without. */
  shiftId: z.number().int().nullable(),
  walkIn: z.boolean(),
  memberId: z.number().int().nullable(),
  checkedInAt: Timestamp.nullable(),
  checkedOutAt: Timestamp.nullable(),
  /** Hours as counted: the administrator's figure, else check-out minus check-in, else the shift's length, else the event's; 0 when absent. */
  hours: z.number(),
  hoursOverridden: z.boolean(),
  hoursReason: z.string().nullable(),
});
export type Attendee = z.infer<typeof AttendeeSchema>;

/** GET /api/admin/events/{id}/attendance. */
export const EventAttendanceSchema = z.object({
  event: z.object({ id: z.number().int(), title: z.string(), startDate: Timestamp, endDate: Timestamp, serviceCategoryId: z.number().int().nullable() }),
  /** The event's shifts in order, for a walk-in's choice; empty without shifts. */
  shifts: z.array(z.object({ id: z.number().int(), role: z.string(), startDate: Timestamp, endDate: Timestamp })),
  people: z.array(AttendeeSchema),
});
export type EventAttendance = z.infer<typeof EventAttendanceSchema>;

/** The answer of a check-in, check-out or walk-in: the person as now, and whether the mark was already there. */
export const MarkResultSchema = z.object({ attendee: AttendeeSchema, already: z.boolean(), message: z.string() });
export type MarkResult = z.infer<typeof MarkResultSchema>;

/** What a scanned code names: the sign-up and its name. */
export const ResolvedCodeSchema = z.object({ volunteerId: z.number().int(), name: z.string() });

/** GET /api/check-in-codes/{code}: what the volunteer's own code page says (the code is the key). */
export const CheckInCodeInput = z.object({ code: z.string().trim().min(1).max(200) });
export const CheckInCodeDetailsSchema = z.object({
  name: z.string(),
  title: z.string(),
  location: z.string(),
  startDate: Timestamp,
  endDate: Timestamp,
  shift: z.object({ role: z.string(), startDate: Timestamp, endDate: Timestamp }).nullable(),
});
export type CheckInCodeDetails = z.infer<typeof CheckInCodeDetailsSchema>;
