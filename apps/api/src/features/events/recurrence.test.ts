import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import ICAL from 'ical.js';
import { repeatRuleMessages } from '@post/contracts/messages/repeat-rules';
import { utcToZoned, zonedToUtc } from '@post/contracts/rules/event-time';
import { useTestApp } from '../../test-helpers.ts';
import { extendAllSeries, HORIZON_DAYS } from './series.service.ts';

// Recurring events (issue 20): series, occurrences as events rows, holidays, scopes, the job.
// The post's zone is the default America/New_York.

const TZ = 'America/New_York';
const t = useTestApp({ admin: true });

const at = (date: string, time: string) => zonedToUtc(date, time, TZ).toISOString();
const local = (iso: string) => utcToZoned(iso, TZ);

function body(startDay: string, rule: string, onHoliday = 'keep', overrides: Record<string, unknown> = {}) {
  return {
    title: 'Post meeting',
    description: 'Monthly business meeting.',
    location: 'Post Hall',
    startDate: at(startDay, '19:00'),
    endDate: at(startDay, '21:00'),
    type: 'regular',
    recurrence: { rule, onHoliday },
    ...overrides,
  };
}

interface Ev {
  id: number;
  title: string;
  startDate: string;
  endDate: string;
  seriesId: number | null;
  recurrence: { rule: string; onHoliday: string } | null;
  repeats: string | null;
  volunteerCount: number;
}

async function occurrences(seriesId: number): Promise<Ev[]> {
  const all = (await t.admin.get('/api/events')).json() as Ev[];
  return all.filter((e) => e.seriesId === seriesId);
}

async function create(b: Record<string, unknown>): Promise<Ev> {
  const res = await t.admin.post('/api/events', b);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Ev;
}

