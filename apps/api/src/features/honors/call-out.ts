import { sql } from 'kysely';
import type { DB } from '@post/db';
import { honorsMessages } from '@post/contracts/messages/honors';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { parseSigned, signedBy, signId } from '../../lib/signed-id.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { enqueue } from '../mail/outbox.ts';
import { senderFrom } from '../mail/templates.ts';
import { formatEventTime } from '../mail/context.ts';
import { honorsCallOut } from '../mail/honors-templates.ts';
import { signUpAll } from '../volunteers/signup.ts';
import { qualifiedMembers, rolesOf } from './honors.service.ts';

// The call-out and its one-tap answer (decision 0088). The link is signed like a volunteer's manage
// link (decision 0046): `{member id}.{shift id}.{HMAC of both}`, so nothing is stored and it names no address.

const PURPOSE = 'honors-answer';

/** The token of one member's answer for one role's shift. */
export function answerToken(secret: string, memberId: number, shiftId: number): string {
  return `${memberId}.${signId(secret, PURPOSE, shiftId, String(memberId))}`;
}

function parseToken(secret: string, token: string): { memberId: number; shiftId: number } | null {
  const m = /^([1-9][0-9]{0,15})\.(.+)$/.exec(token);
  if (!m) return null;
  const parsed = parseSigned(m[2]!);
  if (!parsed || !signedBy(secret, PURPOSE, parsed, m[1]!)) return null;
  return { memberId: Number(m[1]), shiftId: parsed.id };
}

/**
 * Mails every active member qualified for a role still open, and no one else, one link per such
 * role; members who already answered are left out. Keyed by the minute, so a double tap sends once.
 */
export async function callOut(db: DB, requestId: number, secret: string, baseUrl: string): Promise<{ queued: number }> {
  const settings = await getSettings(db);
  return inTransaction(db, async (trx) => {
    const req = await trx.selectFrom('honorsRequests').selectAll().where('id', '=', requestId).executeTakeFirst();
    if (!req) throw notFound('Request');
    if (req.state !== 'accepted' || req.eventId === null) throw badRequest(req.state === 'new' ? honorsMessages.notAccepted : honorsMessages.notOpen);
    const eventId = req.eventId;
    const open = (await rolesOf(trx, eventId)).filter((r) => r.needed > 0);
    if (open.length === 0) throw conflict(honorsMessages.noOpenRoles);
    const answered = new Set(
      (
        await trx
          .selectFrom('volunteers')
          .select(sql<string>`lower(email)`.as('email'))
          .where('eventId', '=', eventId)
          .execute()
      ).map((a) => a.email),
    );
    const event = await trx.selectFrom('events').select(['startDate', 'endDate', 'location']).where('id', '=', eventId).executeTakeFirstOrThrow();
    const when = formatEventTime(new Date(event.startDate), new Date(event.endDate), settings.timeZone);
    const minute = Math.floor(Date.now() / 60_000);
    let queued = 0;
    for (const m of await qualifiedMembers(
      trx,
      open.map((r) => r.role),
    )) {
      if (!m.email.includes('@') || answered.has(m.email.toLowerCase())) continue;
      const roles = open
        .filter((r) => m.honorGuardRoles.includes(r.role))
        .map((r) => ({ label: r.label, url: `${baseUrl}/honors/answer?token=${answerToken(secret, m.id, r.shiftId)}` }));
      const rendered = await honorsCallOut({
        sender: senderFrom(settings, baseUrl),
        firstName: m.firstName,
        deceasedName: req.deceasedName,
        when,
        location: event.location,
        roles,
      });
      if (await enqueue(trx, { idempotencyKey: `honors-call-out:${requestId}:${m.id}:${minute}`, kind: 'honors-call-out', to: m.email, ...rendered })) queued++;
    }
    return { queued };
  });
}

interface Target {
  member: { id: number; firstName: string; lastName: string; email: string; phone: string | null; honorGuardRoles: string[] };
  shift: { id: number; eventId: number; role: string; honorRole: string; capacity: number; volunteerCount: number };
  request: { deceasedName: string; serviceAt: Date | string; location: string };
}

/** What a member and shift name, when the detail is still open; null otherwise. */
async function target(db: DB, memberId: number, shiftId: number): Promise<Target | null> {
  const member = await db
    .selectFrom('members')
    .select(['id', 'firstName', 'lastName', 'email', 'phone', 'honorGuardRoles'])
    .where('id', '=', memberId)
    .where('isActive', '=', true)
    .where('deceasedOn', 'is', null)
    .executeTakeFirst();
  const shift = await db
    .selectFrom('volunteerShifts')
    .select(['id', 'eventId', 'role', 'honorRole', 'capacity', 'volunteerCount'])
    .where('id', '=', shiftId)
    .where('honorRole', 'is not', null)
    .where('endDate', '>=', new Date())
    .executeTakeFirst();
  if (!member || !shift) return null;
  const request = await db
    .selectFrom('honorsRequests')
    .select(['deceasedName', 'serviceAt', 'location'])
    .where('eventId', '=', shift.eventId)
    .where('state', '=', 'accepted')
    .executeTakeFirst();
  return request ? { member, shift: { ...shift, honorRole: shift.honorRole! }, request } : null;
}

