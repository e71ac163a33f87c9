import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertEventWithSignUps, insertMember, useTestApp } from '../../test-helpers.ts';
import { countSources, type CountSource } from './count-sources.ts';

// Each form's lines against sums made here from the seeded rows (issue 60, decision 0085): the
// CPR's hours for post members only and in one bucket each, units apart, the VFW year from July 1.
const t = useTestApp({ admin: true, settings: { timeZone: 'America/New_York', mileageRate: 0.14 } });
const extraSource: CountSource = async (_db, from, to): Promise<Record<string, number>> =>
  from <= '2025-08-01' && '2025-08-01' <= to ? { buddyChecks: 7 } : {};
let cat: (name: string) => number;

/** One seeded contribution, as this test understands it. */
interface Row {
  rec: string;
  date: string;
  category: string;
  unit: string;
  member: boolean;
  hours: number;
  miles: number;
  given: number;
  cost: number;
  inKind: number;
  counts: Record<string, number>;
}
const rows: Row[] = [];
const row = (r: Partial<Row> & Pick<Row, 'rec' | 'date' | 'category' | 'unit' | 'member'>) =>
  rows.push({ hours: 0, miles: 0, given: 0, cost: 0, inKind: 0, counts: {}, ...r });
const entryIds: Record<string, number> = {};

async function event(title: string, startLocal: string, hours: number, category: string) {
  const e = await insertEventWithSignUps(t.db, { title, start: new Date(`${startLocal}:00-04:00`), hours, serviceCategoryId: cat(category) });
  return { id: e.eventId, start: e.start };
}
async function signUpAndCheckIn(ev: { id: number; start: Date }, name: string, email: string, out: { minutes: number; miles?: number } | null) {
  const v = await t.db.insertInto('volunteers').values({ eventId: ev.id, name, email }).returning('id').executeTakeFirstOrThrow();
  expect((await t.admin.post(`/api/admin/volunteers/${v.id}/check-in`, { at: ev.start.toISOString() })).statusCode).toBe(200);
  if (out) {
    const res = await t.admin.post(`/api/admin/volunteers/${v.id}/check-out`, {
      at: new Date(ev.start.getTime() + out.minutes * 60_000).toISOString(),
      miles: out.miles,
    });
    expect(res.statusCode).toBe(200);
  }
}
async function walkIn(ev: { id: number; start: Date }, name: string, unit: string | null, minutes: number) {
  const res = await t.admin.post(`/api/admin/events/${ev.id}/walk-ins`, { name, unit, at: ev.start.toISOString() });
  expect(res.statusCode).toBe(200);
  const id = res.json().attendee.attendanceId;
  expect(
    (await t.admin.post(`/api/admin/attendance/${id}/check-out`, { at: new Date(ev.start.getTime() + minutes * 60_000).toISOString(), miles: 0 })).statusCode,
  ).toBe(200);
}
async function entry(key: string, body: Record<string, unknown>) {
  const res = await t.admin.post('/api/admin/service-hours', { miles: 0, note: key, ...body });
  expect(res.statusCode, res.body).toBe(200);
  entryIds[key] = res.json().id;
}

