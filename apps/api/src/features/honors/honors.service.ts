import { sql } from 'kysely';
import type { DB } from '@post/db';
import type { CreateHonorsRequestInput, HonorsDetail, HonorsRequest, HonorsRole } from '@post/contracts/honors';
import { honorRoleLabel } from '@post/contracts/honors-settings';
import { honorsMessages } from '@post/contracts/messages/honors';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { isBot, limitPublicForm } from '../../lib/public-forms.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { enqueue } from '../mail/outbox.ts';
import { senderFrom } from '../mail/templates.ts';
import { formatEventTime } from '../mail/context.ts';
import { honorsRequestNotice } from '../mail/honors-templates.ts';

// A funeral honors request from the family or funeral home to the detail at the graveside (issue 62, decision 0088).

/** Requests one address may send: a funeral home may send several in a day, a script may not. */
export const REQUEST_LIMIT = 10;
export const REQUEST_WINDOW_MS = 60 * 60 * 1000;

type Row = Awaited<ReturnType<typeof requestRows>>[number];

const requestRows = (db: DB) => db.selectFrom('honorsRequests').selectAll().orderBy('serviceAt').orderBy('id').execute();

const iso = (d: Date | string) => new Date(d).toISOString();

function toRequest(r: Row): HonorsRequest {
  return {
    id: r.id,
    state: r.state as HonorsRequest['state'],
    eventId: r.eventId,
    deceasedName: r.deceasedName,
    branch: r.branch,
    serviceAt: iso(r.serviceAt),
    location: r.location,
    requesterName: r.requesterName,
    requesterPhone: r.requesterPhone,
    requesterEmail: r.requesterEmail,
    notes: r.notes,
    provided: r.provided,
    dollarsCost: r.dollarsCost === null ? null : Number(r.dollarsCost),
    doneAt: r.doneAt === null ? null : iso(r.doneAt),
    createdAt: iso(r.createdAt),
  };
}

/** Active, living members qualified for any of `roles` (the members' active flag, not dues status: decision 0088). */
export function qualifiedMembers(db: DB, roles: string[]) {
  return db
    .selectFrom('members')
    .select(['id', 'firstName', 'lastName', 'email', 'phone', 'honorGuardRoles'])
    .where('isActive', '=', true)
    .where('deceasedOn', 'is', null)
    .where(sql<boolean>`honor_guard_roles && ${sql.val(roles)}::text[]`)
    .orderBy('lastName')
    .orderBy('firstName')
    .orderBy('id')
    .execute();
}

/**
 * Stores a request (public form or staff) and, in the same transaction, mails the detail leaders
 * (active members with the leader role). A filled honeypot is answered as a person would be, and nothing is stored.
 */
export async function createRequest(
  db: DB,
  input: CreateHonorsRequestInput,
  who: { ip: string; userId: number | null },
  baseUrl: string,
): Promise<{ id: number }> {
  if (who.userId === null) await limitPublicForm(db, who.ip, 'honors', REQUEST_LIMIT, REQUEST_WINDOW_MS);
  if (isBot(input)) return { id: 0 };
  const settings = await getSettings(db);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('honorsRequests')
      .values({
        deceasedName: input.deceasedName,
        branch: input.branch,
        serviceAt: new Date(input.serviceAt),
        location: input.location,
        requesterName: input.requesterName,
        requesterPhone: input.requesterPhone,
        requesterEmail: input.requesterEmail ?? null,
        notes: input.notes ?? null,
        recordedBy: who.userId,
      })
      .returning(['id', 'serviceAt'])
      .executeTakeFirstOrThrow();
    const at = new Date(row.serviceAt);
    const rendered = await honorsRequestNotice({
      sender: senderFrom(settings, baseUrl),
      deceasedName: input.deceasedName,
      when: formatEventTime(at, new Date(at.getTime() + settings.honors.detailHours * 3_600_000), settings.timeZone),
      location: input.location,
      detailUrl: `${baseUrl}/admin/honors/${row.id}`,
    });
    for (const leader of await qualifiedMembers(trx, ['leader'])) {
      if (!leader.email.includes('@')) continue;
      await enqueue(trx, { idempotencyKey: `honors-request:${row.id}:${leader.id}`, kind: 'honors-request', to: leader.email, ...rendered });
    }
    return { id: row.id };
  });
}

/** Every request, soonest service first; `open` for the dashboard's new ones only. */
export async function listRequests(db: DB, open = false): Promise<HonorsRequest[]> {
  const rows = await requestRows(db);
  return rows.filter((r) => !open || r.state === 'new').map(toRequest);
}

async function requestOf(db: DB, id: number, lock = false): Promise<Row> {
  let q = db.selectFrom('honorsRequests').selectAll().where('id', '=', id);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('Request');
  return row;
}

/**
 * Accepting makes the detail: an event of type honors in the "Funeral honors" category, unlisted
 * unless chosen, with one shift per role of the template. Its title, description and place name
 * no requester: the public calendar, if listed, shows only "Funeral honors" and its time and place.
 */
