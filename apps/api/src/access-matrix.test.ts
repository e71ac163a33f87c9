import { beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from './router.ts';
import { hashPassword } from '@post/db';
import { useTestApp, insertMember, insertStaffOnlyRecords, type Agent } from './test-helpers.ts';

// Who may call each procedure (decisions §2). Generated from the router itself: a new
// procedure without a row here fails the test until someone decides who may call it.
// 'staff': any signed-in staff account (editor or administrator); 'administrator': administrators
// only, 403 for an editor (decision 0031). A staff account with a setup step pending (a temporary
// password to replace, decision 0031; two-factor to enrol, 0032) is anonymous everywhere but the
// procedures that declare that step: 403 on staff calls, and public answers no wider than an
// anonymous caller's (decision 0059).
type Access = 'public' | 'staff' | 'administrator' | 'member';
const EXPECTED: Record<string, Access> = {
  'adminAuth.login': 'public',
  'adminAuth.logout': 'public',
  'adminAuth.check': 'public',
  'adminAuth.changePassword': 'staff',
  'memberAuth.login': 'public',
  'memberAuth.logout': 'public',
  'memberAuth.check': 'member',
  'memberAuth.session': 'public',
  'memberAuth.changePassword': 'member',
  'memberAuth.forgotPassword': 'public',
  'memberAuth.resetPassword': 'public',
  'siteSettings.get': 'public',
  'siteSettings.update': 'administrator',
  'siteSettings.remindersOnSave': 'administrator',
  'upkeep.demoContent': 'administrator',
  'upkeep.removeDemoContent': 'administrator',
  'upkeep.backupStatus': 'administrator',
  'newsletter.subscribe': 'public',
  'newsletter.list': 'administrator',
  'newsletter.confirm': 'public',
  'newsletter.unsubscribe': 'public',
  'newsletter.sendIssue': 'administrator',
  'newsletter.issues': 'administrator',
  'events.list': 'public',
  'events.upcoming': 'public',
  'events.adminList': 'staff',
  'events.deletePreview': 'staff',
  'events.byId': 'public',
  'events.create': 'staff',
  'events.update': 'staff',
  'events.remove': 'staff',
  'volunteers.list': 'public',
  'volunteers.create': 'public',
  'volunteers.remove': 'staff',
  'volunteers.promote': 'staff',
  'volunteers.mine': 'public',
  'volunteers.manage': 'public',
  'volunteers.roster': 'staff',
  'volunteers.cancel': 'public',
  'volunteers.resendLink': 'public',
  'volunteers.cancelPreview': 'public',
  'outbox.status': 'public',
  'outbox.list': 'administrator',
  'outbox.byId': 'administrator',
  'outbox.retry': 'administrator',
  'audit.list': 'administrator',
  'news.list': 'public',
  'news.adminList': 'staff',
  'news.byId': 'public',
  'news.create': 'staff',
  'news.createDirect': 'staff',
  'news.update': 'staff',
  'news.remove': 'staff',
  'resources.list': 'public',
  'resources.byId': 'public',
  'resources.create': 'staff',
  'resources.update': 'staff',
  'resources.remove': 'staff',
  'commanderMessages.active': 'public',
  'commanderMessages.list': 'public',
  'commanderMessages.byId': 'public',
  'commanderMessages.create': 'staff',
  'commanderMessages.update': 'staff',
  'commanderMessages.remove': 'staff',
  'commanderMessages.activate': 'staff',
  'communityEngagements.active': 'public',
  'communityEngagements.list': 'public',
  'communityEngagements.byId': 'public',
  'communityEngagements.create': 'staff',
  'communityEngagements.update': 'staff',
  'communityEngagements.remove': 'staff',
  'communityEngagements.activate': 'staff',
  'members.postCommander': 'public',
  'members.list': 'administrator',
  'members.create': 'administrator',
  'members.update': 'administrator',
  'members.remove': 'administrator',
  'members.import': 'administrator',
  'members.rosterColumns': 'administrator',
  'members.importRoster': 'administrator',
  'members.payments': 'administrator',
  'members.recordPayment': 'administrator',
  'memberPortal.dues': 'member',
  'honorRoll.list': 'public',
  'honorRoll.byId': 'public',
  'renewals.list': 'administrator',
  'renewals.recordContact': 'administrator',
  'renewals.reminders': 'administrator',
  'renewals.sendReminders': 'administrator',
  'renewals.previewReminders': 'administrator',
  'honorRoll.drafts': 'administrator',
  'honorRoll.publish': 'administrator',
  'honorRoll.unpublish': 'administrator',
  'honorRoll.update': 'administrator',
  'outbox.cancel': 'administrator',
  'buddyCheck.list': 'administrator',
  'buddyCheck.create': 'administrator',
  'buddyCheck.callers': 'administrator',
  'buddyCheck.needsHelp': 'administrator',
  'buddyCheck.byId': 'administrator',
  'buddyCheck.assign': 'administrator',
  'buddyCheck.recordCall': 'administrator',
  'buddyCheck.followUp': 'administrator',
  'buddyCheck.myCalls': 'member',
  'buddyCheck.recordMyCall': 'member',
  'memberCommunications.list': 'staff',
  'memberCommunications.byId': 'staff',
  'memberCommunications.create': 'staff',
  'memberCommunications.update': 'staff',
  'memberCommunications.remove': 'staff',
  'memberResources.list': 'staff',
  'memberResources.byId': 'staff',
  'memberResources.create': 'staff',
  'memberResources.update': 'staff',
  'memberResources.remove': 'staff',
  'memberPortal.communications': 'member',
  'memberPortal.resources': 'member',
  'adminAuth.loginTwoFactor': 'public',
  'users.list': 'administrator',
  'users.create': 'administrator',
  'users.update': 'administrator',
  'users.remove': 'administrator',
  'users.resetPassword': 'administrator',
  'users.invitation': 'public',
  'users.acceptInvitation': 'public',
  'account.details': 'staff',
  'account.updateDetails': 'staff',
  'account.newRecoveryCodes': 'staff',
  'account.twoFactor': 'staff',
  'account.startTwoFactor': 'staff',
  'account.confirmTwoFactor': 'staff',
  'account.disableTwoFactor': 'staff',
  'account.sessions': 'staff',
  'account.endSession': 'staff',
  'memberPortal.mailPreferences': 'member',
  'memberPortal.setMailPreferences': 'member',
  'attendance.list': 'staff',
  'attendance.checkIn': 'staff',
  'attendance.checkOut': 'staff',
  'attendance.checkOutRecord': 'staff',
  'attendance.walkIn': 'staff',
  'attendance.setHours': 'administrator',
  'attendance.confirmHours': 'administrator',
  'attendance.resolveCode': 'staff',
  'attendance.codeDetails': 'public',
  'door.list': 'staff',
  'door.givePlace': 'staff',
  'door.undo': 'staff',
  'door.paperRow': 'staff',
  'honors.request': 'public',
  'honors.list': 'staff',
  'honors.byId': 'staff',
  'honors.accept': 'staff',
  'honors.decline': 'staff',
  'honors.callOut': 'staff',
  'honors.done': 'staff',
  'honors.answerPreview': 'public',
  'honors.answer': 'public',
  'honors.portalDetails': 'member',
  'honors.portalAnswer': 'member',
  'serviceHours.categories': 'staff',
  'serviceHours.createCategory': 'administrator',
  'serviceHours.updateCategory': 'administrator',
  'serviceHours.members': 'administrator',
  'serviceHours.setEventCategory': 'staff',
  'serviceHours.list': 'staff',
  'serviceHours.byId': 'staff',
  'serviceHours.create': 'staff',
  'serviceHours.update': 'staff',
  'serviceHours.approve': 'staff',
  'serviceHours.remove': 'staff',
  'serviceHours.report': 'staff',
  'reports.units': 'staff',
  'reports.countKinds': 'staff',
  'reports.forms': 'staff',
  'reports.updateForm': 'administrator',
  'reports.file': 'staff',
  'reports.filings': 'staff',
  'reports.filing': 'staff',
  'reports.eventFigures': 'staff',
  'reports.setEventFigures': 'staff',
  'reports.eventDocuments': 'staff',
  'reports.addEventDocument': 'staff',
  'reports.removeEventDocument': 'staff',
  'serviceHours.mine': 'member',
  'serviceHours.logOwn': 'member',
  'serviceHours.memberCategories': 'member',
  'serviceHours.publicTotal': 'public',
};

// Non-JSON routes beside the procedures, with who may call them.
const EXTRA_ROUTES: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; access: Access }[] = [
  { method: 'GET', url: '/api/admin/newsletter/subscribers.csv', access: 'administrator' },
  { method: 'POST', url: '/api/newsletter/one-click-unsubscribe', access: 'public' },
  { method: 'GET', url: '/api/events.ics', access: 'public' },
  { method: 'GET', url: '/api/events/1.ics', access: 'public' },
  { method: 'GET', url: '/api/admin/members.csv', access: 'administrator' },
  { method: 'GET', url: '/api/admin/renewals.csv', access: 'administrator' },
  { method: 'GET', url: '/api/admin/audit.csv', access: 'administrator' },
  { method: 'GET', url: '/api/admin/volunteers.csv', access: 'staff' },
  { method: 'GET', url: '/api/admin/reports/service.csv?year=2025', access: 'staff' },
  { method: 'GET', url: '/api/admin/member-resources/1/file', access: 'staff' },
  { method: 'PUT', url: '/api/admin/member-resources/1/file', access: 'staff' },
  { method: 'POST', url: '/api/admin/member-resources/with-file', access: 'staff' },
  { method: 'GET', url: '/api/member/resources/1/download', access: 'member' },
  { method: 'POST', url: '/api/admin/images', access: 'staff' },
  { method: 'GET', url: '/images/0123456789abcdef0123-480.webp', access: 'public' },
];

