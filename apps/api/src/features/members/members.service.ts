import { sql, type Selectable } from 'kysely';
import { hashPassword, type DB, type MembersTable } from '@post/db';
import { memberMessages } from '@post/contracts/messages/members';
import type { CreateMemberInput, Member, MemberListInput, UpdateMemberInput } from '@post/contracts/members';
import { utcToZoned, zonedToUtc } from '@post/contracts/rules/event-time';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { honorsMessages } from '@post/contracts/messages/honors';
import { inTransaction } from '../../lib/transaction.ts';
import { imageChanges, imageColumns, pictureError, withImages } from '../images/images.service.ts';
import { renewedThrough } from '@post/contracts/rules/dues';
import { duesClock, duesOf, type DuesClock } from './dues.ts';
import { cancelStaleReminders } from '../renewals/reminders.ts';

type MemberRow = Selectable<MembersTable>;

/** A stored member as administrators see it: never the password, only whether there is one; dues status derived by the clock. */
export function toMember(r: MemberRow, clock: DuesClock): Member {
  return {
    id: r.id,
    membershipNumber: r.membershipNumber,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    address: r.address,
    city: r.city,
    state: r.state,
    zipCode: r.zipCode,
    membershipType: r.membershipType as Member['membershipType'],
    branchOfService: r.branchOfService as Member['branchOfService'],
    yearsOfService: r.yearsOfService,
    deployments: r.deployments,
    memberSince: new Date(r.memberSince).toISOString(),
    paidThrough: r.paidThrough,
    paidThroughOn: duesOf(r, clock).paidThroughOn ?? null,
    duesStatus: duesOf(r, clock).status,
    renewalOpen: duesOf(r, clock).renewalOpen,
    continuousYears: r.continuousYears,
    postRole: r.postRole as Member['postRole'],
    unit: r.unit,
    isActive: r.isActive,
    hasOnlineAccess: r.hasOnlineAccess,
    hasPortalPassword: r.loginPassword !== null,
    deceasedOn: r.deceasedOn,
    obituary: r.obituary,
    serviceEra: r.serviceEra,
    honorGuardRoles: r.honorGuardRoles,
    imageId: r.imageId,
    imageAlt: r.imageAlt,
    image: null,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The instant stored for "member since": today when missing (spec §5); a bare date is noon of that
 * day in the post's time zone, so it reads as the same day wherever it is shown.
 */
export function memberSinceInstant(value: string | null | undefined, timeZone: string): Date {
  const v = value?.trim();
  // A date, not a moment: "now" is noon of today in the post's time zone.
  if (!v) return zonedToUtc(utcToZoned(new Date(), timeZone).date, '12:00', timeZone);
  if (DATE_ONLY.test(v)) return zonedToUtc(v, '12:00', timeZone);
  return new Date(v);
}

/** Members as administrators see them, with their photos. */
export async function toMembers(db: DB, rows: MemberRow[], clock?: DuesClock): Promise<Member[]> {
  const c = clock ?? (await duesClock(db));
  return withImages(
    db,
    rows.map((r) => toMember(r, c)),
  );
}

/** One member as administrators see them, or undefined (the record before a change). */
export async function memberById(db: DB, id: number): Promise<Member | undefined> {
  const row = await db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
  return row && (await toMembers(db, [row]))[0];
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The directory, by last then first name; the filters narrow it in SQL, the derived dues status after (decision 0065). */
export async function listMembers(db: DB, filter: MemberListInput = {}): Promise<Member[]> {
  let q = db.selectFrom('members').selectAll();
  const text = filter.q?.trim().toLowerCase();
  if (text) {
    const like = `%${escapeLike(text)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(first_name || ' ' || last_name)`, 'like', like),
        eb(sql`lower(last_name || ', ' || first_name)`, 'like', like),
        eb(sql`lower(membership_number)`, 'like', like),
        eb(sql`lower(email)`, 'like', like),
      ]),
    );
  }
  // The active directory leaves out the departed; they have a status of their own (decision 0065).
  if (filter.status === 'deceased') q = q.where('deceasedOn', 'is not', null);
  else if (filter.status) q = q.where('isActive', '=', filter.status === 'active').where('deceasedOn', 'is', null);
  if (filter.postRole === 'any') q = q.where('postRole', '<>', 'none');
  else if (filter.postRole) q = q.where('postRole', '=', filter.postRole);
  const rows = await q.orderBy('lastName').orderBy('firstName').orderBy('id').execute();
  const members = await toMembers(db, rows);
  return filter.duesStatus ? members.filter((m) => m.duesStatus === filter.duesStatus) : members;
}

