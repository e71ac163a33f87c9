import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessages } from '@post/contracts/messages/server';
import { createTestApp, insertMember, type Agent } from '../../test-helpers.ts';

// Who sees what (decisions §2), written out by hand so a change in the rule or in the queries
// shows up here: officers by post role, life and annual members by membership type, everyone
// for all_members / member.
type Kind = 'officer' | 'officerLife' | 'life' | 'annual' | 'associate';
const KINDS: Record<Kind, { postRole: string; membershipType: string }> = {
  officer: { postRole: 'Quartermaster', membershipType: 'Associate Member' },
  officerLife: { postRole: 'Post Commander', membershipType: 'Life Member' },
  life: { postRole: 'none', membershipType: 'Life Member' },
  annual: { postRole: 'none', membershipType: 'Annual Member' },
  associate: { postRole: 'none', membershipType: 'Associate Member' },
};
const SEES: Record<string, Kind[]> = {
  all_members: ['officer', 'officerLife', 'life', 'annual', 'associate'],
  member: ['officer', 'officerLife', 'life', 'annual', 'associate'],
  officers: ['officer', 'officerLife'],
  life_members: ['officerLife', 'life'],
  annual_members: ['annual'],
};

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Agent;
const agents = {} as Record<Kind, Agent>;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.agent();
  await admin.loginAdmin();
  for (const [kind, fields] of Object.entries(KINDS) as [Kind, (typeof KINDS)[Kind]][]) {
    const m = await insertMember(t.db, fields);
    agents[kind] = t.agent();
    await agents[kind].loginMember(m.membershipNumber);
  }
});
afterAll(async () => t?.close());

