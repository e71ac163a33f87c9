import { sql } from 'kysely';
import type { DB } from '@post/db';
import type { BuddyCheck, BuddyCheckCall, BuddyCheckOutcome, BuddyCheckSummary, CreateBuddyCheckInput } from '@post/contracts/buddy-check';
import { buddyCheckMessages } from '@post/contracts/messages/honor-roll';
import { badRequest, notFound } from '../../errors.ts';
import { yearsLapsed } from '@post/contracts/rules/dues';
import { duesClock, duesOf } from '../members/dues.ts';
import { FORMER_YEARS } from '../renewals/renewals.service.ts';

// Buddy Check (issue 61 #4, decision 0086): the Legion's call campaign to members and former
// members, split among callers who record each outcome from the portal or the admin screen.

/** Starts a campaign whose call list holds the living members and, by choice, former members of the last five years. */
export async function createCampaign(db: DB, input: CreateBuddyCheckInput, createdBy: number | null): Promise<{ id: number }> {
  const clock = await duesClock(db);
  const members = await db
    .selectFrom('members')
    .select(['id', 'isActive', 'paidThrough', 'paidThroughOn', 'membershipType'])
    .where('deceasedOn', 'is', null)
    .execute();
  const chosen = members.filter((m) => {
    const status = duesOf(m, clock).status;
    if (m.isActive && status !== 'dropped') return true;
    // Lapsed within the last five years, counted from the day paid through (decision 0098).
    const lapsed = yearsLapsed(m, clock.date, clock.cal);
    return input.includeFormer && status === 'dropped' && lapsed !== null && lapsed < FORMER_YEARS;
  });
  const campaign = await db
    .insertInto('buddyCheckCampaigns')
    .values({ name: input.name, includeFormer: input.includeFormer, createdBy })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (chosen.length)
    await db
      .insertInto('buddyCheckCalls')
      .values(chosen.map((m) => ({ campaignId: campaign.id, memberId: m.id })))
      .execute();
  return { id: campaign.id };
}

/** Every campaign, newest first, with how far its calls have come. */
export async function listCampaigns(db: DB): Promise<BuddyCheckSummary[]> {
  const rows = await db
    .selectFrom('buddyCheckCampaigns as c')
    .leftJoin('buddyCheckCalls as k', 'k.campaignId', 'c.id')
    .select([
      'c.id',
      'c.name',
      'c.createdAt',
      sql<number>`count(k.id)::int`.as('calls'),
      sql<number>`count(k.outcome)::int`.as('done'),
      sql<number>`count(*) filter (where k.outcome = 'reached')::int`.as('reached'),
      sql<number>`count(*) filter (where k.outcome = 'needs-help')::int`.as('needsHelp'),
    ])
    .groupBy('c.id')
    .orderBy('c.id', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() }));
}

/** The calls of a campaign (or of one caller), each with the member's name, phone, caller and the outcome of their call before. */
async function callsOf(db: DB, where: { campaignId?: number; callerId?: number }): Promise<(BuddyCheckCall & { campaignId: number; campaignName: string })[]> {
  const clock = await duesClock(db);
  let q = db
    .selectFrom('buddyCheckCalls as k')
    .innerJoin('buddyCheckCampaigns as c', 'c.id', 'k.campaignId')
    .innerJoin('members as m', 'm.id', 'k.memberId')
    .leftJoin('members as caller', 'caller.id', 'k.callerId')
    .select([
      'k.id',
      'k.campaignId',
      'c.name as campaignName',
      'k.memberId',
      'm.firstName',
      'm.lastName',
      'm.phone',
      'm.paidThrough',
      'm.paidThroughOn',
      'm.membershipType',
      'k.callerId',
      'caller.firstName as callerFirst',
      'caller.lastName as callerLast',
      'k.outcome',
      'k.note',
      'k.calledOn',
      'k.followedUpAt',
      (eb) =>
        eb
          .selectFrom('buddyCheckCalls as prev')
          .select('prev.outcome')
          .whereRef('prev.memberId', '=', 'k.memberId')
          .whereRef('prev.campaignId', '<', 'k.campaignId')
          .where('prev.outcome', 'is not', null)
          .orderBy('prev.campaignId', 'desc')
          .limit(1)
          .as('lastOutcome'),
    ]);
  if (where.campaignId !== undefined) q = q.where('k.campaignId', '=', where.campaignId);
  if (where.callerId !== undefined) q = q.where('k.callerId', '=', where.callerId);
  const rows = await q.orderBy('k.campaignId', 'desc').orderBy('m.lastName').orderBy('m.firstName').orderBy('k.id').execute();
  return rows.map((r) => ({
    id: r.id,
    campaignId: r.campaignId,
    campaignName: r.campaignName,
    memberId: r.memberId,
    name: `${r.firstName} ${r.lastName}`,
    phone: r.phone,
    callerId: r.callerId,
    callerName: r.callerFirst ? `${r.callerFirst} ${r.callerLast}` : null,
    outcome: r.outcome as BuddyCheckOutcome | null,
    note: r.note,
    calledOn: r.calledOn,
    lastOutcome: (r.lastOutcome ?? null) as BuddyCheckOutcome | null,
    former: duesOf(r, clock).status === 'dropped',
    followedUp: r.followedUpAt !== null,
    paidThrough: r.paidThrough,
    paidThroughOn: duesOf(r, clock).paidThroughOn ?? null,
    lifeMember: r.membershipType === 'Life Member',
  }));
}