async function counts() {
  const e = await t.db
    .selectFrom('events')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const s = await t.db
    .selectFrom('eventSeries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return `${e.n}/${s.n}`;
}

describe('creating a series', () => {
  it('materialises every second Tuesday for 18 months at 19:00 local time across DST', async () => {
    const first = await create(body('2027-01-12', 'FREQ=MONTHLY;BYDAY=2TU'));
    expect(first.seriesId).toEqual(expect.any(Number));
    expect(first.recurrence).toEqual({ rule: 'FREQ=MONTHLY;BYDAY=2TU', onHoliday: 'keep' });
    expect(first.repeats).toBe('second Tuesday of every month');
    const list = await occurrences(first.seriesId!);
    const horizon = Date.now() + HORIZON_DAYS * 864e5;
    // Every month from January 2027 to the horizon (>= 18 months from now).
    expect(list.length).toBeGreaterThanOrEqual(17);
    // The next second Tuesday after the last one lies beyond 18 months from now.
    expect(Date.parse(list.at(-1)!.startDate) + 35 * 864e5).toBeGreaterThan(Date.now() + 548 * 864e5);
    expect(Date.parse(list.at(-1)!.startDate)).toBeLessThan(horizon);
    const offsets = new Set<number>();
    for (const e of list) {
      const l = local(e.startDate);
      expect(l.time).toBe('19:00');
      expect(local(e.endDate).time).toBe('21:00');
      const d = new Date(`${l.date}T12:00:00Z`);
      expect(d.getUTCDay()).toBe(2);
      expect(Math.ceil(d.getUTCDate() / 7)).toBe(2);
      offsets.add(new Date(e.startDate).getUTCHours());
    }
    // 19:00 EST is 00:00 UTC, 19:00 EDT is 23:00 UTC: both seasons were crossed.
    expect([...offsets].sort()).toEqual([0, 23]);
    // Each occurrence is a real event with its own page.
    const one = await t.admin.get(`/api/events/${list[3]!.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().seriesId).toBe(first.seriesId);
  });

  it('keeps, skips or moves an occurrence on a US holiday (Veterans Day and Thanksgiving 2027)', async () => {
    const days = async (onHoliday: string) => {
      const f = await create(body('2027-11-04', 'FREQ=WEEKLY;BYDAY=TH;COUNT=4', onHoliday, { title: `Fish fry ${onHoliday}` }));
      return (await occurrences(f.seriesId!)).map((e) => local(e.startDate).date);
    };
    expect(await days('keep')).toEqual(['2027-11-04', '2027-11-11', '2027-11-18', '2027-11-25']);
    expect(await days('skip')).toEqual(['2027-11-04', '2027-11-18']);
    expect(await days('next-day')).toEqual(['2027-11-04', '2027-11-12', '2027-11-18', '2027-11-26']);
    // Christmas 2027 is a Saturday; the moved occurrence keeps its time of day.
    const f = await create(body('2027-12-25', 'FREQ=YEARLY;COUNT=1', 'next-day', { title: 'Color guard' }));
    expect(local(f.startDate)).toEqual({ date: '2027-12-26', time: '19:00' });
    expect(local(f.endDate)).toEqual({ date: '2027-12-26', time: '21:00' });
  });

  it('refuses bad rules with a 400 that says what is wrong, storing nothing', async () => {
    const before = await counts();
    const cases: [string, string][] = [
      ['FREQ=HOURLY', repeatRuleMessages.freqTooOften],
      ['FREQ=DAILY;BYHOUR=9,10', repeatRuleMessages.freqTooOften],
      ['FREQ=WEEKLY;COUNT=100000', repeatRuleMessages.countRange],
      ['FREQ=WEEKLY;COUNT=5;UNTIL=20280101', repeatRuleMessages.countAndUntil],
      ['BYDAY=TU', repeatRuleMessages.freqRequired],
      ['FREQ=WEEKLY;BYDAY=2TU', repeatRuleMessages.byDayNumberedNeedsMonthly],
      ['FREQ=MONTHLY;BYMONTHDAY=32', repeatRuleMessages.byMonthDayInvalid],
      ['FREQ=MONTHLY;UNTIL=20200101', repeatRuleMessages.noOccurrences],
      ['not a rule', repeatRuleMessages.ruleUnreadable('NOTARULE')],
      ['', repeatRuleMessages.ruleRequired],
    ];
    for (const [rule, message] of cases) {
      const res = await t.admin.post('/api/events', body('2027-01-12', rule));
      expect(res.statusCode, rule).toBe(400);
      expect(res.json().message, rule).toBe(message);
    }
    const odd = await t.admin.post('/api/events', body('2027-01-12', 'FREQ=WEEKLY', 'sometimes'));
    expect(odd.statusCode).toBe(400);
    expect(await counts()).toBe(before);
  });
});

describe('editing and deleting occurrences', () => {
  it('scope=this changes one occurrence and detaches it; the others and the job leave it alone', async () => {
    const first = await create(body('2027-02-02', 'FREQ=WEEKLY;BYDAY=TU;COUNT=6', 'keep', { title: 'Practice' }));
    const list = await occurrences(first.seriesId!);
    expect(list).toHaveLength(6);
    const target = list[2]!;
    const res = await t.admin.put(`/api/events/${target.id}`, {
      ...body('2027-02-17', 'FREQ=WEEKLY'),
      title: 'Practice (moved)',
      recurrence: undefined,
      scope: 'this',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().seriesId).toBeNull();
    const after = await occurrences(first.seriesId!);
    expect(after.map((e) => e.id)).toEqual(list.filter((e) => e.id !== target.id).map((e) => e.id));
    expect(after.every((e) => e.title === 'Practice')).toBe(true);
    await extendAllSeries(t.db, new Date(Date.now() + 400 * 864e5));
    expect((await occurrences(first.seriesId!)).length).toBe(5);
    const moved = (await t.admin.get(`/api/events/${target.id}`)).json();
    expect(local(moved.startDate).date).toBe('2027-02-17');
  });

  it('scope=following splits the series: later occurrences change, earlier ones do not, sign-ups stay', async () => {
    const first = await create(body('2027-03-01', 'FREQ=WEEKLY;BYDAY=MO;COUNT=8', 'keep', { title: 'Bingo' }));
    const list = await occurrences(first.seriesId!);
    expect(list).toHaveLength(8);
    const later = list[6]!;
    const signup = await t.db
      .insertInto('volunteers')
      .values({ eventId: later.id, name: 'Ann Able', email: 'ann@example.org', phone: null, role: 'Caller' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const split = list[4]!;
    const day = local(split.startDate).date;
    const res = await t.admin.put(`/api/events/${split.id}`, {
      ...body(day, 'x'),
      startDate: at(day, '18:30'),
      endDate: at(day, '20:30'),
      title: 'Bingo night',
      recurrence: undefined,
      scope: 'following',
    });
    expect(res.statusCode, res.body).toBe(200);
    const newSeries = res.json().seriesId as number;
    expect(newSeries).not.toBe(first.seriesId);
    const old = await occurrences(first.seriesId!);
    expect(old.map((e) => e.id)).toEqual(list.slice(0, 4).map((e) => e.id));
    expect(old.every((e) => e.title === 'Bingo' && local(e.startDate).time === '19:00')).toBe(true);
    const next = await occurrences(newSeries);
    // The same rows (ids, sign-ups) now belong to the new series, four of them (COUNT=8 less the first four).
    expect(next.map((e) => e.id)).toEqual(list.slice(4).map((e) => e.id));
    expect(next.every((e) => e.title === 'Bingo night' && local(e.startDate).time === '18:30')).toBe(true);
    const v = await t.db.selectFrom('volunteers').select('eventId').where('id', '=', signup.id).executeTakeFirstOrThrow();
    expect(v.eventId).toBe(later.id);
    expect(next.find((e) => e.id === later.id)!.volunteerCount).toBe(1);
    // Ann's date moved from 19:00 to 18:30: she is told, though the edit was made on another date.
    const notices = await t.db.selectFrom('mailOutbox').select(['toAddress', 'kind']).where('toAddress', '=', 'ann@example.org').execute();
    expect(notices).toContainEqual({ toAddress: 'ann@example.org', kind: 'event-changed' });
  });

  it('DELETE ?scope=following deletes the rest of the series, says how many sign-ups went, and the job adds none back', async () => {
    const first = await create(body('2027-04-06', 'FREQ=WEEKLY;BYDAY=TU', 'keep', { title: 'Open hall' }));
    const list = await occurrences(first.seriesId!);
    expect(list.length).toBeGreaterThan(40);
    await t.db
      .insertInto('volunteers')
      .values([
        { eventId: list[5]!.id, name: 'Bo Baker', email: 'bo@example.org', phone: null, role: null },
        { eventId: list[9]!.id, name: 'Cy Cook', email: 'cy@example.org', phone: null, role: null },
        { eventId: list[1]!.id, name: 'Di Dean', email: 'di@example.org', phone: null, role: null },
      ])
      .execute();
    // The confirmation's preview says the same as the delete, and removes nothing.
    const preview = await t.admin.get(`/api/admin/events/${list[3]!.id}/delete-preview?scope=following`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ deletedEvents: list.length - 3, deletedSignups: 2, attendance: 0 });
    expect((await t.admin.get(`/api/admin/events/${list[5]!.id}/delete-preview`)).json()).toEqual({ deletedEvents: 1, deletedSignups: 1, attendance: 0 });
    expect((await t.admin.get(`/api/admin/events/${list[3]!.id}/delete-preview?scope=sideways`)).statusCode).toBe(400);
    expect((await t.admin.get('/api/admin/events/99999999/delete-preview')).statusCode).toBe(404);
    expect((await t.agent().get(`/api/admin/events/${list[3]!.id}/delete-preview`)).statusCode).toBe(401);
    expect((await occurrences(first.seriesId!)).length).toBe(list.length);
    const res = await t.admin.delete(`/api/events/${list[3]!.id}?scope=following`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, deletedEvents: list.length - 3, deletedSignups: 2 });
    // Both volunteers of later dates are told (not only those of the date the delete was made on).
    const notices = (await t.db.selectFrom('mailOutbox').select('toAddress').where('kind', '=', 'event-deleted').execute()).map((n) => n.toAddress);
    expect(notices).toEqual(expect.arrayContaining(['bo@example.org', 'cy@example.org']));
    expect(notices).not.toContain('di@example.org');
    expect((await occurrences(first.seriesId!)).map((e) => e.id)).toEqual(list.slice(0, 3).map((e) => e.id));
    expect(await extendAllSeries(t.db, new Date(Date.now() + 300 * 864e5))).toBe(0);
    expect((await occurrences(first.seriesId!)).length).toBe(3);
    const one = await t.admin.delete(`/api/events/${list[1]!.id}?scope=this`);
    expect(one.json()).toEqual({ ok: true, deletedEvents: 1, deletedSignups: 1 });
    expect((await t.admin.delete(`/api/events/${list[1]!.id}`)).statusCode).toBe(404);
  });

  it('a single event given a recurrence becomes the first occurrence of a series', async () => {
    const single = await create({ ...body('2027-06-05', 'x'), recurrence: undefined, title: 'Color guard practice' });
    expect(single.seriesId).toBeNull();
    expect(single.recurrence).toBeNull();
    const res = await t.admin.put(`/api/events/${single.id}`, { ...body('2027-06-05', 'FREQ=WEEKLY;INTERVAL=2;COUNT=3'), title: 'Color guard practice' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().id).toBe(single.id);
    expect(res.json().repeats).toBe('every 2 weeks on Saturday, 3 times');
    expect((await occurrences(res.json().seriesId)).map((e) => local(e.startDate).date)).toEqual(['2027-06-05', '2027-06-19', '2027-07-03']);
  });
});

describe('the periodic job', () => {
  it('keeps series 18 months ahead as time passes, once per occurrence even when nodes run it together', async () => {
    const first = await create(body('2027-01-04', 'FREQ=MONTHLY;BYMONTHDAY=4', 'keep', { title: 'Auxiliary' }));
    const before = (await occurrences(first.seriesId!)).length;
    const later = new Date(Date.now() + 120 * 864e5);
    const [a, b] = await Promise.all([extendAllSeries(t.db, later), extendAllSeries(t.db, later)]);
    const list = await occurrences(first.seriesId!);
    expect(list.length).toBe(before + 4);
    expect(a + b).toBeGreaterThanOrEqual(4);
    expect(new Set(list.map((e) => local(e.startDate).date)).size).toBe(list.length);
    expect(await extendAllSeries(t.db, later)).toBe(0);
  });
});

describe('iCalendar feed', () => {
  it('carries each occurrence with its own stable UID at 19:00 local, read by ical.js (and python-icalendar when installed)', async () => {
    const first = await create(body('2027-01-19', 'FREQ=MONTHLY;BYDAY=3TU;COUNT=6', 'keep', { title: 'Feed check' }));
    const ids = (await occurrences(first.seriesId!)).map((e) => e.id);
    const text = (await t.admin.get('/api/events.ics')).body;
    const comp = new ICAL.Component(ICAL.parse(text));
    for (const tz of comp.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
    const events = comp
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .filter((e) => e.summary === 'Feed check');
    expect(events.map((e) => e.uid)).toEqual(ids.map((id) => expect.stringMatching(new RegExp(`^event-${id}@`))));
    for (const e of events) expect(`${String(e.startDate.hour).padStart(2, '0')}:${String(e.startDate.minute).padStart(2, '0')}`).toBe('19:00');
    // A moved occurrence keeps its UID and gets a higher SEQUENCE: subscribers see it move.
    const day = '2027-03-17';
    await t.admin.put(`/api/events/${ids[2]}`, { ...body(day, 'x'), recurrence: undefined, title: 'Feed check' });
    const again = new ICAL.Component(ICAL.parse((await t.admin.get('/api/events.ics')).body));
    const moved = again
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v))
      .find((e) => e.uid === events[2]!.uid)!;
    expect(moved.startDate.toString().slice(0, 10)).toBe(day);
    expect(moved.sequence).toBeGreaterThan(events[2]!.sequence);

    // The first interpreter that has python-icalendar (Debian's python3-icalendar lives in /usr/bin's).
    const python = ['python3', '/usr/bin/python3'].find((bin) => {
      try {
        execFileSync(bin, ['-c', 'import icalendar'], { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    });
    if (python) {
      const out = execFileSync(
        python,
        [
          '-c',
          'import sys, icalendar\nc = icalendar.Calendar.from_ical(sys.stdin.read())\nprint(sum(1 for e in c.walk("VEVENT") if str(e.get("SUMMARY")) == "Feed check"))',
        ],
        { input: text },
      )
        .toString()
        .trim();
      expect(Number(out)).toBe(6);
    }
  });
});

describe('the picture of a series (issue 20)', () => {
  it('every occurrence copies it, also those the job adds later and those of a split', async () => {
    const image = await t.db
      .insertInto('images')
      .values({ hash: 'cafecafecafecafecafe', width: 960, height: 640, widths: [480, 960], original: new Uint8Array([1, 2, 3]), originalType: 'image/jpeg' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = await create(body('2027-01-12', 'FREQ=MONTHLY;BYDAY=2TU', 'keep', { title: 'Picture series', imageId: image.id, imageAlt: 'The post hall' }));
    expect(first).toMatchObject({ imageId: image.id, imageAlt: 'The post hall', image: expect.objectContaining({ id: image.id }) });
    const all = (await occurrences(first.seriesId!)) as (Ev & { imageId: number | null; imageAlt: string | null })[];
    expect(all.length).toBeGreaterThan(12);
    expect(all.every((e) => e.imageId === image.id && e.imageAlt === 'The post hall')).toBe(true);
    const series = await t.db.selectFrom('eventSeries').select(['imageId', 'imageAlt']).where('id', '=', first.seriesId!).executeTakeFirstOrThrow();
    expect(series).toEqual({ imageId: image.id, imageAlt: 'The post hall' });

    // The periodic job, two years on, adds occurrences with the picture.
    await extendAllSeries(t.db, new Date(Date.now() + 2 * 365 * 86_400_000));
    t.app.clearPublicCache();
    const later = (await occurrences(first.seriesId!)) as (Ev & { imageId: number | null })[];
    expect(later.length).toBeGreaterThan(all.length);
    expect(later.every((e) => e.imageId === image.id)).toBe(true);

    // "This and following" without naming a picture keeps it; naming none removes it from there on.
    const third = all[2]!;
    const kept = await t.admin.put(`/api/events/${third.id}`, {
      ...body(local(third.startDate).date, 'FREQ=MONTHLY;BYDAY=2TU'),
      title: 'Picture series',
      scope: 'following',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ imageId: image.id, imageAlt: 'The post hall' });
    const fifth = all[4]!;
    const cleared = await t.admin.put(`/api/events/${fifth.id}`, {
      ...body(local(fifth.startDate).date, 'FREQ=MONTHLY;BYDAY=2TU'),
      title: 'Picture series',
      scope: 'following',
      imageId: null,
      imageAlt: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const afterSplit = (await t.admin.get('/api/events')).json() as (Ev & { imageId: number | null })[];
    const mine = afterSplit.filter((e) => e.title === 'Picture series').sort((a, b) => a.startDate.localeCompare(b.startDate));
    expect(mine.slice(0, 4).every((e) => e.imageId === image.id)).toBe(true);
    expect(mine.slice(4).every((e) => e.imageId === null)).toBe(true);

    // A series with a picture that does not exist is a 400, and nothing is stored.
    const before = await t.db
      .selectFrom('eventSeries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const bad = await t.admin.post('/api/events', body('2027-01-12', 'FREQ=MONTHLY;BYDAY=2TU', 'keep', { imageId: 999999, imageAlt: 'Nothing' }));
    expect(bad.statusCode).toBe(400);
    const afterBad = await t.db
      .selectFrom('eventSeries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(afterBad.n)).toBe(Number(before.n));
  });
});
