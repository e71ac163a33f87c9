import { describe, expect, it } from 'vitest';
import { shiftMessages } from '@post/contracts/messages/shifts';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { createEventWithShifts, useTestApp } from '../../test-helpers.ts';

// Shifts (issue 43): event responses, writes matched by id, sign-ups per shift and their 400s,
// capacity per shift under concurrency, several shifts in one request, series.

const t = useTestApp({ admin: true });

const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const post = (body: Record<string, unknown>) => t.postAsVisitor('/api/volunteers', body);

const person = (k: string | number, eventId: number, extra: Record<string, unknown> = {}) => ({
  name: `Helper ${k}`,
  email: `helper${k}@example.org`,
  eventId,
  ...extra,
});

/** An event at +48 h with the given shifts (capacities), created through the API. */
const eventWithShifts = (capacities: number[], fields: Record<string, unknown> = {}) =>
  createEventWithShifts(
    t.admin,
    capacities.map((capacity, i) => ({ role: `Role ${i + 1}`, capacity, from: 48 + i, to: 49 + i, note: i === 0 ? 'Bring an apron' : '' })),
    { title: 'Fish Fry', description: 'Friday fish fry', location: 'Post Hall', startDate: at(48), endDate: at(54), ...fields },
  );

describe('shifts on events', () => {
  it('are created in order, carried by every event response, with Positions and Filled as their sums', async () => {
    const event = await eventWithShifts([4, 2]);
    expect(event.shifts).toEqual([
      {
        id: expect.any(Number),
        role: 'Role 1',
        startDate: expect.any(String),
        endDate: expect.any(String),
        capacity: 4,
        filled: 0,
        waitlisted: 0,
        note: 'Bring an apron',
      },
      { id: expect.any(Number), role: 'Role 2', startDate: expect.any(String), endDate: expect.any(String), capacity: 2, filled: 0, waitlisted: 0, note: null },
    ]);
    expect(event.volunteerPositions).toBe(6);
    const [s1] = event.shifts;
    for (const k of [1, 2, 3]) expect((await post(person(`sum${k}`, event.id, { shiftId: s1!.id }))).statusCode).toBe(200);
    const one = (await t.agent().get(`/api/events/${event.id}`)).json();
    expect(one).toMatchObject({ volunteerPositions: 6, volunteerCount: 3 });
    expect(one.shifts[0]).toMatchObject({ filled: 3, capacity: 4 });
    const upcoming = (await t.agent().get('/api/events/upcoming')).json().find((e: { id: number }) => e.id === event.id);
    expect(upcoming).toMatchObject({ volunteerPositions: 6, volunteerCount: 3 });
    expect(upcoming.volunteers).toHaveLength(3);
    // Public answers show a first name and last initial by default (decision 0096).
    expect(upcoming.volunteers[0]).toEqual({ id: expect.any(Number), eventId: event.id, name: 'Helper S.', role: null, shiftId: s1!.id });
    const listed = (await t.agent().get('/api/events')).json().find((e: { id: number }) => e.id === event.id);
    expect(listed.shifts).toHaveLength(2);
  });

  it('leaves an event without shifts as it was: an empty list and its own positions', async () => {
    const res = await t.admin.post('/api/events', {
      title: 'Plain',
      description: 'd',
      location: 'l',
      startDate: at(30),
      endDate: at(31),
      volunteerPositions: 7,
    });
    expect(res.json()).toMatchObject({ shifts: [], volunteerPositions: 7, volunteerCount: 0 });
    const ok = await post(person('plain', res.json().id));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ id: expect.any(Number), eventId: res.json().id, name: 'Helper plain', role: null });
  });

  it('are updated by id, reordered, added and removed by PUT; omitted, they stay', async () => {
    const event = await eventWithShifts([3, 3]);
    const [a, b] = event.shifts;
    const full = (await t.admin.get(`/api/events/${event.id}`)).json();
    // Omitted: unchanged.
    const same = await t.admin.put(`/api/events/${event.id}`, { ...full, shifts: undefined });
    expect(same.json().shifts.map((s: { id: number }) => s.id)).toEqual([a!.id, b!.id]);
    const put = await t.admin.put(`/api/events/${event.id}`, {
      ...full,
      shifts: [
        { id: b!.id, role: 'Cashier', startDate: at(50), endDate: at(51), capacity: 5 },
        { role: 'Clean-up', startDate: at(53), endDate: at(54), capacity: 2 },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().shifts.map((s: { id: number; role: string }) => [s.id === b!.id, s.role])).toEqual([
      [true, 'Cashier'],
      [false, 'Clean-up'],
    ]);
    expect(await t.db.selectFrom('volunteerShifts').select('id').where('id', '=', a!.id).executeTakeFirst()).toBeUndefined();
  });

  it("refuses a shift id that is not the event's, and bad shifts, with clear 400s", async () => {
    const mine = await eventWithShifts([1]);
    const other = await eventWithShifts([1]);
    const full = (await t.admin.get(`/api/events/${mine.id}`)).json();
    const foreign = await t.admin.put(`/api/events/${mine.id}`, {
      ...full,
      shifts: [{ id: other.shifts[0]!.id, role: 'X', startDate: at(48), endDate: at(49), capacity: 1 }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(shiftMessages.shiftUnknown);
    const cases: [Record<string, unknown>, string][] = [
      [{ role: '' }, shiftMessages.roleRequired],
      [{ capacity: 501 }, shiftMessages.capacityRange],
      [{ capacity: -1 }, shiftMessages.capacityRange],
      [{ endDate: at(47) }, shiftMessages.shiftEndBeforeStart],
    ];
    for (const [patch, message] of cases) {
      const res = await t.admin.put(`/api/events/${mine.id}`, {
        ...full,
        shifts: [{ role: 'Server', startDate: at(48), endDate: at(49), capacity: 1, ...patch }],
      });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
  });
});

describe('sign-ups for shifts', () => {
  it('require a shift of the event when it has shifts (400), and none when it has none', async () => {
    const event = await eventWithShifts([2]);
    const other = await eventWithShifts([2]);
    const none = await post(person('ns', event.id));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ message: shiftMessages.shiftRequired });
    const foreign = await post(person('fs', event.id, { shiftId: other.shifts[0]!.id }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ message: shiftMessages.shiftNotOfEvent });
    const plain = (await t.admin.post('/api/events', { title: 'P', description: 'd', location: 'l', startDate: at(30), endDate: at(31) })).json();
    const extra = await post(person('xs', plain.id, { shiftId: event.shifts[0]!.id }));
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ message: shiftMessages.eventHasNoShifts });
    expect(await t.db.selectFrom('volunteers').select('id').where('eventId', 'in', [event.id, plain.id]).execute()).toHaveLength(0);
  });

  it('answers with the shift and place; one e-mail holds one place per shift', async () => {
    const event = await eventWithShifts([2, 2]);
    const [a, b] = event.shifts;
    const res = await post(person('one', event.id, { shiftId: a!.id }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: expect.any(Number), eventId: event.id, name: 'Helper one', role: null, shiftId: a!.id, status: 'confirmed' });
    const again = await post(person('one', event.id, { shiftId: a!.id, email: 'HELPERONE@example.org' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: shiftMessages.alreadyInShift });
    expect((await post(person('one', event.id, { shiftId: b!.id }))).statusCode).toBe(200);
  });

  it('holds each shift to its capacity under 30 concurrent sign-ups, whatever the other shift does', async () => {
    const event = await eventWithShifts([4, 3]);
    const [a, b] = event.shifts;
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => post(person(`race${i}`, event.id, { shiftId: i % 2 ? a!.id : b!.id }))));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(7);
    for (const r of results.filter((r) => r.statusCode !== 200)) expect(r.json()).toEqual({ message: shiftMessages.shiftFull });
    const counts = await t.db.selectFrom('volunteerShifts').select(['id', 'volunteerCount']).where('eventId', '=', event.id).orderBy('position').execute();
    expect(counts).toEqual([
      { id: a!.id, volunteerCount: 4 },
      { id: b!.id, volunteerCount: 3 },
    ]);
    const rows = await t.db.selectFrom('volunteers').select('shiftId').where('eventId', '=', event.id).execute();
    expect(rows.filter((r) => r.shiftId === a!.id)).toHaveLength(4);
    expect(rows.filter((r) => r.shiftId === b!.id)).toHaveLength(3);
    expect((await t.agent().get(`/api/events/${event.id}`)).json()).toMatchObject({ volunteerPositions: 7, volunteerCount: 7 });
  });

  it('takes several shifts in one request: separate sign-ups and one confirmation naming them all', async () => {
    const event = await eventWithShifts([2, 2, 2]);
    const ids = event.shifts.map((s) => s.id);
    const res = await post(person('multi', event.id, { shiftIds: ids }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().signUps.map((s: { shiftId: number; status: string }) => [s.shiftId, s.status])).toEqual(ids.map((id) => [id, 'confirmed']));
    const queued = await t.db.selectFrom('mailOutbox').select(['kind', 'params']).where('toAddress', '=', 'helpermulti@example.org').execute();
    expect(queued).toHaveLength(1);
    expect(queued[0]!.params).toMatchObject({ volunteerIds: res.json().signUps.map((s: { id: number }) => s.id) });
    // All or nothing: one refused shift (already taken) refuses the request.
    const again = await post(person('multi', event.id, { shiftIds: ids }));
    expect(again.statusCode).toBe(409);
    expect(await t.db.selectFrom('volunteers').select('id').where('email', '=', 'helpermulti@example.org').execute()).toHaveLength(3);
  });

  it('refuses a sign-up for a shift that has ended', async () => {
    const event = await createEventWithShifts(t.admin, [{ role: 'Early', capacity: 3, from: -5, to: -3 }], {
      title: 'Long day',
      location: 'l',
      endDate: at(5),
    });
    const res = await post(person('late', event.id, { shiftId: event.shifts[0]!.id }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: shiftMessages.shiftEnded });
    expect(volunteerMessages.eventEnded).not.toBe(shiftMessages.shiftEnded);
  });
});

