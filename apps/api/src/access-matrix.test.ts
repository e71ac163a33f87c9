import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRouter } from './router.ts';
import { createTestApp, insertMember, type Agent } from './test-helpers.ts';

// Who may call each procedure (decisions §2). Generated from the router itself: a new
// procedure without a row here fails the test until someone decides who may call it.
type Access = 'public' | 'admin' | 'member';
const EXPECTED: Record<string, Access> = {
  'adminAuth.login': 'public',
  'adminAuth.logout': 'public',
  'adminAuth.check': 'public',
  'adminAuth.changePassword': 'admin',
  'memberAuth.login': 'public',
  'memberAuth.logout': 'public',
  'memberAuth.check': 'member',
  'memberAuth.session': 'public',
  'memberAuth.changePassword': 'member',
  'memberAuth.forgotPassword': 'public',
  'memberAuth.resetPassword': 'public',
  'siteSettings.get': 'public',
  'siteSettings.update': 'admin',
  'newsletter.subscribe': 'public',
  'newsletter.list': 'admin',
  'newsletter.confirm': 'public',
  'newsletter.unsubscribe': 'public',
  'newsletter.sendIssue': 'admin',
  'newsletter.issues': 'admin',
  'events.list': 'public',
  'events.upcoming': 'public',
  'events.byId': 'public',
  'events.create': 'admin',
  'events.update': 'admin',
  'events.remove': 'admin',
  'volunteers.list': 'public',
  'volunteers.create': 'public',
  'volunteers.remove': 'admin',
  'volunteers.cancel': 'public',
  'volunteers.cancelPreview': 'public',
  'outbox.list': 'admin',
  'outbox.byId': 'admin',
  'outbox.retry': 'admin',
  'news.list': 'public',
  'news.adminList': 'admin',
  'news.byId': 'public',
  'news.create': 'admin',
  'news.createDirect': 'admin',
  'news.update': 'admin',
  'news.remove': 'admin',
  'resources.list': 'public',
  'resources.byId': 'public',
  'resources.create': 'admin',
  'resources.update': 'admin',
  'resources.remove': 'admin',
  'commanderMessages.active': 'public',
  'commanderMessages.list': 'public',
  'commanderMessages.byId': 'public',
  'commanderMessages.create': 'admin',
  'commanderMessages.update': 'admin',
  'commanderMessages.remove': 'admin',
  'commanderMessages.activate': 'admin',
  'communityEngagements.active': 'public',
  'communityEngagements.list': 'public',
  'communityEngagements.byId': 'public',
  'communityEngagements.create': 'admin',
  'communityEngagements.update': 'admin',
  'communityEngagements.remove': 'admin',
  'communityEngagements.activate': 'admin',
  'members.postCommander': 'public',
  'members.list': 'admin',
  'members.create': 'admin',
  'members.update': 'admin',
  'members.remove': 'admin',
  'members.import': 'admin',
  'memberCommunications.list': 'admin',
  'memberCommunications.byId': 'admin',
  'memberCommunications.create': 'admin',
  'memberCommunications.update': 'admin',
  'memberCommunications.remove': 'admin',
  'memberResources.list': 'admin',
  'memberResources.byId': 'admin',
  'memberResources.create': 'admin',
  'memberResources.update': 'admin',
  'memberResources.remove': 'admin',
  'memberPortal.communications': 'member',
  'memberPortal.resources': 'member',
  'memberPortal.mailPreferences': 'member',
  'memberPortal.setMailPreferences': 'member',
};

