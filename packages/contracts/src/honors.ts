import { z } from './zod.ts';
import { Id, checkIsoDate, email, optionalPhone, optionalText, parseIsoDate, requiredText, Timestamp } from './common.ts';
import { BRANCHES } from './enums/branch.ts';
import { honorsMessages as m } from './messages/honors.ts';
import { formMessages } from './messages/forms.ts';

/** A request's states: new until answered; accepted makes the detail; done once the service is over. */
export const HONORS_STATES = ['new', 'accepted', 'declined', 'done'] as const;
export type HonorsState = (typeof HONORS_STATES)[number];

const HonorsBranch = z.enum([...BRANCHES, 'Other'], { error: m.branchRequired });

/** Body of POST /api/honors-requests (public; staff record phoned-in requests the same way). `website` is a honeypot. */
export const CreateHonorsRequestInput = z.object({
  deceasedName: requiredText(m.deceasedNameRequired, 200),
  branch: HonorsBranch,
  serviceAt: checkIsoDate(z.string({ error: m.serviceAtRequired }).trim().min(1, { error: m.serviceAtRequired, abort: true })).refine(
    (s) => (parseIsoDate(s)?.getTime() ?? 0) > Date.now(),
    m.serviceAtPast,
  ),
  location: requiredText(m.locationRequired, 300),
  requesterName: requiredText(m.requesterNameRequired, 200),
  requesterPhone: z.string({ error: m.requesterPhoneRequired }).trim().min(1, { error: m.requesterPhoneRequired, abort: true }).pipe(optionalPhone(30)),
  requesterEmail: z.union([z.literal('').transform(() => null), z.null(), email(formMessages.emailInvalid)]).optional(),
  notes: optionalText(2000),
  website: z.string().max(500).optional(),
});
export type CreateHonorsRequestInput = z.infer<typeof CreateHonorsRequestInput>;

/** One role of a detail: its shift, who answered, who waits, how many are still needed. */
export const HonorsRoleSchema = z.object({
  role: z.string(),
  label: z.string(),
  shiftId: z.number().int(),
  capacity: z.number().int(),
  filled: z.array(z.object({ volunteerId: z.number().int(), name: z.string(), phone: z.string().nullable() })),
  waiting: z.array(z.object({ volunteerId: z.number().int(), name: z.string() })),
  needed: z.number().int(),
});
export type HonorsRole = z.infer<typeof HonorsRoleSchema>;

/** A request as staff see it (never public). */
export const HonorsRequestSchema = z.object({
  id: z.number().int(),
  state: z.enum(HONORS_STATES),
  eventId: z.number().int().nullable(),
  deceasedName: z.string(),
  branch: z.string(),
  serviceAt: Timestamp,
  location: z.string(),
  requesterName: z.string(),
  requesterPhone: z.string(),
  requesterEmail: z.string().nullable(),
  notes: z.string().nullable(),
  provided: z.boolean().nullable(),
  dollarsCost: z.number().nullable(),
  doneAt: Timestamp.nullable(),
  createdAt: Timestamp,
});
export type HonorsRequest = z.infer<typeof HonorsRequestSchema>;

/** The detail page: the request, each role and the call list (qualified active members who have not answered). */
export const HonorsDetailSchema = HonorsRequestSchema.extend({
  listed: z.boolean(),
  roles: z.array(HonorsRoleSchema),
  callList: z.array(z.object({ memberId: z.number().int(), name: z.string(), phone: z.string().nullable(), roles: z.array(z.string()) })),
});
export type HonorsDetail = z.infer<typeof HonorsDetailSchema>;

/** Body of POST /api/admin/honors-requests/{id}/accept: list it on the public calendar (without the requester) or not. */
export const AcceptHonorsInput = z.object({ id: Id, listPublicly: z.boolean().default(false) });
/** Body of POST /api/admin/honors-requests/{id}/done. */
export const HonorsDoneInput = z.object({
  id: Id,
  provided: z.boolean({ error: 'Say whether honors were provided' }),
  dollarsCost: z.coerce
    .number({ error: 'Cost must be a dollar amount' })
    .min(0, 'Cost must be 0 or more')
    .max(100_000, 'Cost must be at most $100,000')
    .nullish()
    .transform((v) => v ?? null),
});

/** A call-out link's token. */
export const HonorsAnswerToken = z.object({ token: z.string().trim().min(1).max(200) });
/** What a call-out link offers: the detail's time and place (never the requester) and the role. */
export const HonorsAnswerPreview = z.object({
  memberName: z.string(),
  role: z.string(),
  label: z.string(),
  serviceAt: Timestamp,
  location: z.string(),
  deceasedName: z.string(),
  needed: z.number().int(),
  answered: z.enum(['no', 'confirmed', 'waitlisted']),
});
/** Body of POST /api/honors-answers and the portal's answer: `waitlist` takes a place on the waitlist of a full role. */
export const HonorsAnswerInput = HonorsAnswerToken.extend({ waitlist: z.boolean().optional() });
export const HonorsAnswerResult = z.object({ status: z.enum(['confirmed', 'waitlisted']), position: z.number().int().optional() });
/** The portal's answer: the shift of a role. */
export const PortalHonorsAnswerInput = z.object({ shiftId: Id, waitlist: z.boolean().optional() });

/** An open detail as the member portal lists it: qualified roles first. */
export const PortalHonorsDetailSchema = z.object({
  eventId: z.number().int(),
  serviceAt: Timestamp,
  location: z.string(),
  deceasedName: z.string(),
  roles: z.array(
    z.object({ role: z.string(), label: z.string(), shiftId: z.number().int(), needed: z.number().int(), qualified: z.boolean(), mine: z.boolean() }),
  ),
  qualified: z.boolean(),
});