/** 409 with the message that says which value is taken (case is ignored, as sign-in ignores it). */
async function assertUnique(db: DB, membershipNumber: string | undefined, email: string | undefined, exceptId?: number) {
  if (membershipNumber === undefined && email === undefined) return;
  const rows = await db
    .selectFrom('members')
    .select(['membershipNumber', 'email'])
    .where((eb) =>
      eb.or([
        ...(membershipNumber !== undefined ? [eb(sql`lower(membership_number)`, '=', membershipNumber.toLowerCase())] : []),
        ...(email !== undefined ? [eb(sql`lower(email)`, '=', email.toLowerCase())] : []),
      ]),
    )
    .$if(exceptId !== undefined, (qb) => qb.where('id', '<>', exceptId!))
    .execute();
  if (membershipNumber !== undefined && rows.some((r) => r.membershipNumber.toLowerCase() === membershipNumber.toLowerCase())) {
    throw conflict(memberMessages.membershipNumberTaken);
  }
  if (email !== undefined && rows.some((r) => r.email.toLowerCase() === email.toLowerCase())) throw conflict(memberMessages.emailTaken);
}

/** Honor-guard roles must be keys of Settings' list (decision 0088): a 400 naming the field otherwise. */
export async function assertKnownRoles(db: DB, roles: string[] | undefined): Promise<void> {
  if (!roles?.length) return;
  const known = new Set((await getSettings(db)).honors.roles.map((r) => r.key));
  const unknown = roles.filter((k) => !known.has(k));
  if (unknown.length) throw badRequest(honorsMessages.unknownRole(unknown));
}

/** A unique violation that slipped past the check (two saves at once) still says which value. */
export function mapUniqueViolation(err: unknown): unknown {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return err;
  const which = e.constraint ?? e.message ?? '';
  if (which.includes('members_membership_number_uq')) return conflict(memberMessages.membershipNumberTaken);
  if (which.includes('members_email_uq')) return conflict(memberMessages.emailTaken);
  return err;
}

/** Adds a member; the spec's defaults fill what is left out, the portal password is stored hashed. */
export async function createMember(db: DB, input: CreateMemberInput): Promise<Member> {
  await assertUnique(db, input.membershipNumber, input.email);
  await assertKnownRoles(db, input.honorGuardRoles);
  const clock = await duesClock(db);
  const loginPassword = input.loginPassword ? await hashPassword(input.loginPassword) : null;
  try {
    const row = await db
      .insertInto('members')
      .values({ ...memberValues(input, clock), ...imageColumns(input), loginPassword })
      .returningAll()
      .executeTakeFirstOrThrow();
    return (await toMembers(db, [row], clock))[0]!;
  } catch (err) {
    throw pictureError(mapUniqueViolation(err));
  }
}

/**
 * A new member without a year given is current (spec §9's default): paid through this year, or next
 * year once its renewal window is open, as a member joining then pays for next year; under
 * anniversary dues, twelve months from today (decision 0098). A Life Member needs none (decision 0065).
 */
function defaultPaidThrough(
  input: Pick<CreateMemberInput, 'paidThrough' | 'paidThroughOn' | 'membershipType'>,
  clock: DuesClock,
): { paidThrough: number | null; paidThroughOn: string | null } {
  if (input.paidThroughOn !== undefined) return paidThroughOf(input.paidThroughOn);
  if (input.paidThrough !== undefined) return { paidThrough: input.paidThrough, paidThroughOn: null };
  if (input.membershipType === 'Life Member') return { paidThrough: null, paidThroughOn: null };
  const on = renewedThrough(null, clock.date, clock.cal);
  return { paidThrough: Number(on.slice(0, 4)), paidThroughOn: clock.cal.basis === 'anniversary' ? on : null };
}