// Non-JSON routes beside the procedures, with who may call them.
const EXTRA_ROUTES: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; access: Access }[] = [
  { method: 'GET', url: '/api/admin/newsletter/subscribers.csv', access: 'admin' },
  { method: 'POST', url: '/api/newsletter/one-click-unsubscribe', access: 'public' },
  { method: 'GET', url: '/api/events.ics', access: 'public' },
  { method: 'GET', url: '/api/events/1.ics', access: 'public' },
  { method: 'GET', url: '/api/admin/members.csv', access: 'admin' },
  { method: 'GET', url: '/api/admin/member-resources/1/file', access: 'admin' },
  { method: 'PUT', url: '/api/admin/member-resources/1/file', access: 'admin' },
  { method: 'POST', url: '/api/admin/member-resources/with-file', access: 'admin' },
  { method: 'GET', url: '/api/member/resources/1/download', access: 'member' },
  { method: 'POST', url: '/api/admin/images', access: 'admin' },
  { method: 'GET', url: '/images/0123456789abcdef0123-480.webp', access: 'public' },
];

interface ProcedureInfo {
  name: string;
  method: string;
  path: string;
  type: string;
}

function procedures(): ProcedureInfo[] {
  const record = (appRouter as any)._def.procedures as Record<string, any>;
  return Object.entries(record).map(([name, proc]) => {
    const openapi = proc._def.meta?.openapi;
    return { name, method: openapi?.method ?? '', path: openapi?.path ?? '', type: proc._def.type };
  });
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let anonymous: Agent;
let member: Agent;
let otherMember: Agent;
let admin: Agent;

beforeAll(async () => {
  t = await createTestApp();
  const m1 = await insertMember(t.db);
  const m2 = await insertMember(t.db, { postRole: 'Chaplain', membershipType: 'Life Member' });
  anonymous = t.agent();
  member = t.agent();
  otherMember = t.agent();
  admin = t.agent();
  await member.loginMember(m1.membershipNumber);
  await otherMember.loginMember(m2.membershipNumber);
  await admin.loginAdmin();
});
afterAll(async () => t?.close());

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

  it('refuses every call beyond the rules (anonymous, member, another member, administrator)', async () => {
    const violations: string[] = [];
    // Sign-outs run last: they would end the agents' sessions.
    const list = procedures().sort((a, b) => Number(a.name.endsWith('logout')) - Number(b.name.endsWith('logout')));
    for (const p of list) {
      const access = EXPECTED[p.name];
      if (!access || p.name.endsWith('logout') || p.name.endsWith('login') || p.name.endsWith('changePassword')) continue;
      for (const [who, agent] of [
        ['anonymous', anonymous],
        ['member', member],
        ['another member', otherMember],
        ['administrator', admin],
      ] as const) {
        const res = await call(agent, p);
        const allowed =
          access === 'public' || (access === 'admin' && who === 'administrator') || (access === 'member' && (who === 'member' || who === 'another member'));
        if (res.statusCode >= 500) violations.push(`${p.name} as ${who}: ${res.statusCode} ${res.body}`);
        if (!allowed && res.statusCode !== 401) violations.push(`${p.name} as ${who}: expected 401, got ${res.statusCode}`);
        if (allowed && (res.statusCode === 401 || res.statusCode === 403)) violations.push(`${p.name} as ${who}: refused with ${res.statusCode}`);
      }
    }
    for (const r of EXTRA_ROUTES) {
      for (const [who, agent] of [
        ['anonymous', anonymous],
        ['member', member],
        ['administrator', admin],
      ] as const) {
        const res = await agent.request(r.method, r.url);
        const allowed = r.access === 'public' || (r.access === 'admin' && who === 'administrator') || (r.access === 'member' && who === 'member');
        if (!allowed && res.statusCode !== 401) violations.push(`${r.method} ${r.url} as ${who}: expected 401, got ${res.statusCode}`);
        if (allowed && res.statusCode === 401) violations.push(`${r.method} ${r.url} as ${who}: refused`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('keeps the sessions that the checks report', async () => {
    expect((await member.get('/api/member/auth/check')).statusCode).toBe(200);
    expect((await admin.get('/api/auth/check')).json().authenticated).toBe(true);
    expect((await anonymous.get('/api/auth/check')).json().authenticated).toBe(false);
  });
});