interface ProcedureInfo {
  name: string;
  method: string;
  path: string;
  type: string;
  allowDuringSetup: string[];
}

function procedures(): ProcedureInfo[] {
  const record = (appRouter as any)._def.procedures as Record<string, any>;
  return Object.entries(record).map(([name, proc]) => {
    const openapi = proc._def.meta?.openapi;
    return { name, method: openapi?.method ?? '', path: openapi?.path ?? '', type: proc._def.type, allowDuringSetup: proc._def.meta?.allowDuringSetup ?? [] };
  });
}

const t = useTestApp({ admin: true, member: 'AM-1' });
let anonymous: Agent;
let otherMember: Agent;
let editor: Agent;
let pending: Agent;

beforeAll(async () => {
  const m2 = await insertMember(t.db, { postRole: 'Chaplain', membershipType: 'Life Member' });
  anonymous = t.agent();
  otherMember = t.agent();
  editor = t.agent();
  await t.db
    .insertInto('users')
    .values({ username: 'pr-officer', password: await hashPassword('editor-pass-123'), role: 'editor', email: 'pr@example.org' })
    .execute();
  await editor.loginAdmin('pr-officer', 'editor-pass-123');
  pending = t.agent();
  await t.db
    .insertInto('users')
    .values({
      username: 'new-officer',
      password: await hashPassword('temporary-pass-123'),
      role: 'administrator',
      email: 'new@example.org',
      mustChangePassword: true,
    })
    .execute();
  await pending.loginAdmin('new-officer', 'temporary-pass-123');
  await otherMember.loginMember(m2.membershipNumber);
});

