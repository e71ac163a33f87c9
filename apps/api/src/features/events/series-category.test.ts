import { beforeAll, describe, expect, it } from 'vitest';
import { serviceHoursMessages } from '@post/contracts/messages/service-hours';
import { utcToZoned, zonedToUtc } from '@post/contracts/rules/event-time';
import { useTestApp } from '../../test-helpers.ts';
import { extendAllSeries } from './series.service.ts';

// A series' service category (issue 44, decision 0066): every occurrence gets it, also those the
// job adds later and those of a "this and following" edit; a change from one date on applies from there.

const TZ = 'America/New_York';
const t = useTestApp({ admin: true });

let cat: (name: string) => number;
beforeAll(async () => {
  const rows = await t.db.selectFrom('serviceCategories').select(['id', 'name']).execute();
  cat = (name) => rows.find((c) => c.name === name)!.id;
});

const at = (date: string, time: string) => zonedToUtc(date, time, TZ).toISOString();

function body(startDay: string, overrides: Record<string, unknown> = {}) {
  return {
    title: 'Hospital visits',
    description: 'Visiting veterans at the VA hospital.',
    location: 'VA Medical Center',
    startDate: at(startDay, '10:00'),
    endDate: at(startDay, '12:00'),
    type: 'regular',
    recurrence: { rule: 'FREQ=MONTHLY;BYDAY=1SA', onHoliday: 'keep' },
    ...overrides,
  };
}

/** The category of each occurrence with this title, by date. */
async function categories(title: string) {
  const rows = await t.db
    .selectFrom('events')
    .select(['id', 'startDate', 'serviceCategoryId', 'seriesId'])
    .where('title', '=', title)
    .orderBy('startDate')
    .execute();
  return rows;
}

describe("a series' service category", () => {
  it('is given to every occurrence: at creation, by the job later, and from a date on with "this and following"', async () => {
    const va = cat('Veterans affairs & rehabilitation');
    const created = await t.admin.post('/api/events', body('2027-02-06', { title: 'VA visits', serviceCategoryId: va }));
    expect(created.statusCode, created.body).toBe(200);
    const first = await categories('VA visits');
    expect(first.length).toBeGreaterThan(12);
    expect(first.every((e) => e.serviceCategoryId === va)).toBe(true);
    const seriesId = first[0]!.seriesId!;
    expect((await t.db.selectFrom('eventSeries').select('serviceCategoryId').where('id', '=', seriesId).executeTakeFirstOrThrow()).serviceCategoryId).toBe(va);
    // Staff see it on the event; the public does not.
    expect((await t.admin.get(`/api/events/${first[0]!.id}`)).json().serviceCategoryId).toBe(va);
    expect((await t.agent().get(`/api/events/${first[0]!.id}`)).json().serviceCategoryId).toBeUndefined();

    // The periodic job, two years on, adds occurrences with the category.
    await extendAllSeries(t.db, new Date(Date.now() + 2 * 365 * 86_400_000));
    const extended = await categories('VA visits');
    expect(extended.length).toBeGreaterThan(first.length);
    expect(extended.every((e) => e.serviceCategoryId === va)).toBe(true);

    // "This and following" without naming a category keeps it.
    const third = extended[2]!;
    const day = (d: Date | string) => utcToZoned(new Date(d), TZ).date;
    const kept = await t.admin.put(`/api/events/${third.id}`, { ...body(day(third.startDate), { title: 'VA visits' }), scope: 'following' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await categories('VA visits')).every((e) => e.serviceCategoryId === va)).toBe(true);

    // Changing it from the fifth date on: the earlier four keep theirs, the rest (and the new series) change.
    const community = cat('Community service');
    const fifth = (await categories('VA visits'))[4]!;
    const changed = await t.admin.put(`/api/events/${fifth.id}`, {
      ...body(day(fifth.startDate), { title: 'VA visits', serviceCategoryId: community }),
      scope: 'following',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await categories('VA visits');
    expect(after.slice(0, 4).map((e) => e.serviceCategoryId)).toEqual([va, va, va, va]);
    expect(after.slice(4).every((e) => e.serviceCategoryId === community)).toBe(true);
    const newSeries = after[4]!.seriesId!;
    expect(newSeries).not.toBe(after[3]!.seriesId);
    expect((await t.db.selectFrom('eventSeries').select('serviceCategoryId').where('id', '=', newSeries).executeTakeFirstOrThrow()).serviceCategoryId).toBe(
      community,
    );

    // One date on its own ("this"): only that date, which leaves the series like any other change of one date.
    const sixth = after[5]!;
    const one = await t.admin.put(`/api/events/${sixth.id}`, { ...body(day(sixth.startDate), { title: 'VA visits', serviceCategoryId: null }), scope: 'this' });
    expect(one.statusCode, one.body).toBe(200);
    const last = await categories('VA visits');
    expect(last[5]).toMatchObject({ serviceCategoryId: null, seriesId: null });
    expect(last.slice(6).every((e) => e.serviceCategoryId === community)).toBe(true);
  });

  it('a single event made a series gives its own category to every occurrence; an unknown category is a 400 and stores nothing', async () => {
    const youth = cat('Children & youth');
    const { recurrence: _r, ...single } = body('2027-03-06', { title: 'Youth day', serviceCategoryId: youth });
    const made = await t.admin.post('/api/events', single);
    expect(made.statusCode, made.body).toBe(200);
    expect((await categories('Youth day')).map((e) => e.serviceCategoryId)).toEqual([youth]);
    // Made a series without naming the category: the event's own goes to every date.
    const series = await t.admin.put(`/api/events/${made.json().id}`, body('2027-03-06', { title: 'Youth day' }));
    expect(series.statusCode, series.body).toBe(200);
    const all = await categories('Youth day');
    expect(all.length).toBeGreaterThan(12);
    expect(all.every((e) => e.serviceCategoryId === youth)).toBe(true);

    const countSeries = async () =>
      Number(
        (
          await t.db
            .selectFrom('eventSeries')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countSeries();
    const bad = await t.admin.post('/api/events', body('2027-03-06', { title: 'Nowhere', serviceCategoryId: 999999 }));
    expect([bad.statusCode, bad.json().message]).toEqual([400, serviceHoursMessages.categoryUnknown]);
    expect(await countSeries()).toBe(before);
    expect(await categories('Nowhere')).toEqual([]);
    const badPut = await t.admin.put(`/api/events/${all[0]!.id}`, {
      ...body('2027-03-06', { title: 'Youth day', serviceCategoryId: 999999 }),
      scope: 'following',
    });
    expect(badPut.statusCode).toBe(400);
    expect((await categories('Youth day')).every((e) => e.serviceCategoryId === youth)).toBe(true);
  });
});
