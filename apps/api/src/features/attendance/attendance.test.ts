import { describe, expect, it } from 'vitest';
import { attendanceMessages } from '@post/contracts/messages/attendance';
import { checkInCodeMessages } from '@post/contracts/messages/check-in-code';
import { insertEventWithSignUps, insertMember, useTestApp } from '../../test-helpers.ts';
import { checkInCode, checkInUrl, volunteerOfCode } from './check-in-code.ts';
import { currentProgramYear } from '@post/contracts/rules/program-year';
import { serviceLines } from '../service-hours/report.service.ts';

const t = useTestApp({ admin: true });

const HOUR = 3_600_000;

/** An event of three hours that started an hour ago, with sign-ups. */
const eventWithSignUps = (names: string[]) => insertEventWithSignUps(t.db, { title: 'Pancake breakfast', start: new Date(Date.now() - HOUR), hours: 3, names });

const rowsOf = (volunteerId: number) => t.db.selectFrom('attendance').selectAll().where('volunteerId', '=', volunteerId).execute();

describe('check-in at the door', () => {
  it('checks a sign-up in once: a second call answers with the first time and adds no row', async () => {
    const { ids } = await eventWithSignUps(['Ann Arrive']);
    const at = new Date(Date.now() - 30 * 60_000).toISOString();
    const first = await t.admin.post(`/api/admin/volunteers/${ids[0]}/check-in`, { at });
    expect(first.statusCode).toBe(200);
    expect(first.json().already).toBe(false);
    expect(first.json().attendee.checkedInAt).toBe(at);
    const second = await t.admin.post(`/api/admin/volunteers/${ids[0]}/check-in`, {});
    expect(second.statusCode).toBe(200);
    expect(second.json().already).toBe(true);
    expect(second.json().attendee.checkedInAt).toBe(at);
    expect(second.json().message).toMatch(/^Already checked in at \d{1,2}:\d{2} [AP]M\.$/);
    const rows = await rowsOf(ids[0]!);
    expect(rows).toHaveLength(1);
    // Only the first mark is in the audit log.
    const entries = await t.db.selectFrom('auditLog').select('action').where('entity', '=', 'attendance').where('entityId', '=', String(rows[0]!.id)).execute();
    expect(entries.map((e) => e.action)).toEqual(['check-in']);
  });

  it('answers concurrent scans of the same code with one record', async () => {
    const { ids } = await eventWithSignUps(['Con Current']);
    const results = await Promise.all([1, 2, 3, 4].map(() => t.admin.post(`/api/admin/volunteers/${ids[0]}/check-in`, {})));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(results.filter((r) => !r.json().already)).toHaveLength(1);
    expect(await rowsOf(ids[0]!)).toHaveLength(1);
  });

  it('derives hours from check-in to check-out, else from the event length', async () => {
    const { eventId, ids } = await eventWithSignUps(['Hal Hours', 'Eve Event', 'Abe Absent']);
    const inAt = new Date(Date.now() - 90 * 60_000);
    await t.admin.post(`/api/admin/volunteers/${ids[0]}/check-in`, { at: inAt.toISOString() });
    const out = await t.admin.post(`/api/admin/volunteers/${ids[0]}/check-out`, { at: new Date(inAt.getTime() + 75 * 60_000).toISOString() });
    expect(out.statusCode).toBe(200);
    expect(out.json().attendee.hours).toBe(1.25);
    const again = await t.admin.post(`/api/admin/volunteers/${ids[0]}/check-out`, {});
    expect(again.json().already).toBe(true);
    expect(again.json().attendee.hours).toBe(1.25);
    await t.admin.post(`/api/admin/volunteers/${ids[1]}/check-in`, {});
    const list = await t.admin.get(`/api/admin/events/${eventId}/attendance`);
    expect(list.statusCode).toBe(200);
    const byName = Object.fromEntries(list.json().people.map((p: { name: string; hours: number }) => [p.name, p.hours]));
    expect(byName).toEqual({ 'Hal Hours': 1.25, 'Eve Event': 3, 'Abe Absent': 0 });
  });

  it('refuses a check-out before a check-in, a time before the arrival, and a time in the future', async () => {
    const { ids } = await eventWithSignUps(['Ned Never']);
    const before = await t.admin.post(`/api/admin/volunteers/${ids[0]}/check-out`, {});
    expect(before.statusCode).toBe(400);
    expect(before.json().message).toBe(attendanceMessages.notCheckedIn);
    const future = await t.admin.post(`/api/admin/volunteers/${ids[0]}/check-in`, { at: new Date(Date.now() + 2 * HOUR).toISOString() });
    expect(future.statusCode).toBe(400);
    expect(await rowsOf(ids[0]!)).toHaveLength(0);
    await t.admin.post(`/api/admin/volunteers/${ids[0]}/check-in`, {});
    const early = await t.admin.post(`/api/admin/volunteers/${ids[0]}/check-out`, { at: new Date(Date.now() - 5 * HOUR).toISOString() });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(attendanceMessages.outBeforeIn);
    expect((await rowsOf(ids[0]!))[0]!.checkedOutAt).toBeNull();
    expect((await t.admin.post('/api/admin/volunteers/999999/check-in', {})).statusCode).toBe(404);
  });

  it('adds walk-ins, links one whose e-mail is a member, and stores a repeated client id once', async () => {
    const { eventId } = await eventWithSignUps([]);
    const member = await insertMember(t.db, { email: 'Walker.Member@example.org', firstName: 'Walt' });
    const body = { name: 'Walt Walker', email: 'walker.member@EXAMPLE.org', clientId: 'phone-abc-12345' };
    const first = await t.admin.post(`/api/admin/events/${eventId}/walk-ins`, body);
    expect(first.statusCode).toBe(200);
    expect(first.json().attendee).toMatchObject({ walkIn: true, memberId: member.id, volunteerId: null });
    const again = await t.admin.post(`/api/admin/events/${eventId}/walk-ins`, body);
    expect(again.json().already).toBe(true);
    const stranger = await t.admin.post(`/api/admin/events/${eventId}/walk-ins`, { name: 'Sam Stranger', phone: '555 010 0199' });
    expect(stranger.json().attendee.memberId).toBeNull();
    const rows = await t.db.selectFrom('attendance').select('name').where('eventId', '=', eventId).execute();
    expect(rows.map((r) => r.name).sort()).toEqual(['Sam Stranger', 'Walt Walker']);
    const out = await t.admin.post(`/api/admin/attendance/${stranger.json().attendee.attendanceId}/check-out`, {});
    expect(out.statusCode).toBe(200);
    expect((await t.admin.post(`/api/admin/events/${eventId}/walk-ins`, { name: 'x' })).statusCode).toBe(400);
  });

  it('lets an administrator set hours with a reason (audited), not without one', async () => {
    const { ids } = await eventWithSignUps(['Ora Override']);
    const mark = await t.admin.post(`/api/admin/volunteers/${ids[0]}/check-in`, {});
    const id = mark.json().attendee.attendanceId;
    const noReason = await t.admin.put(`/api/admin/attendance/${id}/hours`, { hours: 5 });
    expect(noReason.statusCode).toBe(400);
    const set = await t.admin.put(`/api/admin/attendance/${id}/hours`, { hours: 5, reason: 'Stayed to clean the kitchen' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ hours: 5, hoursOverridden: true, hoursReason: 'Stayed to clean the kitchen' });
    const entry = await t.db
      .selectFrom('auditLog')
      .select('changes')
      .where('entity', '=', 'attendance')
      .where('action', '=', 'update')
      .where('entityId', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(entry.changes).toMatchObject({ hours: { old: null, new: 5 }, hoursReason: { new: 'Stayed to clean the kitchen' } });
    const back = await t.admin.put(`/api/admin/attendance/${id}/hours`, { hours: null });
    expect(back.json()).toMatchObject({ hours: 3, hoursOverridden: false });
  });

  it("resolves a sign-up's signed code for its own event only", async () => {
    const { eventId, ids } = await eventWithSignUps(['Quinn Code']);
    const other = await eventWithSignUps(['Other One']);
    const secret = t.env.mail.linkSecret;
    const url = checkInUrl(t.env.siteUrl, secret, ids[0]!);
    expect(volunteerOfCode(secret, checkInCode(secret, ids[0]!))).toBe(ids[0]);
    const ok = await t.admin.get(`/api/admin/events/${eventId}/check-in-code?code=${encodeURIComponent(url)}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ volunteerId: ids[0], name: 'Quinn Code' });
    const wrongEvent = await t.admin.get(`/api/admin/events/${other.eventId}/check-in-code?code=${encodeURIComponent(url)}`);
    expect(wrongEvent.statusCode).toBe(404);
    const forged = `${ids[0]}.${'A'.repeat(43)}`;
    expect((await t.admin.get(`/api/admin/events/${eventId}/check-in-code?code=${forged}`)).statusCode).toBe(404);
  });

  it('is staff only', async () => {
    const { ids } = await eventWithSignUps(['Anon Ymous']);
    expect((await t.agent().post(`/api/admin/volunteers/${ids[0]}/check-in`, {})).statusCode).toBe(401);
  });
});

describe('check-in with shifts', () => {
  it("counts a shift's own length for someone not checked out, and checks in no one from the waitlist", async () => {
    const { eventId, ids } = await eventWithSignUps(['Sid Shift', 'Wes Waiting']);
    const shift = await t.db
      .insertInto('volunteerShifts')
      .values({ eventId, role: 'Cashier', startDate: new Date(Date.now() - HOUR), endDate: new Date(), capacity: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('volunteers').set({ shiftId: shift.id }).where('id', 'in', ids).execute();
    await t.db.updateTable('volunteers').set({ status: 'waitlisted' }).where('id', '=', ids[1]!).execute();
    expect((await t.admin.post(`/api/admin/volunteers/${ids[0]}/check-in`, {})).statusCode).toBe(200);
    const list = (await t.admin.get(`/api/admin/events/${eventId}/attendance`)).json() as { people: { volunteerId: number | null; hours: number }[] };
    // The event runs three hours; the shift one.
    expect(list.people.find((a) => a.volunteerId === ids[0])?.hours).toBe(1);
    const waiting = await t.admin.post(`/api/admin/volunteers/${ids[1]}/check-in`, {});
    expect([waiting.statusCode, waiting.json().message]).toEqual([400, attendanceMessages.waitlistedNotCheckedIn('Wes Waiting')]);
    expect(await rowsOf(ids[1]!)).toEqual([]);
  });
});

describe('a walk-in at an event with shifts', () => {
  it("is added to a shift of that event (required), and counts the shift's length on the list and in the report", async () => {
    const { eventId } = await eventWithSignUps([]);
    const other = await eventWithSignUps([]);
    const [early, late] = await t.db
      .insertInto('volunteerShifts')
      .values([
        { eventId, role: 'Setup', startDate: new Date(Date.now() - HOUR), endDate: new Date(Date.now() - HOUR / 2), capacity: 2, position: 1 },
        { eventId, role: 'Cleanup', startDate: new Date(), endDate: new Date(Date.now() + HOUR), capacity: 2, position: 2 },
      ])
      .returning('id')
      .execute();
    const otherShift = await t.db
      .insertInto('volunteerShifts')
      .values({ eventId: other.eventId, role: 'Elsewhere', startDate: new Date(), endDate: new Date(Date.now() + HOUR), capacity: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const count = async () => (await t.db.selectFrom('attendance').select('id').where('eventId', '=', eventId).execute()).length;

    const none = await t.admin.post(`/api/admin/events/${eventId}/walk-ins`, { name: 'Nell Noshift' });
    expect([none.statusCode, none.json().message]).toEqual([400, attendanceMessages.shiftRequired]);
    const foreign = await t.admin.post(`/api/admin/events/${eventId}/walk-ins`, { name: 'Fay Foreign', shiftId: otherShift.id });
    expect([foreign.statusCode, foreign.json().message]).toEqual([400, attendanceMessages.shiftNotOfEvent]);
    const missing = await t.admin.post(`/api/admin/events/${eventId}/walk-ins`, { name: 'Mo Missing', shiftId: 999999 });
    expect(missing.statusCode).toBe(400);
    expect(await count()).toBe(0);

    const added = await t.admin.post(`/api/admin/events/${eventId}/walk-ins`, { name: 'Will Walkin', shiftId: early!.id, clientId: 'walk-shift-0001' });
    expect(added.statusCode).toBe(200);
    // Checked in, not out: the shift's half hour, not the event's three hours.
    expect(added.json().attendee).toMatchObject({ walkIn: true, shiftId: early!.id, role: 'Setup', hours: 0.5 });
    const list = (await t.admin.get(`/api/admin/events/${eventId}/attendance`)).json();
    expect(list.shifts.map((s: { role: string }) => s.role)).toEqual(['Setup', 'Cleanup']);
    expect(list.people.find((p: { name: string }) => p.name === 'Will Walkin')).toMatchObject({ shiftId: early!.id, hours: 0.5 });
    expect(late).toBeDefined();

    const { timeZone, serviceYearStartMonth } = { timeZone: 'America/New_York', serviceYearStartMonth: 6 };
    const lines = await serviceLines(t.db, currentProgramYear(new Date(), serviceYearStartMonth, timeZone), serviceYearStartMonth, timeZone);
    expect(lines.filter((l) => l.kind === 'event' && l.id === eventId).map((l) => [l.person, l.hours])).toEqual([['Will Walkin', 0.5]]);

    // An event without shifts: no shift, as before; a shift given there is refused.
    const plain = await eventWithSignUps([]);
    expect((await t.admin.post(`/api/admin/events/${plain.eventId}/walk-ins`, { name: 'Pat Plain' })).json().attendee).toMatchObject({
      shiftId: null,
      hours: 3,
    });
    expect((await t.admin.post(`/api/admin/events/${plain.eventId}/walk-ins`, { name: 'Pat Plain', shiftId: early!.id })).statusCode).toBe(400);

    // A shift deleted later leaves the walk-in with the event's length.
    await t.db.deleteFrom('volunteerShifts').where('id', '=', early!.id).execute();
    const after = (await t.admin.get(`/api/admin/events/${eventId}/attendance`)).json();
    expect(after.people.find((p: { name: string }) => p.name === 'Will Walkin')).toMatchObject({ shiftId: null, hours: 3 });
  });
});

describe('the check-in code in the confirmation', () => {
  it("carries the code as the site's own picture and a link; the code names the sign-up; a forged or waitlisted one shows nothing", async () => {
    const event = await t.db
      .insertInto('events')
      .values({
        title: 'Code supper',
        description: 'x',
        location: 'Hall',
        startDate: new Date(Date.now() + 48 * HOUR),
        endDate: new Date(Date.now() + 50 * HOUR),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/volunteers',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ eventId: event.id, name: 'Cody Code', email: 'cody@example.org' }),
      remoteAddress: '203.0.113.44',
    });
    expect(signUp.statusCode, signUp.body).toBeLessThan(300);
    const row = await t.db.selectFrom('mailOutbox').select('id').where('toAddress', '=', 'cody@example.org').executeTakeFirstOrThrow();
    const message = (await t.admin.get(`/api/admin/outbox/${row.id}`)).json() as {
      html: string;
      text: string;
      attachments: { filename: string; contentType: string }[];
    };
    const url = /https?:\/\/[^"\s<]+\/check-in\/[^"\s</]+/.exec(message.html)?.[0];
    expect(url).toBeDefined();
    // The picture travels with the message (no remote picture, decision 0019); the link opens it large.
    // The Outbox preview shows the attached picture in place of its cid: address (decision 0096).
    const id = url!.split('/check-in/')[1]!.split('.')[0];
    expect(message.html).toMatch(/src="data:image\/png;base64,/);
    expect(message.attachments).toContainEqual({ filename: `check-in-code-${id}.png`, contentType: 'image/png' });
    expect(message.text).toContain('Show my check-in code');
    const png = await t.app.inject(`${new URL(url!).pathname}/qr.png`);
    expect([png.statusCode, png.headers['content-type'], png.rawPayload.subarray(1, 4).toString()]).toEqual([200, 'image/png', 'PNG']);
    const code = url!.split('/check-in/')[1]!;
    const resolved = await t.admin.get(`/api/admin/events/${event.id}/check-in-code?code=${encodeURIComponent(url!)}`);
    expect(resolved.json()).toMatchObject({ name: 'Cody Code' });
    // The volunteer's own page says whose code it is and for what, to anyone holding the code only.
    const details = await t.app.inject(`/api/check-in-codes/${code}`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ name: 'Cody Code', title: 'Code supper', location: 'Hall', shift: null });
    const forged = `${code.slice(0, -3)}${code.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expect((await t.app.inject(`/check-in/${forged}/qr.png`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/check-in-codes/${forged}`)).json()).toEqual({ message: checkInCodeMessages.notValid });
    await t.db.updateTable('volunteers').set({ status: 'waitlisted' }).where('email', '=', 'cody@example.org').execute();
    expect((await t.app.inject(`/check-in/${code}/qr.png`)).statusCode).toBe(404);
    expect((await t.app.inject(`/api/check-in-codes/${code}`)).statusCode).toBe(404);
  });
});
