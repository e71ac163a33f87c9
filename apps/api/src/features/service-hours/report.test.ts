import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { insertEventWithSignUps, insertMember, useTestApp } from '../../test-helpers.ts';
import { REPORT_CSV_COLUMNS } from './report.service.ts';

// The report's numbers against sums made here, independently, from the seeded rows (issue 44):
// rows on both sides of the program year's boundary, May 31/June 1 in the post's time zone.
const t = useTestApp({ admin: true, settings: { timeZone: 'America/New_York', serviceYearStartMonth: 6, mileageRate: 0.14 } });

let cat: (name: string) => number;

interface Seed {
  /** Program year the row belongs to, by the post's calendar. */
  year: number;
  category: string;
  person: string;
  member: boolean;
  hours: number;
  miles: number;
  counted: boolean;
  kind: 'event' | 'entry';
  event?: string;
}
const seeds: Seed[] = [];

async function event(title: string, startLocal: string, hours: number, category: string) {
  // New York is UTC-4 in summer, and every event here is in May or June.
  const e = await insertEventWithSignUps(t.db, { title, start: new Date(`${startLocal}:00-04:00`), hours, serviceCategoryId: cat(category) });
  return { id: e.eventId, start: e.start };
}

async function attend(ev: { id: number; start: Date }, name: string, email: string, minutes: number | null) {
  const v = await t.db.insertInto('volunteers').values({ eventId: ev.id, name, email }).returning('id').executeTakeFirstOrThrow();
  const res = await t.admin.post(`/api/admin/volunteers/${v.id}/check-in`, { at: ev.start.toISOString() });
  expect(res.statusCode).toBe(200);
  if (minutes !== null) await t.admin.post(`/api/admin/volunteers/${v.id}/check-out`, { at: new Date(ev.start.getTime() + minutes * 60_000).toISOString() });
}

beforeAll(async () => {
  const categories: { id: number; name: string }[] = (await t.admin.get('/api/admin/service-categories')).json();
  cat = (name) => categories.find((c) => c.name === name)!.id;
  const ann = await insertMember(t.db, { email: 'ann@example.org', firstName: 'Ann', lastName: 'Member' });

  // May 31, 20:00 in New York is June 1 in UTC: still the year that started in 2025.
  const a = await event('Memorial cleanup', '2026-05-31T20:00', 3, 'Community service');
  await attend(a, 'Ann Member', 'ann@example.org', 120);
  await attend(a, 'Walt Neighbor', 'walt@example.org', 90);
  seeds.push({ year: 2025, category: 'Community service', person: 'm', member: true, hours: 2, miles: 0, counted: true, kind: 'event', event: 'a' });
  seeds.push({ year: 2025, category: 'Community service', person: 'walt', member: false, hours: 1.5, miles: 0, counted: true, kind: 'event', event: 'a' });
  // June 1, 00:30 in New York: the next year.
  const b = await event('Flag Day', '2026-06-01T00:30', 2, 'Americanism');
  await attend(b, 'Ann Member', 'ann@example.org', null);
  seeds.push({ year: 2026, category: 'Americanism', person: 'm', member: true, hours: 2, miles: 0, counted: true, kind: 'event', event: 'b' });
  // June 1, 00:15: the first quarter hour of the 2025 year; no check-out, so the event's length.
  const c = await event('Youth baseball', '2025-06-01T00:15', 3, 'Children & youth');
  await attend(c, 'Yuri Coach', 'yuri@example.org', null);
  seeds.push({ year: 2025, category: 'Children & youth', person: 'yuri', member: false, hours: 3, miles: 0, counted: true, kind: 'event', event: 'c' });
  // May 31, 23:30: the year before.
  const d = await event('Old picnic', '2025-05-31T23:30', 4, 'Community service');
  await attend(d, 'Ann Member', 'ann@example.org', null);
  seeds.push({ year: 2024, category: 'Community service', person: 'm', member: true, hours: 4, miles: 0, counted: true, kind: 'event', event: 'd' });
  // A canteen shift: not reportable.
  const e = await event('Canteen', '2025-06-20T18:00', 4, 'Post fundraisers, canteen and meetings');
  await attend(e, 'Ann Member', 'ann@example.org', null);
  seeds.push({
    year: 2025,
    category: 'Post fundraisers, canteen and meetings',
    person: 'm',
    member: true,
    hours: 4,
    miles: 0,
    counted: true,
    kind: 'event',
    event: 'e',
  });

  const entry = async (s: Omit<Seed, 'kind' | 'counted' | 'year'>, date: string, year: number, note: string | null) => {
    const res = await t.admin.post('/api/admin/service-hours', {
      ...(s.member ? { memberId: ann.id } : { name: s.person }),
      serviceDate: date,
      hours: s.hours,
      miles: s.miles,
      categoryId: cat(s.category),
      note,
    });
    expect(res.statusCode).toBe(200);
    seeds.push({ ...s, year, kind: 'entry', counted: true });
  };
  await entry(
    { category: 'Veterans affairs & rehabilitation', person: 'm', member: true, hours: 2.5, miles: 40 },
    '2026-05-31',
    2025,
    'Drove a veteran to the VA',
  );
  await entry({ category: 'Veterans affairs & rehabilitation', person: 'm', member: true, hours: 1, miles: 12 }, '2026-06-01', 2026, 'VA again');
  await entry({ category: 'Funeral honors', person: 'Pat Bugler', member: false, hours: 1.25, miles: 25.5 }, '2025-06-01', 2025, null);
  // A member's own entry, not approved: listed, not counted.
  const own = t.agent();
  await t.db.updateTable('members').set({ membershipNumber: 'ANN-1' }).where('id', '=', ann.id).execute();
  await own.loginMember('ANN-1');
  const logged = await own.post('/api/member/service', {
    serviceDate: '2025-09-09',
    hours: 3,
    miles: 0,
    categoryId: cat('Blood donation'),
    note: 'Blood drive',
  });
  expect(logged.statusCode).toBe(200);
  seeds.push({ year: 2025, category: 'Blood donation', person: 'm', member: true, hours: 3, miles: 0, counted: false, kind: 'entry' });
});

