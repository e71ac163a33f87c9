import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sql } from 'kysely';
import { useTestApp, insertMember } from '../../test-helpers.ts';
import { AUDIT_ENTITY_LABELS } from '@post/contracts/audit-format';
import { diffFields } from './audit.ts';

const t = useTestApp({ admin: true });

const DAY = 86_400_000;
const inDays = (days: number, hours = 0) => new Date(Date.now() + days * DAY + hours * 3_600_000).toISOString();
const eventBody = (overrides: Record<string, unknown> = {}) => ({
  title: 'Pancake Breakfast',
  description: 'Pancakes for the town.',
  location: 'Post Hall',
  startDate: inDays(10),
  endDate: inDays(10, 2),
  type: 'community',
  ...overrides,
});

/** The entries about one record, oldest first. */
async function entriesOf(entity: string, entityId?: number | string | null) {
  let q = t.db.selectFrom('auditLog').selectAll().where('entity', '=', entity);
  if (entityId !== undefined) q = entityId === null ? q.where('entityId', 'is', null) : q.where('entityId', '=', String(entityId));
  return q.orderBy('id').execute();
}
const count = async () =>
  Number(
    (
      await t.db
        .selectFrom('auditLog')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function ok(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body);
}

describe('every administrator write is recorded: who, when, from where, what, old and new values', () => {
  it('an event: create, update (old → new title), delete, with the administrator and address', async () => {
    const ev = ok(await t.admin.post('/api/events', eventBody()));
    ok(
      await t.admin.put(`/api/events/${ev.id}`, eventBody({ title: 'Pancake Supper', startDate: ev.startDate, endDate: ev.endDate, notifyVolunteers: false })),
    );
    ok(await t.admin.delete(`/api/events/${ev.id}`));
    const rows = await entriesOf('event', ev.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    for (const r of rows) {
      expect(r).toMatchObject({ actorUserId: t.adminId, actorName: 'adjutant', ip: '127.0.0.1' });
      expect(Date.now() - new Date(r.at).getTime()).toBeLessThan(60_000);
    }
    expect(rows[0]!.changes).toMatchObject({ title: { old: null, new: 'Pancake Breakfast' }, location: { old: null, new: 'Post Hall' } });
    // Only what changed: the title (and nothing that stayed the same).
    expect(rows[1]!.changes).toEqual({ title: { old: 'Pancake Breakfast', new: 'Pancake Supper' } });
    expect(rows[2]!.changes).toMatchObject({ title: { old: 'Pancake Supper', new: null }, deletedEvents: { old: null, new: 1 } });
  });

  it('a series edit "this and following" says so', async () => {
    const first = ok(await t.admin.post('/api/events', eventBody({ recurrence: { rule: 'FREQ=WEEKLY;COUNT=4', onHoliday: 'keep' } })));
    ok(
      await t.admin.put(
        `/api/events/${first.id}`,
        eventBody({ title: 'Weekly Supper', startDate: first.startDate, endDate: first.endDate, scope: 'following', notifyVolunteers: false }),
      ),
    );
    const [created, updated] = await entriesOf('event', first.id);
    expect(created!.changes).toMatchObject({ recurrence: { old: null, new: { rule: 'FREQ=WEEKLY;COUNT=4' } } });
    expect(updated!.changes).toMatchObject({ title: { old: 'Pancake Breakfast', new: 'Weekly Supper' }, scope: { old: null, new: 'following' } });
  });

  const content: [entity: string, path: string, update: 'put' | 'patch', body: Record<string, unknown>, change: Record<string, unknown>][] = [
    ['news', '/api/news', 'put', { title: 'Award', content: 'We won.', publishDate: '2026-05-01T12:00:00.000Z', featured: false }, { title: 'Award won' }],
    [
      'resource',
      '/api/resources',
      'put',
      { title: 'VA', description: 'Health', url: 'https://www.va.gov/', category: 'healthcare', order: 0 },
      { title: 'VA care' },
    ],
    [
      'commander-message',
      '/api/commander-messages',
      'patch',
      { content: 'Hello all', publishDate: '2026-05-01T12:00:00.000Z', active: false },
      { content: 'Hello everyone' },
    ],
    [
      'community-engagement',
      '/api/community-engagements',
      'put',
      { title: 'Toys', description: '400 toys', date: '2026-12-01T15:00:00.000Z', tags: ['youth'], active: false },
      { title: 'Toys for Tots' },
    ],
    ['member-communication', '/api/admin/member-communications', 'put', { title: 'Hello', content: 'Line' }, { title: 'Hello again' }],
    [
      'member-resource',
      '/api/admin/member-resources',
      'put',
      { title: 'Bylaws', description: 'The bylaws', category: 'bylaws', resourceType: 'document' },
      { title: 'New bylaws' },
    ],
  ];
  it.each(content)('%s: create, update with old → new, delete', async (entity, path, update, body, change) => {
    const created = ok(await t.admin.post(path, body));
    const field = Object.keys(change)[0]!;
    ok(await t.admin[update](`${path}/${created.id}`, { ...body, ...change }));
    ok(await t.admin.delete(`${path}/${created.id}`));
    const rows = await entriesOf(entity, created.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows[0]!.changes![field]).toEqual({ old: null, new: body[field] });
    expect(rows[1]!.changes![field]).toEqual({ old: body[field], new: change[field] });
    expect(rows[2]!.changes![field]).toEqual({ old: change[field], new: null });
    expect(rows.every((r) => r.actorName === 'adjutant')).toBe(true);
  });

  it('a member: the portal password is recorded as changed, never its value or hash; delete keeps the old values', async () => {
    const m = ok(
      await t.admin.post('/api/members', {
        firstName: 'Ann',
        lastName: 'Lee',
        email: 'ann@example.org',
        membershipNumber: 'AUD-1',
        loginPassword: 'portal-pass-1',
      }),
    );
    ok(await t.admin.patch(`/api/members/${m.id}`, { phone: '555-555-0100', loginPassword: 'portal-pass-2' }));
    ok(await t.admin.delete(`/api/members/${m.id}`));
    const rows = await entriesOf('member', m.id);
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(rows[0]!.changes).toMatchObject({ lastName: { old: null, new: 'Lee' }, loginPassword: { old: '(hidden)', new: '(hidden)' } });
    expect(rows[1]!.changes).toEqual({ phone: { old: null, new: '555-555-0100' }, loginPassword: { old: '(hidden)', new: '(hidden)' } });
    expect(rows[2]!.changes).toMatchObject({ email: { old: 'ann@example.org', new: null } });
    const all = JSON.stringify(await t.db.selectFrom('auditLog').select('changes').execute());
    expect(all).not.toContain('portal-pass');
    expect(all).not.toContain('$argon2');
  });

  it('a CSV import is one entry with its counts; a preview is not recorded', async () => {
    const csv = 'Membership Number,First Name,Last Name,Email\nIMP-1,Bo,Ray,bo@example.org\nIMP-2,Cy,Day,cy@example.org\n';
    const before = (await entriesOf('member')).length;
    ok(await t.admin.post('/api/admin/members/import', { csv, dryRun: true }));
    expect((await entriesOf('member')).length).toBe(before);
    const result = ok(await t.admin.post('/api/admin/members/import', { csv }));
    expect(result.imported).toBe(2);
    const rows = (await entriesOf('member')).slice(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'import', entityId: null, changes: { imported: { old: null, new: 2 }, updated: { old: null, new: 0 } } });
  });

  it('settings: the fields that changed', async () => {
    const settings = ok(await t.admin.get('/api/site-settings'));
    ok(await t.admin.put('/api/admin/site-settings', { ...settings, postName: 'Post 99' }));
    const [row] = (await entriesOf('settings')).slice(-1);
    expect(row).toMatchObject({ action: 'update', entityId: null, changes: { postName: { old: settings.postName, new: 'Post 99' } } });
    expect(Object.keys(row!.changes!)).toEqual(['postName']);
  });

  it('exports of the member directory, the newsletter list and the volunteer roster are recorded (action export)', async () => {
    expect((await t.admin.get('/api/admin/members.csv')).statusCode).toBe(200);
    expect((await t.admin.get('/api/admin/newsletter/subscribers.csv')).statusCode).toBe(200);
    expect((await entriesOf('member')).at(-1)).toMatchObject({ action: 'export', actorName: 'adjutant' });
    expect((await entriesOf('newsletter-subscriber')).at(-1)).toMatchObject({ action: 'export', changes: { rows: { old: null, new: 0 } } });
    // The volunteer roster's CSV (names, e-mail addresses, phone numbers) too, with its filter.
    expect((await t.admin.get('/api/admin/volunteers.csv?q=nobody-matches')).statusCode).toBe(200);
    expect((await entriesOf('volunteer')).at(-1)).toMatchObject({
      action: 'export',
      actorName: 'adjutant',
      changes: { q: { old: null, new: 'nobody-matches' } },
    });
    // A visitor's refused download records nothing.
    const n = await count();
    expect((await t.agent().get('/api/admin/members.csv')).statusCode).toBe(401);
    expect(await count()).toBe(n);
  });

  it('a volunteer removal keeps who it was; an outbox retry records the state change', async () => {
    const ev = ok(await t.admin.post('/api/events', eventBody()));
    const v = await t.db
      .insertInto('volunteers')
      .values({ eventId: ev.id, name: 'Vic', email: 'vic@example.org', phone: null, role: 'Cook' })
      .returning('id')
      .executeTakeFirstOrThrow();
    ok(await t.admin.delete(`/api/volunteers/${v.id}`));
    expect((await entriesOf('volunteer', v.id))[0]).toMatchObject({
      action: 'delete',
      changes: { name: { old: 'Vic', new: null }, eventId: { old: ev.id, new: null } },
    });

    const msg = await t.db
      .insertInto('mailOutbox')
      .values({ idempotencyKey: 'audit-retry', kind: 'test', toAddress: 'x@example.org', subject: 'S', html: '<p>x</p>', textBody: 'x', state: 'failed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    ok(await t.admin.post(`/api/admin/outbox/${msg.id}/retry`));
    expect((await entriesOf('outbox', msg.id))[0]).toMatchObject({ action: 'retry', changes: { state: { old: 'failed', new: 'queued' } } });
    // A retry that is refused (already queued) records nothing.
    const n = await count();
    expect((await t.admin.post(`/api/admin/outbox/${msg.id}/retry`)).statusCode).toBe(400);
    expect(await count()).toBe(n);
  });

  it('uploads: a photo and a member-resource file are recorded by name, type and size, never their bytes', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const img = await t.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: { cookie: t.admin.cookieHeader, 'content-type': 'image/jpeg' },
      payload: photo,
    });
    const image = ok(img);
    const [imgRow] = await entriesOf('image', image.id);
    expect(imgRow).toMatchObject({ action: 'create', actorName: 'adjutant' });
    expect(String(imgRow!.changes!.file!.new)).toBe(`image/jpeg, ${photo.byteLength} bytes, 64×48`);
    // The same photo again stores nothing new and records nothing.
    const n = await count();
    ok(
      await t.app.inject({ method: 'POST', url: '/api/admin/images', headers: { cookie: t.admin.cookieHeader, 'content-type': 'image/jpeg' }, payload: photo }),
    );
    expect(await count()).toBe(n);

    const r = ok(await t.admin.post('/api/admin/member-resources', { title: 'Minutes', description: 'May', category: 'bylaws', resourceType: 'document' }));
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/member-resources/${r.id}/file?name=minutes.pdf`,
      headers: { cookie: t.admin.cookieHeader, 'content-type': 'application/pdf' },
      payload: pdf,
    });
    ok(put);
    const up = (await entriesOf('member-resource', r.id)).at(-1)!;
    expect(up.action).toBe('upload');
    expect(up.changes!.file).toEqual({ old: null, new: `minutes.pdf (application/pdf, ${pdf.byteLength} bytes)` });
    expect(JSON.stringify(up.changes)).not.toContain('%PDF');
  });
});

describe('the change and its entry are stored together or not at all', () => {
  it('when the entry cannot be written, the change is undone (and the caller told)', async () => {
    const item = ok(await t.admin.post('/api/news', { title: 'Kept', content: 'Body', publishDate: '2026-05-01T12:00:00.000Z', featured: false }));
    const ev = ok(await t.admin.post('/api/events', eventBody({ title: 'Stays' })));
    // The audit table refuses every new row for a moment: a full disk, a lost constraint…
    await sql`create function audit_refuse() returns trigger language plpgsql as $$ begin raise exception 'audit log unavailable'; end $$`.execute(t.db);
    await sql`create trigger audit_refuse before insert on audit_log for each row execute function audit_refuse()`.execute(t.db);
    try {
      const n = await count();
      const res = await t.admin.put(`/api/news/${item.id}`, { title: 'Changed', content: 'Body', publishDate: '2026-05-01T12:00:00.000Z', featured: false });
      expect(res.statusCode).toBe(500);
      expect((await t.admin.delete(`/api/events/${ev.id}`)).statusCode).toBe(500);
      expect(await t.db.selectFrom('events').select('title').where('id', '=', ev.id).executeTakeFirst()).toEqual({ title: 'Stays' });
      const settings = ok(await t.admin.get('/api/site-settings'));
      expect((await t.admin.put('/api/admin/site-settings', { ...settings, postName: 'Not saved' })).statusCode).toBe(500);
      t.app.clearPublicCache();
      expect(ok(await t.admin.get(`/api/news/${item.id}`)).title).toBe('Kept');
      expect(ok(await t.admin.get('/api/site-settings')).postName).toBe(settings.postName);
      expect(await count()).toBe(n);
    } finally {
      await sql`drop trigger audit_refuse on audit_log`.execute(t.db);
      await sql`drop function audit_refuse()`.execute(t.db);
    }
  });

  it('when the write fails, no entry is left behind', async () => {
    await insertMember(t.db, { membershipNumber: 'DUP-1', email: 'dup@example.org' });
    const n = await count();
    const res = await t.admin.post('/api/members', { firstName: 'Dee', lastName: 'Up', email: 'other@example.org', membershipNumber: 'DUP-1' });
    expect(res.statusCode).toBe(409);
    expect((await t.admin.put('/api/news/999999', { title: 'X', content: 'Y', publishDate: '2026-05-01T12:00:00.000Z', featured: false })).statusCode).toBe(
      404,
    );
    expect((await t.admin.post('/api/news', { title: '' })).statusCode).toBe(400);
    expect(await count()).toBe(n);
  });
});

describe('diffFields', () => {
  it('keeps only changed fields, hides secrets, cuts long text and never keeps bytes', () => {
    const long = 'x'.repeat(5000);
    expect(
      diffFields(
        { a: 1, same: 'x', apiToken: 'old', body: 'short', blob: null, updatedAt: 1 },
        { a: 2, same: 'x', apiToken: 'new', body: long, blob: new Uint8Array(10), updatedAt: 2 },
      ),
    ).toEqual({
      a: { old: 1, new: 2 },
      apiToken: { old: '(hidden)', new: '(hidden)' },
      body: { old: 'short', new: `${'x'.repeat(2000)}… (5000 characters)` },
      blob: { old: null, new: '(10 bytes)' },
    });
  });
});

describe('GET /api/admin/audit and /api/admin/audit.csv', () => {
  /** A fresh log with known entries (direct inserts: the read side is what is tested here). */
  async function seed() {
    await t.db.deleteFrom('auditLog').execute();
    const other =
      (await t.db.selectFrom('users').select('id').where('username', '=', 'pr-officer').executeTakeFirst()) ??
      (await t.db
        .insertInto('users')
        .values({ username: 'pr-officer', password: 'x', firstName: 'Robin', lastName: 'Public', role: 'administrator' })
        .returning('id')
        .executeTakeFirstOrThrow());
    const rows = [];
    // 30 entries an hour apart, ending 2026-02-10 12:00 UTC: alternating administrators and entities.
    for (let i = 0; i < 30; i++) {
      rows.push({
        at: new Date(Date.UTC(2026, 1, 10, 12) - (29 - i) * 3_600_000),
        actorUserId: i % 2 ? other.id : t.adminId,
        actorName: i % 2 ? 'pr-officer' : 'adjutant',
        ip: `10.0.0.${i}`,
        entity: i % 3 === 0 ? 'news' : 'event',
        entityId: i === 29 ? '=2+3' : String(i),
        action: i % 5 === 0 ? 'delete' : 'update',
        changes: JSON.stringify({ title: { old: `Old ${i}`, new: i === 29 ? '=HYPERLINK("http://evil")' : `New ${i}` } }),
      });
    }
    await t.db.insertInto('auditLog').values(rows).execute();
    return other.id;
  }

  it('lists newest first, 25 a page, with the total; filters by person (name or id), entity, action and days in the post time zone', async () => {
    const otherId = await seed();
    const first = ok(await t.admin.get('/api/admin/audit'));
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 25 });
    expect(first.items).toHaveLength(25);
    expect(first.items[0]).toMatchObject({ entityId: '=2+3', actorName: 'pr-officer', ip: '10.0.0.29', at: '2026-02-10T12:00:00.000Z' });
    const ats = first.items.map((i: { at: string }) => i.at);
    expect(ats).toEqual([...ats].sort().reverse());
    const second = ok(await t.admin.get('/api/admin/audit?page=2'));
    expect(second.items.map((i: { entityId: string }) => i.entityId)).toEqual(['4', '3', '2', '1', '0']);
    expect(ok(await t.admin.get('/api/admin/audit?pageSize=100')).items).toHaveLength(30);

    expect(ok(await t.admin.get('/api/admin/audit?person=pr-off')).total).toBe(15);
    expect(ok(await t.admin.get(`/api/admin/audit?person=${otherId}`)).total).toBe(15);
    expect(ok(await t.admin.get('/api/admin/audit?person=robin%20pub')).total).toBe(15);
    expect(ok(await t.admin.get('/api/admin/audit?entity=news')).total).toBe(10);
    expect(ok(await t.admin.get('/api/admin/audit?action=delete&entity=news')).total).toBe(2);
    // The post is in New York (UTC-5 in February): 2026-02-10 there starts at 05:00 UTC.
    const day = ok(await t.admin.get('/api/admin/audit?from=2026-02-10&to=2026-02-10&pageSize=100'));
    expect(day.items.map((i: { at: string }) => i.at).every((at: string) => at >= '2026-02-10T05:00:00.000Z')).toBe(true);
    expect(day.total).toBe(8);
    expect(ok(await t.admin.get('/api/admin/audit?to=2026-02-09')).total).toBe(22);
    expect(ok(await t.admin.get('/api/admin/audit?person=nobody')).total).toBe(0);
  });

  it('refuses bad filters with a clear 400', async () => {
    for (const [qs, message] of [
      ['pageSize=101', 'Page size must be 1 to 100'],
      ['page=0', 'Page must be 1 or more'],
      ['from=2026-13-01', 'Please enter a valid date'],
      ['to=9999-12-31', 'Please enter a valid date'],
      ['from=2026-02-30', 'Please enter a valid date'],
      ['from=yesterday', 'Please enter a date as YYYY-MM-DD'],
      ['from=2026-03-10&to=2026-03-01', 'The "from" date must not be after the "to" date'],
    ]) {
      const res = await t.admin.get(`/api/admin/audit?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message).toBe(message);
      const csv = await t.admin.get(`/api/admin/audit.csv?${qs}`);
      expect(csv.statusCode, qs).toBe(400);
      expect(csv.json().message).toBe(message);
    }
  });

  it('downloads the filtered entries as formula-safe CSV, times in the post time zone', async () => {
    await seed();
    const res = await t.admin.get('/api/admin/audit.csv?person=pr-officer&entity=event');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('When,Person,User ID,Address,Entity,ID,Action,Changes');
    expect(lines).toHaveLength(1 + 10);
    // 12:00 UTC is 07:00 in New York; a value that a spreadsheet would run is escaped.
    expect(lines[1]).toBe(
      `2026-02-10T07:00:00-05:00,pr-officer,${lines[1]!.split(',')[2]},10.0.0.29,event,'=2+3,update,"title: Old 29 → =HYPERLINK(""http://evil"")"`,
    );
    expect((await t.agent().get('/api/admin/audit.csv')).statusCode).toBe(401);
  });

  it('offers no way to change or delete an entry: the router has only the read, and no procedure writes the table but recordAudit', async () => {
    const { appRouter } = await import('../../router.ts');
    const procs = Object.entries((appRouter as any)._def.procedures as Record<string, any>);
    const audit = procs.filter(([name]) => name.startsWith('audit.'));
    expect(audit.map(([name, p]) => [name, p._def.type])).toEqual([['audit.list', 'query']]);
    const paths = procs.map(([, p]) => `${p._def.meta?.openapi?.method} ${p._def.meta?.openapi?.path}`).filter((p) => p.includes('/audit'));
    expect(paths).toEqual(['GET /admin/audit']);
    // The REST document offers the read only.
    const doc = ok(await t.agent().get('/api/openapi.json'));
    expect(Object.keys(doc.paths['/admin/audit'])).toEqual(['get']);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const res = await t.admin.request(method, '/api/admin/audit', method === 'DELETE' ? undefined : {});
      expect(res.statusCode, method).toBe(404);
    }
    // The source: the only statements on audit_log are recordAudit's insert and the retention prune.
    const { readFileSync, readdirSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(import.meta.dirname, '../..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name)) {
          const text = readFileSync(p, 'utf8');
          if (/(insertInto|updateTable|deleteFrom)\(\s*'auditLog'|(insert into|update|delete from)\s+audit_log/i.test(text))
            offenders.push(p.slice(root.length + 1));
        }
      }
    };
    walk(root);
    expect(offenders.sort()).toEqual(['features/audit/audit.service.ts', 'features/audit/audit.ts']);
    const service = readFileSync(join(root, 'features/audit/audit.service.ts'), 'utf8');
    expect(service.match(/deleteFrom\('auditLog'\)/g)).toHaveLength(1);
    expect(service).not.toMatch(/insertInto\('auditLog'\)|updateTable\('auditLog'\)/);
  });
});

