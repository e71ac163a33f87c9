import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb } from '../testing.ts';
import { verifyPassword } from '../passwords.ts';
import { seedDemo, ensureSiteSettings } from './index.ts';
import { DEFAULT_SITE_SETTINGS } from '@post/contracts/site-settings';
import { buildCommanderMessages, buildCommunications, buildEvents, buildNews, makeClock } from './content.ts';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { dayNumber, dayNumberIn, instantOn } from './day-numbers.ts';
import { SERVICE_HISTORY_TITLES } from './service.ts';
import { DEFAULT_MEMBERSHIP_SETTINGS, renewalCalendar } from '@post/contracts/membership-defaults';
import { duesOn, inGrace, windowOpen } from '@post/contracts/rules/dues';

const PASSWORD = 'demo-pass-2024';

type Handle = Awaited<ReturnType<typeof createTestDb>>;

async function counts(h: Handle): Promise<Record<string, number>> {
  const tables = [
    'events',
    'volunteers',
    'news',
    'resources',
    'commanderMessages',
    'communityEngagements',
    'members',
    'memberCommunications',
    'memberResources',
    'siteSettings',
  ] as const;
  const out: Record<string, number> = {};
  for (const t of tables) {
    const r = await h.db
      .selectFrom(t)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    out[t] = r.n;
  }
  return out;
}

const distinct = (xs: string[]) => [...new Set(xs)].sort();
// Kysely types timestamptz as Date | string; the drivers return Date.
const ms = (d: Date | string) => new Date(d).getTime();