/** The figures of the seeded rows, summed here. */
function expected(year: number, category?: string) {
  const notReportable = 'Post fundraisers, canteen and meetings';
  const rows = seeds.filter((s) => s.year === year && s.counted && (category ? s.category === category : s.category !== notReportable));
  const sum = (f: (s: Seed) => number) => rows.reduce((x, s) => x + f(s), 0);
  const miles = sum((s) => s.miles);
  return {
    hours: sum((s) => s.hours),
    volunteers: new Set(rows.map((s) => s.person)).size,
    memberHours: sum((s) => (s.member ? s.hours : 0)),
    nonMemberHours: sum((s) => (s.member ? 0 : s.hours)),
    events: new Set(rows.filter((s) => s.kind === 'event').map((s) => s.event)).size,
    entries: rows.length,
    miles,
    mileageValue: Math.round(miles * 0.14 * 100) / 100,
  };
}

describe('the yearly service report', () => {
  it('sums the program year in the post time zone, June 1 to May 31, and leaves out what is not reportable', async () => {
    const res = await t.admin.get('/api/admin/reports/service?year=2025');
    expect(res.statusCode).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ year: 2025, from: '2025-06-01', to: '2026-05-31', label: '2025-2026' });
    expect(r.totals).toEqual(expected(2025));
    expect(r.totals.hours).toBe(2 + 1.5 + 3 + 2.5 + 1.25);
    for (const c of r.categories) {
      const { items, id, name, reportable, ...figures } = c;
      void items;
      void id;
      void reportable;
      expect(figures, name).toEqual(expected(2025, name));
    }
    expect(r.categories.find((c: { name: string }) => c.name === 'Post fundraisers, canteen and meetings')).toMatchObject({ hours: 4, reportable: false });
    expect(r.attention.map((a: { name: string; reason: string }) => [a.name, a.reason])).toEqual([
      ['Pat Bugler', 'No photo or note as documentation'],
      ['Ann Member', 'Waiting for an officer to approve it'],
    ]);
    const next = (await t.admin.get('/api/admin/reports/service?year=2026')).json();
    expect(next.totals).toEqual(expected(2026));
  });

  it('downloads the same numbers as CSV', async () => {
    const res = await t.admin.get('/api/admin/reports/service.csv?year=2025');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const rows: string[][] = parse(res.body.replace(/^\uFEFF/, ''), { relax_column_count: true });
    const head = rows.findIndex((r) => r[0] === REPORT_CSV_COLUMNS[0] && r[1] === REPORT_CSV_COLUMNS[1]);
    const table = rows.slice(head + 1, rows.findIndex((r, i) => i > head && r[0] === 'Total (reportable)') + 1);
    const asFigures = (r: string[]) => ({
      hours: Number(r[2]),
      volunteers: Number(r[3]),
      memberHours: Number(r[4]),
      nonMemberHours: Number(r[5]),
      events: Number(r[6]),
      entries: Number(r[7]),
      miles: Number(r[8]),
      mileageValue: Number(r[9]),
    });
    expect(asFigures(table.at(-1)!)).toEqual(expected(2025));
    for (const r of table.slice(0, -1)) expect(asFigures(r), r[0]).toEqual(expected(2025, r[0]));
    const audit = await t.db.selectFrom('auditLog').select('action').where('entity', '=', 'service-report').execute();
    expect(audit.map((a) => a.action)).toEqual(['export']);
  });

  it('counts a category again once it is reportable, and refuses a bad year', async () => {
    const id = cat('Post fundraisers, canteen and meetings');
    await t.admin.put(`/api/admin/service-categories/${id}`, { name: 'Post fundraisers, canteen and meetings', position: 9, reportable: true });
    const r = (await t.admin.get('/api/admin/reports/service?year=2025')).json();
    expect(r.totals.hours).toBe(expected(2025).hours + 4);
    await t.admin.put(`/api/admin/service-categories/${id}`, { name: 'Post fundraisers, canteen and meetings', position: 9, reportable: false });
    expect((await t.admin.get('/api/admin/reports/service?year=abc')).statusCode).toBe(400);
    expect((await t.admin.get('/api/admin/reports/service.csv?year=abc')).statusCode).toBe(400);
    expect((await t.agent().get('/api/admin/reports/service?year=2025')).statusCode).toBe(401);
  });
});
