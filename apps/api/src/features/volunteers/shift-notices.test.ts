import { beforeEach, describe, expect, it } from 'vitest';
import { createEventWithShifts, person, useTestApp } from '../../test-helpers.ts';
import { cancelToken } from '../../lib/cancel-link.ts';
import { manageToken } from '../../lib/manage-link.ts';

// Issue 43, what was left: a "this and following" edit tells the volunteers of every date it
// changes, once each; a confirmation naming several shifts outlives the removal of any one of them.

const t = useTestApp({ admin: true, mail: true });

beforeEach(() => {
  t.sink.messages.length = 0;
});

const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const plus = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * HOUR).toISOString();

async function post(body: Record<string, unknown>) {
  const res = await t.postAsVisitor('/api/volunteers', body);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

interface Shift {
  id: number;
  role: string;
  startDate: string;
  endDate: string;
  capacity: number;
  note: string | null;
}
interface Occurrence {
  id: number;
  startDate: string;
  shifts: Shift[];
}

/** A weekly series of four with the given shifts (role, capacity), each an hour long, an hour apart. */
async function series(title: string, shifts: [string, number][]): Promise<Occurrence[]> {
  const first = await createEventWithShifts(
    t.admin,
    shifts.map(([role, capacity], i) => ({ role, capacity, from: 24 + i, to: 25 + i })),
    { title, location: 'Post Hall', endDate: at(28), recurrence: { rule: 'FREQ=WEEKLY;COUNT=4', onHoliday: 'keep' } },
  );
  const rows = await t.db.selectFrom('events').select('id').where('seriesId', '=', first.seriesId).orderBy('startDate').execute();
  return Promise.all(rows.map(async (r) => (await t.admin.get(`/api/events/${r.id}`)).json() as Occurrence));
}

/** The notices (changed or cancelled) queued for an address, by kind. */
async function noticesTo(email: string): Promise<string[]> {
  const rows = await t.db
    .selectFrom('mailOutbox')
    .select('kind')
    .where('toAddress', '=', email)
    .where('kind', 'in', ['event-changed', 'event-deleted'])
    .orderBy('id')
    .execute();
  return rows.map((r) => r.kind);
}
const promotedTo = async (email: string) =>
  (await t.db.selectFrom('mailOutbox').select('id').where('toAddress', '=', email).where('kind', '=', 'volunteer-promoted').execute()).length;
const statusOf = async (email: string) => (await t.db.selectFrom('volunteers').select('status').where('email', '=', email).executeTakeFirst())?.status;

describe('"this and following" edits of a series with shifts', () => {
  it("tell the volunteers of every affected date once each when a shift moves or goes, the waiting ones of a removed shift too, and no earlier date's", async () => {
    const list = await series('Bingo', [
      ['Caller', 1],
      ['Snacks', 2],
    ]);
    // On each date: a caller, one waiting for the caller's place, a snack helper.
    for (const [i, o] of list.entries()) {
      await post(person(`call${i}`, o.id, { shiftId: o.shifts[0]!.id }));
      await post(person(`wait${i}`, o.id, { shiftId: o.shifts[0]!.id, waitlist: true }));
      await post(person(`snack${i}`, o.id, { shiftId: o.shifts[1]!.id }));
    }
    expect(await statusOf('wait2@example.org')).toBe('waitlisted');
    // From the second date on: Caller goes, Snacks starts half an hour later.
    const second = list[1]!;
    const edited = (await t.admin.get(`/api/events/${second.id}`)).json();
    const snacks = second.shifts[1]!;
    const res = await t.admin.put(`/api/events/${second.id}`, {
      ...edited,
      scope: 'following',
      shifts: [{ ...snacks, startDate: plus(snacks.startDate, 0.5), endDate: plus(snacks.endDate, 0.5) }],
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const i of [1, 2, 3]) {
      expect(await noticesTo(`call${i}@example.org`), `call${i}`).toEqual(['event-deleted']);
      expect(await noticesTo(`wait${i}@example.org`), `wait${i}`).toEqual(['event-deleted']);
      expect(await noticesTo(`snack${i}@example.org`), `snack${i}`).toEqual(['event-changed']);
      // The removed shift's sign-ups went with it; the moved shift kept its own.
      expect(await statusOf(`call${i}@example.org`)).toBeUndefined();
      expect(await statusOf(`snack${i}@example.org`)).toBe('confirmed');
    }
    for (const k of ['call0', 'wait0', 'snack0']) expect(await noticesTo(`${k}@example.org`), k).toEqual([]);
    // Each later date's Snacks now starts half an hour later than before.
    for (const o of list.slice(1)) {
      const now = (await t.admin.get(`/api/events/${o.id}`)).json() as Occurrence;
      expect(now.shifts.map((s) => s.role)).toEqual(['Snacks']);
      expect(Date.parse(now.shifts[0]!.startDate) - Date.parse(o.shifts[1]!.startDate)).toBe(HOUR / 2);
    }
    // The notices say what they are about, and go out once.
    await t.app.mailWorker.runOnce();
    const notices = (address: string) =>
      t.sink.messages.filter((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '').includes(address) && /^(Changed|Cancelled):/.test(m.subject ?? ''));
    expect(notices('snack3@').map((m) => m.subject)).toEqual(['Changed: Bingo: Snacks']);
    expect(notices('wait3@').map((m) => m.subject)).toEqual(['Cancelled: Bingo: Caller']);
  });

  it('tell every later date of a new place and promote from each date its own waiting, once, when capacity grows', async () => {
    const list = await series('Fish Fry', [['Server', 1]]);
    for (const [i, o] of list.entries()) {
      await post(person(`srv${i}`, o.id, { shiftId: o.shifts[0]!.id }));
      await post(person(`srvw${i}a`, o.id, { shiftId: o.shifts[0]!.id, waitlist: true }));
      await post(person(`srvw${i}b`, o.id, { shiftId: o.shifts[0]!.id, waitlist: true }));
    }
    const second = (await t.admin.get(`/api/events/${list[1]!.id}`)).json();
    const res = await t.admin.put(`/api/events/${second.id}`, {
      ...second,
      location: 'Legion Field',
      scope: 'following',
      shifts: [{ ...second.shifts[0], capacity: 2 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const i of [1, 2, 3]) {
      // Each date's first waiting gets the new place, the second still waits.
      expect(await statusOf(`srvw${i}a@example.org`)).toBe('confirmed');
      expect(await statusOf(`srvw${i}b@example.org`)).toBe('waitlisted');
      expect(await promotedTo(`srvw${i}a@example.org`)).toBe(1);
      expect(await promotedTo(`srvw${i}b@example.org`)).toBe(0);
      // Everyone of those dates hears of the new place, once.
      for (const k of [`srv${i}`, `srvw${i}a`, `srvw${i}b`]) expect(await noticesTo(`${k}@example.org`), k).toEqual(['event-changed']);
    }
    expect(await statusOf('srvw0a@example.org')).toBe('waitlisted');
    expect(await noticesTo('srv0@example.org')).toEqual([]);
    // Lowering it again from the third date: nobody loses a place, nobody else is promoted or told.
    const third = (await t.admin.get(`/api/events/${list[2]!.id}`)).json();
    const lower = await t.admin.put(`/api/events/${third.id}`, { ...third, scope: 'following', shifts: [{ ...third.shifts[0], capacity: 1 }] });
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.json().shifts[0]).toMatchObject({ capacity: 1, filled: 2, waitlisted: 1 });
    for (const i of [2, 3]) {
      expect(await statusOf(`srvw${i}a@example.org`)).toBe('confirmed');
      expect(await promotedTo(`srvw${i}b@example.org`)).toBe(0);
      expect(await noticesTo(`srv${i}@example.org`)).toEqual(['event-changed']);
    }
    // And raising it again promotes each date's next one.
    const again = (await t.admin.get(`/api/events/${list[2]!.id}`)).json();
    await t.admin.put(`/api/events/${again.id}`, { ...again, scope: 'following', shifts: [{ ...again.shifts[0], capacity: 3 }] });
    for (const i of [2, 3]) expect(await promotedTo(`srvw${i}b@example.org`)).toBe(1);
    expect(await statusOf('srvw1b@example.org')).toBe('waitlisted');
  });
});

describe('"this and following" edits, continued', () => {
  it('tell nobody with notifyVolunteers=false, though shifts move and go', async () => {
    const list = await series('Quiet Bingo', [
      ['Caller', 1],
      ['Snacks', 2],
    ]);
    for (const [i, o] of list.entries()) {
      await post(person(`q-call${i}`, o.id, { shiftId: o.shifts[0]!.id }));
      await post(person(`q-snack${i}`, o.id, { shiftId: o.shifts[1]!.id }));
    }
    const second = (await t.admin.get(`/api/events/${list[1]!.id}`)).json();
    const snacks = second.shifts[1];
    const res = await t.admin.put(`/api/events/${second.id}`, {
      ...second,
      scope: 'following',
      notifyVolunteers: false,
      shifts: [{ ...snacks, startDate: plus(snacks.startDate, 1), endDate: plus(snacks.endDate, 1) }],
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const i of [0, 1, 2, 3]) for (const k of [`q-call${i}`, `q-snack${i}`]) expect(await noticesTo(`${k}@example.org`), k).toEqual([]);
    expect(await statusOf('q-call3@example.org')).toBeUndefined();
  });

  it('keep a later date whose only sign-up is waiting when a new rule drops it, as one with confirmed sign-ups is kept', async () => {
    const list = await series('Drill', [['Marcher', 1]]);
    const [, second, third] = list;
    await t.db
      .insertInto('volunteers')
      .values({ eventId: third!.id, shiftId: third!.shifts[0]!.id, name: 'Wai Ting', email: 'wai@example.org', status: 'waitlisted' })
      .execute();
    const edited = (await t.admin.get(`/api/events/${second!.id}`)).json();
    // Every other week from the second date: the third date is no longer one of the series'.
    const res = await t.admin.put(`/api/events/${second!.id}`, {
      ...edited,
      scope: 'following',
      recurrence: { rule: 'FREQ=WEEKLY;INTERVAL=2;COUNT=2', onHoliday: 'keep' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const kept = await t.db.selectFrom('events').select(['id', 'seriesId']).where('id', '=', third!.id).executeTakeFirst();
    expect(kept).toEqual({ id: third!.id, seriesId: null });
    expect(await statusOf('wai@example.org')).toBe('waitlisted');
  });
});

/** The confirmations sent to an address: their texts. */
function confirmationsTo(address: string): string[] {
  return t.sink.messages
    .filter((m) => m.subject?.startsWith("You're signed up") && (m.to && !Array.isArray(m.to) ? m.to.text : '').includes(address))
    .map((m) => m.text ?? '');
}

const threeShifts = (title: string) =>
  createEventWithShifts(
    t.admin,
    [
      { role: 'Set-up', capacity: 3, from: 72, to: 73 },
      { role: 'Usher', capacity: 3, from: 73, to: 75 },
      { role: 'Clean-up', capacity: 3, from: 76, to: 77 },
    ],
    { title, location: 'Cemetery', endDate: at(78) },
  );

describe('a confirmation naming several shifts, before it is sent', () => {
  it('still goes when an administrator removes its first sign-up, listing only the others', async () => {
    const e = await threeShifts('Memorial Day');
    const made = await post(person('multi-a', e.id, { shiftIds: e.shifts.map((s) => s.id) }));
    const [first] = made.signUps as { id: number }[];
    expect((await t.admin.delete(`/api/volunteers/${first!.id}`)).statusCode).toBe(200);
    // The Outbox lists it, queued, under the subject it will have.
    const listed = (await t.admin.get('/api/admin/outbox?q=multi-a')).json().items as { kind: string; state: string; subject: string | null }[];
    expect(listed.find((m) => m.kind === 'volunteer-confirmation')).toMatchObject({ state: 'queued', subject: "You're signed up: Memorial Day" });
    await t.app.mailWorker.runOnce();
    const mail = confirmationsTo('multi-a@');
    expect(mail).toHaveLength(1);
    expect(mail[0]).not.toContain('Set-up');
    expect(mail[0]).toMatch(/Usher: .*Confirmed\./);
    expect(mail[0]).toMatch(/Clean-up: .*Confirmed\./);
  });

  it('still goes when the person cancels the first with its link, or from the manage page', async () => {
    const e = await threeShifts('Poppy Day');
    const made = (await post(person('multi-b', e.id, { shiftIds: e.shifts.map((s) => s.id) }))).signUps as { id: number }[];
    const res = await t.agent().post('/api/volunteers/cancel', { token: cancelToken(t.env.mail.linkSecret, made[0]!.id) });
    expect(res.statusCode, res.body).toBe(200);
    // The last one cancelled from the manage page too: the mail lists the one left.
    const token = manageToken(t.env.mail.linkSecret, e.id, 'multi-b@example.org');
    const manage = await t.agent().post('/api/volunteers/mine', { token, action: 'cancel', volunteerId: made[2]!.id });
    expect(manage.statusCode, manage.body).toBe(200);
    await t.app.mailWorker.runOnce();
    const mail = confirmationsTo('multi-b@');
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatch(/Usher: .*Confirmed\./);
    expect(mail[0]).not.toMatch(/Set-up|Clean-up/);
    // Its cancel link is the remaining sign-up's.
    expect(mail[0]).toContain(cancelToken(t.env.mail.linkSecret, made[1]!.id));
  });

  it('does not go when every sign-up it names has gone, and the row says why', async () => {
    const e = await threeShifts('Flag Day');
    const made = (await post(person('multi-c', e.id, { shiftIds: e.shifts.map((s) => s.id) }))).signUps as { id: number }[];
    for (const s of [made[1]!, made[0]!, made[2]!]) expect((await t.admin.delete(`/api/volunteers/${s.id}`)).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('mailOutbox')
      .select(['state', 'lastError'])
      .where('toAddress', '=', 'multi-c@example.org')
      .where('kind', '=', 'volunteer-confirmation')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'cancelled', lastError: 'sign-up removed' });
    await t.app.mailWorker.runOnce();
    expect(confirmationsTo('multi-c@')).toEqual([]);
  });

  it('a single sign-up removed before its confirmation is sent still gets none', async () => {
    const e = await threeShifts('Veterans Day');
    const one = await post(person('single-d', e.id, { shiftId: e.shifts[1]!.id }));
    expect((await t.admin.delete(`/api/volunteers/${one.id}`)).statusCode).toBe(200);
    await t.app.mailWorker.runOnce();
    expect(confirmationsTo('single-d@')).toEqual([]);
  });
});
