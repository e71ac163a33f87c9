import { describe, expect, it } from 'vitest';
import { formMessages } from '@post/contracts/messages/forms';
import { resourceMessages } from '@post/contracts/messages/resources';
import { serverMessages } from '@post/contracts/messages/server';
import { useTestApp } from '../../test-helpers.ts';

const t = useTestApp({ admin: true, member: 'RES-1' });

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'VA Health Care',
  description: 'Enroll in VA health care.',
  url: 'https://www.va.gov/health-care/',
  category: 'healthcare',
  order: 0,
  ...overrides,
});

const snapshot = async () => JSON.stringify(await t.db.selectFrom('resources').selectAll().orderBy('id').execute());

describe('resources', () => {
  it('lists by category, then display order, then title', async () => {
    const make = async (title: string, category: string, order: number) => {
      const res = await t.admin.post('/api/resources', body({ title, category, order }));
      expect(res.statusCode, res.body).toBe(200);
    };
    await make('Crisis line', 'crisis', 0);
    await make('Benefits B', 'benefits', 1);
    await make('Benefits A', 'benefits', 1);
    await make('Benefits first', 'benefits', 0);
    await make('Clinic', 'healthcare', 2);
    await make('Hospital', 'healthcare', 1);
    const res = await t.agent().get('/api/resources');
    expect(res.statusCode).toBe(200);
    expect((res.json() as { title: string }[]).map((r) => r.title)).toEqual([
      'Hospital',
      'Clinic',
      'Benefits first',
      'Benefits A',
      'Benefits B',
      'Crisis line',
    ]);
  });

  it('creates with defaults, reads, updates and deletes; a missing id is a 404 that changes nothing', async () => {
    const created = await t.admin.post('/api/resources', { title: 'Vet Center', description: 'Counseling', url: 'https://www.vetcenter.va.gov' });
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    expect(created.json()).toEqual({
      id,
      title: 'Vet Center',
      description: 'Counseling',
      url: 'https://www.vetcenter.va.gov',
      category: 'healthcare',
      order: 0,
    });
    expect((await t.agent().get(`/api/resources/${id}`)).json()).toEqual(created.json());
    const upd = await t.admin.put(`/api/resources/${id}`, body({ title: 'Vet Center (updated)', category: 'local', order: '3' }));
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ id, title: 'Vet Center (updated)', category: 'local', order: 3 });
    // Non-numeric display order becomes 0 (spec §5).
    const zero = await t.admin.put(`/api/resources/${id}`, body({ order: 'abc' }));
    expect(zero.json().order).toBe(0);
    const before = await snapshot();
    expect((await t.admin.put('/api/resources/987654', body())).statusCode).toBe(404);
    expect((await t.admin.delete('/api/resources/987654')).statusCode).toBe(404);
    expect((await t.agent().get('/api/resources/987654')).json()).toEqual({ message: serverMessages.notFound('Resource') });
    expect(await snapshot()).toBe(before);
    expect((await t.admin.delete(`/api/resources/${id}`)).json()).toEqual({ ok: true });
    expect((await t.agent().get(`/api/resources/${id}`)).statusCode).toBe(404);
    expect((await t.admin.delete(`/api/resources/${id}`)).statusCode).toBe(404);
  });

  it("answers bad input with the spec's messages and stores nothing", async () => {
    const id = (await t.admin.post('/api/resources', body())).json().id;
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, formMessages.titleRequired],
      [{ description: '' }, formMessages.descriptionRequired],
      [{ url: 'not a url' }, formMessages.urlInvalid],
      [{ url: 'javascript:alert(1)' }, formMessages.urlInvalid],
      [{ order: -1 }, resourceMessages.orderMin],
      [{ order: 1.5 }, resourceMessages.orderWhole],
      [{ category: 'food' }, 'Please choose a category'],
    ];
    for (const [overrides, message] of cases) {
      for (const res of [await t.admin.post('/api/resources', body(overrides)), await t.admin.put(`/api/resources/${id}`, body(overrides))]) {
        expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
        expect(res.json().message).toBe(message);
      }
    }
    expect(await snapshot()).toBe(before);
  });

  it('refuses every write without a session and with a member session (401), changing nothing', async () => {
    const id = (await t.admin.post('/api/resources', body())).json().id;
    const before = await snapshot();
    for (const agent of [t.agent(), t.member]) {
      for (const res of [
        await agent.post('/api/resources', body()),
        await agent.put(`/api/resources/${id}`, body({ title: 'Hacked' })),
        await agent.delete(`/api/resources/${id}`),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: serverMessages.adminRequired });
      }
    }
    expect(await snapshot()).toBe(before);
  });
});
