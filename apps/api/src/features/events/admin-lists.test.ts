import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import { pagingMessages } from '@post/contracts/messages/paging';
import { serverMessages } from '@post/contracts/messages/server';
import { PAGE_SIZE } from '@post/contracts/paging';
import { useTestApp, type Agent } from '../../test-helpers.ts';

// Issue 20: the dashboard's paged Events list and the volunteer roster (list and CSV).

const t = useTestApp({ admin: true });

let anonymous: Agent;
const DAY = 86_400_000;
const now = Date.now();
const ids: Record<string, number> = {};

async function insertEvent(title: string, days: number, over: { location?: string; positions?: number } = {}): Promise<number> {
  const start = new Date(now + days * DAY);
  const row = await t.db
    .insertInto('events')
    .values({
      title,
      description: 'About it.',
      location: over.location ?? 'Post Hall',
      startDate: start,
      endDate: new Date(start.getTime() + 2 * 3_600_000),
      volunteerPositions: over.positions ?? 10,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function signUp(eventId: number, name: string, email: string, extra: { phone?: string; role?: string } = {}) {
  await t.db
    .insertInto('volunteers')
    .values({ eventId, name, email, phone: extra.phone ?? null, role: extra.role ?? null })
    .execute();
}

beforeAll(async () => {
  anonymous = t.agent();
  // 60 upcoming "Practice" events a day apart, 30 past ones, and a few to search for.
  const rows = [];
  for (let i = 1; i <= 60; i++) rows.push({ title: `Practice ${i}`, days: i + 0.5 });
  for (let i = 1; i <= 30; i++) rows.push({ title: `Old practice ${i}`, days: -i });
  const values = rows.map((r) => {
    const start = new Date(now + r.days * DAY);
    return { title: r.title, description: 'd', location: 'Field', startDate: start, endDate: new Date(start.getTime() + 3_600_000) };
  });
  await t.db.insertInto('events').values(values).execute();
  ids.fishFry = await insertEvent('Friday Fish Fry', 3.2, { location: 'Canteen', positions: 10 });
  ids.percent = await insertEvent('100% Bingo_Night', 4.2, { location: 'Hall B' });
  ids.hall = await insertEvent('Color guard', 5.2, { location: 'Main Street Hall' });
  ids.past = await insertEvent('Veterans Day parade', -2.5);
  await signUp(ids.fishFry, 'Alice Adams', 'alice@example.com', { phone: '555-0101', role: 'Cook' });
  await signUp(ids.fishFry, 'Bob Brown', 'bob@example.com');
  await signUp(ids.fishFry, '=HYPERLINK("http://evil.example","x")', 'mallory@example.com', { role: '+SUM(1,2)' });
  await signUp(ids.hall, 'Carol Clark', 'carol@example.com', { phone: '555-0199', role: 'Flag bearer' });
  await signUp(ids.past, 'Dan Past', 'dan@example.com');
  t.app.clearPublicCache();
});

interface EventRow {
  id: number;
  title: string;
  startDate: string;
  volunteerCount: number;
  volunteerPositions: number;
}
interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

describe('GET /api/admin/events (the dashboard list)', () => {
  it('lists upcoming events soonest first, 25 a page, with the total and volunteer counts', async () => {
    const res = await t.admin.get('/api/admin/events');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Page<EventRow>;
    expect(body.total).toBe(63);
    expect(body.pageSize).toBe(PAGE_SIZE);
    expect(body.items).toHaveLength(25);
    const starts = body.items.map((e) => Date.parse(e.startDate));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(starts.every((s) => s > now - 2 * 3_600_000)).toBe(true);
    expect(body.items.find((e) => e.id === ids.fishFry)).toMatchObject({ volunteerCount: 3, volunteerPositions: 10 });

    const last = (await t.admin.get('/api/admin/events?page=3')).json() as Page<EventRow>;
    expect(last.page).toBe(3);
    expect(last.items).toHaveLength(13);
    expect(last.items.at(-1)!.title).toBe('Practice 60');
    expect(((await t.admin.get('/api/admin/events?page=4')).json() as Page<EventRow>).items).toEqual([]);
  });

  it('shows past events latest first with when=past', async () => {
    const body = (await t.admin.get('/api/admin/events?when=past')).json() as Page<EventRow>;
    expect(body.total).toBe(31);
    expect(body.items[0]!.title).toBe('Old practice 1');
    expect(body.items.slice(0, 3).map((e) => e.title)).toEqual(['Old practice 1', 'Old practice 2', 'Veterans Day parade']);
    const starts = body.items.map((e) => Date.parse(e.startDate));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
  });

  it('searches title or location in any case; % and _ are plain characters', async () => {
    const byTitle = (await t.admin.get('/api/admin/events?q=FISH')).json() as Page<EventRow>;
    expect(byTitle.items.map((e) => e.id)).toEqual([ids.fishFry]);
    const byLocation = (await t.admin.get(`/api/admin/events?q=${encodeURIComponent('main street')}`)).json() as Page<EventRow>;
    expect(byLocation.items.map((e) => e.id)).toEqual([ids.hall]);
    expect(((await t.admin.get('/api/admin/events?q=%25')).json() as Page<EventRow>).items.map((e) => e.id)).toEqual([ids.percent]);
    expect(((await t.admin.get('/api/admin/events?q=o_N')).json() as Page<EventRow>).items.map((e) => e.id)).toEqual([ids.percent]);
    const practice = (await t.admin.get('/api/admin/events?q=practice&page=2')).json() as Page<EventRow>;
    expect(practice.total).toBe(60);
    expect(practice.items[0]!.title).toBe('Practice 26');
    expect(((await t.admin.get('/api/admin/events?q=parade&when=past')).json() as Page<EventRow>).total).toBe(1);
  });

  it('refuses bad paging and filters with a 400 and a plain message; only administrators may ask', async () => {
    for (const q of ['page=0', 'page=-1', 'page=abc', 'page=1.5', 'page=99999999', 'when=later', `q=${'x'.repeat(101)}`]) {
      const res = await t.admin.get(`/api/admin/events?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect((await t.admin.get('/api/admin/events?page=0')).json().message).toBe(pagingMessages.page);
    const res = await anonymous.get('/api/admin/events');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(serverMessages.adminRequired);
  });
});

interface RosterRow {
  id: number;
  eventId: number;
  eventTitle: string;
  eventStart: string;
  name: string;
  email: string;
  phone: string | null;
  role: string | null;
  signedUpAt: string;
}

describe('GET /api/admin/volunteers (the roster)', () => {
  it('lists sign-ups of upcoming events only, by event date, with the filter choices', async () => {
    const res = await t.admin.get('/api/admin/volunteers');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Page<RosterRow> & { events: { id: number; title: string; volunteerCount: number }[] };
    expect(body.total).toBe(4);
    expect(body.items.map((r) => r.name)).toEqual(['Alice Adams', 'Bob Brown', '=HYPERLINK("http://evil.example","x")', 'Carol Clark']);
    expect(body.items[0]).toMatchObject({ eventId: ids.fishFry, eventTitle: 'Friday Fish Fry', email: 'alice@example.com', phone: '555-0101', role: 'Cook' });
    expect(Date.parse(body.items[0]!.signedUpAt)).toBeGreaterThan(0);
    expect(body.events.map((e) => [e.id, e.volunteerCount])).toEqual([
      [ids.fishFry, 3],
      [ids.hall, 1],
    ]);
  });

  it('filters by event and searches name, e-mail, phone, role and event title', async () => {
    const names = async (qs: string) => ((await t.admin.get(`/api/admin/volunteers?${qs}`)).json() as Page<RosterRow>).items.map((r) => r.name);
    expect(await names(`eventId=${ids.hall}`)).toEqual(['Carol Clark']);
    expect(await names('q=BOB')).toEqual(['Bob Brown']);
    expect(await names('q=0199')).toEqual(['Carol Clark']);
    expect(await names('q=flag')).toEqual(['Carol Clark']);
    expect(await names(`q=fish&eventId=${ids.fishFry}`)).toHaveLength(3);
    expect(await names(`eventId=${ids.past}`)).toEqual([]);
    expect(await names('q=dan')).toEqual([]);
  });

  it('pages 25 at a time', async () => {
    const many = await insertEvent('Big cookout', 6.2, { positions: 100 });
    await t.db
      .insertInto('volunteers')
      .values(Array.from({ length: 30 }, (_, i) => ({ eventId: many, name: `Helper ${String(i).padStart(2, '0')}`, email: `helper${i}@example.com` })))
      .execute();
    const p1 = (await t.admin.get(`/api/admin/volunteers?eventId=${many}`)).json() as Page<RosterRow>;
    const p2 = (await t.admin.get(`/api/admin/volunteers?eventId=${many}&page=2`)).json() as Page<RosterRow>;
    expect([p1.total, p1.items.length, p2.items.length]).toEqual([30, 25, 5]);
    expect(new Set([...p1.items, ...p2.items].map((r) => r.id)).size).toBe(30);
    await t.db.deleteFrom('events').where('id', '=', many).execute();
  });

  it('refuses bad input with a 400; only administrators', async () => {
    for (const q of ['eventId=abc', 'eventId=0', 'page=0', `q=${'y'.repeat(101)}`])
      expect((await t.admin.get(`/api/admin/volunteers?${q}`)).statusCode, q).toBe(400);
    expect((await anonymous.get('/api/admin/volunteers')).statusCode).toBe(401);
  });
});

describe('GET /api/admin/volunteers.csv', () => {
  it('is the filtered roster as a formula-safe CSV download', async () => {
    const res = await t.admin.get(`/api/admin/volunteers.csv?eventId=${ids.fishFry}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="volunteers-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const rows = parse(res.body.slice(1)) as string[][];
    expect(rows[0]).toEqual(['Event', 'Event date', 'Event time', 'Name', 'Email', 'Phone', 'Role', 'Signed up at', 'Shift', 'Shift time', 'Status']);
    expect(rows.slice(1).map((r) => r[3])).toEqual(['Alice Adams', 'Bob Brown', `'=HYPERLINK("http://evil.example","x")`]);
    expect(rows[3]![6]).toBe("'+SUM(1,2)");
    expect(rows[1]).toEqual([
      'Friday Fish Fry',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      expect.stringMatching(/^\d{2}:\d{2}$/),
      'Alice Adams',
      'alice@example.com',
      '555-0101',
      'Cook',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
      '',
      '',
      'Confirmed',
    ]);
    const searched = parse((await t.admin.get('/api/admin/volunteers.csv?q=carol')).body.slice(1)) as string[][];
    expect(searched.slice(1).map((r) => r[3])).toEqual(['Carol Clark']);
  });

  it('refuses anyone but an administrator, and hostile queries with a 4xx', async () => {
    const res = await anonymous.get('/api/admin/volunteers.csv');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(serverMessages.adminRequired);
    for (const q of ["eventId=1' OR '1'='1", 'eventId=-1', `q=${'z'.repeat(5000)}`, 'q=%00']) {
      const bad = await t.admin.get(`/api/admin/volunteers.csv?${q}`);
      expect(bad.statusCode, q).toBeGreaterThanOrEqual(400);
      expect(bad.statusCode, q).toBeLessThan(500);
    }
    // A broken escape is read leniently, never a 5xx.
    expect((await t.admin.get('/api/admin/volunteers.csv?q=%E0%A4%A')).statusCode).toBeLessThan(500);
    // Injection text as a search is just text.
    const plain = await t.admin.get(`/api/admin/volunteers.csv?q=${encodeURIComponent("' OR '1'='1")}`);
    expect(plain.statusCode).toBe(200);
    expect((parse(plain.body.slice(1)) as string[][]).length).toBe(1);
    const n = await sql<{ n: number }>`select count(*)::int as n from volunteers`.execute(t.db);
    expect(n.rows[0]!.n).toBe(5);
  });
});

describe('the OpenAPI document (issue 20, item 7)', () => {
  it('documents recurrence, seriesId and scope on the events paths, and the new admin lists', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json();
    const create = doc.paths['/events'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(create.properties.recurrence.anyOf?.[0]?.properties ?? create.properties.recurrence.properties)).toEqual(
      expect.arrayContaining(['rule', 'onHoliday']),
    );
    const put = doc.paths['/events/{id}'].put.requestBody.content['application/json'].schema;
    expect(Object.keys(put.properties)).toEqual(expect.arrayContaining(['recurrence', 'scope', 'notifyVolunteers']));
    expect(put.properties.scope.enum).toEqual(['this', 'following']);
    const del = doc.paths['/events/{id}'].delete;
    const scope = del.parameters.find((p: { name: string }) => p.name === 'scope');
    expect(scope.in).toBe('query');
    expect(scope.schema.enum).toEqual(['this', 'following']);
    expect(Object.keys(del.responses['200'].content['application/json'].schema.properties)).toEqual(['ok', 'deletedEvents', 'deletedSignups']);
    const event = doc.paths['/events'].get.responses['200'].content['application/json'].schema.items;
    expect(event.required).toEqual(expect.arrayContaining(['seriesId', 'recurrence', 'repeats']));
    const list = doc.paths['/admin/events'].get;
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(['when', 'q', 'page']);
    const roster = doc.paths['/admin/volunteers'].get;
    expect(roster.parameters.map((p: { name: string }) => p.name)).toEqual(['eventId', 'q', 'page']);
    expect(Object.keys(roster.responses['200'].content['application/json'].schema.properties)).toEqual(['items', 'total', 'page', 'pageSize', 'events']);
  });
});
