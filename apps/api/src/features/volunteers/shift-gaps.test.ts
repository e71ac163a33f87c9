import { describe, expect, it } from 'vitest';
import { shiftMessages } from '@post/contracts/messages/shifts';
import { createEventWithShifts, person, useTestApp } from '../../test-helpers.ts';
import { formatEventTime } from '../mail/context.ts';
import { cancelToken } from '../../lib/cancel-link.ts';
import { manageToken } from '../../lib/manage-link.ts';
import { queueReminders } from './volunteer-mail.ts';

// Issue 43, checked against its list: the cancel link of a shift or a waiting place, the
// reminder of a moved shift, the manage page's refusals.

const t = useTestApp({ admin: true, mail: true });

const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const post = t.postAsVisitor;

const oneShift = (title: string, capacity: number, startInHours = 48) =>
  createEventWithShifts(t.admin, [{ role: 'Poppy seller', capacity, from: startInHours, to: startInHours + 2 }], {
    title,
    startDate: at(startInHours - 1),
    endDate: at(startInHours + 6),
  });

describe('the cancel link of a shift', () => {
  it("shows the shift's role and time, and for a waiting place its position; using it leaves the waitlist and promotes nobody", async () => {
    const e = await oneShift('Poppy Day', 1);
    const shift = e.shifts[0]!;
    const inPlace = (await post('/api/volunteers', person('cl-in', e.id, { shiftId: shift.id }))).json();
    const first = (await post('/api/volunteers', person('cl-w1', e.id, { shiftId: shift.id, waitlist: true }))).json();
    await post('/api/volunteers', person('cl-w2', e.id, { shiftId: shift.id, waitlist: true }));
    const preview = async (id: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/volunteers/cancel?token=${cancelToken(t.env.mail.linkSecret, id)}` })).json();
    const when = formatEventTime(new Date(shift.startDate), new Date(shift.endDate), 'America/New_York');
    expect(await preview(inPlace.id)).toEqual({ name: 'Person cl-in', role: 'Poppy seller', eventTitle: 'Poppy Day', when, location: 'Main Street' });
    expect(await preview(first.id)).toEqual({
      name: 'Person cl-w1',
      role: 'Poppy seller',
      eventTitle: 'Poppy Day',
      when,
      location: 'Main Street',
      waitlistPosition: 1,
    });
    const left = await t.agent().post('/api/volunteers/cancel', { token: cancelToken(t.env.mail.linkSecret, first.id) });
    expect(left.statusCode, left.body).toBe(200);
    const rows = await t.db.selectFrom('volunteers').select(['email', 'status']).where('eventId', '=', e.id).orderBy('id').execute();
    expect(rows).toEqual([
      { email: 'cl-in@example.org', status: 'confirmed' },
      { email: 'cl-w2@example.org', status: 'waitlisted' },
    ]);
    const promoted = await t.db.selectFrom('mailOutbox').select('id').where('kind', '=', 'volunteer-promoted').where('toAddress', 'like', 'cl-%').execute();
    expect(promoted).toEqual([]);
    // The one behind moved up.
    const staff = (await t.admin.get(`/api/events/${e.id}`)).json();
    expect(staff.volunteers.find((v: { email: string }) => v.email === 'cl-w2@example.org')).toMatchObject({ status: 'waitlisted', position: 1 });
  });
});

describe('the reminder of a moved shift', () => {
  it('is queued once, for the new time: the one queued for the old time is cancelled', async () => {
    const e = await oneShift('Fair', 2, 5);
    const shift = e.shifts[0]!;
    await post('/api/volunteers', person('rm-a', e.id, { shiftId: shift.id }));
    await t.db
      .updateTable('volunteers')
      .set({ createdAt: new Date(Date.now() - 72 * HOUR) } as never)
      .where('eventId', '=', e.id)
      .execute();
    await queueReminders(t.db, t.env);
    const full = (await t.admin.get(`/api/events/${e.id}`)).json();
    const res = await t.admin.put(`/api/events/${e.id}`, { ...full, shifts: [{ ...shift, startDate: at(6), endDate: at(8) }] });
    expect(res.statusCode, res.body).toBe(200);
    await queueReminders(t.db, t.env);
    const reminders = await t.db
      .selectFrom('mailOutbox')
      .select(['state', 'idempotencyKey'])
      .where('kind', '=', 'volunteer-reminder')
      .where('toAddress', '=', 'rm-a@example.org')
      .orderBy('id')
      .execute();
    expect(reminders.map((r) => r.state)).toEqual(['cancelled', 'queued']);
    expect(reminders[1]!.idempotencyKey).toContain(new Date(res.json().shifts[0].startDate).toISOString());
    const notices = await t.db
      .selectFrom('mailOutbox')
      .select('kind')
      .where('kind', '=', 'event-changed')
      .where('toAddress', '=', 'rm-a@example.org')
      .execute();
    expect(notices).toHaveLength(1);
    await t.app.mailWorker.runOnce();
    expect(t.sink.messages.filter((m) => m.subject?.startsWith('Reminder') && JSON.stringify(m.to).includes('rm-a@'))).toHaveLength(1);
  });
});

describe('the reminder of someone given a place', () => {
  it('is not sent when the place came inside the reminder window ("You\'re in" said it all), and is when it came before', async () => {
    const e = await oneShift('Late Call', 1, 5);
    const shift = e.shifts[0]!;
    const first = (await post('/api/volunteers', person('rp-in', e.id, { shiftId: shift.id }))).json();
    await post('/api/volunteers', person('rp-w', e.id, { shiftId: shift.id, waitlist: true }));
    await t.db
      .updateTable('volunteers')
      .set({ createdAt: new Date(Date.now() - 72 * HOUR) } as never)
      .where('eventId', '=', e.id)
      .execute();
    expect((await t.admin.delete(`/api/volunteers/${first.id}`)).statusCode).toBe(200);
    await queueReminders(t.db, t.env);
    const remindersTo = async (email: string) =>
      (await t.db.selectFrom('mailOutbox').select('id').where('kind', '=', 'volunteer-reminder').where('toAddress', '=', email).execute()).length;
    expect(await remindersTo('rp-w@example.org')).toBe(0);
    // Promoted long before the window opened: reminded as anyone.
    await t.db
      .updateTable('mailOutbox')
      .set({ createdAt: new Date(Date.now() - 48 * HOUR) } as never)
      .where('idempotencyKey', 'like', 'volunteer-promoted:%')
      .where('toAddress', '=', 'rp-w@example.org')
      .execute();
    await queueReminders(t.db, t.env);
    expect(await remindersTo('rp-w@example.org')).toBe(1);
  });
});

describe('the manage page', () => {
  it('refuses a shift one already has (409) and a shift of another event (400), storing nothing', async () => {
    const e = await oneShift('Service', 3);
    const other = await oneShift('Other', 3);
    await post('/api/volunteers', person('mp-a', e.id, { shiftId: e.shifts[0]!.id }));
    const token = manageToken(t.env.mail.linkSecret, e.id, 'mp-a@example.org');
    const again = await post('/api/volunteers/mine', { token, action: 'add', shiftId: e.shifts[0]!.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: shiftMessages.alreadyInShift });
    const foreign = await post('/api/volunteers/mine', { token, action: 'add', shiftId: other.shifts[0]!.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ message: shiftMessages.shiftNotOfEvent });
    expect(await t.db.selectFrom('volunteers').select('id').where('email', '=', 'mp-a@example.org').execute()).toHaveLength(1);
  });
});

describe('a shift of no length', () => {
  it('is refused with the message the form gives, and nothing is stored', async () => {
    const res = await t.admin.post('/api/events', {
      title: 'Zero',
      description: 'd',
      location: 'l',
      startDate: at(30),
      endDate: at(32),
      shifts: [{ role: 'Blink', startDate: at(31), endDate: at(31), capacity: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(shiftMessages.shiftEndBeforeStart);
    expect(await t.db.selectFrom('events').select('id').where('title', '=', 'Zero').execute()).toEqual([]);
  });
});
