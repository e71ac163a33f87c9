import { beforeEach, describe, expect, it } from 'vitest';
import { shiftMessages } from '@post/contracts/messages/shifts';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { createEventWithShifts, person, useTestApp } from '../../test-helpers.ts';
import { cancelToken } from '../../lib/cancel-link.ts';
import { queueReminders } from './volunteer-mail.ts';

// The waitlist (issue 43, decision 0064): joining answers 201 with the place; a freed place
// (cancel link, removal, more capacity) goes to the first waiting in the same transaction with
// exactly one "You're in"; nobody is promoted once the shift has started; promotion by hand.

const t = useTestApp({ admin: true, mail: true });

beforeEach(() => {
  t.sink.messages.length = 0;
});

const HOUR = 60 * 60 * 1000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const post = (body: Record<string, unknown>) => t.postAsVisitor('/api/volunteers', body);

async function oneShiftEvent(capacity: number, startInHours = 48) {
  const body = await createEventWithShifts(t.admin, [{ role: 'Poppy seller', capacity, from: startInHours, to: startInHours + 2 }], {
    endDate: at(startInHours + 6),
  });
  return { id: body.id, shiftId: body.shifts[0]!.id, body };
}

/** The "You're in" rows queued for an address. */
const promotedMail = (email: string) =>
  t.db.selectFrom('mailOutbox').select(['idempotencyKey', 'template']).where('toAddress', '=', email).where('kind', '=', 'volunteer-promoted').execute();
const statusOf = async (email: string) => (await t.db.selectFrom('volunteers').select('status').where('email', '=', email).executeTakeFirst())?.status;

describe('joining the waitlist', () => {
  it('answers 201 with the place when full and asked, the spec 409 when not; shows it to administrators only', async () => {
    const e = await oneShiftEvent(1);
    expect((await post(person('w-in', e.id, { shiftId: e.shiftId }))).statusCode).toBe(200);
    const refused = await post(person('w-no', e.id, { shiftId: e.shiftId }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: shiftMessages.shiftFull });
    for (const [k, position] of [
      ['w-1', 1],
      ['w-2', 2],
      ['w-3', 3],
    ] as const) {
      const res = await post(person(k, e.id, { shiftId: e.shiftId, waitlist: true }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ status: 'waitlisted', position, shiftId: e.shiftId });
    }
    const pub = (await t.agent().get(`/api/events/${e.id}`)).json();
    expect(pub.volunteers).toHaveLength(1);
    expect(pub.shifts[0]).toMatchObject({ filled: 1, waitlisted: 3 });
    const staff = (await t.admin.get(`/api/events/${e.id}`)).json();
    expect(staff.volunteers.filter((v: { status?: string }) => v.status === 'waitlisted').map((v: { position: number }) => v.position)).toEqual([1, 2, 3]);
    // With room, waitlist=true simply signs up.
    const roomy = await oneShiftEvent(5);
    const res = await post(person('w-room', roomy.id, { shiftId: roomy.shiftId, waitlist: true }));
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('confirmed');
  });

  it('works for an event without shifts: 201 with the place, else the spec 409', async () => {
    const ev = (
      await t.admin.post('/api/events', { title: 'Dinner', description: 'd', location: 'l', startDate: at(30), endDate: at(32), volunteerPositions: 1 })
    ).json();
    expect((await post(person('p-in', ev.id))).statusCode).toBe(200);
    const no = await post(person('p-no', ev.id));
    expect(no.statusCode).toBe(409);
    expect(no.json()).toEqual({ message: volunteerMessages.positionsFilled });
    const yes = await post(person('p-wait', ev.id, { waitlist: true }));
    expect(yes.statusCode).toBe(201);
    expect(yes.json()).toEqual({ id: expect.any(Number), eventId: ev.id, name: 'Person p-wait', role: null, status: 'waitlisted', position: 1 });
    // The freed place goes to the one waiting.
    const inId = (await t.db.selectFrom('volunteers').select('id').where('email', '=', 'p-in@example.org').executeTakeFirstOrThrow()).id;
    expect((await t.admin.delete(`/api/volunteers/${inId}`)).statusCode).toBe(200);
    expect(await statusOf('p-wait@example.org')).toBe('confirmed');
    expect(await promotedMail('p-wait@example.org')).toHaveLength(1);
  });
});

