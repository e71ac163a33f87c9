import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { formMessages } from '@post/contracts/messages/forms';
import { serverMessages } from '@post/contracts/messages/server';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { useTestApp, insertMember, patchSiteSettings } from '../../test-helpers.ts';
import { SIGNUP_LIMIT, signUp as signUpService } from './volunteers.service.ts';

const t = useTestApp({ admin: true });

const HOUR = 60 * 60 * 1000;

async function insertEvent(fields: { positions?: number; startInHours?: number; endInHours?: number } = {}) {
  const start = new Date(Date.now() + (fields.startInHours ?? 48) * HOUR);
  const end = new Date(Date.now() + (fields.endInHours ?? (fields.startInHours ?? 48) + 2) * HOUR);
  const row = await t.db
    .insertInto('events')
    .values({
      title: 'Cleanup Day',
      description: 'Park cleanup',
      location: 'Town Park',
      startDate: start,
      endDate: end,
      volunteerPositions: fields.positions ?? 10,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** POST /api/volunteers from its own address, as a separate visitor would. */
const signUp = (body: Record<string, unknown>, remoteAddress?: string) => t.postAsVisitor('/api/volunteers', body, remoteAddress);

const person = (n: number | string, eventId: number) => ({
  name: `Volunteer ${n}`,
  email: `volunteer${n}@example.org`,
  phone: '555-000-1234',
  role: 'Helper',
  eventId,
});

const stored = async (eventId: number) =>
  (
    await t.db
      .selectFrom('volunteers')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('eventId', '=', eventId)
      .executeTakeFirstOrThrow()
  ).n;

describe('volunteer sign-up', () => {
  it('stores a sign-up and answers with the public fields only', async () => {
    const eventId = await insertEvent();
    const res = await signUp({ name: 'Grace Hopper', email: 'grace@example.org', phone: '555-111-2222', role: 'Greeter', eventId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(Number), eventId, name: 'Grace Hopper', role: 'Greeter' });
    expect(res.body).not.toContain('grace@example.org');
    expect(res.body).not.toContain('555-111-2222');
    const row = await t.db.selectFrom('volunteers').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ eventId, name: 'Grace Hopper', email: 'grace@example.org', phone: '555-111-2222', role: 'Greeter' });
    const event = await t.agent().get(`/api/events/${eventId}`);
    expect(event.json().volunteerCount).toBe(1);
  });

  it('stores blank phone and role as empty', async () => {
    const eventId = await insertEvent();
    const res = await signUp({ name: 'Al', email: 'al@example.org', phone: '', role: '', eventId });
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBeNull();
    const row = await t.db.selectFrom('volunteers').select(['phone', 'role']).where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row).toEqual({ phone: null, role: null });
  });

  it('holds capacity under 50 concurrent sign-ups for 10 positions', async () => {
    const eventId = await insertEvent({ positions: 10 });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => signUp(person(`c${i}`, eventId))));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toEqual({ message: volunteerMessages.positionsFilled });
    }
    expect(await stored(eventId)).toBe(10);
    const upcoming = (await t.agent().get('/api/events/upcoming')).json() as { id: number; volunteerCount: number; volunteers: unknown[] }[];
    const entry = upcoming.find((e) => e.id === eventId)!;
    expect(entry.volunteerCount).toBe(10);
    expect(entry.volunteers).toHaveLength(10);
  });

  it('refuses a sign-up when the positions are filled, and any when positions are 0', async () => {
    const full = await insertEvent({ positions: 1 });
    expect((await signUp(person('f1', full))).statusCode).toBe(200);
    const over = await signUp(person('f2', full));
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(volunteerMessages.positionsFilled);
    const closed = await insertEvent({ positions: 0 });
    const res = await signUp(person('z1', closed));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(volunteerMessages.positionsFilled);
    expect(await stored(full)).toBe(1);
    expect(await stored(closed)).toBe(0);
  });

  it('refuses a second sign-up with the same e-mail for the same event, whatever its case', async () => {
    const eventId = await insertEvent();
    const other = await insertEvent();
    expect((await signUp({ ...person('d', eventId), email: 'Dup.Person@Example.org' })).statusCode).toBe(200);
    for (const email of ['Dup.Person@Example.org', 'dup.person@example.org', '  DUP.PERSON@EXAMPLE.ORG ']) {
      const again = await signUp({ ...person('d2', eventId), email });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: volunteerMessages.alreadySignedUp });
    }
    // The same person may sign up for another event.
    expect((await signUp({ ...person('d', other), email: 'dup.person@example.org' })).statusCode).toBe(200);
    expect(await stored(eventId)).toBe(1);
    // Racing duplicates: exactly one is stored.
    const race = await insertEvent();
    const results = await Promise.all(Array.from({ length: 5 }, () => signUp({ ...person('r', race), email: 'racer@example.org' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 200)) expect(r.json()).toEqual({ message: volunteerMessages.alreadySignedUp });
    expect(await stored(race)).toBe(1);
  });

  it('refuses a sign-up for an event that has ended, but not for one under way', async () => {
    const ended = await insertEvent({ startInHours: -5, endInHours: -3 });
    const res = await signUp(person('e1', ended));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: volunteerMessages.eventEnded });
    expect(await stored(ended)).toBe(0);
    const running = await insertEvent({ startInHours: -1, endInHours: 2 });
    expect((await signUp(person('e2', running))).statusCode).toBe(200);
  });

  it('answers 404 for an event that does not exist', async () => {
    const res = await signUp(person('m', 987654));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: serverMessages.notFound('Event') });
  });

  it("answers bad input with the spec's messages and stores nothing", async () => {
    const eventId = await insertEvent();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'A' }, formMessages.nameMin],
      [{ name: '' }, formMessages.nameMin],
      [{ email: 'not-an-email' }, formMessages.emailInvalid],
      [{ phone: '12345' }, formMessages.phoneMin],
    ];
    for (const [overrides, message] of cases) {
      const res = await signUp({ ...person('bad', eventId), ...overrides });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await signUp({ ...person('bad', eventId), eventId: 'x' })).statusCode).toBe(400);
    expect(await stored(eventId)).toBe(0);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const eventId = await insertEvent();
    const res = await signUp({ ...person('bot', eventId), website: 'http://spam.example' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 0, eventId, name: 'Volunteer bot', role: 'Helper' });
    expect(await stored(eventId)).toBe(0);
  });

  it(`limits one address to ${SIGNUP_LIMIT} sign-ups per window (429)`, async () => {
    const eventId = await insertEvent({ positions: 1000 });
    const address = '10.99.0.1';
    for (let i = 0; i < SIGNUP_LIMIT; i++) expect((await signUp(person(`l${i}`, eventId), address)).statusCode).toBe(200);
    const res = await signUp(person('over', eventId), address);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(serverMessages.tooManyAttempts);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored(eventId)).toBe(SIGNUP_LIMIT);
    // Another visitor is not affected.
    expect((await signUp(person('other', eventId))).statusCode).toBe(200);
  });
});

