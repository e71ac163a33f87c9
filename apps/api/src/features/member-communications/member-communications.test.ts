import { describe, expect, it } from 'vitest';
import { formMessages } from '@post/contracts/messages/forms';
import { useTestApp } from '../../test-helpers.ts';

const t = useTestApp({ admin: true, member: 'MC-1' });

async function adminId() {
  return (await t.admin.get('/api/auth/check')).json().userId as number;
}

describe('member communications (admin)', () => {
  it('creates a draft with the spec defaults, written by the signed-in administrator', async () => {
    const res = await t.admin.post('/api/admin/member-communications', { title: 'Hello', content: 'Line one\nLine two' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'Hello',
      content: 'Line one\nLine two',
      type: 'announcement',
      priority: 'normal',
      targetAudience: 'all_members',
      isPublished: false,
      publishDate: null,
      expiryDate: null,
      attachmentUrl: null,
      authorId: await adminId(),
    });
    // A draft is not in the member's list.
    expect((await t.member.get('/api/member/communications')).json().map((c: any) => c.title)).not.toContain('Hello');
  });

  it('publishes now when published without a date, and reads a bare date as a day in the post time zone', async () => {
    const before = Date.now();
    const now = (await t.admin.post('/api/admin/member-communications', { title: 'Now', content: 'C', isPublished: true })).json();
    expect(Date.parse(now.publishDate)).toBeGreaterThanOrEqual(before - 1000);
    expect((await t.member.get('/api/member/communications')).json().map((c: any) => c.title)).toContain('Now');
    const dated = (
      await t.admin.post('/api/admin/member-communications', {
        title: 'Dated',
        content: 'C',
        isPublished: true,
        publishDate: '2026-07-04',
        expiryDate: '2026-07-05',
      })
    ).json();
    // Midnight starting 4 July in New York, and the end of 5 July there.
    expect(dated.publishDate).toBe('2026-07-04T04:00:00.000Z');
    expect(dated.expiryDate).toBe('2026-07-06T04:00:00.000Z');
  });

  it('reads, lists, changes and deletes; 404 for one that does not exist', async () => {
    const c = (await t.admin.post('/api/admin/member-communications', { title: 'Edit me', content: 'C' })).json();
    expect((await t.admin.get(`/api/admin/member-communications/${c.id}`)).json().title).toBe('Edit me');
    expect((await t.admin.get('/api/admin/member-communications')).json().map((x: any) => x.id)).toContain(c.id);
    const put = await t.admin.put(`/api/admin/member-communications/${c.id}`, {
      title: 'Edited',
      content: 'New',
      type: 'urgent_notice',
      priority: 'urgent',
      targetAudience: 'officers',
      isPublished: true,
      publishDate: '2026-01-01T10:00:00Z',
      attachmentUrl: 'https://example.org/a.pdf',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      title: 'Edited',
      type: 'urgent_notice',
      priority: 'urgent',
      targetAudience: 'officers',
      isPublished: true,
      publishDate: '2026-01-01T10:00:00.000Z',
      attachmentUrl: 'https://example.org/a.pdf',
      authorId: c.authorId,
    });
    expect((await t.admin.delete(`/api/admin/member-communications/${c.id}`)).statusCode).toBe(200);
    expect((await t.admin.get(`/api/admin/member-communications/${c.id}`)).statusCode).toBe(404);
    expect((await t.admin.delete(`/api/admin/member-communications/${c.id}`)).statusCode).toBe(404);
    expect((await t.admin.put(`/api/admin/member-communications/${c.id}`, { title: 'X', content: 'Y' })).statusCode).toBe(404);
  });

  it("answers bad input with the spec's messages and stores nothing", async () => {
    const before = (await t.admin.get('/api/admin/member-communications')).json().length;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '', content: 'C' }, formMessages.titleRequired],
      [{ title: 'T', content: '  ' }, formMessages.contentRequired],
      [{ title: 'T', content: 'C', attachmentUrl: 'javascript:alert(1)' }, formMessages.urlInvalid],
      [{ title: 'T', content: 'C', publishDate: 'someday' }, formMessages.invalidDate],
      [{ title: 'T', content: 'C', publishDate: '2026-02-01T00:00:00Z', expiryDate: '2026-01-01T00:00:00Z' }, 'Expiry date must be after the publish date'],
      [{ title: 'T', content: 'C', priority: 'highest' }, 'Please choose a priority'],
      [{ title: 'T', content: 'C', targetAudience: 'everyone' }, 'Please choose an audience'],
    ];
    for (const [body, message] of cases) {
      const res = await t.admin.post('/api/admin/member-communications', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await t.admin.get('/api/admin/member-communications')).json().length).toBe(before);
  });

  it('refuses every admin call with no session and with a member session (401), changing nothing', async () => {
    const c = (await t.admin.post('/api/admin/member-communications', { title: 'Guarded', content: 'C' })).json();
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/admin/member-communications'],
      ['GET', `/api/admin/member-communications/${c.id}`],
      ['POST', '/api/admin/member-communications', { title: 'T', content: 'C' }],
      ['PUT', `/api/admin/member-communications/${c.id}`, { title: 'Changed', content: 'C' }],
      ['DELETE', `/api/admin/member-communications/${c.id}`],
    ];
    const before = (await t.admin.get('/api/admin/member-communications')).json().length;
    for (const agent of [t.agent(), t.member]) {
      for (const [method, url, body] of calls) {
        const res = await agent.request(method as any, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.body).not.toContain('Guarded');
      }
    }
    expect((await t.admin.get('/api/admin/member-communications')).json().length).toBe(before);
    expect((await t.admin.get(`/api/admin/member-communications/${c.id}`)).json().title).toBe('Guarded');
  });
});
