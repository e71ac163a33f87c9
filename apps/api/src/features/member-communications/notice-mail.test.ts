import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { communicationMessages } from '@post/contracts/messages/member-communications';
import { useTestApp, insertMember } from '../../test-helpers.ts';

const t = useTestApp({ admin: true, mail: true });

beforeAll(async () => {
  await insertMember(t.db, { membershipNumber: 'N-1', email: 'annual@example.org', membershipType: 'Annual Member' });
  await insertMember(t.db, { membershipNumber: 'N-2', email: 'life@example.org', membershipType: 'Life Member' });
  await insertMember(t.db, { membershipNumber: 'N-3', email: 'officer@example.org', membershipType: 'Life Member', postRole: 'Post Commander' });
  await insertMember(t.db, { membershipNumber: 'N-4', email: 'inactive@example.org', isActive: false });
  // No portal access is no obstacle to e-mail.
  await insertMember(t.db, { membershipNumber: 'N-5', email: 'nopotal@example.org', hasOnlineAccess: false, password: null });
  await insertMember(t.db, { membershipNumber: 'N-6', email: 'optout@example.org' });
  await insertMember(t.db, { membershipNumber: 'N-7', email: '' });
});

beforeEach(() => {
  t.sink.messages.length = 0;
});

const recipients = () => t.sink.messages.map((m) => (m.to && !Array.isArray(m.to) ? m.to.value[0]!.address!.toLowerCase() : '')).sort();
const base = { title: 'Meeting moved', content: 'The meeting moves to Thursday.\n\nSee you there.', isPublished: true };

describe('notices to members by e-mail', () => {
  it('a member turns non-urgent e-mail off in the portal', async () => {
    const member = t.agent();
    await member.loginMember('N-6');
    // Renewal reminders are a choice of their own (issue 45), left as they were.
    expect((await member.get('/api/member/mail-preferences')).json()).toEqual({ emailNotices: true, renewalReminders: true });
    expect((await member.post('/api/member/mail-preferences', { emailNotices: false })).json()).toEqual({ emailNotices: false, renewalReminders: true });
    expect((await member.get('/api/member/mail-preferences')).json()).toEqual({ emailNotices: false, renewalReminders: true });
    expect((await member.post('/api/member/mail-preferences', { emailNotices: 'maybe' })).statusCode).toBe(400);
    expect((await t.agent().post('/api/member/mail-preferences', { emailNotices: true })).statusCode).toBe(401);
  });

  it('goes to the active members the audience reaches who have an address, not to those who opted out; saving again sends nothing twice', async () => {
    const res = await t.admin.post('/api/admin/member-communications', { ...base, sendEmail: true });
    expect(res.statusCode).toBe(200);
    const c = res.json();
    expect(c.emailedTo).toBe(4);
    await t.app.mailWorker.runOnce();
    expect(recipients()).toEqual(['annual@example.org', 'life@example.org', 'nopotal@example.org', 'officer@example.org']);
    const m = t.sink.messages[0]!;
    expect(m.subject).toBe('Meeting moved');
    expect(m.text).toContain('The meeting moves to Thursday.');
    expect(m.text).toContain('https://post.example.org/member');
    expect(m.text).toContain('E-mail me post communications');
    t.sink.messages.length = 0;
    const again = await t.admin.put(`/api/admin/member-communications/${c.id}`, { ...base, title: 'Meeting moved (updated)', sendEmail: true });
    expect(again.statusCode).toBe(200);
    await t.app.mailWorker.runOnce();
    expect(t.sink.messages).toHaveLength(0);
  });

  it('urgent ones always go, opted out or not; the audience still applies', async () => {
    const res = await t.admin.post('/api/admin/member-communications', { ...base, title: 'Flood: hall closed', priority: 'urgent', sendEmail: true });
    expect(res.json().emailedTo).toBe(5);
    await t.app.mailWorker.runOnce();
    expect(recipients()).toEqual(['annual@example.org', 'life@example.org', 'nopotal@example.org', 'officer@example.org', 'optout@example.org']);
    expect(t.sink.messages[0]!.subject).toBe('Urgent: Flood: hall closed');
    t.sink.messages.length = 0;
    await t.admin.post('/api/admin/member-communications', {
      ...base,
      title: 'Officers only',
      type: 'urgent_notice',
      targetAudience: 'officers',
      sendEmail: true,
    });
    await t.app.mailWorker.runOnce();
    expect(recipients()).toEqual(['officer@example.org']);
  });

  it('without the box, or for a draft, no e-mail; a draft with the box is refused and stores nothing', async () => {
    const before = await t.db
      .selectFrom('memberCommunications')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect((await t.admin.post('/api/admin/member-communications', { ...base, title: 'Quiet' })).json().emailedTo).toBeUndefined();
    const draft = await t.admin.post('/api/admin/member-communications', { ...base, isPublished: false, sendEmail: true });
    expect(draft.statusCode).toBe(400);
    expect(draft.json().message).toBe(communicationMessages.publishToEmail);
    const after = await t.db
      .selectFrom('memberCommunications')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n + 1);
    await t.app.mailWorker.runOnce();
    expect(t.sink.messages).toHaveLength(0);
  });

  it('one published for a later date is sent from that date', async () => {
    const when = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const res = await t.admin.post('/api/admin/member-communications', { ...base, title: 'Later', publishDate: when, sendEmail: true });
    expect(res.json().emailedTo).toBe(4);
    await t.app.mailWorker.runOnce();
    expect(t.sink.messages).toHaveLength(0);
    const rows = await t.db
      .selectFrom('mailOutbox')
      .select(['notBefore', 'state'])
      .where('kind', '=', 'member-notice')
      .where('subject', '=', 'Later')
      .execute();
    expect(rows).toHaveLength(4);
    for (const r of rows) {
      expect(r.state).toBe('queued');
      expect(new Date(r.notBefore).toISOString()).toBe(when);
    }
  });
});
