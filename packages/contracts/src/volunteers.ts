import { z } from './zod.ts';
import { pageOf, PageNumber, SearchText } from './paging.ts';
import { email, Id, optionalPhone, optionalText, Timestamp } from './common.ts';
import { formMessages } from './messages/forms.ts';
import { ShiftSchema } from './shifts.ts';
import { SignUpStatus } from './enum-schemas.ts';

/** What the public may see of a volunteer (decisions §2). */
export const VolunteerPublicSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  name: z.string(),
  role: z.string().nullable(),
  /** The sign-up's shift, when the event has shifts (issue 43); absent otherwise. */
  shiftId: z.number().int().optional(),
});
export type VolunteerPublic = z.infer<typeof VolunteerPublicSchema>;

/** A volunteer with contact details, for administrators. */
export const VolunteerSchema = VolunteerPublicSchema.extend({
  email: z.string(),
  phone: z.string().nullable(),
  createdAt: Timestamp,
});
export type Volunteer = z.infer<typeof VolunteerSchema>;

/** A volunteer as a list shows it: contact details present only for administrators. */
export const VolunteerViewSchema = VolunteerPublicSchema.extend({
  email: z.string().optional(),
  phone: z.string().nullable().optional(),
  /** Administrators only, and only for someone waiting: the place in the shift's (or event's) waitlist. */
  status: SignUpStatus.optional(),
  position: z.number().int().optional(),
});
export type VolunteerView = z.infer<typeof VolunteerViewSchema>;

/** Fields of the Volunteer Sign Up form (spec §5). */
export const VolunteerFormSchema = z.object({
  name: z.string({ error: formMessages.nameMin }).trim().min(2, formMessages.nameMin).max(100, formMessages.tooLong(100)),
  email: email(formMessages.emailInvalid),
  phone: optionalPhone(20).optional(),
  role: z.string().trim().max(100, formMessages.tooLong(100)).optional(),
});
export type VolunteerFormValues = z.infer<typeof VolunteerFormSchema>;

/** Body of POST /api/volunteers. `website` is a honeypot that people never fill. */
export const CreateVolunteerInput = VolunteerFormSchema.extend({
  eventId: Id,
  phone: VolunteerFormSchema.shape.phone.nullable().transform((v) => (v ? v : null)),
  role: optionalText(100),
  website: z.string().max(500).optional(),
  /** The shift signed up for: required when the event has shifts (issue 43). */
  shiftId: Id.optional(),
  /** Several shifts of the event in one request: separate sign-ups, one confirmation. */
  shiftIds: z.array(Id).min(1).max(20).optional(),
  /** When the shift (or event) is full, wait for a place instead of the 409. */
  waitlist: z.boolean().optional(),
});
export type CreateVolunteerInput = z.infer<typeof CreateVolunteerInput>;

/** POST /api/volunteers/resend-link: the link to one's sign-ups for an event, mailed again (decision 0096). */
export const ResendLinkInput = z.object({ eventId: Id, email: VolunteerFormSchema.shape.email, website: z.string().max(500).optional() });
export type ResendLinkInput = z.infer<typeof ResendLinkInput>;
/** `sent`: on its way (or nothing to send: the answer does not say who signed up); `recent`: one went within the last minutes, none again yet. */
export const ResendLinkResult = z.object({ status: z.enum(['sent', 'recent']) });
export type ResendLinkResult = z.infer<typeof ResendLinkResult>;

/** One sign-up a request made: its shift, and whether it holds a place or waits at `position`. */
export const SignUpOutcomeSchema = z.object({
  id: z.number().int(),
  shiftId: z.number().int().nullable(),
  status: SignUpStatus,
  position: z.number().int().optional(),
});
export type SignUpOutcome = z.infer<typeof SignUpOutcomeSchema>;

/**
 * The answer to POST /api/volunteers: the spec's public fields, and for a shift or the waitlist
 * the sign-up's shift and place (201 when waitlisted); `signUps` lists each shift's of a request with `shiftIds`.
 */