describe('no administrator write is left out', () => {
  // Each mutation's `.meta({ audit })` is required by its type (trpc.ts, write-declaration.test.ts);
  // here: a staff write may leave no entry only for a reason listed (decision 0092).
  it('has every staff mutation name the entity its entries record; "none" only where listed, with its reason', async () => {
    const { appRouter } = await import('../../router.ts');
    const unaudited: [string, string][] = [];
    let checked = 0;
    for (const [name, p] of Object.entries((appRouter as any)._def.procedures as Record<string, any>)) {
      const { openapi, audit } = p._def.meta ?? {};
      if (p._def.type !== 'mutation' || !openapi?.protect || String(openapi.path).startsWith('/member/')) continue;
      checked += 1;
      const entities = typeof audit === 'string' ? [audit] : Array.isArray(audit) ? audit : [];
      for (const entity of entities) expect(AUDIT_ENTITY_LABELS, name).toHaveProperty(entity);
      if (audit?.none) unaudited.push([name, audit.none]);
    }
    expect(unaudited.sort()).toEqual([
      ['members.rosterColumns', "it reads a file's header row and writes nothing (POST only for the file's size)"],
      ['siteSettings.remindersOnSave', 'it counts the reminders a settings change would send and writes nothing (POST only for the nested settings)'],
    ]);
    expect(checked).toBeGreaterThan(25);
  });
});