/** A call as a caller sees it: another member's dues are for administrators only (decision 0095). */
function forCaller<T extends BuddyCheckCall>({
  paidThrough: _p,
  paidThroughOn: _o,
  lifeMember: _l,
  ...call
}: T): Omit<T, 'paidThrough' | 'paidThroughOn' | 'lifeMember'> {
  return call;
}

/** One campaign with its calls; 404 when there is none. */
export async function getCampaign(db: DB, id: number): Promise<BuddyCheck> {
  const c = await db.selectFrom('buddyCheckCampaigns').select(['id', 'name', 'createdAt']).where('id', '=', id).executeTakeFirst();
  if (!c) throw notFound(buddyCheckMessages.campaignNotFound);
  const calls = (await callsOf(db, { campaignId: id })).map(({ campaignId: _c, campaignName: _n, ...call }) => call);
  return { id: c.id, name: c.name, createdAt: new Date(c.createdAt).toISOString(), calls };
}

/** The calls given to one caller, across campaigns (the portal's list). */
export async function callsFor(db: DB, callerId: number) {
  return (await callsOf(db, { callerId })).map(forCaller);
}

/** Possible callers: living, active members with portal access, officers first. */
export async function callers(db: DB) {
  const rows = await db
    .selectFrom('members')
    .select(['id', 'firstName', 'lastName', 'postRole'])
    .where('deceasedOn', 'is', null)
    .where('isActive', '=', true)
    .where('hasOnlineAccess', '=', true)
    .orderBy(sql`post_role = 'none'`)
    .orderBy('lastName')
    .orderBy('firstName')
    .execute();
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`, postRole: r.postRole }));
}

/** Gives calls to a caller (or none), or splits the unassigned calls evenly among callers. Returns how many calls changed. */
export async function assignCalls(
  db: DB,
  input: { id: number; callIds?: number[]; callerId?: number | null; splitAmong?: number[] },
): Promise<{ assigned: number }> {
  await getCampaignRow(db, input.id);
  const valid = new Set((await callers(db)).map((c) => c.id));
  const wanted = [...(input.splitAmong ?? []), ...(input.callerId ? [input.callerId] : [])];
  if (wanted.some((id) => !valid.has(id))) throw badRequest(buddyCheckMessages.callerNotFound);
  if (input.splitAmong?.length) {
    const open = await db
      .selectFrom('buddyCheckCalls as k')
      .innerJoin('members as m', 'm.id', 'k.memberId')
      .select('k.id')
      .where('k.campaignId', '=', input.id)
      .where('k.callerId', 'is', null)
      .orderBy('m.lastName')
      .orderBy('m.firstName')
      .orderBy('k.id')
      .execute();
    const by = input.splitAmong;
    for (let i = 0; i < by.length; i++) {
      const ids = open.filter((_, j) => j % by.length === i).map((r) => r.id);
      if (ids.length) await db.updateTable('buddyCheckCalls').set({ callerId: by[i]!, updatedAt: new Date() }).where('id', 'in', ids).execute();
    }
    return { assigned: open.length };
  }
  if (!input.callIds?.length || input.callerId === undefined) throw badRequest('Choose the calls and a caller, or callers to split the list among.');
  const r = await db
    .updateTable('buddyCheckCalls')
    .set({ callerId: input.callerId, updatedAt: new Date() })
    .where('campaignId', '=', input.id)
    .where('id', 'in', input.callIds)
    .executeTakeFirst();
  return { assigned: Number(r.numUpdatedRows) };
}

async function getCampaignRow(db: DB, id: number) {
  const c = await db.selectFrom('buddyCheckCampaigns').select('id').where('id', '=', id).executeTakeFirst();
  if (!c) throw notFound(buddyCheckMessages.campaignNotFound);
  return c;
}

/**
 * Records a call's outcome (the day it is recorded, on the post's calendar, is the day it counts
 * for). A call of another campaign, or (for a portal caller) of another caller, is 404.
 */
export async function recordCall(
  db: DB,
  where: { campaignId?: number; callerId?: number },
  callId: number,
  input: { outcome: BuddyCheckOutcome; note?: string | null },
): Promise<BuddyCheckCall> {
  const clock = await duesClock(db);
  let q = db
    .updateTable('buddyCheckCalls')
    .set({
      outcome: input.outcome,
      note: input.note ?? null,
      // The day a call is first recorded stays its day; an outcome corrected later keeps it, so it counts once.
      calledOn: sql<string>`coalesce(called_on, ${clock.date}::date)`,
      // A new "needs help" waits for someone to follow up again.
      followedUpAt: input.outcome === 'needs-help' ? null : sql<Date | null>`followed_up_at`,
      updatedAt: new Date(),
    })
    .where('id', '=', callId);
  if (where.campaignId !== undefined) q = q.where('campaignId', '=', where.campaignId);
  if (where.callerId !== undefined) q = q.where('callerId', '=', where.callerId);
  const r = await q.returning(['id', 'campaignId']).executeTakeFirst();
  if (!r) throw notFound(where.callerId !== undefined ? buddyCheckMessages.notYourCall : buddyCheckMessages.callNotFound);
  const call = (await callsOf(db, { campaignId: r.campaignId })).find((c) => c.id === r.id)!;
  const { campaignId: _c, campaignName: _n, ...rest } = call;
  return forCaller(rest);
}

/** Marks a "needs help" call followed up (the dashboard's flag goes). */
export async function followUp(db: DB, campaignId: number, callId: number): Promise<void> {
  const r = await db
    .updateTable('buddyCheckCalls')
    .set({ followedUpAt: new Date(), updatedAt: new Date() })
    .where('id', '=', callId)
    .where('campaignId', '=', campaignId)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) throw notFound(buddyCheckMessages.callNotFound);
}

/** Calls that found someone who needs help and no one has followed up yet, oldest first. */
export async function needsHelp(db: DB) {
  return db
    .selectFrom('buddyCheckCalls as k')
    .innerJoin('members as m', 'm.id', 'k.memberId')
    .select(['k.campaignId', 'k.id as callId', 'k.memberId', sql<string>`m.first_name || ' ' || m.last_name`.as('name'), 'm.phone', 'k.note', 'k.calledOn'])
    .where('k.outcome', '=', 'needs-help')
    .where('k.followedUpAt', 'is', null)
    .orderBy('k.calledOn')
    .orderBy('k.id')
    .execute();
}

/**
 * The CPR's Buddy Check count (decision 0086): calls whose outcome is `reached`, each once, by the
 * day it was first recorded, from `from` to `to` inclusive ('YYYY-MM-DD', a program year's days).
 */
export async function buddyCheckReachedCount(db: DB, from: string, to: string): Promise<number> {
  const r = await db
    .selectFrom('buddyCheckCalls')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('outcome', '=', 'reached')
    .where('calledOn', '>=', from)
    .where('calledOn', '<=', to)
    .executeTakeFirstOrThrow();
  return r.n;
}