type Caller = 'anonymous' | 'member' | 'another member' | 'editor' | 'administrator' | 'pending setup';

/**
 * 'allow', or the status a caller must get: 401 without a staff or member sign-in, 403 for an
 * editor where an administrator is needed, 403 for a staff call while a setup step is pending.
 */
function expectation(access: Access, who: Caller, allowDuringSetup: string[] = []): 'allow' | 401 | 403 {
  if (access === 'public') return 'allow';
  if (access === 'member') return who === 'member' || who === 'another member' ? 'allow' : 401;
  if (who === 'pending setup') return allowDuringSetup.includes('password') ? 'allow' : 403;
  if (access === 'staff') return who === 'editor' || who === 'administrator' ? 'allow' : 401;
  return who === 'administrator' ? 'allow' : who === 'editor' ? 403 : 401;
}

async function call(agent: Agent, p: ProcedureInfo) {
  const url = `/api${p.path.replace(/\{[^}]+\}/g, '999999')}`;
  return agent.request(p.method as any, url, p.method === 'GET' || p.method === 'DELETE' ? undefined : {});
}

describe('access matrix, generated from the router', () => {
  it('has an expected row for every procedure, and every procedure has a REST path', () => {
    const missing = procedures()
      .filter((p) => !(p.name in EXPECTED))
      .map((p) => p.name);
    expect(missing, 'procedures with no expected access row').toEqual([]);
    const stale = Object.keys(EXPECTED).filter((n) => !procedures().some((p) => p.name === n));
    expect(stale, 'rows for procedures that no longer exist').toEqual([]);
    const noPath = procedures()
      .filter((p) => !p.path)
      .map((p) => p.name);
    expect(noPath).toEqual([]);
  });

  it('refuses every call beyond the rules (anonymous, member, another member, editor, administrator, pending setup)', async () => {
    const violations: string[] = [];
    let allows = 0;
    // Sign-outs run last: they would end the agents' sessions.
    const list = procedures().sort((a, b) => Number(a.name.endsWith('logout')) - Number(b.name.endsWith('logout')));
    for (const p of list) {
      const access = EXPECTED[p.name];
      if (!access || p.name.endsWith('logout') || p.name.endsWith('login') || p.name.endsWith('changePassword') || p.name === 'account.endSession') continue;
      for (const [who, agent] of [
        ['anonymous', anonymous],
        ['member', t.member],
        ['another member', otherMember],
        ['editor', editor],
        ['administrator', t.admin],
        ['pending setup', pending],
      ] as const) {
        const res = await call(agent, p);
        const verdict = expectation(access, who, p.allowDuringSetup);
        if (res.statusCode >= 500) violations.push(`${p.name} as ${who}: ${res.statusCode} ${res.body}`);
        if (verdict !== 'allow' && res.statusCode !== verdict) violations.push(`${p.name} as ${who}: expected ${verdict}, got ${res.statusCode}`);
        if (verdict === 'allow' && (res.statusCode === 401 || res.statusCode === 403)) violations.push(`${p.name} as ${who}: refused with ${res.statusCode}`);
        if (verdict === 'allow') allows++;
      }
    }
    for (const r of EXTRA_ROUTES) {
      for (const [who, agent] of [
        ['anonymous', anonymous],
        ['member', t.member],
        ['editor', editor],
        ['administrator', t.admin],
        ['pending setup', pending],
      ] as const) {
        const res = await agent.request(r.method, r.url);
        const verdict = expectation(r.access, who);
        if (verdict !== 'allow' && res.statusCode !== verdict) violations.push(`${r.method} ${r.url} as ${who}: expected ${verdict}, got ${res.statusCode}`);
        if (verdict === 'allow' && (res.statusCode === 401 || res.statusCode === 403)) violations.push(`${r.method} ${r.url} as ${who}: refused`);
      }
    }
    expect(violations).toEqual([]);
    expect(allows).toBeGreaterThan(100);
  });

  it('answers a pending-setup account every public read exactly as an anonymous caller (one gate, decision 0059)', async () => {
    // Real records, so that each read has something a wider answer could show.
    const { event, news } = await insertStaffOnlyRecords(t.db);
    t.app.clearPublicCache();
    const ids: Record<string, number> = { 'events.byId': event.id, 'volunteers.list': event.id, 'news.byId': news.id };
    const differences: string[] = [];
    let compared = 0;
    for (const p of procedures()) {
      // The sign-in checks describe the caller's own sign-in.
      if (EXPECTED[p.name] !== 'public' || p.method !== 'GET' || p.name.startsWith('adminAuth.') || p.name.startsWith('memberAuth.')) continue;
      const id = String(ids[p.name] ?? 999999);
      const url = `/api${p.path.replace(/\{[^}]+\}/g, id)}${p.name === 'volunteers.list' ? `?eventId=${id}` : ''}`;
      const [a, b] = [await anonymous.get(url), await pending.get(url)];
      if (a.statusCode !== b.statusCode || a.body !== b.body)
        differences.push(`${p.name}: anonymous ${a.statusCode}, pending setup ${b.statusCode} ${b.body.slice(0, 120)}`);
      compared++;
    }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(15);
    // And the administrator does see more, so the comparison above can fail.
    expect((await t.admin.get(`/api/volunteers?eventId=${event.id}`)).body).toContain('val@example.org');
    expect((await t.admin.get(`/api/news/${news.id}`)).statusCode).toBe(200);
  });

  it("ends an editor's or administrator's sign-in at the next request after a role change", async () => {
    const a = t.agent();
    const row = await t.db
      .insertInto('users')
      .values({ username: 'role-changer', password: await hashPassword('role-pass-123'), role: 'editor', email: 'rc@example.org' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await a.loginAdmin('role-changer', 'role-pass-123');
    expect((await a.get('/api/admin/news')).statusCode).not.toBe(401);
    // Changed behind the application's back (another node, the CLI): the session's role no longer matches.
    await t.db.updateTable('users').set({ role: 'administrator' }).where('id', '=', row.id).execute();
    expect((await a.get('/api/auth/check')).json().authenticated).toBe(false);
    expect((await a.get('/api/members')).statusCode).toBe(401);
  });

  it('keeps the sessions that the checks report', async () => {
    expect((await t.member.get('/api/member/auth/check')).statusCode).toBe(200);
    expect((await t.admin.get('/api/auth/check')).json().authenticated).toBe(true);
    expect((await anonymous.get('/api/auth/check')).json().authenticated).toBe(false);
  });
});