describe('seed days in the post zone', () => {
  it("finds the instant of a local time on either side of DST changes (contracts' zonedToUtc)", () => {
    const NY = 'America/New_York';
    expect(instantOn(dayNumber(2025, 1, 15), 19, 0, NY).toISOString()).toBe('2025-01-16T00:00:00.000Z');
    expect(instantOn(dayNumber(2025, 7, 4), 10, 0, NY).toISOString()).toBe('2025-07-04T14:00:00.000Z');
    expect(instantOn(dayNumber(2025, 11, 2), 3, 0, NY).toISOString()).toBe('2025-11-02T08:00:00.000Z');
    expect(instantOn(dayNumber(2025, 11, 2), 1, 30, NY).toISOString()).toBe('2025-11-02T05:30:00.000Z');
    expect(instantOn(dayNumber(2025, 3, 9), 2, 30, NY).toISOString()).toBe('2025-03-09T07:30:00.000Z');
    expect(instantOn(dayNumber(2025, 3, 9), 3, 0, NY).toISOString()).toBe('2025-03-09T07:00:00.000Z');
    expect(instantOn(dayNumber(2025, 6, 1), 9, 0, 'Pacific/Honolulu').toISOString()).toBe('2025-06-01T19:00:00.000Z');
    expect(instantOn(dayNumber(2025, 12, 32), 0, 0, 'UTC').toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('reads the local day of an instant', () => {
    expect(dayNumberIn(new Date('2026-01-01T03:00:00Z'), 'America/New_York')).toBe(dayNumber(2025, 12, 31));
    expect(dayNumberIn(new Date('2026-01-01T03:00:00Z'), 'Asia/Tokyo')).toBe(dayNumber(2026, 1, 1));
  });
});

describe('demo calendar on any day of the year', () => {
  it('keeps its shape whatever today is', () => {
    const day = 86_400_000;
    for (const timeZone of ['America/New_York', 'Pacific/Honolulu']) {
      for (let i = 0; i < 366; i++) {
        const now = new Date(Date.UTC(2027, 0, 1, 7 + (i % 17)) + i * day);
        const events = buildEvents(makeClock(now, timeZone));
        const t = now.getTime();
        expect(events.length).toBeGreaterThanOrEqual(16);
        expect(events.length).toBeLessThanOrEqual(18);
        expect(events.some((e) => e.endDate.getTime() < t - 7 * day)).toBe(true);
        expect(events.some((e) => e.startDate.getTime() > t + 14 * day)).toBe(true);
        expect(events.every((e) => e.startDate.getTime() > t - 21 * day && e.startDate.getTime() < t + 25 * day)).toBe(true);
        expect(events.filter((e) => e.volunteerPositions === 0)).toHaveLength(1);
        for (const type of ['community', 'fundraiser', 'regular', 'special']) {
          expect(events.filter((e) => e.type === type).length).toBeGreaterThanOrEqual(3);
        }
        for (const e of events) {
          expect(e.volunteers.length).toBeLessThanOrEqual(e.volunteerPositions);
          expect(new Set(e.volunteers.map((v) => v.email)).size).toBe(e.volunteers.length);
        }
        expect(events.some((e) => e.startDate.getTime() > t && e.volunteerPositions - e.volunteers.length === 1)).toBe(true);
      }
    }
  });
});

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

describe(`demo seed`, () => {
  let h: Handle;
  let result: Awaited<ReturnType<typeof seedDemo>>;
  const now = new Date();

  beforeAll(async () => {
    h = await createTestDb();
    result = await seedDemo(h.db, { now, memberPassword: PASSWORD });
  });
  afterAll(async () => h?.close());

  it('seeds and stores the default site settings', async () => {
    expect(result.seeded).toBe(true);
    const s = await h.db.selectFrom('siteSettings').selectAll().executeTakeFirstOrThrow();
    expect(s.id).toBe(1);
    expect(s.data).toMatchObject({ town: 'Hometown', timeZone: 'America/New_York' });
  });

  it('has a year of attendance and ledger entries, every event in a category', async () => {
    const yearAgo = new Date(now.getTime() - 366 * 86_400_000);
    const attendance = await h.db.selectFrom('attendance as a').innerJoin('events as e', 'e.id', 'a.eventId').select(['e.startDate', 'a.memberId']).execute();
    expect(attendance.length).toBeGreaterThan(60);
    expect(attendance.every((a) => ms(a.startDate) > yearAgo.getTime() && ms(a.startDate) < now.getTime())).toBe(true);
    expect(attendance.some((a) => a.memberId !== null) && attendance.some((a) => a.memberId === null)).toBe(true);
    const months = new Set(attendance.map((a) => utcToZoned(a.startDate, 'America/New_York').date.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(11);
    const entries = await h.db.selectFrom('serviceEntries').select(['approvedAt', 'miles']).execute();
    // Issue 44's 36 ledger entries, and the report forms' year beside them (seedReportFigures).
    expect(entries.length).toBeGreaterThan(36);
    expect(entries.filter((e) => e.approvedAt === null)).toHaveLength(3);
    const uncategorised = await h.db.selectFrom('events').select('id').where('serviceCategoryId', 'is', null).execute();
    expect(uncategorised).toEqual([]);
  });

  it('has a year of dollars, counts and units for both report forms', async () => {
    const units = await h.db.selectFrom('members').select('unit').distinct().execute();
    expect(units.map((u) => u.unit).sort()).toEqual(['auxiliary', 'post', 'riders', 'sons']);
    const yearAgo = isoDay(new Date(now.getTime() - 366 * 86_400_000));
    const entries = await h.db.selectFrom('serviceEntries').select(['serviceDate', 'dollarsGiven', 'dollarsCost', 'inKindValue', 'counts']).execute();
    const inYear = entries.filter((e) => e.serviceDate > yearAgo);
    const keys = new Set(inYear.flatMap((e) => Object.keys(e.counts)));
    for (const k of ['bloodPints', 'bloodDonors', 'serviceOfficerCases', 'flagsPresented', 'ceremonies', 'youthSponsored']) expect(keys).toContain(k);
    expect(inYear.some((e) => e.dollarsGiven > 0) && inYear.some((e) => e.dollarsCost > 0) && inYear.some((e) => e.inKindValue > 0)).toBe(true);
    const events = await h.db.selectFrom('events').select(['dollarsGiven', 'counts']).execute();
    expect(events.some((e) => e.dollarsGiven > 0) && events.some((e) => (e.counts.funeralHonors ?? 0) > 0)).toBe(true);
    const miles = await h.db.selectFrom('attendance').select('miles').where('miles', '>', '0').execute();
    expect(miles.length).toBeGreaterThan(20);
  });

  it('has events of every type, in the past and the future, at local times', async () => {
    // The past year's service events (decision 0066) are not the calendar around today.
    const events = await h.db.selectFrom('events').selectAll().where('title', 'not in', SERVICE_HISTORY_TITLES).execute();
    expect(events.length).toBeGreaterThanOrEqual(14);
    expect(events.length).toBeLessThanOrEqual(18);
    expect(distinct(events.map((e) => e.type))).toEqual(['community', 'fundraiser', 'regular', 'special']);
    for (const type of ['community', 'fundraiser', 'regular', 'special']) {
      expect(events.filter((e) => e.type === type).length).toBeGreaterThanOrEqual(3);
    }
    const t = now.getTime();
    const day = 86_400_000;
    expect(events.some((e) => ms(e.endDate) < t)).toBe(true);
    expect(events.some((e) => ms(e.startDate) > t)).toBe(true);
    for (const e of events) {
      expect(ms(e.startDate)).toBeGreaterThan(t - 21 * day);
      expect(ms(e.startDate)).toBeLessThan(t + 25 * day);
      const hours = (ms(e.endDate) - ms(e.startDate)) / 3_600_000;
      expect(hours).toBeGreaterThanOrEqual(1);
      expect(hours).toBeLessThanOrEqual(4);
      const [hour, minute] = utcToZoned(e.startDate, 'America/New_York').time.split(':').map(Number);
      expect(minute! % 30).toBe(0);
      expect(hour).toBeGreaterThanOrEqual(8);
      expect(hour).toBeLessThanOrEqual(19);
    }
    expect(events.some((e) => Number(utcToZoned(e.startDate, 'America/New_York').time.slice(0, 2)) >= 18)).toBe(true);
    expect(events.filter((e) => e.volunteerPositions === 0)).toHaveLength(1);
  });

  it('never has more volunteers than positions, nor a repeated e-mail per event', async () => {
    const events = await h.db.selectFrom('events').selectAll().execute();
    const volunteers = await h.db.selectFrom('volunteers').selectAll().execute();
    expect(volunteers.length).toBeGreaterThan(20);
    // Shifts (issue 43): each holds at most its capacity; people waiting hold no place.
    const shifts = await h.db.selectFrom('volunteerShifts').selectAll().execute();
    expect(shifts.length).toBeGreaterThan(0);
    for (const sh of shifts) {
      const held = volunteers.filter((v) => v.shiftId === sh.id && v.status === 'confirmed');
      expect(held.length).toBeLessThanOrEqual(sh.capacity);
      expect(sh.volunteerCount).toBe(held.length);
    }
    expect(shifts.some((sh) => volunteers.some((v) => v.shiftId === sh.id && v.status === 'waitlisted'))).toBe(true);
    for (const e of events) {
      const all = volunteers.filter((v) => v.eventId === e.id);
      const mine = all.filter((v) => v.status === 'confirmed');
      expect(mine.length).toBeLessThanOrEqual(e.volunteerPositions);
      expect(new Set(all.map((v) => `${v.shiftId}:${v.email.toLowerCase()}`)).size).toBe(all.length);
      expect(e.volunteerCount).toBe(mine.length);
    }
    const t = now.getTime();
    const withHelp = events.filter((e) => volunteers.some((v) => v.eventId === e.id));
    expect(withHelp.some((e) => ms(e.startDate) < t)).toBe(true);
    expect(withHelp.some((e) => ms(e.startDate) > t)).toBe(true);
    const nearlyFull = events.filter((e) => {
      const n = volunteers.filter((v) => v.eventId === e.id && v.status === 'confirmed').length;
      return ms(e.startDate) > t && n > 0 && e.volunteerPositions - n === 1;
    });
    expect(nearlyFull.length).toBeGreaterThanOrEqual(1);
  });

  it('has news with one featured item, and resources in every category', async () => {
    const news = await h.db.selectFrom('news').selectAll().execute();
    expect(news).toHaveLength(4);
    expect(news.filter((n) => n.featured)).toHaveLength(1);
    expect(news.every((n) => n.publishDate.getTime() < now.getTime())).toBe(true);
    const resources = await h.db.selectFrom('resources').selectAll().execute();
    expect(distinct(resources.map((r) => r.category))).toEqual(['benefits', 'crisis', 'healthcare', 'local', 'vfw']);
    expect(resources.every((r) => r.url.startsWith('https://'))).toBe(true);
  });

  it('has exactly one active commander message and one active engagement', async () => {
    const messages = await h.db.selectFrom('commanderMessages').selectAll().execute();
    expect(messages).toHaveLength(2);
    const active = messages.filter((m) => m.active);
    expect(active).toHaveLength(1);
    expect(active[0].content).toContain('<strong>');
    expect(active[0].content).toContain('<em>');
    for (const m of messages) {
      const tags = [...m.content.matchAll(/<\/?([a-z0-9]+)/gi)].map((x) => x[1].toLowerCase());
      expect(tags.every((tag) => ['strong', 'em', 'u', 'p', 'br'].includes(tag))).toBe(true);
    }
    const engagements = await h.db.selectFrom('communityEngagements').selectAll().execute();
    expect(engagements).toHaveLength(2);
    const activeEngagement = engagements.filter((e) => e.active);
    expect(activeEngagement).toHaveLength(1);
    expect(activeEngagement[0].imageUrl).toBeNull();
    for (const e of engagements) {
      expect(e.tags.length).toBeGreaterThanOrEqual(2);
      expect(e.tags.length).toBeLessThanOrEqual(4);
    }
  });

  it('has a varied member directory with exactly one Post Commander', async () => {
    const members = await h.db.selectFrom('members').selectAll().execute();
    expect(members.length).toBeGreaterThanOrEqual(20);
    expect(members.filter((m) => m.postRole === 'Post Commander')).toHaveLength(1);
    expect(members.filter((m) => m.postRole !== 'none').length).toBeGreaterThanOrEqual(6);
    expect(distinct(members.map((m) => m.branchOfService))).toEqual(
      ['Air Force', 'Army', 'Coast Guard', 'Marines', 'Navy', 'Space Force', 'unspecified'].sort(),
    );
    expect(distinct(members.map((m) => m.membershipType))).toEqual(['Annual Member', 'Associate Member', 'Auxiliary Member', 'Life Member']);
    // Paid-through years across every status, in a renewal window in progress (decision 0065).
    const settings = await h.db.selectFrom('siteSettings').select('data').where('id', '=', 1).executeTakeFirstOrThrow();
    const cal = renewalCalendar({ ...DEFAULT_MEMBERSHIP_SETTINGS, ...(settings.data.membership as object) });
    const today = utcToZoned(new Date(), DEFAULT_SITE_SETTINGS.timeZone).date;
    expect(windowOpen(today, cal) || inGrace(today, cal)).toBe(true);
    const living = members.filter((m) => m.deceasedOn === null);
    expect(distinct(living.map((m) => duesOn(m, today, cal).status))).toEqual(expect.arrayContaining(['current', 'dropped', 'life']));
    expect(living.filter((m) => m.membershipType === 'Life Member').every((m) => m.paidThrough === null)).toBe(true);
    expect(members.filter((m) => m.deceasedOn !== null)).toHaveLength(3);
    const payments = await h.db.selectFrom('memberPayments').selectAll().execute();
    expect(payments.length).toBeGreaterThan(5);
    const inactive = members.filter((m) => !m.isActive).length;
    expect(inactive).toBeGreaterThanOrEqual(2);
    expect(inactive).toBeLessThanOrEqual(3);
    expect(new Set(members.map((m) => m.membershipNumber)).size).toBe(members.length);
    expect(new Set(members.map((m) => m.email.toLowerCase())).size).toBe(members.length);
    expect(members.every((m) => m.memberSince.getTime() < now.getTime())).toBe(true);
  });

  it('returns portal members who can sign in with the demo password', async () => {
    expect(result.portalMembers.length).toBeGreaterThanOrEqual(5);
    const members = await h.db.selectFrom('members').selectAll().execute();
    const portal = result.portalMembers.map((p) => {
      const m = members.find((x) => x.membershipNumber === p.membershipNumber);
      expect(m).toBeDefined();
      expect(`${m!.firstName} ${m!.lastName}`).toBe(p.name);
      return m!;
    });
    for (const m of portal) {
      expect(m.isActive && m.hasOnlineAccess).toBe(true);
      expect(await verifyPassword(m.loginPassword, PASSWORD)).toBe(true);
      expect(await verifyPassword(m.loginPassword, 'wrong-password')).toBe(false);
    }
    expect(portal.some((m) => m.postRole === 'Post Commander')).toBe(true);
    for (const type of ['Life Member', 'Annual Member', 'Associate Member']) {
      expect(portal.some((m) => m.postRole === 'none' && m.membershipType === type)).toBe(true);
    }
    // The refusal cases: a password without access, and access while inactive.
    expect(members.some((m) => m.isActive && !m.hasOnlineAccess && m.loginPassword)).toBe(true);
    expect(members.some((m) => !m.isActive && m.hasOnlineAccess && m.loginPassword)).toBe(true);
    const others = members.filter((m) => !portal.includes(m));
    expect(others.every((m) => !(m.isActive && m.hasOnlineAccess && m.loginPassword))).toBe(true);
  });

  it('covers every audience, type and priority of communications, with draft, scheduled and expired ones', async () => {
    const cs = await h.db.selectFrom('memberCommunications').selectAll().execute();
    expect(distinct(cs.map((c) => c.targetAudience))).toEqual(['all_members', 'annual_members', 'life_members', 'officers']);
    expect(distinct(cs.map((c) => c.type))).toEqual(['announcement', 'meeting_minutes', 'newsletter', 'urgent_notice']);
    expect(distinct(cs.map((c) => c.priority))).toEqual(['high', 'low', 'normal', 'urgent']);
    const t = now.getTime();
    const time = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());
    expect(cs.some((c) => !c.isPublished)).toBe(true);
    expect(cs.some((c) => c.isPublished && time(c.publishDate)! > t)).toBe(true);
    expect(cs.some((c) => c.expiryDate !== null && time(c.expiryDate)! < t)).toBe(true);
    const visible = cs.filter((c) => c.isPublished && time(c.publishDate)! <= t && (c.expiryDate === null || time(c.expiryDate)! > t));
    expect(visible.length).toBeGreaterThan(cs.length / 2);
    expect(cs.some((c) => c.attachmentUrl?.startsWith('https://'))).toBe(true);
    expect(cs.every((c) => c.authorId === null)).toBe(true);
  });

  it('covers every access level and category of member resources', async () => {
    const rs = await h.db.selectFrom('memberResources').selectAll().execute();
    expect(distinct(rs.map((r) => r.accessLevel))).toEqual(['annual_members', 'life_members', 'member', 'officers']);
    expect(distinct(rs.map((r) => r.category))).toEqual(['benefits', 'bylaws', 'documents', 'forms', 'meetings']);
    expect(distinct(rs.map((r) => r.resourceType)).length).toBeGreaterThanOrEqual(5);
    expect(rs.filter((r) => !r.isActive)).toHaveLength(1);
    expect(rs.every((r) => r.resourceUrl?.startsWith('https://'))).toBe(true);
  });

  it('does nothing on a second call', async () => {
    const before = await counts(h);
    const again = await seedDemo(h.db, { now, memberPassword: PASSWORD });
    expect(again).toEqual({ seeded: false, portalMembers: [] });
    expect(await counts(h)).toEqual(before);
  });
});

describe(`demo seed on a database in use`, () => {
  let h: Handle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(async () => h?.close());

  it('ensures the settings row once and seeds nothing when any content exists', async () => {
    await ensureSiteSettings(h.db);
    await h.db
      .updateTable('siteSettings')
      .set({ data: JSON.stringify({ town: 'Elsewhere' }) })
      .execute();
    await ensureSiteSettings(h.db);
    const s = await h.db.selectFrom('siteSettings').selectAll().execute();
    expect(s).toHaveLength(1);
    expect(s[0].data).toEqual({ town: 'Elsewhere' });

    await h.db.insertInto('resources').values({ title: 't', description: 'd', url: 'https://www.va.gov/' }).execute();
    const r = await seedDemo(h.db, { memberPassword: PASSWORD });
    expect(r).toEqual({ seeded: false, portalMembers: [] });
    const c = await counts(h);
    expect(c).toMatchObject({ events: 0, news: 0, members: 0, resources: 1, memberCommunications: 0 });
  });
});

describe(`demo seed around Veterans Day in another zone`, () => {
  let h: Handle;
  beforeAll(async () => {
    h = await createTestDb();
  });
  afterAll(async () => h?.close());

  it('is deterministic for a fixed date and adds the holiday in range', async () => {
    const now = new Date('2025-11-04T15:00:00Z');
    const r = await seedDemo(h.db, { now, memberPassword: PASSWORD, timeZone: 'America/Chicago' });
    expect(r.seeded).toBe(true);
    expect(r.portalMembers).toEqual([
      { membershipNumber: 'M-1001', name: 'Thomas Reed' },
      { membershipNumber: 'M-1006', name: 'Susan Miller' },
      { membershipNumber: 'M-1012', name: 'Patricia Nguyen' },
      { membershipNumber: 'M-1013', name: 'Daniel Foster' },
      { membershipNumber: 'M-1014', name: 'Karen Sullivan' },
      { membershipNumber: 'M-1015', name: 'Carol Jensen' },
    ]);
    const c = await counts(h);
    expect(c).toMatchObject({
      // 17 around today and 16 of the past year's service (a pantry day a month, an honor guard a quarter).
      events: 33,
      volunteers: 51,
      news: 4,
      resources: 13,
      commanderMessages: 2,
      communityEngagements: 2,
      members: 28,
      memberCommunications: 11,
      memberResources: 12,
      siteSettings: 1,
    });
    const vd = await h.db.selectFrom('events').selectAll().where('title', '=', 'Veterans Day Ceremony').executeTakeFirstOrThrow();
    expect(new Date(vd.startDate).toISOString()).toBe('2025-11-11T17:00:00.000Z');
    // A Thursday meeting at 7 PM Chicago time, after the switch to standard time.
    const meetings = await h.db.selectFrom('events').selectAll().where('title', '=', 'Monthly Post Meeting').orderBy('startDate').execute();
    expect(meetings.map((m) => new Date(m.startDate).toISOString())).toEqual(['2025-10-24T00:00:00.000Z', '2025-11-21T01:00:00.000Z']);
  });
});

describe('demo content agrees with the post hours (issue 23 #18)', () => {
  it('no demo text sends people to the Post Home on a day it is closed', () => {
    const clock = makeClock(new Date('2026-03-11T15:00:00Z'), 'America/New_York');
    const closed = DEFAULT_SITE_SETTINGS.postHours.filter((h) => /closed/i.test(h.hours)).map((h) => h.day);
    expect(closed).toContain('Wednesday');
    const texts = [...buildNews(clock), ...buildCommanderMessages(clock), ...buildCommunications(clock)].map((n) =>
      [(n as { title?: string }).title ?? '', n.content].join(' '),
    );
    for (const day of closed) {
      for (const text of texts) expect(text, `${day} in: ${text.slice(0, 80)}`).not.toMatch(new RegExp(`\\b${day}s?\\b`));
    }
  });
});