describe('retention', () => {
  it('prunes entries older than "Keep the audit log for" (default 24 months), nothing newer', async () => {
    const { pruneAudit } = await import('./audit.service.ts');
    const { pruneStale } = await import('../../prune.ts');
    await t.db.deleteFrom('auditLog').execute();
    const now = new Date('2026-06-15T12:00:00Z');
    const at = (iso: string) => ({ at: new Date(iso), entity: 'news', action: 'update' });
    await t.db
      .insertInto('auditLog')
      .values([at('2024-06-15T11:00:00Z'), at('2024-06-15T13:00:00Z'), at('2025-12-01T00:00:00Z'), at('2026-06-15T11:00:00Z')])
      .execute();
    const settings = ok(await t.admin.get('/api/site-settings'));
    expect(settings.auditRetentionMonths).toBe(24);
    expect(await pruneAudit(t.db, now)).toBe(1);
    expect((await t.db.selectFrom('auditLog').select('at').orderBy('at').execute()).map((r) => new Date(r.at).toISOString())).toEqual([
      '2024-06-15T13:00:00.000Z',
      '2025-12-01T00:00:00.000Z',
      '2026-06-15T11:00:00.000Z',
    ]);
    // Six months: the older two go too. The setting change is itself recorded (and kept).
    ok(await t.admin.put('/api/admin/site-settings', { ...settings, auditRetentionMonths: 6 }));
    expect((await entriesOf('settings')).at(-1)!.changes).toEqual({ auditRetentionMonths: { old: 24, new: 6 } });
    expect(await pruneAudit(t.db, now)).toBe(2);
    expect((await t.db.selectFrom('auditLog').select('entity').execute()).map((r) => r.entity).sort()).toEqual(['news', 'settings']);
    for (const bad of [0, 121, 'ten', 1.5]) {
      const res = await t.admin.put('/api/admin/site-settings', { ...settings, auditRetentionMonths: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toBe('Keep the audit log for 1 to 120 months');
    }
    ok(await t.admin.put('/api/admin/site-settings', settings));

    // The periodic job (main.ts) runs it with the sessions' prune: 24 months again, a row of 2020 goes.
    await t.db.insertInto('auditLog').values(at('2020-01-01T00:00:00Z')).execute();
    const errors: string[] = [];
    await pruneStale(t.db, (what) => errors.push(what));
    expect(errors).toEqual([]);
    expect(await t.db.selectFrom('auditLog').select('id').where('at', '<', new Date('2021-01-01')).execute()).toEqual([]);
    expect(await count()).toBeGreaterThan(0);
  });
});
