import { describe, expect, it } from 'vitest';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { useTestApp, insertMember, patchSiteSettings, type Agent } from './test-helpers.ts';
import { addressKey } from './lib/rate-limit.ts';
import { manageToken } from './lib/manage-link.ts';
import { SIGNUP_LIMIT } from './features/volunteers/volunteers.service.ts';
import { MEMBER_ENTRIES } from './features/service-hours/service-hours.router.ts';

// Issue 56 item 6: per-address limits count what docs/security.md promises (decision 0081).
const t = useTestApp();

const HOUR = 3_600_000;

/** An event two days ahead with `n` one-hour shifts of room for 5. */
async function eventWithShifts(n: number) {
  const start = new Date(Date.now() + 48 * HOUR);
  const e = await t.db
    .insertInto('events')
    .values({
      title: 'Flag retirement',
      description: 'x',
      location: 'Park',
      startDate: start,
      endDate: new Date(start.getTime() + 24 * HOUR),
      volunteerPositions: 500,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const shifts = await t.db
    .insertInto('volunteerShifts')
    .values(
      Array.from({ length: n }, (_, i) => ({
        eventId: e.id,
        role: `Shift ${i + 1}`,
        startDate: new Date(start.getTime() + i * HOUR),
        endDate: new Date(start.getTime() + (i + 1) * HOUR),
        capacity: 5,
        position: i,
      })),
    )
    .returning('id')
    .execute();
  return { eventId: e.id, shiftIds: shifts.map((s) => s.id) };
}

function signUp(remoteAddress: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/volunteers',
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}

describe('per-address limits', () => {
  it('keys an IPv6 client by its /64 and an IPv4-mapped one by its IPv4 address', () => {
    expect(addressKey('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:DB8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::5')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts sign-up places, not requests: 20 shifts in one request use up the limit, for every address of that /64', async () => {
    const { eventId, shiftIds } = await eventWithShifts(SIGNUP_LIMIT + 2);
    const first = await signUp('2001:db8:1:2::1', { name: 'Pat Places', email: 'pat@example.org', eventId, shiftIds: shiftIds.slice(0, SIGNUP_LIMIT) });
    expect(first.statusCode).toBe(200);
    const neighbour = await signUp('2001:db8:1:2:ffff:ffff:ffff:fffe', {
      name: 'Nia Next',
      email: 'nia@example.org',
      eventId,
      shiftId: shiftIds[SIGNUP_LIMIT],
    });
    expect(neighbour.statusCode).toBe(429);
    expect(Number(neighbour.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await signUp('2001:db8:1:3::1', { name: 'Eli Else', email: 'eli@example.org', eventId, shiftId: shiftIds[SIGNUP_LIMIT] });
    expect(elsewhere.statusCode).toBe(200);
    const places = await t.db.selectFrom('volunteers').select('id').where('eventId', '=', eventId).execute();
    expect(places).toHaveLength(SIGNUP_LIMIT + 1);
  });

  it('counts a shift added through the manage link against the same limit', async () => {
    const { eventId, shiftIds } = await eventWithShifts(SIGNUP_LIMIT + 1);
    const ip = '198.51.100.9';
    expect((await signUp(ip, { name: 'Max Manage', email: 'max@example.org', eventId, shiftIds: shiftIds.slice(0, SIGNUP_LIMIT) })).statusCode).toBe(200);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/volunteers/mine',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ token: manageToken(t.env.mail.linkSecret, eventId, 'max@example.org'), action: 'add', shiftId: shiftIds[SIGNUP_LIMIT] }),
    });
    expect(add.statusCode).toBe(429);
    expect(await t.db.selectFrom('volunteers').select('id').where('eventId', '=', eventId).execute()).toHaveLength(SIGNUP_LIMIT);
  });

  it("limits a member's own service entries and records each in the audit log", async () => {
    await patchSiteSettings(t.db, { timeZone: 'America/New_York' });
    await insertMember(t.db, { membershipNumber: 'LIM-1', firstName: 'Lee', lastName: 'Logger' });
    const member: Agent = t.agent();
    await member.loginMember('LIM-1');
    const category = await t.db.selectFrom('serviceCategories').select('id').where('reportable', '=', true).orderBy('id').executeTakeFirstOrThrow();
    const entry = { serviceDate: utcToZoned(new Date(), 'America/New_York').date, hours: 24, miles: 5000, categoryId: category.id, note: 'Drive' };
    const statuses: number[] = [];
    for (let i = 0; i <= MEMBER_ENTRIES; i++) statuses.push((await member.post('/api/member/service', entry)).statusCode);
    expect(statuses).toEqual([...Array<number>(MEMBER_ENTRIES).fill(200), 429]);
    const audit = await t.db.selectFrom('auditLog').select(['actorName', 'action']).where('entity', '=', 'service-entry').execute();
    expect(audit).toHaveLength(MEMBER_ENTRIES);
    expect(audit.every((a) => a.action === 'create' && a.actorName === 'Lee Logger (member LIM-1)')).toBe(true);
  });
});
