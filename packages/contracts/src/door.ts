import { z } from './zod.ts';
import { checkIsoDate, Id, Timestamp } from './common.ts';
import { formMessages } from './messages/forms.ts';

// The door's own reads and writes (issue 59, decision 0084): what the check-in page keeps on the
// phone for a hall without signal, with no contact details, and the marks it makes there.

/** One sign-up or walk-in as the door needs it: no e-mail or phone (the phone keeps this list). */
export const DoorPersonSchema = z.object({
  /** The sign-up; null for a walk-in. */
  volunteerId: z.number().int().nullable(),
  /** The attendance record; null while a sign-up has no mark. */
  attendanceId: z.number().int().nullable(),
  /** One person's sign-ups share it (the same e-mail), so the door shows them as one row. */
  personKey: z.string(),
  name: z.string(),
  shiftId: z.number().int().nullable(),
  role: z.string().nullable(),
  walkIn: z.boolean(),
  /** A sign-up's place: confirmed, or waiting on the waitlist at `position`. */
  status: z.enum(['confirmed', 'waitlisted']),
  position: z.number().int().nullable(),
  checkedInAt: Timestamp.nullable(),
  checkedOutAt: Timestamp.nullable(),
  hours: z.number(),
  hoursOverridden: z.boolean(),
});
export type DoorPerson = z.infer<typeof DoorPersonSchema>;

/** GET /api/admin/events/{id}/door: the event, its shifts with their room, and its people. */
export const DoorListSchema = z.object({
  event: z.object({
    id: z.number().int(),
    title: z.string(),
    startDate: Timestamp,
    endDate: Timestamp,
    capacity: z.number().int(),
    confirmed: z.number().int(),
  }),
  shifts: z.array(
    z.object({ id: z.number().int(), role: z.string(), startDate: Timestamp, endDate: Timestamp, capacity: z.number().int(), confirmed: z.number().int() }),
  ),
  people: z.array(DoorPersonSchema),
});
export type DoorList = z.infer<typeof DoorListSchema>;

/** An instant as a phone marked it. */
const At = checkIsoDate(z.string().trim()).optional();

/**
 * POST /api/admin/volunteers/{id}/door-place: a waiting sign-up is given a place and checked in at
 * `at`; without `overCapacity` only while its shift (or event) has room (409 when full).
 */
export const DoorPlaceInput = z.object({ id: Id, at: At, overCapacity: z.boolean().default(false) });
export type DoorPlaceInput = z.input<typeof DoorPlaceInput>;

/** POST /api/admin/attendance/{id}/undo: takes back a mis-tapped mark (the departure if there is one, else the arrival). */
export const DoorUndoInput = z.object({ id: Id, mark: z.enum(['check-in', 'check-out']) });
export type DoorUndoInput = z.input<typeof DoorUndoInput>;

export const DoorUndoResultSchema = z.object({ message: z.string() });

/**
 * POST /api/admin/events/{id}/paper-times: one row of the printed sign-in sheet typed in after the
 * event (issue 59): a sign-up's (`volunteerId`) or a recorded walk-in's (`attendanceId`) times, or a
 * walk-in written in a spare row (`name`, `shiftId`, a time in). Stored whole or not at all; sent
 * again (the same `clientId` for a spare row) it changes nothing.
 */
export const DoorPaperInput = z
  .object({
    id: Id,
    clientId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid client id'),
    volunteerId: Id.nullable().default(null),
    attendanceId: Id.nullable().default(null),
    name: z.string().trim().min(2, formMessages.nameMin).max(100, formMessages.tooLong(100)).optional(),
    shiftId: Id.nullable().optional(),
    in: At,
    out: At,
  })
  .superRefine((v, ctx) => {
    if (v.volunteerId !== null && v.attendanceId !== null) ctx.addIssue({ code: 'custom', path: ['attendanceId'], message: doorMessages.paperOneRow });
    if (!v.in && !v.out) ctx.addIssue({ code: 'custom', path: ['in'], message: doorMessages.paperNoTime });
    if (v.attendanceId !== null && v.in) ctx.addIssue({ code: 'custom', path: ['in'], message: doorMessages.paperInRecorded });
    if (v.volunteerId === null && v.attendanceId === null) {
      if (!v.name) ctx.addIssue({ code: 'custom', path: ['name'], message: formMessages.nameMin });
      if (!v.in) ctx.addIssue({ code: 'custom', path: ['in'], message: doorMessages.paperWalkInNeedsIn });
    }
    if (v.in && v.out && Date.parse(v.out) < Date.parse(v.in)) ctx.addIssue({ code: 'custom', path: ['out'], message: doorMessages.paperOutBeforeIn });
  });
export type DoorPaperInput = z.input<typeof DoorPaperInput>;

/** The door's answers (issue 59). */
export const doorMessages = {
  noRoom: (name: string, role: string | null) =>
    `There is no room left${role ? ` on ${role}` : ''}: ${name} is still on the waitlist. Give a place anyway, add them as a walk-in, or discard the mark.`,
  placeGiven: (name: string, time: string) => `${name} was given a place and checked in at ${time}.`,
  notWaiting: (name: string) => `${name} already has a place.`,
  checkInUndone: (name: string) => `${name}'s check-in was taken back.`,
  checkOutUndone: (name: string) => `${name}'s check-out was taken back.`,
  nothingToUndo: 'There is no such mark to take back.',
  hoursSetFirst: 'An administrator set this person’s hours: change the hours instead.',
  paperOneRow: 'A row of the sheet is one sign-up or one walk-in, not both.',
  paperNoTime: 'Type a time in or a time out.',
  paperInRecorded: 'This walk-in’s time in is already recorded: type the time out only.',
  paperWalkInNeedsIn: 'A walk-in from a spare row needs a time in.',
  paperOutBeforeIn: 'Time out is before time in.',
  paperSaved: (name: string, times: string) => `${name}: ${times} saved from the paper sheet.`,
  paperAlready: (name: string) => `${name}: these times were already saved.`,
} as const;