beforeAll(async () => {
  const categories: { id: number; name: string }[] = (await t.admin.get('/api/admin/service-categories')).json();
  cat = (name) => categories.find((c) => c.name === name)!.id;
  const ann = await insertMember(t.db, { email: 'ann@example.org', firstName: 'Ann', lastName: 'Post' });
  const rita = await insertMember(t.db, { email: 'rita@example.org', firstName: 'Rita', lastName: 'Rider' });
  expect((await t.admin.patch(`/api/members/${rita.id}`, { unit: 'riders' })).statusCode).toBe(200);
  const sam = await insertMember(t.db, { email: 'sam@example.org', firstName: 'Sam', lastName: 'Son' });
  expect((await t.admin.patch(`/api/members/${sam.id}`, { unit: 'sons' })).statusCode).toBe(200);

  // A community-service day in July 2025: in the CPR's and the VFW's 2025 years.
  const a = await event('Pantry day', '2025-07-15T10:00', 3, 'Community service');
  const figures = {
    dollarsGiven: 500,
    dollarsCost: 120,
    inKindValue: 50,
    beneficiary: 'Food Pantry',
    counts: { flagsPresented: 12 },
    unit: 'post',
    defaultMiles: 30,
  };
  expect((await t.admin.put(`/api/admin/events/${a.id}/report-figures`, figures)).statusCode).toBe(200);
  row({
    rec: 'A',
    date: '2025-07-15',
    category: 'Community service',
    unit: 'post',
    member: true,
    given: 500,
    cost: 120,
    inKind: 50,
    counts: { flagsPresented: 12 },
  });
  await signUpAndCheckIn(a, 'Ann Post', 'ann@example.org', { minutes: 120, miles: 20 });
  row({ rec: 'A', date: '2025-07-15', category: 'Community service', unit: 'post', member: true, hours: 2, miles: 20 });
  // Rita leaves without giving miles: the event's default.
  await signUpAndCheckIn(a, 'Rita Rider', 'rita@example.org', { minutes: 180 });
  row({ rec: 'A', date: '2025-07-15', category: 'Community service', unit: 'riders', member: true, hours: 3, miles: 30 });
  await walkIn(a, 'Walt Guest', null, 90);
  row({ rec: 'A', date: '2025-07-15', category: 'Community service', unit: 'guest', member: false, hours: 1.5 });
  await walkIn(a, 'Alice Aux', 'auxiliary', 60);
  row({ rec: 'A', date: '2025-07-15', category: 'Community service', unit: 'auxiliary', member: false, hours: 1 });

  // June 20, 2025: the CPR's 2025 year, the VFW's 2024 one.
  const b = await event('VA ward visit', '2025-06-20T09:00', 4, 'VA hospital volunteering');
  await signUpAndCheckIn(b, 'Ann Post', 'ann@example.org', null);
  row({ rec: 'B', date: '2025-06-20', category: 'VA hospital volunteering', unit: 'post', member: true, hours: 4 });
  // June 15, 2026: the CPR's 2026 year, the VFW's 2025 one.
  const c = await event('Youth camp', '2026-06-15T09:00', 2, 'Children & youth');
  await signUpAndCheckIn(c, 'Ann Post', 'ann@example.org', null);
  row({ rec: 'C', date: '2026-06-15', category: 'Children & youth', unit: 'post', member: true, hours: 2 });
  // A canteen shift: left out by both forms.
  const d = await event('Canteen', '2025-08-02T18:00', 3, 'Post fundraisers, canteen and meetings');
  await signUpAndCheckIn(d, 'Ann Post', 'ann@example.org', null);
  row({ rec: 'D', date: '2025-08-02', category: 'Post fundraisers, canteen and meetings', unit: 'post', member: true, hours: 3 });

  await entry('americanism', {
    memberId: ann.id,
    serviceDate: '2025-11-11',
    hours: 2.5,
    miles: 30,
    categoryId: cat('Americanism'),
    dollarsCost: 75,
    counts: { ceremonies: 1 },
  });
  row({
    rec: 'americanism',
    date: '2025-11-11',
    category: 'Americanism',
    unit: 'post',
    member: true,
    hours: 2.5,
    miles: 30,
    cost: 75,
    counts: { ceremonies: 1 },
  });
  await entry('sons', { memberId: sam.id, serviceDate: '2025-08-01', hours: 5, categoryId: cat('Community service') });
  row({ rec: 'sons', date: '2025-08-01', category: 'Community service', unit: 'sons', member: true, hours: 5 });
  await entry('blood', { memberId: ann.id, serviceDate: '2025-10-10', hours: 1, categoryId: cat('Blood donation'), counts: { bloodPints: 3, bloodDonors: 3 } });
  row({ rec: 'blood', date: '2025-10-10', category: 'Blood donation', unit: 'post', member: true, hours: 1, counts: { bloodPints: 3, bloodDonors: 3 } });
  await entry('ride', { name: 'Ray Rider', unit: 'riders', serviceDate: '2025-09-01', hours: 1, miles: 150, categoryId: cat('Other') });
  row({ rec: 'ride', date: '2025-09-01', category: 'Other', unit: 'riders', member: false, hours: 1, miles: 150 });

  // Another feature's count, added the way decision 0085 says: one source in the list.
  countSources.push(extraSource);
});
afterAll(async () => {
  // The worker's next files share this module (decision 0076): take back only the source added here.
  countSources.splice(countSources.indexOf(extraSource), 1);
});