describe("the event's volunteer count", () => {
  /** The stored count beside count(*) of the volunteers, and what the public list shows. */
  async function counts(eventId: number) {
    const row = await t.db
      .selectFrom('events as e')
      .select(['e.volunteerCount', 'e.updatedAt', 'e.sequence', sql<number>`(select count(*)::int from volunteers v where v.event_id = e.id)`.as('actual')])
      .where('e.id', '=', eventId)
      .executeTakeFirstOrThrow();
    const listed = ((await t.agent().get('/api/events')).json() as { id: number; volunteerCount: number }[]).find((e) => e.id === eventId);
    return { ...row, listed: listed?.volunteerCount };
  }

  it('stays equal to the sign-ups through sign-ups, refusals and deletions, without touching updated_at or sequence', async () => {
    const eventId = await insertEvent({ positions: 3 });
    const before = await counts(eventId);
    expect(before).toMatchObject({ volunteerCount: 0, actual: 0, listed: 0 });
    expect((await signUp(person('n1', eventId))).statusCode).toBe(200);
    expect((await signUp(person('n2', eventId))).statusCode).toBe(200);
    expect((await signUp(person('n1', eventId))).statusCode).toBe(409);
    expect((await signUp({ ...person('bot2', eventId), website: 'x' })).statusCode).toBe(200);
    expect(await counts(eventId)).toMatchObject({ volunteerCount: 2, actual: 2, listed: 2 });
    await Promise.all(Array.from({ length: 5 }, (_, i) => signUp(person(`n-race-${i}`, eventId))));
    const full = await counts(eventId);
    expect(full).toMatchObject({ volunteerCount: 3, actual: 3, listed: 3 });
    // iCalendar clients see a change of the event only when an administrator edits it.
    expect(full.updatedAt).toEqual(before.updatedAt);
    expect(full.sequence).toBe(before.sequence);
    // A removed volunteer frees a position.
    await t.db.deleteFrom('volunteers').where('eventId', '=', eventId).where('email', '=', 'volunteern1@example.org').execute();
    expect(await counts(eventId)).toMatchObject({ volunteerCount: 2, actual: 2 });
    expect((await signUp(person('n3', eventId))).statusCode).toBe(200);
    expect(await counts(eventId)).toMatchObject({ volunteerCount: 3, actual: 3 });
    // Deleting the event takes its volunteers with it.
    expect((await t.admin.delete(`/api/events/${eventId}`)).statusCode).toBe(200);
    expect(await stored(eventId)).toBe(0);
  });

  it('may exceed the positions after an administrator lowers them; sign-ups are then refused', async () => {
    const eventId = await insertEvent({ positions: 5 });
    for (const n of ['p1', 'p2', 'p3']) expect((await signUp(person(n, eventId))).statusCode).toBe(200);
    const ev = (await t.admin.get(`/api/events/${eventId}`)).json();
    const lowered = await t.admin.put(`/api/events/${eventId}`, { ...ev, volunteerPositions: 1 });
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json()).toMatchObject({ volunteerPositions: 1, volunteerCount: 3 });
    const res = await signUp(person('p4', eventId));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: volunteerMessages.positionsFilled });
    // A repeated address is still told it signed up already, not that the event is full.
    expect((await signUp(person('p1', eventId))).json()).toEqual({ message: volunteerMessages.alreadySignedUp });
    expect(await counts(eventId)).toMatchObject({ volunteerCount: 3, actual: 3 });
  });

  it('takes one locking statement for a sign-up, with its confirmation and cancel token in it', async () => {
    const eventId = await insertEvent();
    const sent: string[] = [];
    const db = t.db.withPlugin({
      transformQuery(args) {
        sent.push(args.node.kind);
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const row = await signUpService(db, '192.0.2.250', t.env.siteUrl, { name: 'Solo Statement', email: 'solo@example.org', phone: null, role: null, eventId });
    expect(row).toMatchObject({ eventId, name: 'Solo Statement' });
    // WITH open AS (SELECT ... FOR UPDATE) INSERT ... SELECT FROM open is still the one statement
    // that checks and takes a position; the confirmation (queued by template, decision 0045) is
    // inserted by the same statement, so neither exists without the other. Nothing is read
    // before it (the confirmation names the sign-up, decision 0049): after its address's counter
    // (limits are never off, decision 0062), a sign-up is one round trip.
    expect(sent).toEqual(['InsertQueryNode', 'RawNode']);
    const queued = await t.db.selectFrom('mailOutbox').select(['kind', 'toAddress', 'template']).where('toAddress', '=', 'solo@example.org').execute();
    expect(queued).toEqual([{ kind: 'volunteer-confirmation', toAddress: 'solo@example.org', template: 'volunteer-confirmation' }]);
    // Its cancel link is signed from the sign-up's id when the message is rendered (decision
    // 0046): the statement writes no token row, and the parameters name the sign-up, nothing more.
    const token = await t.db.selectFrom('mailTokens').select('purpose').where('subjectId', '=', row.id).where('purpose', '=', 'volunteer-cancel').execute();
    expect(token).toHaveLength(0);
    const params = await t.db.selectFrom('mailOutbox').select('params').where('toAddress', '=', 'solo@example.org').executeTakeFirstOrThrow();
    expect(params.params).toEqual({ baseUrl: expect.any(String), volunteerId: row.id });
  });
});

describe('volunteer list', () => {
  it('shows names and roles to the public and contact details to administrators only', async () => {
    const eventId = await insertEvent();
    await signUp({ name: 'Helen Hunt', email: 'helen.private@example.org', phone: '555-444-5555', role: 'Cook', eventId });
    await signUp({ name: 'Ivan Ives', email: 'ivan.private@example.org', eventId });
    const m = await insertMember(t.db, { membershipNumber: 'VOL-1' });
    const member = t.agent();
    await member.loginMember(m.membershipNumber);
    for (const agent of [t.agent(), member]) {
      const res = await agent.get(`/api/volunteers?eventId=${eventId}`);
      expect(res.statusCode).toBe(200);
      // First name and last initial in public by default (decision 0096).
      expect(res.json()).toEqual([
        { id: expect.any(Number), eventId, name: 'Helen H.', role: 'Cook' },
        { id: expect.any(Number), eventId, name: 'Ivan I.', role: null },
      ]);
      expect(res.body).not.toMatch(/private@example\.org|555-444-5555|Hunt|Ives/);
    }
    // The post may choose full names.
    await patchSiteSettings(t.db, { publicFullNames: true });
    t.app.clearPublicCache();
    expect((await t.agent().get(`/api/volunteers?eventId=${eventId}`)).json().map((v: { name: string }) => v.name)).toEqual(['Helen Hunt', 'Ivan Ives']);
    await patchSiteSettings(t.db, { publicFullNames: false });
    t.app.clearPublicCache();
    const res = await t.admin.get(`/api/volunteers?eventId=${eventId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: expect.any(Number), eventId, name: 'Helen Hunt', role: 'Cook', email: 'helen.private@example.org', phone: '555-444-5555' },
      { id: expect.any(Number), eventId, name: 'Ivan Ives', role: null, email: 'ivan.private@example.org', phone: null },
    ]);
  });

  it('answers 404 for a missing event and 400 without an event id', async () => {
    expect((await t.agent().get('/api/volunteers?eventId=987654')).statusCode).toBe(404);
    expect((await t.agent().get('/api/volunteers')).statusCode).toBe(400);
  });
});

describe('volunteer removal', () => {
  it('lets an administrator remove a sign-up, freeing its position; 404 when missing; 401 for anyone else', async () => {
    const eventId = await insertEvent({ positions: 1 });
    const first = await signUp(person('remove-1', eventId));
    expect(first.statusCode).toBe(200);
    // Full: a second volunteer is turned away until the first is removed.
    expect((await signUp(person('remove-2', eventId))).statusCode).toBe(409);
    const id = first.json().id as number;
    const m = await insertMember(t.db);
    const member = t.agent();
    await member.loginMember(m.membershipNumber);
    for (const agent of [t.agent(), member]) {
      const refused = await agent.delete(`/api/volunteers/${id}`);
      expect(refused.statusCode).toBe(401);
    }
    expect(await stored(eventId)).toBe(1);
    const removed = await t.admin.delete(`/api/volunteers/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ ok: true, promoted: [] });
    expect(await stored(eventId)).toBe(0);
    expect((await t.agent().get(`/api/events/${eventId}`)).json().volunteerCount).toBe(0);
    expect((await signUp(person('remove-2', eventId))).statusCode).toBe(200);
    const again = await t.admin.delete(`/api/volunteers/${id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: serverMessages.notFound('Volunteer') });
  });
});