export async function acceptRequest(db: DB, id: number, listPublicly: boolean, userId: number): Promise<{ eventId: number }> {
  const { honors } = await getSettings(db);
  return inTransaction(db, async (trx) => {
    const req = await requestOf(trx, id, true);
    if (req.state !== 'new') throw conflict(honorsMessages.notNew);
    const start = new Date(req.serviceAt);
    const end = new Date(start.getTime() + honors.detailHours * 3_600_000);
    const lines = honors.template.filter((l) => l.count > 0);
    const category = await trx
      .selectFrom('serviceCategories')
      .select('id')
      .where(sql<string>`lower(name)`, '=', 'funeral honors')
      .executeTakeFirst();
    const event = await trx
      .insertInto('events')
      .values({
        title: 'Funeral honors',
        description: 'A funeral honors detail of the post’s honor guard.',
        location: req.location,
        startDate: start,
        endDate: end,
        type: 'honors',
        createdBy: userId,
        volunteerPositions: lines.reduce((n, l) => n + l.count, 0),
        serviceCategoryId: category?.id ?? null,
        listed: listPublicly,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (lines.length)
      await trx
        .insertInto('volunteerShifts')
        .values(
          lines.map((l, i) => ({
            eventId: event.id,
            role: honorRoleLabel(honors.roles, l.role),
            honorRole: l.role,
            startDate: start,
            endDate: end,
            capacity: l.count,
            note: null,
            position: i,
          })),
        )
        .execute();
    await trx.updateTable('honorsRequests').set({ state: 'accepted', eventId: event.id, updatedAt: new Date() }).where('id', '=', id).execute();
    return { eventId: event.id };
  });
}

/** Declines a new request. */
export async function declineRequest(db: DB, id: number): Promise<HonorsRequest> {
  return inTransaction(db, async (trx) => {
    const req = await requestOf(trx, id, true);
    if (req.state !== 'new') throw conflict(honorsMessages.notNew);
    await trx.updateTable('honorsRequests').set({ state: 'declined', updatedAt: new Date() }).where('id', '=', id).execute();
    return toRequest(await requestOf(trx, id));
  });
}

/**
 * Marks an accepted detail done. A detail provided puts one `funeralHonors` count and its cost
 * (whole dollars) on its event, so the CPR counts it like any event's figures (decisions 0085, 0088).
 */
export async function markDone(db: DB, id: number, provided: boolean, dollarsCost: number | null): Promise<HonorsRequest> {
  return inTransaction(db, async (trx) => {
    const req = await requestOf(trx, id, true);
    if (req.state !== 'accepted') throw badRequest(req.state === 'new' ? honorsMessages.notAccepted : honorsMessages.notOpen);
    await trx
      .updateTable('honorsRequests')
      .set({ state: 'done', provided, dollarsCost, doneAt: new Date(), updatedAt: new Date() })
      .where('id', '=', id)
      .execute();
    if (provided && req.eventId !== null) {
      await trx
        .updateTable('events')
        .set({
          counts: sql`counts || jsonb_build_object('funeralHonors', 1)`,
          dollarsCost: Math.round(dollarsCost ?? 0),
        })
        .where('id', '=', req.eventId)
        .execute();
    }
    return toRequest(await requestOf(trx, id));
  });
}

/** The roles of a detail's event: each honor shift with who holds it and who waits. */
export async function rolesOf(db: DB, eventId: number): Promise<HonorsRole[]> {
  const shifts = await db
    .selectFrom('volunteerShifts')
    .select(['id', 'role', 'honorRole', 'capacity', 'volunteerCount'])
    .where('eventId', '=', eventId)
    .where('honorRole', 'is not', null)
    .orderBy('position')
    .orderBy('id')
    .execute();
  const people = await db
    .selectFrom('volunteers')
    .select(['id', 'shiftId', 'name', 'phone', 'status'])
    .where('eventId', '=', eventId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return shifts.map((s) => {
    const mine = people.filter((p) => p.shiftId === s.id);
    const filled = mine.filter((p) => p.status === 'confirmed').map((p) => ({ volunteerId: p.id, name: p.name, phone: p.phone }));
    return {
      role: s.honorRole!,
      label: s.role,
      shiftId: s.id,
      capacity: s.capacity,
      filled,
      waiting: mine.filter((p) => p.status === 'waitlisted').map((p) => ({ volunteerId: p.id, name: p.name })),
      needed: Math.max(0, s.capacity - s.volunteerCount),
    };
  });
}

/** The detail page: the request, its roles, and the call list (qualified members for open roles who have not answered). */
export async function requestDetail(db: DB, id: number): Promise<HonorsDetail> {
  const req = await requestOf(db, id);
  const event = req.eventId === null ? undefined : await db.selectFrom('events').select(['listed']).where('id', '=', req.eventId).executeTakeFirst();
  const roles = req.eventId === null ? [] : await rolesOf(db, req.eventId);
  const open = roles.filter((r) => r.needed > 0).map((r) => r.role);
  let callList: HonorsDetail['callList'] = [];
  if (req.eventId !== null && open.length && req.state === 'accepted') {
    const answered = await db
      .selectFrom('volunteers')
      .select(sql<string>`lower(email)`.as('email'))
      .where('eventId', '=', req.eventId)
      .execute();
    const taken = new Set(answered.map((a) => a.email));
    callList = (await qualifiedMembers(db, open))
      .filter((m) => !taken.has(m.email.toLowerCase()))
      .map((m) => ({ memberId: m.id, name: `${m.firstName} ${m.lastName}`, phone: m.phone, roles: m.honorGuardRoles.filter((k) => open.includes(k)) }));
  }
  return { ...toRequest(req), listed: event?.listed ?? false, roles, callList };
}