const inPeriod = (from: string, to: string) => (r: Row) => r.date >= from && r.date <= to;
const sum = (rs: Row[], f: (r: Row) => number) => rs.reduce((x, r) => x + f(r), 0);
const recordsOf = (rs: Row[], f: (r: Row) => number) => new Set(rs.filter((r) => f(r) !== 0).map((r) => r.rec)).size;
const excluded = 'Post fundraisers, canteen and meetings';

async function report(query: string) {
  const res = await t.admin.get(`/api/admin/reports/service?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { body, line: (key: string) => body.lines.find((l: { key: string }) => l.key === key) };
}

describe('the Consolidated Post Report (legion-cpr)', () => {
  it('counts only post members in the four hours buckets, each record in one bucket', async () => {
    const { body, line } = await report('year=2025&form=legion-cpr');
    expect(body).toMatchObject({ form: 'legion-cpr', from: '2025-06-01', to: '2026-05-31' });
    const year = rows.filter(inPeriod('2025-06-01', '2026-05-31')).filter((r) => r.unit === 'post' && r.member && r.category !== excluded);
    const bucket: Record<string, (r: Row) => boolean> = {
      'va-hospital-hours': (r) => r.category === 'VA hospital volunteering',
      'community-service-hours': (r) => r.category === 'Community service',
      'children-youth-hours': (r) => r.category === 'Children & youth',
      'other-hours': (r) => !['VA hospital volunteering', 'Community service', 'Children & youth'].includes(r.category),
    };
    let bucketsTotal = 0;
    for (const [key, f] of Object.entries(bucket)) {
      const mine = year.filter(f);
      expect(line(key).value, key).toBe(sum(mine, (r) => r.hours));
      expect(line(key).records, key).toBe(recordsOf(mine, (r) => r.hours));
      bucketsTotal += line(key).value;
    }
    // Every post member's hour is in exactly one bucket, and no one else's is.
    expect(bucketsTotal).toBe(sum(year, (r) => r.hours));
    expect(line('community-service-hours').value).toBe(2);
    expect(line('community-service-hours').items).toEqual([expect.objectContaining({ kind: 'event', title: 'Pantry day', value: 2 })]);
  });

  it('reports counts and dollars of the post, Riders miles apart, and a count source', async () => {
    const { line } = await report('year=2025&form=legion-cpr');
    const year = rows.filter(inPeriod('2025-06-01', '2026-05-31'));
    const post = year.filter((r) => r.unit === 'post');
    const count = (k: string) => sum(post, (r) => r.counts[k] ?? 0);
    expect(line('flags-presented').value).toBe(count('flagsPresented'));
    expect(line('ceremonies').value).toBe(count('ceremonies'));
    expect(line('blood-pints').value).toBe(count('bloodPints'));
    expect(line('blood-donors').value).toBe(count('bloodDonors'));
    expect(line('buddy-checks').value).toBe(7);
    const community = ['Community service', 'Emergency aid', 'Blood donation', 'Funeral honors', 'Other'];
    expect(line('community-given').value).toBe(
      sum(
        post.filter((r) => community.includes(r.category)),
        (r) => r.given + r.inKind,
      ),
    );
    expect(line('community-cost').value).toBe(
      sum(
        post.filter((r) => community.includes(r.category)),
        (r) => r.cost,
      ),
    );
    expect(line('americanism-cost').value).toBe(
      sum(
        post.filter((r) => r.category === 'Americanism'),
        (r) => r.cost,
      ),
    );
    expect(line('riders-miles').value).toBe(
      sum(
        year.filter((r) => r.unit === 'riders'),
        (r) => r.miles,
      ),
    );
    expect(line('riders-miles').records).toBe(
      recordsOf(
        year.filter((r) => r.unit === 'riders'),
        (r) => r.miles,
      ),
    );
  });

  it('downloads the worksheet as CSV named with the program year', async () => {
    const res = await t.admin.get('/api/admin/reports/service.csv?year=2025&form=legion-cpr');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="cpr-2025-2026.csv"');
    expect(res.body).toContain('83,Community service hours,hours,2,1');
  });

  it('answers the yearly report as before without a form', async () => {
    const { body } = await report('year=2025');
    expect(body.totals).toBeDefined();
    expect(body.lines).toBeUndefined();
  });
});

describe('the VFW community service report (vfw)', () => {
  it("counts members' hours of every unit from July 1, miles at the rate, dollars with in-kind and mileage, no value for hours", async () => {
    const { body, line } = await report('year=2025&form=vfw');
    expect(body).toMatchObject({ from: '2025-07-01', to: '2026-06-30' });
    const year = rows.filter(inPeriod('2025-07-01', '2026-06-30')).filter((r) => r.category !== excluded);
    const members = year.filter((r) => r.member && r.unit !== 'guest');
    expect(line('hours').value).toBe(sum(members, (r) => r.hours));
    const miles = sum(members, (r) => r.miles);
    expect(line('miles').value).toBe(miles);
    expect(line('miles-value').value).toBe(Math.round(miles * 0.14));
    expect(line('money').value).toBe(sum(year, (r) => r.given + r.cost));
    expect(line('in-kind').value).toBe(sum(year, (r) => r.inKind));
    // Dollars of every unit but guests: money, in-kind, and the mileage of everyone who drove.
    const allMiles = sum(
      year.filter((r) => r.unit !== 'guest'),
      (r) => r.miles,
    );
    expect(line('total-dollars').value).toBe(Math.round(sum(year, (r) => r.given + r.cost + r.inKind) + allMiles * 0.14));
    expect(body.lines.filter((l: { kind: string }) => l.kind === 'dollars').map((l: { key: string }) => l.key)).not.toContain('hours');
    // The VA ward visit of June 20, 2025 is the VFW's 2024 year.
    expect((await report('year=2024&form=vfw')).line('hours').value).toBe(4);
  });

  it('shows a quarter of the year', async () => {
    const { body, line } = await report('year=2025&form=vfw&period=q1');
    expect(body).toMatchObject({ from: '2025-07-01', to: '2025-09-30' });
    const q = rows.filter(inPeriod('2025-07-01', '2025-09-30')).filter((r) => r.category !== excluded && r.member && r.unit !== 'guest');
    expect(line('hours').value).toBe(sum(q, (r) => r.hours));
  });
});

describe('a filing', () => {
  it('keeps the lines as filed after a record changes, and lists the change beside it', async () => {
    const filed = await t.admin.post('/api/admin/reports/service/filings', { year: 2025, form: 'legion-cpr' });
    expect(filed.statusCode, filed.body).toBe(200);
    const { id, filedAt, lines } = filed.json();
    expect(filedAt).toBeTruthy();
    const other = lines.find((l: { key: string }) => l.key === 'other-hours').value;
    const before = (await t.admin.get(`/api/admin/service-hours/${entryIds.americanism}`)).json();
    const edited = await t.admin.put(`/api/admin/service-hours/${entryIds.americanism}`, {
      ...before,
      hours: 4.5,
      image: undefined,
      imageId: undefined,
      imageAlt: undefined,
      approved: undefined,
      reason: 'Stayed to clean up',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const now = await report('year=2025&form=legion-cpr');
    expect(now.line('other-hours').value).toBe(other + 2);
    const again = (await t.admin.get(`/api/admin/reports/service/filings/${id}`)).json();
    expect(again.lines).toEqual(lines);
    expect(again.changedSince).toEqual([expect.objectContaining({ kind: 'entry', id: entryIds.americanism })]);
  });
});

describe('bad input', () => {
  const countEntries = async () =>
    Number(
      (
        await t.db
          .selectFrom('serviceEntries')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const base = { name: 'Bad Input', serviceDate: '2025-09-09', hours: 1, miles: 0, note: null };

  it.each([
    [{ dollarsGiven: -5 }, ['dollarsGiven']],
    [{ inKindValue: 10_000_001 }, ['inKindValue']],
    [{ counts: { bloodQuarts: 2 } }, ['counts', 'bloodQuarts']],
    [{ unit: 'marines' }, ['unit']],
  ])('an entry with %j is a 400 naming the field, and nothing is stored', async (bad, path) => {
    const n = await countEntries();
    const res = await t.admin.post('/api/admin/service-hours', { ...base, categoryId: cat('Other'), ...bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toEqual(path);
    expect(await countEntries()).toBe(n);
  });

  it('a member with an unknown unit, or event figures with negative dollars, are 400s that change nothing', async () => {
    const m = await insertMember(t.db, { email: 'unit@example.org' });
    const res = await t.admin.patch(`/api/members/${m.id}`, { unit: 'navy' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toEqual(['unit']);
    expect((await t.db.selectFrom('members').select('unit').where('id', '=', m.id).executeTakeFirstOrThrow()).unit).toBe('post');
    const ev = await event('Figures', '2025-09-09T10:00', 1, 'Other');
    const bad = await t.admin.put(`/api/admin/events/${ev.id}/report-figures`, { dollarsCost: -1, counts: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toEqual(['dollarsCost']);
    const unknown = await t.admin.put(`/api/admin/events/${ev.id}/report-figures`, { dollarsCost: 10, counts: { wreaths: 1 } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues[0].path).toEqual(['counts', 'wreaths']);
    expect((await t.db.selectFrom('events').select('dollarsCost').where('id', '=', ev.id).executeTakeFirstOrThrow()).dollarsCost).toBe(0);
  });

  it('a form that does not exist is a 400 on form, for the report, its CSV and a filing', async () => {
    const res = await t.admin.get('/api/admin/reports/service?year=2025&form=american-legion-x');
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toEqual(['form']);
    const csv = await t.admin.get('/api/admin/reports/service.csv?year=2025&form=american-legion-x');
    expect(csv.statusCode).toBe(400);
    const filings = async () =>
      Number(
        (
          await t.db
            .selectFrom('reportFilings')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const n = await filings();
    const file = await t.admin.post('/api/admin/reports/service/filings', { year: 2025, form: 'american-legion-x' });
    expect(file.statusCode).toBe(400);
    expect(file.json().issues[0].path).toEqual(['form']);
    expect(await filings()).toBe(n);
  });
});

describe("a department's variant", () => {
  it("takes a form's new year start, a line's number and label, and flags hours to one organisation over the cap", async () => {
    const forms = (await t.admin.get('/api/admin/reports/forms')).json();
    const vfw = forms.find((f: { key: string }) => f.key === 'vfw');
    const lines = vfw.lines.map((l: { key: string }) => (l.key === 'hours' ? { ...l, item: '1', label: 'Total volunteer hours' } : l));
    const res = await t.admin.put('/api/admin/reports/forms/vfw', { ...vfw, yearStartMonth: 5, capHours: 5, lines });
    expect(res.statusCode, res.body).toBe(200);
    const { body, line } = await report('year=2025&form=vfw');
    expect(body).toMatchObject({ from: '2025-05-01', to: '2026-04-30' });
    expect(line('hours')).toMatchObject({ item: '1', label: 'Total volunteer hours' });
    // The pantry's hours from every unit but guests: Ann, Rita and the Auxiliary's walk-in.
    const pantry = sum(
      rows.filter((r) => r.rec === 'A' && r.unit !== 'guest'),
      (r) => r.hours,
    );
    expect(body.overCap).toEqual([{ beneficiary: 'Food Pantry', hours: pantry }]);
    const bad = await t.admin.put('/api/admin/reports/forms/vfw', { ...vfw, lines: [{ ...vfw.lines[0], units: ['navy'] }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toEqual(['lines', '0', 'units']);
  });
});