async function answerState(db: DB, t: Target): Promise<'no' | 'confirmed' | 'waitlisted'> {
  const row = await db
    .selectFrom('volunteers')
    .select('status')
    .where('shiftId', '=', t.shift.id)
    .where(sql<boolean>`lower(email) = lower(${t.member.email})`)
    .executeTakeFirst();
  return (row?.status as 'confirmed' | 'waitlisted' | undefined) ?? 'no';
}

/** A call-out link's preview (nothing changes: mail scanners open links); null when it names nothing open. */
export async function previewAnswer(db: DB, secret: string, token: string) {
  const parsed = parseToken(secret, token);
  const t = parsed && (await target(db, parsed.memberId, parsed.shiftId));
  if (!t) return null;
  return {
    memberName: `${t.member.firstName} ${t.member.lastName}`,
    role: t.shift.honorRole,
    label: t.shift.role,
    serviceAt: new Date(t.request.serviceAt).toISOString(),
    location: t.request.location,
    deceasedName: t.request.deceasedName,
    needed: Math.max(0, t.shift.capacity - t.shift.volunteerCount),
    answered: await answerState(db, t),
  };
}

/** Takes the role for the member: only one they are qualified for; a full role offers its waitlist like any shift. */
async function take(db: DB, t: Target, baseUrl: string, waitlist: boolean) {
  if (!t.member.honorGuardRoles.includes(t.shift.honorRole)) throw new AppError('FORBIDDEN', honorsMessages.notQualified);
  const r = await signUpAll(
    db,
    {
      eventId: t.shift.eventId,
      shiftId: t.shift.id,
      name: `${t.member.firstName} ${t.member.lastName}`,
      email: t.member.email,
      phone: t.member.phone,
      role: null,
      waitlist,
    },
    baseUrl,
  );
  return { status: r.status ?? 'confirmed', ...(r.position !== undefined ? { position: r.position } : {}) };
}

/** Answers a call-out link. */
export async function answerByToken(db: DB, secret: string, baseUrl: string, token: string, waitlist: boolean) {
  const parsed = parseToken(secret, token);
  const t = parsed && (await target(db, parsed.memberId, parsed.shiftId));
  if (!t) throw badRequest(honorsMessages.answerLinkInvalid);
  return take(db, t, baseUrl, waitlist);
}

/** Answers from the portal, as the signed-in member. */
export async function answerAsMember(db: DB, memberId: number, shiftId: number, baseUrl: string, waitlist: boolean) {
  const t = await target(db, memberId, shiftId);
  if (!t) throw badRequest(honorsMessages.notOpen);
  return take(db, t, baseUrl, waitlist);
}

/** The portal's open details: those with a role the member is qualified for first, then the rest. */
export async function openDetailsFor(db: DB, memberId: number) {
  const me = await db.selectFrom('members').select(['email', 'honorGuardRoles']).where('id', '=', memberId).executeTakeFirstOrThrow();
  const requests = await db
    .selectFrom('honorsRequests as r')
    .innerJoin('events as e', 'e.id', 'r.eventId')
    .select(['r.eventId', 'r.deceasedName', 'r.serviceAt', 'r.location'])
    .where('r.state', '=', 'accepted')
    .where('e.endDate', '>=', new Date())
    .orderBy('r.serviceAt')
    .execute();
  const out = [];
  for (const r of requests) {
    const eventId = r.eventId!;
    const mine = new Set(
      (
        await db
          .selectFrom('volunteers')
          .select('shiftId')
          .where('eventId', '=', eventId)
          .where(sql<boolean>`lower(email) = lower(${me.email})`)
          .execute()
      ).map((v) => v.shiftId),
    );
    const roles = (await rolesOf(db, eventId)).map((x) => ({
      role: x.role,
      label: x.label,
      shiftId: x.shiftId,
      needed: x.needed,
      qualified: me.honorGuardRoles.includes(x.role),
      mine: mine.has(x.shiftId),
    }));
    out.push({
      eventId,
      serviceAt: new Date(r.serviceAt).toISOString(),
      location: r.location,
      deceasedName: r.deceasedName,
      roles,
      qualified: roles.some((x) => x.qualified && x.needed > 0),
    });
  }
  // Details with an open role the member can take come first (issue 62 item 3); each group by date.
  return [...out.filter((d) => d.qualified), ...out.filter((d) => !d.qualified)];
}