/** A day paid through (anniversary dues) with its year, which the year column keeps (decision 0098). */
const paidThroughOf = (on: string | null) => ({ paidThrough: on === null ? null : Number(on.slice(0, 4)), paidThroughOn: on });

export function memberValues(input: Omit<CreateMemberInput, 'loginPassword' | 'imageId' | 'imageAlt'>, clock: DuesClock) {
  return {
    membershipNumber: input.membershipNumber,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone ?? null,
    address: input.address ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    zipCode: input.zipCode ?? null,
    membershipType: input.membershipType,
    branchOfService: input.branchOfService,
    yearsOfService: input.yearsOfService,
    deployments: input.deployments ?? null,
    memberSince: memberSinceInstant(input.memberSince, clock.timeZone),
    ...defaultPaidThrough(input, clock),
    postRole: input.postRole,
    unit: input.unit ?? 'post',
    isActive: input.isActive,
    hasOnlineAccess: input.hasOnlineAccess,
    deceasedOn: input.deceasedOn ?? null,
    obituary: input.obituary ?? null,
    serviceEra: input.serviceEra ?? null,
    honorGuardRoles: input.honorGuardRoles,
  };
}

/**
 * Changes the fields the input names. Turning off online access, deactivating the member,
 * marking them deceased or resetting their portal password ends their portal sign-ins at once.
 */
export async function updateMember(db: DB, input: UpdateMemberInput): Promise<Member> {
  const { id, loginPassword, memberSince, imageId, imageAlt, confirmLowerPaidThrough, ...fields } = input;
  const existing = await db.selectFrom('members').select(['id']).where('id', '=', id).executeTakeFirst();
  if (!existing) throw notFound('Member');
  // A day paid through sets the year with it (decision 0098).
  if (fields.paidThroughOn !== undefined) Object.assign(fields, paidThroughOf(fields.paidThroughOn));
  // Paid-through below a recorded payment is usually a slip: said, and done only when confirmed (decision 0086).
  if (typeof fields.paidThrough === 'number' && !confirmLowerPaidThrough) {
    const paid = await db
      .selectFrom('memberPayments')
      .select((eb) => eb.fn.max('year').as('year'))
      .where('memberId', '=', id)
      .executeTakeFirst();
    if (paid?.year != null && fields.paidThrough < paid.year) throw conflict(memberMessages.paidThroughBelowPayment(paid.year));
  }
  await assertUnique(db, fields.membershipNumber, fields.email, id);
  await assertKnownRoles(db, fields.honorGuardRoles);
  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) set[k] = v;
  // Present but blank means "now" (spec §5); absent means unchanged.
  const clock = await duesClock(db);
  if (memberSince !== undefined) set.memberSince = memberSinceInstant(memberSince, clock.timeZone);
  Object.assign(set, imageChanges({ imageId, imageAlt }));
  // A blank portal password leaves the stored one as it is (decisions §2: never shown back).
  const passwordChanged = Boolean(loginPassword);
  if (passwordChanged) set.loginPassword = await hashPassword(loginPassword!);
  const endSessions = passwordChanged || set.isActive === false || set.hasOnlineAccess === false || Boolean(set.deceasedOn);
  try {
    const row = await inTransaction(db, async (trx) => {
      const updated = await trx
        .updateTable('members')
        .set({ ...set, updatedAt: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw notFound('Member');
      if (endSessions) await trx.deleteFrom('memberSessions').where('memberId', '=', id).execute();
      return updated;
    });
    // A reminder queued before this change may no longer be true (decision 0086).
    if ('paidThrough' in set || 'deceasedOn' in set || 'isActive' in set || 'membershipType' in set) await cancelStaleReminders(db, [id]);
    return (await toMembers(db, [row], clock))[0]!;
  } catch (err) {
    throw pictureError(mapUniqueViolation(err));
  }
}

/** Deletes a member (their sign-ins go with them); 404 when there is no such member. */
export async function deleteMember(db: DB, id: number): Promise<void> {
  const row = await db.deleteFrom('members').where('id', '=', id).returning('id').executeTakeFirst();
  if (!row) throw notFound('Member');
}
