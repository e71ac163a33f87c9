import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcToZoned } from '@post/contracts/rules/event-time';
import type { SiteSettingsOutput } from '@post/contracts/site-settings';
import { createTestApp, insertMember, patchSiteSettings, type Agent } from '../../test-helpers.ts';

// Issue 61 #3's last sentence (decision 0095): saving Settings never queues mail without saying
// how many and asking. The count comes first; a save that would queue reminders is a 409 until it
// names that count; then they are queued at once.
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Agent;
const today = utcToZoned(new Date(), 'America/New_York').date;
const year = Number(today.slice(0, 4));
const month = Number(today.slice(5, 7));
const day = Number(today.slice(8, 10));

beforeAll(async () => {
  t = await createTestApp();
  admin = t.agent();
  await admin.loginAdmin();
  // The Legion's calendar (renewals open July 1): a member is told once, in the window after that day.
  await patchSiteSettings(t.db, { timeZone: 'America/New_York' });
  for (const n of ['A', 'B']) await insertMember(t.db, { membershipNumber: `RS-${n}`, firstName: 'Rae', lastName: `Save${n}`, paidThrough: year });
  await insertMember(t.db, { membershipNumber: 'RS-PAID', paidThrough: year + 1 });
});
afterAll(async () => t?.close());

const queued = async () =>
  (await t.db.selectFrom('mailOutbox').select('idempotencyKey').where('kind', '=', 'renewal-reminder').where('state', '=', 'queued').execute()).length;

describe('saving Settings that would send renewal reminders', () => {
  it('says how many and what first, refuses to save unasked (409), saves with the count, and queues them then', async () => {
    const stored = (await admin.get('/api/site-settings')).json() as SiteSettingsOutput;
    const { logo: _logo, ...settings } = stored;
    // Renewals opening today with reminders sent automatically: both members paid for this year are due one.
    const membership = {
      ...settings.membership,
      renewalOpensMonth: month,
      renewalOpensDay: day,
      graceEndsMonth: 1,
      graceEndsDay: 1,
      delinquentMonth: 1,
      delinquentDay: 1,
      droppedMonth: month === 1 && day <= 2 ? 12 : 1,
      droppedDay: month === 1 && day <= 2 ? 31 : 2,
      remindAtOpening: true,
      remindersAutomatic: true,
    };
    const preview = await admin.post('/api/admin/site-settings/reminders-on-save', { membership });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ count: 2, to: 'Rae SaveA' });
    expect(preview.json().subject).toContain(String(year + 1));
    expect(preview.json().text).toContain('Rae');
    expect(await queued()).toBe(0);

    const unasked = await admin.put('/api/admin/site-settings', { ...settings, membership });
    expect(unasked.statusCode).toBe(409);
    expect(unasked.json().message).toContain('sends 2 renewal reminders now');
    const wrong = await admin.put('/api/admin/site-settings', { ...settings, membership, confirmReminders: 1 });
    expect(wrong.statusCode).toBe(409);
    // Nothing saved, nothing queued.
    expect(((await admin.get('/api/site-settings')).json() as SiteSettingsOutput).membership).toEqual(settings.membership);
    expect(await queued()).toBe(0);

    const ok = await admin.put('/api/admin/site-settings', { ...settings, membership, confirmReminders: 2 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).not.toHaveProperty('confirmReminders');
    expect(await queued()).toBe(2);
    const row = await t.db.selectFrom('siteSettings').select('data').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(JSON.stringify(row.data)).not.toContain('confirmReminders');

    // Saving again sends nothing more, so it needs no confirmation.
    expect((await admin.post('/api/admin/site-settings/reminders-on-save', { membership })).json().count).toBe(0);
    expect((await admin.put('/api/admin/site-settings', { ...settings, membership, postName: 'Post Renamed' })).statusCode).toBe(200);
    expect(await queued()).toBe(2);
  });

  it('asks nothing when reminders are not sent automatically, and is for administrators only', async () => {
    const { logo: _logo, ...settings } = (await admin.get('/api/site-settings')).json() as SiteSettingsOutput;
    const membership = { ...settings.membership, remindersAutomatic: false };
    expect((await admin.post('/api/admin/site-settings/reminders-on-save', { membership })).json()).toEqual({ count: 0, to: null, subject: null, text: null });
    expect((await admin.put('/api/admin/site-settings', { ...settings, membership })).statusCode).toBe(200);
    expect((await t.agent().post('/api/admin/site-settings/reminders-on-save', { membership })).statusCode).toBe(401);
    const bad = await admin.post('/api/admin/site-settings/reminders-on-save', { membership: { ...membership, renewalOpensMonth: 13 } });
    expect(bad.statusCode).toBe(400);
  });
});