describe('a freed place goes to the first waiting, with exactly one mail', () => {
  it('when someone cancels with their link; the mail says "You\'re in" with the .ics and a cancel link', async () => {
    const e = await oneShiftEvent(1);
    const first = (await post(person('c-in', e.id, { shiftId: e.shiftId }))).json();
    await post(person('c-w1', e.id, { shiftId: e.shiftId, waitlist: true }));
    await post(person('c-w2', e.id, { shiftId: e.shiftId, waitlist: true }));
    const res = await t.agent().post('/api/volunteers/cancel', { token: cancelToken(t.env.mail.linkSecret, first.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf('c-w1@example.org')).toBe('confirmed');
    expect(await statusOf('c-w2@example.org')).toBe('waitlisted');
    expect(await promotedMail('c-w1@example.org')).toHaveLength(1);
    expect(await promotedMail('c-w2@example.org')).toHaveLength(0);
    await t.app.mailWorker.runOnce();
    const mail = t.sink.messages.filter((m) => m.subject?.startsWith("You're in") && /c-w\d@/.test(m.to && !Array.isArray(m.to) ? m.to.text : ''));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to && !Array.isArray(mail[0]!.to) ? mail[0]!.to.value[0]!.address : '').toBe('c-w1@example.org');
    expect(mail[0]!.subject).toBe("You're in: Poppy Day");
    expect(mail[0]!.text).toContain('Poppy seller');
    expect(mail[0]!.text).toContain('/volunteer/cancel?token=');
    expect(mail[0]!.attachments.map((a) => a.filename).sort()).toEqual([expect.stringMatching(/^check-in-code-\d+\.png$/), 'event.ics']);
    // The second in line moved up.
    const staff = (await t.admin.get(`/api/events/${e.id}`)).json();
    expect(staff.volunteers.find((v: { email: string }) => v.email === 'c-w2@example.org')).toMatchObject({ status: 'waitlisted', position: 1 });
  });

  it('when an administrator removes a sign-up', async () => {
    const e = await oneShiftEvent(1);
    const first = (await post(person('r-in', e.id, { shiftId: e.shiftId }))).json();
    await post(person('r-w1', e.id, { shiftId: e.shiftId, waitlist: true }));
    expect((await t.admin.delete(`/api/volunteers/${first.id}`)).statusCode).toBe(200);
    expect(await statusOf('r-w1@example.org')).toBe('confirmed');
    expect(await promotedMail('r-w1@example.org')).toHaveLength(1);
  });

  it('when capacity is raised, as many as the new places, in order', async () => {
    const e = await oneShiftEvent(1);
    await post(person('k-in', e.id, { shiftId: e.shiftId }));
    for (const k of ['k-w1', 'k-w2', 'k-w3']) await post(person(k, e.id, { shiftId: e.shiftId, waitlist: true }));
    const full = (await t.admin.get(`/api/events/${e.id}`)).json();
    const res = await t.admin.put(`/api/events/${e.id}`, { ...full, shifts: [{ ...full.shifts[0], capacity: 3 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf('k-w1@example.org')).toBe('confirmed');
    expect(await statusOf('k-w2@example.org')).toBe('confirmed');
    expect(await statusOf('k-w3@example.org')).toBe('waitlisted');
    for (const k of ['k-w1', 'k-w2']) expect(await promotedMail(`${k}@example.org`)).toHaveLength(1);
    expect(await promotedMail('k-w3@example.org')).toHaveLength(0);
    expect(res.json().shifts[0]).toMatchObject({ capacity: 3, filled: 3, waitlisted: 1 });
    // Saving again changes nothing and mails nobody twice.
    await t.admin.put(`/api/events/${e.id}`, { ...full, shifts: [{ ...full.shifts[0], capacity: 3 }] });
    for (const k of ['k-w1', 'k-w2']) expect(await promotedMail(`${k}@example.org`)).toHaveLength(1);
  });

  it('never once the shift has started, and the waitlist is closed then', async () => {
    const e = await oneShiftEvent(1, -1);
    const first = (await post(person('s-in', e.id, { shiftId: e.shiftId }))).json();
    expect(first.status).toBe('confirmed');
    const late = await post(person('s-late', e.id, { shiftId: e.shiftId, waitlist: true }));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: shiftMessages.waitlistStarted });
    // Someone who joined before the start is still waiting.
    await t.db
      .insertInto('volunteers')
      .values({ eventId: e.id, shiftId: e.shiftId, name: 'Early Bird', email: 's-w@example.org', status: 'waitlisted' })
      .execute();
    expect((await t.admin.delete(`/api/volunteers/${first.id}`)).statusCode).toBe(200);
    expect(await statusOf('s-w@example.org')).toBe('waitlisted');
    expect(await promotedMail('s-w@example.org')).toHaveLength(0);
  });
});

describe('administrators and the waitlist', () => {
  it('promote by hand (400 when not waiting, 404 when missing, 401 for the public), with one mail', async () => {
    const e = await oneShiftEvent(1);
    const first = (await post(person('h-in', e.id, { shiftId: e.shiftId }))).json();
    const waiting = (await post(person('h-w', e.id, { shiftId: e.shiftId, waitlist: true }))).json();
    expect((await t.agent().post(`/api/volunteers/${waiting.id}/promote`)).statusCode).toBe(401);
    const res = await t.admin.post(`/api/volunteers/${waiting.id}/promote`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf('h-w@example.org')).toBe('confirmed');
    expect(await promotedMail('h-w@example.org')).toHaveLength(1);
    const again = await t.admin.post(`/api/volunteers/${waiting.id}/promote`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: shiftMessages.notWaitlisted });
    expect((await t.admin.post(`/api/volunteers/${first.id + 100000}/promote`)).statusCode).toBe(404);
    const audit = await t.db.selectFrom('auditLog').select(['entity', 'action']).where('entity', '=', 'volunteer').where('action', '=', 'promote').execute();
    expect(audit).toHaveLength(1);
  });
});

describe('the messages of shifts', () => {
  it('confirm several shifts in one mail, each with its time and place, the confirmed ones in the .ics', async () => {
    const e = await createEventWithShifts(
      t.admin,
      [
        { role: 'Set-up', capacity: 1, from: 72, to: 73 },
        { role: 'Usher', capacity: 1, from: 74, to: 76 },
      ],
      { title: 'Memorial Day Service', location: 'Cemetery', endDate: at(78) },
    );
    const [setup, usher] = e.shifts;
    await post(person('m-first', e.id, { shiftId: usher!.id }));
    const signed = await post(person('m-both', e.id, { shiftIds: [setup!.id, usher!.id], waitlist: true }));
    expect(signed.statusCode).toBe(200);
    expect(signed.json().signUps.map((s: { status: string; position?: number }) => [s.status, s.position])).toEqual([
      ['confirmed', undefined],
      ['waitlisted', 1],
    ]);
    await t.app.mailWorker.runOnce();
    const mail = t.sink.messages.filter(
      (m) => m.subject === "You're signed up: Memorial Day Service" && (m.to && !Array.isArray(m.to) ? m.to.text : '').includes('m-both@'),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toMatch(/Set-up: .*Confirmed\./);
    expect(mail[0]!.text).toMatch(/Usher: .*On the waitlist, position 1\./);
    const ics = mail[0]!.attachments.find((a) => a.filename === 'event.ics')!.content.toString();
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain(`-shift-${setup!.id}@`);
  });

  it("remind REMINDER_HOURS before the shift's own start, not the event's", async () => {
    const e = await createEventWithShifts(
      t.admin,
      [
        { role: 'Morning', capacity: 2, from: 3, to: 5 },
        { role: 'Next day', capacity: 2, from: 30, to: 32 },
      ],
      { title: 'All-day Fair', location: 'Fairground', startDate: at(2), endDate: at(40) },
    );
    const [morning, nextDay] = e.shifts;
    await post(person('rem-a', e.id, { shiftId: morning!.id }));
    await post(person('rem-b', e.id, { shiftId: nextDay!.id }));
    await t.db
      .updateTable('volunteers')
      .set({ createdAt: new Date(Date.now() - 72 * HOUR) } as never)
      .where('eventId', '=', e.id)
      .execute();
    await queueReminders(t.db, t.env);
    const reminders = await t.db
      .selectFrom('mailOutbox')
      .select('toAddress')
      .where('kind', '=', 'volunteer-reminder')
      .where('toAddress', 'like', 'rem-%')
      .execute();
    expect(reminders.map((r) => r.toAddress)).toEqual(['rem-a@example.org']);
  });
});
