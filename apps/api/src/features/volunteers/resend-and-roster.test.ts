import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-helpers.ts';
import { manageToken } from '../../lib/manage-link.ts';
import { RESEND_LIMIT } from './resend-link.ts';

// Issue 63 (decision 0096): a second sign-up can have its manage link mailed again, once; the
// roster gives a waiting person's place and shift time; a removal says who got the place.

const t = useTestApp({ admin: true, mail: true, env: { PUBLIC_URL: 'http://post.example.org' } });

const post = t.postAsVisitor;

async function eventWithShift(capacity: number) {
  const start = new Date(Date.now() + 72 * 3600_000);
  const e = await t.db
    .insertInto('events')
    .values({
      title: 'Fish Fry',
      description: 'Fish',
      location: 'Post Home',
      startDate: start,
      endDate: new Date(start.getTime() + 3 * 3600_000),
      volunteerPositions: 10,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const shift = await t.db
    .insertInto('volunteerShifts')
    .values({ eventId: e.id, role: 'Cashier', startDate: start, endDate: new Date(start.getTime() + 2 * 3600_000), capacity, position: 0 })
    .returning(['id', 'startDate', 'endDate'])
    .executeTakeFirstOrThrow();
  return { eventId: e.id, shift };
}

const linkMails = () => t.db.selectFrom('mailOutbox').select(['toAddress', 'params']).where('kind', '=', 'volunteer-link').execute();

describe('the manage link, mailed again', () => {
  it('goes once to the address that signed up, however often it is asked for, and says nothing of who did not', async () => {
    const { eventId, shift } = await eventWithShift(5);
    expect((await post('/api/volunteers', { name: 'Dana Double', email: 'Dana@Example.org', eventId, shiftId: shift.id })).statusCode).toBe(200);
    const again = await post('/api/volunteers', { name: 'Dana Double', email: 'dana@example.org', eventId, shiftId: shift.id });
    expect(again.statusCode).toBe(409);
    // A double tap: two requests at once send one message.
    const [a, b] = await Promise.all([
      post('/api/volunteers/resend-link', { eventId, email: 'dana@example.org' }),
      post('/api/volunteers/resend-link', { eventId, email: 'DANA@example.org ' }),
    ]);
    expect([a.json().status, b.json().status].sort()).toEqual(['recent', 'sent']);
    expect((await post('/api/volunteers/resend-link', { eventId, email: 'dana@example.org' })).json()).toEqual({ status: 'recent' });
    const queued = await linkMails();
    expect(queued).toHaveLength(1);
    // To the address as it signed up, not as typed now.
    expect(queued[0]!.toAddress).toBe('Dana@Example.org');
    // An address that never signed up gets the same answer, and nothing is sent.
    expect((await post('/api/volunteers/resend-link', { eventId, email: 'nobody@example.org' })).json()).toEqual({ status: 'sent' });
    expect(await linkMails()).toHaveLength(1);
    // The message: "Your sign-ups", with the person's own manage link.
    await t.app.mailWorker.runOnce();
    const mail = t.sink.messages.find((m) => m.subject === 'Your sign-ups: Fish Fry');
    expect(mail, t.sink.messages.map((m) => m.subject).join(', ')).toBeTruthy();
    expect(mail!.text).toContain(`http://post.example.org/volunteer/manage?token=${manageToken(t.env.mail.linkSecret, eventId, 'dana@example.org')}`);
  });

  it('refuses a bad address, and limits one address to a few requests', async () => {
    const { eventId } = await eventWithShift(5);
    expect((await post('/api/volunteers/resend-link', { eventId, email: 'not an address' })).statusCode).toBe(400);
    const from = t.nextAddress();
    for (let i = 0; i < RESEND_LIMIT; i++)
      expect((await post('/api/volunteers/resend-link', { eventId, email: `p${i}@example.org` }, from)).statusCode).toBe(200);
    expect((await post('/api/volunteers/resend-link', { eventId, email: 'one-more@example.org' }, from)).statusCode).toBe(429);
  });
});

describe('the roster and a removal', () => {
  it('gives a waiting person their place and the shift time, and a removal names who got the place', async () => {
    const { eventId, shift } = await eventWithShift(1);
    for (const [name, email] of [
      ['Carla Cash', 'carla@example.org'],
      ['Walt Waiting', 'walt@example.org'],
      ['Wanda Waiting', 'wanda@example.org'],
    ]) {
      expect((await post('/api/volunteers', { name, email, eventId, shiftId: shift.id, waitlist: true })).statusCode).toBeLessThan(300);
    }
    const roster = (await t.admin.get(`/api/admin/volunteers?eventId=${eventId}`)).json() as {
      items: { id: number; name: string; status: string; position?: number; shift: string; shiftStart: string; shiftEnd: string }[];
    };
    expect(roster.items.map((r) => [r.name, r.status, r.position])).toEqual([
      ['Carla Cash', 'confirmed', undefined],
      ['Walt Waiting', 'waitlisted', 1],
      ['Wanda Waiting', 'waitlisted', 2],
    ]);
    expect(roster.items[1]).toMatchObject({
      shift: 'Cashier',
      shiftStart: new Date(shift.startDate).toISOString(),
      shiftEnd: new Date(shift.endDate).toISOString(),
    });
    const carla = roster.items[0]!.id;
    const removed = await t.admin.delete(`/api/volunteers/${carla}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ ok: true, promoted: [{ id: roster.items[1]!.id, name: 'Walt Waiting' }] });
    // Removing someone waiting frees no place: nobody is promoted.
    const wanda = roster.items[2]!.id;
    expect((await t.admin.delete(`/api/volunteers/${wanda}`)).json()).toEqual({ ok: true, promoted: [] });
  });
});
