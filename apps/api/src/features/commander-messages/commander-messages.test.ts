import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { formMessages } from '@post/contracts/messages/forms';
import { serverMessages } from '@post/contracts/messages/server';
import { useTestApp, insertMember } from '../../test-helpers.ts';
import { sanitizeCommanderHtml } from './commander-messages.service.ts';

const t = useTestApp({ admin: true, member: 'CM-1' });

const body = (overrides: Record<string, unknown> = {}) => ({
  content: 'Fellow veterans,\n<strong>thank you</strong> for your service.',
  publishedBy: 1,
  publishDate: '2026-05-01T12:00:00.000Z',
  active: true,
  ...overrides,
});

const snapshot = async () => JSON.stringify(await t.db.selectFrom('commanderMessages').selectAll().orderBy('id').execute());
const activeIds = async () => (await t.db.selectFrom('commanderMessages').select('id').where('active', '=', true).execute()).map((r) => r.id);

async function create(overrides: Record<string, unknown> = {}) {
  const res = await t.admin.post('/api/commander-messages', body(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; content: string; active: boolean };
}

describe('sanitizer', () => {
  it('keeps strong, em, u, p and br and removes everything else', () => {
    expect(sanitizeCommanderHtml('<p>Hello <strong>all</strong>, <em>every</em> <u>one</u><br>bye</p>')).toBe(
      '<p>Hello <strong>all</strong>, <em>every</em> <u>one</u><br />bye</p>',
    );
    expect(sanitizeCommanderHtml('a<script>alert(1)</script>b')).toBe('ab');
    expect(sanitizeCommanderHtml('<img src=x onerror=alert(1)>text')).toBe('text');
    expect(sanitizeCommanderHtml('<a href="javascript:alert(1)">link</a>')).toBe('link');
    expect(sanitizeCommanderHtml('<a href="https://example.org">site</a>')).toBe('site');
    expect(sanitizeCommanderHtml('<p style="color:red" onclick="x()" class="c">styled</p>')).toBe('<p>styled</p>');
    expect(sanitizeCommanderHtml('<strong onmouseover="x()">b</strong>')).toBe('<strong>b</strong>');
    expect(sanitizeCommanderHtml('<style>p{}</style><iframe src="//evil"></iframe><svg onload=x()></svg>ok')).toBe('ok');
    expect(sanitizeCommanderHtml('line one\nline two')).toBe('line one\nline two');
    const once = sanitizeCommanderHtml('<p onclick=x>a &amp; b < c</p><script>y</script>');
    expect(sanitizeCommanderHtml(once)).toBe(once);
    expect(once).not.toMatch(/script|onclick/);
  });

  it('sanitizes on save and again on every read', async () => {
    const dirty = '<p onclick="steal()">Hello</p><script>alert(1)</script><img src=x onerror=alert(1)><a href="https://x">link</a> <em style="x">ok</em>';
    const created = await create({ content: dirty, active: false });
    expect(created.content).toBe('<p>Hello</p>link <em>ok</em>');
    const row = await t.db.selectFrom('commanderMessages').select('content').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.content).toBe('<p>Hello</p>link <em>ok</em>');
    // Content that reached the table some other way is still cleaned when shown.
    await t.db.updateTable('commanderMessages').set({ content: dirty }).where('id', '=', created.id).execute();
    await t.admin.patch(`/api/commander-messages/${created.id}/activate`);
    for (const url of [`/api/commander-messages/${created.id}`, '/api/commander-messages', '/api/commander-message']) {
      const res = await t.agent().get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/script|onclick|onerror|<img|<a |style=/);
      expect(res.body).toContain('<p>Hello</p>link <em>ok</em>');
    }
    const updated = await t.admin.patch(`/api/commander-messages/${created.id}`, body({ content: '<u onclick=x>Under</u><object data=x></object>' }));
    expect(updated.json().content).toBe('<u>Under</u>');
  });
});