async function createCommunication(body: Record<string, unknown>) {
  const res = await admin.post('/api/admin/member-communications', { content: 'Body', type: 'announcement', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function createResource(body: Record<string, unknown>) {
  const res = await admin.post('/api/admin/member-resources', { description: 'About it', category: 'documents', resourceType: 'document', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('member portal: who sees and downloads what', () => {
  it('shows each member exactly the communications of their audience, published, in their window', async () => {
    const now = Date.now();
    for (const audience of Object.keys(SEES).filter((a) => a !== 'member')) {
      await createCommunication({ title: `For ${audience}`, targetAudience: audience, isPublished: true, publishDate: new Date(now - HOUR).toISOString() });
    }
    // Hidden from everyone: a draft, one not yet published, one expired; for everyone: no dates at all.
    await createCommunication({ title: 'Draft', targetAudience: 'all_members', isPublished: false, publishDate: new Date(now - HOUR).toISOString() });
    await createCommunication({ title: 'Scheduled', targetAudience: 'all_members', isPublished: true, publishDate: new Date(now + HOUR).toISOString() });
    await createCommunication({
      title: 'Expired',
      targetAudience: 'all_members',
      isPublished: true,
      publishDate: new Date(now - 3 * HOUR).toISOString(),
      expiryDate: new Date(now - HOUR).toISOString(),
    });
    await createCommunication({ title: 'Expires later', targetAudience: 'all_members', isPublished: true, expiryDate: new Date(now + HOUR).toISOString() });

    for (const kind of Object.keys(KINDS) as Kind[]) {
      const res = await agents[kind].get('/api/member/communications');
      expect(res.statusCode).toBe(200);
      const titles = (res.json() as { title: string }[]).map((c) => c.title).sort();
      const expected = [
        ...Object.entries(SEES)
          .filter(([a, kinds]) => a !== 'member' && kinds.includes(kind))
          .map(([a]) => `For ${a}`),
        'Expires later',
      ].sort();
      expect(titles, kind).toEqual(expected);
    }
  });

  it('pins urgent communications to the top, then newest first (issue 23 #18)', async () => {
    const now = Date.now();
    await createCommunication({
      title: 'Old urgent',
      priority: 'urgent',
      targetAudience: 'all_members',
      isPublished: true,
      publishDate: new Date(now - 48 * HOUR).toISOString(),
    });
    await createCommunication({
      title: 'New normal',
      priority: 'normal',
      targetAudience: 'all_members',
      isPublished: true,
      publishDate: new Date(now - 60_000).toISOString(),
    });
    const titles = ((await agents.annual.get('/api/member/communications')).json() as { title: string; priority: string }[]).map(
      (c) => `${c.priority}:${c.title}`,
    );
    expect(titles[0]).toBe('urgent:Old urgent');
    expect(titles.indexOf('normal:New normal')).toBeGreaterThan(0);
  });

  it('lists and downloads only the resources of the member’s access level, counting each allowed download once', async () => {
    const byLevel: Record<string, { id: number; url: string }> = {};
    for (const level of ['member', 'officers', 'life_members', 'annual_members']) {
      const url = `https://files.example.org/${level}.pdf`;
      const r = await createResource({ title: `Level ${level}`, accessLevel: level, resourceUrl: url });
      byLevel[level] = { id: r.id, url };
    }
    const inactive = await createResource({ title: 'Inactive', accessLevel: 'member', resourceUrl: 'https://files.example.org/old.pdf', isActive: false });
    const empty = await createResource({ title: 'Nothing to download', accessLevel: 'member' });
    // An uploaded file for officers: streamed instead of redirected.
    const filed = await createResource({ title: 'Officer file', accessLevel: 'officers' });
    const pdf = Buffer.from('%PDF-1.7\nofficers only\n%%EOF\n');
    const up = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/member-resources/${filed.id}/file?name=officers.pdf`,
      headers: { cookie: admin.cookieHeader, 'content-type': 'application/pdf' },
      payload: pdf,
    });
    expect(up.statusCode, up.body).toBe(200);

    for (const kind of Object.keys(KINDS) as Kind[]) {
      const list = await agents[kind].get('/api/member/resources');
      expect(list.statusCode).toBe(200);
      const items = list.json() as { id: number; title: string }[];
      expect(list.body).not.toContain('files.example.org');
      const expected = [
        ...Object.entries(byLevel)
          .filter(([level]) => SEES[level]!.includes(kind))
          .map(([level]) => `Level ${level}`),
        ...(SEES.officers!.includes(kind) ? ['Officer file'] : []),
      ].sort();
      expect(items.map((i) => i.title).sort(), kind).toEqual(expected);

      for (const [level, { id, url }] of Object.entries(byLevel)) {
        const res = await agents[kind].get(`/api/member/resources/${id}/download`);
        if (SEES[level]!.includes(kind)) {
          expect(res.statusCode, `${kind} ${level}`).toBe(302);
          expect(res.headers.location).toBe(url);
        } else {
          expect(res.statusCode, `${kind} ${level}`).toBe(404);
          expect(res.headers.location).toBeUndefined();
        }
      }
      const file = await agents[kind].get(`/api/member/resources/${filed.id}/download`);
      if (SEES.officers!.includes(kind)) {
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(pdf)).toBe(true);
        expect(file.headers['content-type']).toBe('application/pdf');
        expect(file.headers['content-disposition']).toBe(`attachment; filename="officers.pdf"; filename*=UTF-8''officers.pdf`);
        expect(file.headers['x-content-type-options']).toBe('nosniff');
      } else {
        expect(file.statusCode, kind).toBe(404);
        expect(file.rawPayload.includes(Buffer.from('officers only'))).toBe(false);
      }
      for (const hidden of [inactive.id, empty.id, 999999]) {
        expect((await agents[kind].get(`/api/member/resources/${hidden}/download`)).statusCode).toBe(404);
      }
      expect((await agents[kind].get('/api/member/resources/abc/download')).statusCode).toBe(404);
    }

    const counts = await t.db.selectFrom('memberResources').select(['id', 'downloadCount']).execute();
    const countOf = (id: number) => counts.find((c) => c.id === id)!.downloadCount;
    for (const [level, { id }] of Object.entries(byLevel)) expect(countOf(id), level).toBe(SEES[level]!.length);
    expect(countOf(filed.id)).toBe(SEES.officers!.length);
    expect(countOf(inactive.id)).toBe(0);
    expect(countOf(empty.id)).toBe(0);
  });

  it('counts 50 simultaneous downloads as exactly 50', async () => {
    const r = await createResource({ title: 'Popular', accessLevel: 'member', resourceUrl: 'https://files.example.org/popular.pdf' });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => agents[(Object.keys(KINDS) as Kind[])[i % 5]!].get(`/api/member/resources/${r.id}/download`)),
    );
    expect(results.every((x) => x.statusCode === 302)).toBe(true);
    const row = await t.db.selectFrom('memberResources').select('downloadCount').where('id', '=', r.id).executeTakeFirstOrThrow();
    expect(row.downloadCount).toBe(50);
    const seen = ((await agents.associate.get('/api/member/resources')).json() as { id: number; downloadCount: number }[]).find((x) => x.id === r.id);
    expect(seen?.downloadCount).toBe(50);
  });

  it('does not count a download another site started (Sec-Fetch-Site: cross-site), and counts every other one', async () => {
    const r = await createResource({ title: 'Linked elsewhere', accessLevel: 'member', resourceUrl: 'https://files.example.org/linked.pdf' });
    const url = `/api/member/resources/${r.id}/download`;
    const crossSite = await Promise.all(Array.from({ length: 5 }, () => agents.associate.get(url, { 'sec-fetch-site': 'cross-site' })));
    // Still served: the member followed a link and gets the file.
    expect(crossSite.every((x) => x.statusCode === 302 && x.headers.location === 'https://files.example.org/linked.pdf')).toBe(true);
    for (const site of ['same-origin', 'same-site', 'none', undefined]) {
      expect((await agents.associate.get(url, site ? { 'sec-fetch-site': site } : {})).statusCode).toBe(302);
    }
    const row = await t.db.selectFrom('memberResources').select('downloadCount').where('id', '=', r.id).executeTakeFirstOrThrow();
    expect(row.downloadCount).toBe(4);
    // The access rule is the same either way.
    const officers = await createResource({ title: 'Officers only', accessLevel: 'officers', resourceUrl: 'https://files.example.org/o.pdf' });
    expect((await agents.associate.get(`/api/member/resources/${officers.id}/download`, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(404);
  });

  it('answers member calls with 401 with no session or with only an administrator session', async () => {
    const r = await createResource({ title: 'Any', accessLevel: 'member', resourceUrl: 'https://files.example.org/any.pdf' });
    for (const agent of [t.agent(), admin]) {
      for (const url of ['/api/member/communications', '/api/member/resources', `/api/member/resources/${r.id}/download`]) {
        const res = await agent.get(url);
        expect(res.statusCode, url).toBe(401);
        expect(res.json()).toEqual({ message: serverMessages.memberRequired });
      }
    }
    const row = await t.db.selectFrom('memberResources').select('downloadCount').where('id', '=', r.id).executeTakeFirstOrThrow();
    expect(row.downloadCount).toBe(0);
  });

  it('refuses a member at the next call once their online access is turned off, download included', async () => {
    const m = await insertMember(t.db);
    const a = t.agent();
    await a.loginMember(m.membershipNumber);
    const r = await createResource({ title: 'Soon refused', accessLevel: 'member', resourceUrl: 'https://files.example.org/soon.pdf' });
    expect((await a.get(`/api/member/resources/${r.id}/download`)).statusCode).toBe(302);
    expect((await admin.patch(`/api/members/${m.id}`, { hasOnlineAccess: false })).statusCode).toBe(200);
    expect((await a.get(`/api/member/resources/${r.id}/download`)).statusCode).toBe(401);
    expect((await a.get('/api/member/communications')).statusCode).toBe(401);
  });
});
