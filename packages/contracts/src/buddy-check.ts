import { z } from './zod.ts';
import { Id } from './common.ts';
import { buddyCheckMessages } from './messages/honor-roll.ts';

/** What came of a Buddy Check call (decision 0086). */
export const BUDDY_CHECK_OUTCOMES = ['reached', 'message', 'needs-help', 'wrong-number', 'deceased', 'declined'] as const;
export type BuddyCheckOutcome = (typeof BUDDY_CHECK_OUTCOMES)[number];
export const BUDDY_CHECK_OUTCOME_LABELS: Record<BuddyCheckOutcome, string> = {
  reached: 'Reached',
  message: 'Left a message',
  'needs-help': 'Needs help',
  'wrong-number': 'Wrong number',
  deceased: 'Deceased',
  declined: 'Declined',
};
export const BuddyCheckOutcome = z.enum(BUDDY_CHECK_OUTCOMES, { error: buddyCheckMessages.unknownOutcome });

/** Body of POST /api/admin/buddy-checks. */
export const CreateBuddyCheckInput = z.object({
  name: z.string({ error: buddyCheckMessages.nameRequired }).trim().min(1, buddyCheckMessages.nameRequired).max(200, 'At most 200 characters'),
  /** Also call former members whose membership expired in the last five years. */
  includeFormer: z.boolean().default(false),
});
export type CreateBuddyCheckInput = z.infer<typeof CreateBuddyCheckInput>;

/** One call of a campaign. */
export const BuddyCheckCallSchema = z.object({
  id: z.number().int(),
  memberId: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  /** The member who makes the call (an officer or a member with portal access), or null while unassigned. */
  callerId: z.number().int().nullable(),
  callerName: z.string().nullable(),
  outcome: BuddyCheckOutcome.nullable(),
  note: z.string().nullable(),
  calledOn: z.string().nullable(),
  /** The outcome of this member's call in the campaign before, if any. */
  lastOutcome: BuddyCheckOutcome.nullable(),
  /** A former member (not a member now). */
  former: z.boolean(),
  followedUp: z.boolean(),
  /** The member's paid-through year and Life Membership: administrators only, for a payment taken on the call (decision 0095). */
  paidThrough: z.number().int().nullable().optional(),
  /** Anniversary dues: the day paid through (decision 0098); administrators only, like paidThrough. */
  paidThroughOn: z.string().nullable().optional(),
  lifeMember: z.boolean().optional(),
});
export type BuddyCheckCall = z.infer<typeof BuddyCheckCallSchema>;

export const BuddyCheckSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  calls: z.array(BuddyCheckCallSchema),
});
export type BuddyCheck = z.infer<typeof BuddyCheckSchema>;

export const BuddyCheckSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  calls: z.number().int(),
  done: z.number().int(),
  reached: z.number().int(),
  needsHelp: z.number().int(),
});
export type BuddyCheckSummary = z.infer<typeof BuddyCheckSummarySchema>;

/** Body of PUT /api/admin/buddy-checks/{id}/calls/{callId} (and the portal's own calls). */
export const RecordCallInput = z.object({
  outcome: BuddyCheckOutcome,
  /** A private note for the service officer (what help is needed). */
  note: z.string().trim().max(2000, 'At most 2000 characters').nullish(),
});

/** Body of POST /api/admin/buddy-checks/{id}/assign: give these calls to a caller (null: unassign), or split the unassigned among callers. */
export const AssignCallsInput = z.object({
  id: Id,
  callIds: z.array(Id).max(5000).optional(),
  callerId: Id.nullable().optional(),
  /** Split every unassigned call evenly among these callers. */
  splitAmong: z.array(Id).max(200).optional(),
});

/** A possible caller: an officer or a member with portal access. */
export const BuddyCheckCallerSchema = z.object({ id: z.number().int(), name: z.string(), postRole: z.string() });

/** A call that found someone who needs help, not followed up yet (the dashboard's flag). */
export const NeedsHelpSchema = z.object({
  campaignId: z.number().int(),
  callId: z.number().int(),
  memberId: z.number().int(),
  name: z.string(),
  phone: z.string().nullable(),
  note: z.string().nullable(),
  calledOn: z.string().nullable(),
});