describe('commander messages', () => {
  it('GET /api/commander-message is a 404 while none is active', async () => {
    await t.db.updateTable('commanderMessages').set({ active: false }).execute();
    const res = await t.agent().get('/api/commander-message');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: serverMessages.notFound('Commander message') });
  });

  it("gives the active message with the active Post Commander's name, or null", async () => {
    const msg = await create({ content: 'Welcome home.' });
    const none = await t.agent().get('/api/commander-message');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({
      id: msg.id,
      content: 'Welcome home.',
      publishDate: '2026-05-01T12:00:00.000Z',
      publishedBy: t.adminId,
      active: true,
      commanderName: null,
    });
    await insertMember(t.db, { membershipNumber: 'CM-old', firstName: 'Former', lastName: 'Chief', postRole: 'Post Commander', isActive: false });
    // Written to the database directly, past the API: the public cache cannot know.
    t.app.clearPublicCache();
    expect((await t.agent().get('/api/commander-message')).json().commanderName).toBeNull();
    await insertMember(t.db, { membershipNumber: 'CM-2', firstName: 'Maria', lastName: 'Lopez', postRole: 'Post Commander' });
    t.app.clearPublicCache();
    expect((await t.agent().get('/api/commander-message')).json().commanderName).toBe('Maria Lopez');
  });

  it('lists newest first and reads one; 404 for a missing one', async () => {
    await create({ publishDate: '2019-01-01T00:00:00Z', active: false, content: 'Oldest' });
    await create({ publishDate: '2035-01-01T00:00:00Z', active: false, content: 'Newest' });
    const list = (await t.agent().get('/api/commander-messages')).json() as { id: number; content: string; publishDate: string }[];
    const dates = list.map((m) => Date.parse(m.publishDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(list[0]!.content).toBe('Newest');
    expect((await t.agent().get(`/api/commander-messages/${list[0]!.id}`)).json()).toEqual(list[0]);
    expect((await t.agent().get('/api/commander-messages/987654')).statusCode).toBe(404);
  });

  it('saving a message as active deactivates the others; saving one inactive leaves the active one', async () => {
    const a = await create({ content: 'A' });
    expect(await activeIds()).toEqual([a.id]);
    const b = await create({ content: 'B' });
    expect(await activeIds()).toEqual([b.id]);
    const c = await create({ content: 'C', active: false });
    expect(c.active).toBe(false);
    expect(await activeIds()).toEqual([b.id]);
    // PATCH with active true (what the form always sends) makes it the one active message.
    const res = await t.admin.patch(`/api/commander-messages/${a.id}`, body({ content: 'A edited' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, content: 'A edited', active: true });
    expect(await activeIds()).toEqual([a.id]);
    // Without a publish date the old one stays.
    const kept = await t.admin.patch(`/api/commander-messages/${a.id}`, { content: 'A again', active: true });
    expect(kept.json().publishDate).toBe('2026-05-01T12:00:00.000Z');
  });

  it('activation leaves exactly one active, also when two activations race', async () => {
    const ids = [(await create({ content: 'x', active: false })).id, (await create({ content: 'y', active: false })).id, (await create({ content: 'z' })).id];
    const res = await t.admin.patch(`/api/commander-messages/${ids[0]}/activate`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids[0], active: true });
    expect(await activeIds()).toEqual([ids[0]]);
    // Activating the active one again is harmless.
    expect((await t.admin.patch(`/api/commander-messages/${ids[0]}/activate`)).statusCode).toBe(200);
    expect(await activeIds()).toEqual([ids[0]]);
    for (let round = 0; round < 5; round++) {
      const [r1, r2] = await Promise.all([
        t.admin.patch(`/api/commander-messages/${ids[1]}/activate`),
        t.admin.patch(`/api/commander-messages/${ids[2]}/activate`),
      ]);
      expect([r1!.statusCode, r2!.statusCode]).toEqual([200, 200]);
      const active = await activeIds();
      expect(active).toHaveLength(1);
      expect([ids[1], ids[2]]).toContain(active[0]);
      // And two racing saves as active.
      const saves = await Promise.all([
        t.admin.post('/api/commander-messages', body({ content: 'r1' })),
        t.admin.post('/api/commander-messages', body({ content: 'r2' })),
      ]);
      expect(saves.map((s) => s.statusCode)).toEqual([200, 200]);
      expect(await activeIds()).toHaveLength(1);
    }
  });

  it('a missing id is a 404 that changes nothing (update, delete, activate)', async () => {
    await create({ content: 'Keep me active' });
    const before = await snapshot();
    for (const res of [
      await t.admin.patch('/api/commander-messages/987654', body()),
      await t.admin.delete('/api/commander-messages/987654'),
      await t.admin.patch('/api/commander-messages/987654/activate'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: serverMessages.notFound('Commander message') });
    }
    expect(await snapshot()).toBe(before);
  });

  it('deletes a message; deleting it again is a 404', async () => {
    const m = await create({ content: 'Bye', active: false });
    expect((await t.admin.delete(`/api/commander-messages/${m.id}`)).json()).toEqual({ ok: true });
    expect((await t.agent().get(`/api/commander-messages/${m.id}`)).statusCode).toBe(404);
    expect((await t.admin.delete(`/api/commander-messages/${m.id}`)).statusCode).toBe(404);
  });

  it("refuses blank content with the spec's message and stores nothing", async () => {
    const m = await create({ content: 'Unchanged' });
    const before = await snapshot();
    for (const content of ['', '   ', '<script>alert(1)</script>', '<p> </p><br>', '<img src=x>']) {
      for (const res of [
        await t.admin.post('/api/commander-messages', body({ content })),
        await t.admin.patch(`/api/commander-messages/${m.id}`, body({ content })),
      ]) {
        expect(res.statusCode, content).toBe(400);
        expect(res.json().message).toBe(formMessages.messageContentRequired);
      }
    }
    const badDate = await t.admin.post('/api/commander-messages', body({ publishDate: 'soon' }));
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe(formMessages.invalidDate);
    expect(await snapshot()).toBe(before);
  });

  it('refuses every write without a session and with a member session (401), changing nothing', async () => {
    const m = await create({ content: 'Protected', active: false });
    const before = await snapshot();
    for (const agent of [t.agent(), t.member]) {
      for (const res of [
        await agent.post('/api/commander-messages', body()),
        await agent.patch(`/api/commander-messages/${m.id}`, body({ content: 'Hacked' })),
        await agent.delete(`/api/commander-messages/${m.id}`),
        await agent.patch(`/api/commander-messages/${m.id}/activate`),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: serverMessages.adminRequired });
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('the database itself refuses a second active message', async () => {
    await create({ content: 'one' });
    const other = await create({ content: 'two', active: false });
    await expect(t.db.updateTable('commanderMessages').set({ active: true }).where('id', '=', other.id).execute()).rejects.toMatchObject({ code: '23505' });
    const n = await t.db
      .selectFrom('commanderMessages')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    expect(n.n).toBe(1);
  });
});
