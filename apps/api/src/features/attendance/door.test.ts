import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-helpers.ts';

const t = useTestApp({ admin: true });

const HOUR = 3_600_000;

/** An event under way with one shift of `capacity` places, and sign-ups in order (the later ones waiting when it is full). */
async function eventWithShift(capacity: number, people: { name: string; email: string; status: 'confirmed' | 'waitlisted' }[]) {
  const event = await t.db
    .insertInto('events')
    .values({ title: 'Clean-up', description: 'x', location: 'Park', startDate: new Date(Date.now() - HOUR), endDate: new Date(Date.now() + 2 * HOUR) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const shift = await t.db
    .insertInto('volunteerShifts')
    .values({ eventId: event.id, role: 'Clean-up', startDate: new Date(Date.now() - HOUR), endDate: new Date(Date.now() + 2 * HOUR), capacity, position: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const p of people) {
    const v = await t.db
      .insertInto('volunteers')
      .values({ eventId: event.id, shiftId: shift.id, name: p.name, email: p.email, status: p.status })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(v.id);
  }
  return { eventId: event.id, shiftId: shift.id, ids };
}

describe('the door list', () => {
  it('shows who waits and at what place, the shift’s room, and no e-mail or phone', async () => {
    const { eventId, ids } = await eventWithShift(1, [
      { name: 'Cora Confirmed', email: 'cora@example.org', status: 'confirmed' },
      { name: 'Walt Waiting', email: 'walt@example.org', status: 'waitlisted' },
      { name: 'Wren Waiting', email: 'wren@example.org', status: 'waitlisted' },
    ]);
    const res = await t.admin.get(`/api/admin/events/${eventId}/door`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.shifts).toEqual([expect.objectContaining({ role: 'Clean-up', capacity: 1, confirmed: 1 })]);
    const byName = Object.fromEntries(body.people.map((p: { name: string }) => [p.name, p]));
    expect(byName['Cora Confirmed']).toMatchObject({ volunteerId: ids[0], status: 'confirmed', position: null });
    expect(byName['Walt Waiting']).toMatchObject({ status: 'waitlisted', position: 1 });
    expect(byName['Wren Waiting']).toMatchObject({ status: 'waitlisted', position: 2 });
    expect(res.body).not.toContain('@example.org');
  });

  it('gives one key to one person’s several sign-ups', async () => {
    const { eventId } = await eventWithShift(5, [
      { name: 'Two Shifts', email: 'two@example.org', status: 'confirmed' },
      { name: 'Other One', email: 'other@example.org', status: 'confirmed' },
    ]);
    const second = await t.db
      .insertInto('volunteerShifts')
      .values({ eventId, role: 'Tear-down', startDate: new Date(), endDate: new Date(Date.now() + HOUR), capacity: 5, position: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('volunteers').values({ eventId, shiftId: second.id, name: 'Two Shifts', email: 'TWO@example.org' }).execute();
    const people: { name: string; personKey: string }[] = (await t.admin.get(`/api/admin/events/${eventId}/door`)).json().people;
    const keys = people.filter((p) => p.name === 'Two Shifts').map((p) => p.personKey);
    expect(new Set(keys).size).toBe(1);
    expect(people.find((p) => p.name === 'Other One')!.personKey).not.toBe(keys[0]);
  });

  it('is for staff only', async () => {
    const { eventId } = await eventWithShift(1, []);
    expect((await t.agent().get(`/api/admin/events/${eventId}/door`)).statusCode).toBe(401);
    expect((await t.admin.get(`/api/admin/events/999999/door`)).statusCode).toBe(404);
  });
});

describe('giving a place at the door', () => {
  it('gives a waiting person the place and checks them in while the shift has room', async () => {
    const { ids } = await eventWithShift(2, [
      { name: 'Ada Arrived', email: 'ada@example.org', status: 'confirmed' },
      { name: 'Walt Waiting', email: 'walt2@example.org', status: 'waitlisted' },
    ]);
    const at = new Date(Date.now() - 10 * 60_000).toISOString();
    const res = await t.admin.post(`/api/admin/volunteers/${ids[1]}/door-place`, { at });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/^Walt Waiting was given a place and checked in at /);
    expect(res.json().attendee.checkedInAt).toBe(at);
    const v = await t.db.selectFrom('volunteers').select('status').where('id', '=', ids[1]!).executeTakeFirstOrThrow();
    expect(v.status).toBe('confirmed');
    // Sent again by a phone whose first answer was lost: the same time, nothing new.
    const again = await t.admin.post(`/api/admin/volunteers/${ids[1]}/door-place`, { at: new Date().toISOString() });
    expect(again.statusCode).toBe(200);
    expect(again.json().already).toBe(true);
    expect(again.json().attendee.checkedInAt).toBe(at);
    const actions = await t.db.selectFrom('auditLog').select('action').where('entity', '=', 'volunteer').where('entityId', '=', String(ids[1])).execute();
    expect(actions.map((a) => a.action)).toEqual(['promote']);
  });

  it('refuses with 409 and changes nothing when the shift is full, and gives the place over capacity when asked', async () => {
    const { ids } = await eventWithShift(1, [
      { name: 'Full Place', email: 'full@example.org', status: 'confirmed' },
      { name: 'Nora Noroom', email: 'nora@example.org', status: 'waitlisted' },
    ]);
    const refused = await t.admin.post(`/api/admin/volunteers/${ids[1]}/door-place`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/no room left on Clean-up: Nora Noroom is still on the waitlist/);
    expect((await t.db.selectFrom('volunteers').select('status').where('id', '=', ids[1]!).executeTakeFirstOrThrow()).status).toBe('waitlisted');
    expect(await t.db.selectFrom('attendance').select('id').where('volunteerId', '=', ids[1]!).execute()).toHaveLength(0);
    const forced = await t.admin.post(`/api/admin/volunteers/${ids[1]}/door-place`, { overCapacity: true });
    expect(forced.statusCode).toBe(200);
    expect(forced.json().attendee.checkedInAt).not.toBeNull();
  });
});

describe('taking back a mark', () => {
  it('clears a check-out, then removes the check-in, each audited; nothing left to take back is a 409', async () => {
    const { ids } = await eventWithShift(3, [{ name: 'Miss Tap', email: 'tap@example.org', status: 'confirmed' }]);
    const inRes = await t.admin.post(`/api/admin/volunteers/${ids[0]}/check-in`, {});
    const attendanceId = inRes.json().attendee.attendanceId as number;
    await t.admin.post(`/api/admin/volunteers/${ids[0]}/check-out`, {});
    // The arrival cannot go while the departure is there.
    expect((await t.admin.post(`/api/admin/attendance/${attendanceId}/undo`, { mark: 'check-in' })).statusCode).toBe(409);
    const out = await t.admin.post(`/api/admin/attendance/${attendanceId}/undo`, { mark: 'check-out' });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe("Miss Tap's check-out was taken back.");
    expect((await t.db.selectFrom('attendance').select('checkedOutAt').where('id', '=', attendanceId).executeTakeFirstOrThrow()).checkedOutAt).toBeNull();
    const back = await t.admin.post(`/api/admin/attendance/${attendanceId}/undo`, { mark: 'check-in' });
    expect(back.statusCode).toBe(200);
    expect(await t.db.selectFrom('attendance').select('id').where('id', '=', attendanceId).execute()).toHaveLength(0);
    expect((await t.admin.post(`/api/admin/attendance/${attendanceId}/undo`, { mark: 'check-in' })).statusCode).toBe(404);
    const actions = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'attendance')
      .where('entityId', '=', String(attendanceId))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['check-in', 'check-out', 'update', 'delete']);
  });

  it('leaves hours an administrator set alone', async () => {
    const { ids } = await eventWithShift(3, [{ name: 'Set Hours', email: 'set@example.org', status: 'confirmed' }]);
    const attendanceId = (await t.admin.post(`/api/admin/volunteers/${ids[0]}/check-in`, {})).json().attendee.attendanceId as number;
    await t.admin.put(`/api/admin/attendance/${attendanceId}/hours`, { hours: 2, reason: 'Paper sheet' });
    const res = await t.admin.post(`/api/admin/attendance/${attendanceId}/undo`, { mark: 'check-in' });
    expect(res.statusCode).toBe(409);
    expect(await t.db.selectFrom('attendance').select('id').where('id', '=', attendanceId).execute()).toHaveLength(1);
  });
});

describe('typing in a paper sheet', () => {
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const paper = (eventId: number, body: Record<string, unknown>) =>
    t.admin.post(`/api/admin/events/${eventId}/paper-times`, { clientId: `paper-${Math.random().toString(36).slice(2, 12)}`, ...body });
  const record = (volunteerId: number) =>
    t.db.selectFrom('attendance').select(['id', 'checkedInAt', 'checkedOutAt']).where('volunteerId', '=', volunteerId).executeTakeFirst();

  it('stores a sign-up’s time in and out as written, audited as from the paper sheet; sent again it changes nothing', async () => {
    const { eventId, ids } = await eventWithShift(3, [{ name: 'Paula Paper', email: 'paula@example.org', status: 'confirmed' }]);
    const body = { clientId: 'paper-row-paula-1', volunteerId: ids[0], in: ago(50), out: ago(5) };
    const res = await paper(eventId, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ already: false, message: expect.stringMatching(/^Paula Paper: in .*, out .* saved from the paper sheet\.$/) });
    expect(await record(ids[0]!)).toMatchObject({ checkedInAt: new Date(body.in), checkedOutAt: new Date(body.out) });
    const again = await paper(eventId, body);
    expect(again.json()).toMatchObject({ already: true, message: 'Paula Paper: these times were already saved.' });
    const entries = await t.db
      .selectFrom('auditLog')
      .select(['action', 'changes'])
      .where('entity', '=', 'attendance')
      .where('entityId', '=', String((await record(ids[0]!))!.id))
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual(['check-in', 'check-out']);
    expect(JSON.stringify(entries[0]!.changes)).toContain('paper sheet');
  });

  it('keeps a time marked at the door and adds the departure from paper', async () => {
    const { eventId, ids } = await eventWithShift(3, [{ name: 'Door First', email: 'doorfirst@example.org', status: 'confirmed' }]);
    const door = ago(40);
    await t.admin.post(`/api/admin/volunteers/${ids[0]}/check-in`, { at: door });
    const out = ago(10);
    const res = await paper(eventId, { volunteerId: ids[0], in: ago(55), out });
    expect(res.statusCode, res.body).toBe(200);
    expect(await record(ids[0]!)).toMatchObject({ checkedInAt: new Date(door), checkedOutAt: new Date(out) });
  });

  it('adds a walk-in from a spare row once, with both times, however often it is sent', async () => {
    const { eventId, shiftId } = await eventWithShift(3, []);
    const body = { clientId: 'paper-spare-row-1', name: 'Sid Spare', shiftId, in: ago(45), out: ago(15) };
    expect((await paper(eventId, body)).statusCode).toBe(200);
    const second = await paper(eventId, body);
    expect(second.statusCode).toBe(200);
    expect(second.json().already).toBe(true);
    const rows = await t.db.selectFrom('attendance').select(['name', 'shiftId', 'checkedInAt', 'checkedOutAt']).where('eventId', '=', eventId).execute();
    expect(rows).toEqual([{ name: 'Sid Spare', shiftId, checkedInAt: new Date(body.in), checkedOutAt: new Date(body.out) }]);
  });

  it('stores nothing of a row it refuses: a walk-in whose time out is too far after the event is not added', async () => {
    const event = await t.db
      .insertInto('events')
      .values({
        title: 'Long over',
        description: 'x',
        location: 'Hall',
        startDate: new Date(Date.now() - 20 * HOUR),
        endDate: new Date(Date.now() - 14 * HOUR),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await paper(event.id, { name: 'Late Larry', in: ago(15 * 60), out: ago(60) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/too far from the event/);
    expect(await t.db.selectFrom('attendance').select('id').where('eventId', '=', event.id).execute()).toHaveLength(0);
  });

  it('answers plainly to a row with no time, a spare row with no name, a time out before the time in, and another event’s sign-up', async () => {
    const { eventId, ids } = await eventWithShift(3, [{ name: 'Vera Valid', email: 'vera@example.org', status: 'confirmed' }]);
    const other = await eventWithShift(3, []);
    const noTime = await paper(eventId, { volunteerId: ids[0] });
    expect(noTime.statusCode).toBe(400);
    expect(noTime.body).toContain('Type a time in or a time out.');
    expect((await paper(eventId, { in: ago(30) })).body).toContain('Name must be at least');
    const backwards = await paper(eventId, { volunteerId: ids[0], in: ago(10), out: ago(30) });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.body).toContain('Time out is before time in.');
    expect((await paper(other.eventId, { volunteerId: ids[0], in: ago(30) })).statusCode).toBe(404);
    expect(await record(ids[0]!)).toBeUndefined();
  });
});
