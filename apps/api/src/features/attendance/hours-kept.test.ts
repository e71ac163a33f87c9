import { describe, expect, it } from 'vitest';
import { attendanceMessages } from '@post/contracts/messages/attendance';
import { currentProgramYear } from '@post/contracts/rules/program-year';
import { insertEventWithSignUps, useTestApp } from '../../test-helpers.ts';
import { cancelToken } from '../../lib/cancel-link.ts';
import { manageToken } from '../../lib/manage-link.ts';
import { serviceReport } from '../service-hours/report.service.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';

// Issue 56 items 4 and 5: marks stay near their event, long hours wait for an administrator, and
// service hours survive a cancelled sign-up and a delete (decision 0081).
const t = useTestApp({ admin: true });

const HOUR = 3_600_000;

/** An event from `startsIn` hours from now, three hours long, with one sign-up per name. */
const event = (startsIn: number, names: string[] = []) =>
  insertEventWithSignUps(t.db, { title: `Fish fry ${startsIn}`, start: new Date(Date.now() + startsIn * HOUR), hours: 3, names });

async function report(at: Date) {
  const settings = await getSettings(t.db);
  return serviceReport(t.db, currentProgramYear(at, settings.serviceYearStartMonth, settings.timeZone), settings);
}

describe('marks at the door stay near their event', () => {
  it('refuses a check-in, check-out or walk-in outside 12 hours before the start to 12 hours after the end', async () => {
    const soon = await event(20 * 24, ['Early Ed']);
    const early = await t.admin.post(`/api/admin/volunteers/${soon.ids[0]}/check-in`, {});
    expect([early.statusCode, early.json().message]).toEqual([400, attendanceMessages.outsideWindow]);
    const old = await t.admin.post(`/api/admin/events/${soon.eventId}/walk-ins`, { name: 'Y2K Walker', at: '2000-01-01T10:00:00Z' });
    expect([old.statusCode, old.json().message]).toEqual([400, attendanceMessages.outsideWindow]);

    // An event that ended 14 hours ago: a check-in 13 hours after its end is refused, 11 hours after is kept.
    const past = await event(-17, ['Late Lou', 'Fine Fay']);
    const endAt = past.start.getTime() + 3 * HOUR;
    const late = await t.admin.post(`/api/admin/volunteers/${past.ids[0]}/check-in`, { at: new Date(endAt + 13 * HOUR).toISOString() });
    expect([late.statusCode, late.json().message]).toEqual([400, attendanceMessages.outsideWindow]);
    const ok = await t.admin.post(`/api/admin/volunteers/${past.ids[1]}/check-in`, { at: new Date(past.start.getTime() - 11 * HOUR).toISOString() });
    expect(ok.statusCode).toBe(200);
    const lateOut = await t.admin.post(`/api/admin/volunteers/${past.ids[1]}/check-out`, { at: new Date(endAt + 12.5 * HOUR).toISOString() });
    expect([lateOut.statusCode, lateOut.json().message]).toEqual([400, attendanceMessages.outsideWindow]);
    expect(await t.db.selectFrom('attendance').select('id').where('eventId', 'in', [soon.eventId, past.eventId]).execute()).toHaveLength(1);
  });

  it('lists hours more than 2 hours past the event under "Needs attention" at its length until an administrator confirms them; the audit entry records hours', async () => {
    const e = await event(-10, ['Long Lena', 'Right Rita']);
    const inAt = e.start.toISOString();
    for (const id of e.ids) expect((await t.admin.post(`/api/admin/volunteers/${id}/check-in`, { at: inAt })).statusCode).toBe(200);
    const out = await t.admin.post(`/api/admin/volunteers/${e.ids[0]}/check-out`, { at: new Date(e.start.getTime() + 9 * HOUR).toISOString() });
    expect(out.statusCode).toBe(200);
    expect(out.json().attendee.hours).toBe(3);
    expect((await t.admin.post(`/api/admin/volunteers/${e.ids[1]}/check-out`, { at: new Date(e.start.getTime() + 4.5 * HOUR).toISOString() })).statusCode).toBe(
      200,
    );

    const id = out.json().attendee.attendanceId as number;
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'changes'])
      .where('entity', '=', 'attendance')
      .where('entityId', '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, (a.changes as Record<string, { new: unknown }>).hours?.new])).toEqual([
      ['check-in', 3],
      ['check-out', 3],
    ]);

    const before = await report(e.start);
    expect(before.attention.filter((a) => a.kind === 'attendance')).toEqual([expect.objectContaining({ kind: 'attendance', id, name: 'Long Lena', hours: 9 })]);
    const item = before.categories.flatMap((c) => c.items).find((i) => i.kind === 'event' && i.id === e.eventId);
    expect(item?.hours).toBe(3 + 4.5);

    const editor = t.agent();
    expect((await editor.post(`/api/admin/attendance/${id}/confirm-hours`, {})).statusCode).toBe(401);
    const confirmed = await t.admin.post(`/api/admin/attendance/${id}/confirm-hours`, {});
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().hours).toBe(9);
    const after = await report(e.start);
    expect(after.attention.filter((a) => a.kind === 'attendance')).toEqual([]);
    expect(after.categories.flatMap((c) => c.items).find((i) => i.kind === 'event' && i.id === e.eventId)?.hours).toBe(9 + 4.5);
    const entry = await t.db.selectFrom('auditLog').select('action').where('entityId', '=', String(id)).where('action', '=', 'confirm-hours').execute();
    expect(entry).toHaveLength(1);
  });
});

