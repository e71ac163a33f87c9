import { describe, expect, it } from 'vitest';
import type { Member } from '@post/contracts/members';
import type { HonorRollEntry } from '@post/contracts/honor-roll';
import { useTestApp, insertMember } from '../../test-helpers.ts';
import { queueMemberNotices } from '../member-communications/notice-mail.ts';

// Post Everlasting (issue 45 #6, decision 0065).
const t = useTestApp({ admin: true });

const CONTACT_AND_PRIVATE = [
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
  'membershipNumber',
  'loginPassword',
  'paidThrough',
  'postRole',
  'imageId',
];

describe('marking a member deceased', () => {
  it('ends their sign-ins and refuses new ones, keeps the record, and takes them out of the active directory', async () => {
    const m = await insertMember(t.db, {
      membershipNumber: 'EV-1',
      email: 'ed.k@example.org',
      firstName: 'Edward',
      lastName: 'Kowalski',
      branchOfService: 'Army',
      paidThrough: 2026,
    });
    const member = t.agent();
    await member.loginMember('EV-1');
    expect((await member.get('/api/member/communications')).statusCode).toBe(200);

    const res = await t.admin.patch(`/api/members/${m.id}`, {
      deceasedOn: '2026-02-14',
      serviceEra: 'Korean War',
      obituary: 'Ed ran the hardware store for forty years.\n\nHe never missed a parade.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deceasedOn: '2026-02-14', serviceEra: 'Korean War', isActive: true });

    expect((await member.get('/api/member/communications')).statusCode).toBe(401);
    expect((await t.agent().post('/api/member/login', { membershipNumber: 'EV-1', password: 'member-pass-123' })).statusCode).toBe(401);
    // Nothing is deleted: the directory still has them, under Deceased, not under Active.
    const ids = async (qs: string) => ((await t.admin.get(`/api/members?${qs}`)).json() as Member[]).map((x) => x.id);
    expect(await ids('status=active')).not.toContain(m.id);
    expect(await ids('status=deceased')).toEqual([m.id]);
    expect(await ids('')).toContain(m.id);
    // A bad date is a 400 and changes nothing.
    expect((await t.admin.patch(`/api/members/${m.id}`, { deceasedOn: '2026-02-30' })).statusCode).toBe(400);
    expect((await t.admin.get('/api/members?status=deceased')).json()[0].deceasedOn).toBe('2026-02-14');
  });
});

describe('mail to members', () => {
  it('never goes to a departed member (urgent notices included)', async () => {
    await insertMember(t.db, { membershipNumber: 'EV-MAIL-1', email: 'living@example.org' });
    await insertMember(t.db, { membershipNumber: 'EV-MAIL-2', email: 'departed@example.org', deceasedOn: '2026-01-05' });
    const notice = {
      id: 9001,
      title: 'Post meeting',
      content: 'Thursday at 7.',
      type: 'urgent_notice',
      priority: 'urgent',
      targetAudience: 'all_members',
      isPublished: true,
      publishDate: null,
    };
    expect(await queueMemberNotices(t.db, 'https://post.example.org', notice)).toBeGreaterThan(0);
    const to = (await t.db.selectFrom('mailOutbox').select('toAddress').execute()).map((r) => r.toAddress);
    expect(to).toContain('living@example.org');
    expect(to).not.toContain('departed@example.org');
    await t.db.deleteFrom('members').where('membershipNumber', 'in', ['EV-MAIL-1', 'EV-MAIL-2']).execute();
  });
});

describe('GET /api/honor-roll', () => {
  it('lists only the departed, most recent first, with what the page shows and no contact field or membership number', async () => {
    await insertMember(t.db, { membershipNumber: 'EV-2', email: 'dorothy@example.org', firstName: 'Dorothy', lastName: 'Mills', deceasedOn: '2025-09-03' });
    await insertMember(t.db, { membershipNumber: 'EV-LIVING', email: 'alive@example.org', firstName: 'Still', lastName: 'Here' });
    // Published with the family's consent (decision 0086).
    for (const r of await t.db.selectFrom('members').select('id').where('membershipNumber', 'in', ['EV-1', 'EV-2']).execute())
      expect((await t.admin.post(`/api/admin/honor-roll/${r.id}/publish`, { familyConsent: true })).statusCode).toBe(200);
    const res = await t.agent().get('/api/honor-roll');
    expect(res.statusCode).toBe(200);
    const list = res.json() as HonorRollEntry[];
    expect(list.map((e) => `${e.firstName} ${e.lastName}`)).toEqual(['Edward Kowalski', 'Dorothy Mills']);
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        'branchOfService',
        'deceasedOn',
        'firstName',
        'id',
        'image',
        'imageAlt',
        'lastName',
        'memberSinceYear',
        'obituary',
        'serviceEra',
        'offices',
        'continuousYears',
        'ceremonyDate',
      ].sort(),
    );
    for (const field of CONTACT_AND_PRIVATE) expect(list[0]).not.toHaveProperty(field);
    for (const secret of ['EV-1', 'EV-2', 'ed.k@example.org', 'dorothy@example.org', 'Still']) expect(res.body).not.toContain(secret);

    const one = await t.agent().get(`/api/honor-roll/${list[0]!.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ obituary: expect.stringContaining('hardware store'), serviceEra: 'Korean War', branchOfService: 'Army' });
    expect(one.body).not.toContain('ed.k@example.org');
    const living = await t.db.selectFrom('members').select('id').where('membershipNumber', '=', 'EV-LIVING').executeTakeFirstOrThrow();
    expect((await t.agent().get(`/api/honor-roll/${living.id}`)).statusCode).toBe(404);
  });

  it('answers 404, list and pages, when Settings turns the honor roll off', async () => {
    const settings = (await t.admin.get('/api/site-settings')).json();
    const { logo: _logo, ...rest } = settings;
    const off = await t.admin.put('/api/admin/site-settings', { ...rest, membership: { ...settings.membership, honorRoll: false } });
    expect(off.statusCode).toBe(200);
    expect((await t.agent().get('/api/honor-roll')).statusCode).toBe(404);
    const [first] = await t.db.selectFrom('members').select('id').where('deceasedOn', 'is not', null).execute();
    expect((await t.agent().get(`/api/honor-roll/${first!.id}`)).statusCode).toBe(404);
    await t.admin.put('/api/admin/site-settings', { ...rest, membership: { ...settings.membership, honorRoll: true } });
    expect((await t.agent().get('/api/honor-roll')).statusCode).toBe(200);
  });

  it('refuses membership settings that make no sense, changing nothing', async () => {
    const settings = (await t.admin.get('/api/site-settings')).json();
    const { logo: _logo, ...rest } = settings;
    for (const membership of [
      { ...settings.membership, renewalOpensMonth: 2, renewalOpensDay: 30 },
      { ...settings.membership, graceEndsMonth: 8, graceEndsDay: 1 },
      { ...settings.membership, renewalUrl: 'javascript:alert(1)' },
      { ...settings.membership, duesAmount: 'forty' },
    ]) {
      expect((await t.admin.put('/api/admin/site-settings', { ...rest, membership })).statusCode).toBe(400);
    }
    expect((await t.admin.get('/api/site-settings')).json().membership).toEqual(settings.membership);
  });
});