describe('shifts of a series', () => {
  it('are carried to each occurrence, and "this and following" applies an edit to them', async () => {
    const first = await createEventWithShifts(
      t.admin,
      [
        { role: 'Caller', capacity: 1, from: 24, to: 26 },
        { role: 'Snacks', capacity: 2, from: 25, to: 27 },
      ],
      { title: 'Weekly Bingo', location: 'Hall', recurrence: { rule: 'FREQ=WEEKLY;COUNT=4', onHoliday: 'keep' } },
    );
    const seriesId = first.seriesId!;
    const occurrences = await t.db.selectFrom('events').select(['id', 'startDate']).where('seriesId', '=', seriesId).orderBy('startDate').execute();
    expect(occurrences).toHaveLength(4);
    for (const o of occurrences) {
      const shifts = (await t.agent().get(`/api/events/${o.id}`)).json().shifts;
      expect(shifts.map((s: { role: string }) => s.role)).toEqual(['Caller', 'Snacks']);
      // Each occurrence's shifts sit at the same offsets from its own start.
      expect(Date.parse(shifts[1].startDate) - new Date(o.startDate).getTime()).toBe(HOUR);
    }
    // Edit the second occurrence and the following: Snacks grows to 5, Caller goes, Setup is added.
    const second = (await t.admin.get(`/api/events/${occurrences[1]!.id}`)).json();
    const edit = await t.admin.put(`/api/events/${second.id}`, {
      ...second,
      scope: 'following',
      shifts: [
        { role: 'Setup', startDate: second.startDate, endDate: new Date(Date.parse(second.startDate) + HOUR).toISOString(), capacity: 2 },
        { ...second.shifts[1], capacity: 5 },
      ],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const roles = async (id: number) =>
      (await t.agent().get(`/api/events/${id}`)).json().shifts.map((s: { role: string; capacity: number }) => `${s.role}:${s.capacity}`);
    expect(await roles(occurrences[0]!.id)).toEqual(['Caller:1', 'Snacks:2']);
    for (const o of occurrences.slice(1)) expect(await roles(o.id)).toEqual(['Setup:2', 'Snacks:5']);
  });
});

describe('the roster follows the shifts', () => {
  it("groups sign-ups by shift in order, each shift's waitlist after it, in the page and the CSV", async () => {
    const event = await eventWithShifts([1, 2]);
    const [first, second] = event.shifts;
    expect((await post(person('ro-b', event.id, { shiftId: second!.id }))).statusCode).toBe(200);
    expect((await post(person('ro-a', event.id, { shiftId: first!.id }))).statusCode).toBe(200);
    expect((await post(person('ro-w', event.id, { shiftId: first!.id, waitlist: true }))).statusCode).toBe(201);
    const page = (await t.admin.get(`/api/admin/volunteers?eventId=${event.id}`)).json();
    expect(page.items.map((r: { name: string; shift: string; status: string }) => [r.name, r.shift, r.status])).toEqual([
      ['Helper ro-a', 'Role 1', 'confirmed'],
      ['Helper ro-w', 'Role 1', 'waitlisted'],
      ['Helper ro-b', 'Role 2', 'confirmed'],
    ]);
    const csv = (await t.admin.get(`/api/admin/volunteers.csv?eventId=${event.id}`)).body;
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines[0]).toMatch(/,Shift,Shift time,Status$/);
    expect(lines.slice(1).map((l) => [l.split(',')[3], l.split(',').at(-3), l.split(',').at(-1)])).toEqual([
      ['Helper ro-a', 'Role 1', 'Confirmed'],
      ['Helper ro-w', 'Role 1', 'Waitlist'],
      ['Helper ro-b', 'Role 2', 'Confirmed'],
    ]);
  });
});