describe('service hours never vanish', () => {
  it('a cancel link or manage link used after check-in cancels the sign-up, keeps the attendance and its hours, and is audited', async () => {
    const e = await event(-1, ['Cora Cancel', 'Manny Manage']);
    for (const id of e.ids) expect((await t.admin.post(`/api/admin/volunteers/${id}/check-in`, {})).statusCode).toBe(200);
    const visitor = t.agent();
    const cancelled = await visitor.post('/api/volunteers/cancel', { token: cancelToken(t.env.mail.linkSecret, e.ids[0]!) });
    expect(cancelled.statusCode).toBe(200);
    const managed = await visitor.post('/api/volunteers/mine', {
      token: manageToken(t.env.mail.linkSecret, e.eventId, 'mannymanage@example.org'),
      action: 'cancel',
      volunteerId: e.ids[1],
    });
    expect(managed.statusCode).toBe(200);
    expect(await t.db.selectFrom('volunteers').select('id').where('eventId', '=', e.eventId).execute()).toEqual([]);
    const kept = await t.db.selectFrom('attendance').select(['name', 'checkedInAt']).where('eventId', '=', e.eventId).orderBy('name').execute();
    expect(kept.map((k) => k.name)).toEqual(['Cora Cancel', 'Manny Manage']);
    const list = (await t.admin.get(`/api/admin/events/${e.eventId}/attendance`)).json();
    expect(list.people.map((p: { name: string; hours: number }) => [p.name, p.hours])).toEqual([
      ['Cora Cancel', 3],
      ['Manny Manage', 3],
    ]);
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['entityId', 'actorUserId'])
      .where('entity', '=', 'volunteer')
      .where('action', '=', 'cancel')
      .execute();
    expect(audit.map((a) => a.entityId).sort()).toEqual(e.ids.map(String).sort());
    expect(audit.every((a) => a.actorUserId === null)).toBe(true);
  });

  it('refuses to delete an event with attendance (409, saying why), counts attendance in the preview, and deletes one without', async () => {
    const e = await event(-1, ['Del Ivan']);
    expect((await t.admin.post(`/api/admin/volunteers/${e.ids[0]}/check-in`, {})).statusCode).toBe(200);
    const preview = await t.admin.get(`/api/admin/events/${e.eventId}/delete-preview`);
    expect(preview.json()).toEqual({ deletedEvents: 1, deletedSignups: 1, attendance: 1 });
    const refused = await t.admin.delete(`/api/events/${e.eventId}`);
    expect([refused.statusCode, refused.json().message]).toEqual([409, attendanceMessages.eventHasAttendance(1)]);
    expect(await t.db.selectFrom('events').select('id').where('id', '=', e.eventId).execute()).toHaveLength(1);
    expect(await t.db.selectFrom('attendance').select('id').where('eventId', '=', e.eventId).execute()).toHaveLength(1);

    const empty = await event(2, ['Nobody Yet']);
    expect((await t.admin.get(`/api/admin/events/${empty.eventId}/delete-preview`)).json()).toEqual({ deletedEvents: 1, deletedSignups: 1, attendance: 0 });
    expect((await t.admin.delete(`/api/events/${empty.eventId}`)).statusCode).toBe(200);
  });
});