export const SignUpResultSchema = VolunteerPublicSchema.extend({
  status: SignUpStatus.optional(),
  position: z.number().int().optional(),
  signUps: z.array(SignUpOutcomeSchema).optional(),
});
export type SignUpResult = z.infer<typeof SignUpResultSchema>;

/** Query of GET /api/volunteers. */
export const VolunteersByEventInput = z.object({ eventId: Id });

/** GET /api/admin/volunteers: sign-ups of upcoming events (issue 20), 25 a page. */
export const AdminVolunteersInput = z.object({
  eventId: Id.optional(),
  /** Part of the name, e-mail, phone, role or event title, any case. */
  q: SearchText,
  page: PageNumber,
});
export type AdminVolunteersInput = z.input<typeof AdminVolunteersInput>;
/** GET /api/admin/volunteers.csv: the same filter, every row. */
export const AdminVolunteersCsvInput = AdminVolunteersInput.omit({ page: true });

/** One sign-up of the roster. */
export const RosterRowSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  eventTitle: z.string(),
  eventStart: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.string().nullable(),
  signedUpAt: z.string(),
  /** The shift's role and start (issue 43); null without shifts. */
  shift: z.string().nullable(),
  shiftStart: z.string().nullable(),
  /** The shift's end, so the roster shows its time (decision 0096); null without shifts. */
  shiftEnd: z.string().nullable(),
  status: SignUpStatus,
  /** A waiting person's place in their queue (1 = next), as the manage page counts it. */
  position: z.number().int().optional(),
});
export type RosterRow = z.infer<typeof RosterRowSchema>;

/** DELETE /api/volunteers/{id}: who got the freed place from the waitlist, if anyone (decision 0096). */
export const RemoveVolunteerResult = z.object({ ok: z.literal(true), promoted: z.array(z.object({ id: z.number().int(), name: z.string() })) });
export type RemoveVolunteerResult = z.infer<typeof RemoveVolunteerResult>;
export const AdminVolunteersPage = pageOf(RosterRowSchema).extend({
  /** Upcoming events with sign-ups, soonest first: the "Event" filter's choices. */
  events: z.array(z.object({ id: z.number().int(), title: z.string(), startDate: z.string(), volunteerCount: z.number().int() })),
});
export type AdminVolunteersPage = z.infer<typeof AdminVolunteersPage>;

/** GET /api/volunteers/mine?token=: one person's sign-ups for an event (issue 43). */
export const ManageTokenInput = z.object({ token: z.string().min(1).max(200) });
export const MySignUpsSchema = z.object({
  name: z.string(),
  event: z.object({ id: z.number().int(), title: z.string(), location: z.string(), startDate: z.string(), endDate: z.string() }),
  signUps: z.array(
    z.object({
      id: z.number().int(),
      shiftId: z.number().int().nullable(),
      role: z.string().nullable(),
      startDate: z.string(),
      endDate: z.string(),
      status: SignUpStatus,
      position: z.number().int().optional(),
      /** A confirmed place's check-in code (issue 44), for its page and picture at /check-in/{code}. */
      checkInCode: z.string().optional(),
    }),
  ),
  shifts: z.array(ShiftSchema),
});
export type MySignUps = z.infer<typeof MySignUpsSchema>;
/** POST /api/volunteers/mine: cancel one of the person's sign-ups, or add a shift (its waitlist when full). */
export const ManageAction = z
  .object({
    token: z.string().min(1).max(200),
    action: z.enum(['cancel', 'add'], { error: 'Action must be cancel or add.' }),
    /** The sign-up to cancel. */
    volunteerId: Id.optional(),
    /** The shift to add. */
    shiftId: Id.optional(),
  })
  .refine((a) => (a.action === 'cancel' ? a.volunteerId !== undefined : a.shiftId !== undefined), {
    message: 'Cancel needs volunteerId; add needs shiftId.',
  });
export type ManageAction = z.infer<typeof ManageAction>;
export const ManageResult = z.object({ ok: z.literal(true), added: SignUpResultSchema.optional() });
