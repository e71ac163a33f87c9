import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { sql } from 'kysely';
import { eventMessages } from '@post/contracts/messages/events';
import { formMessages } from '@post/contracts/messages/forms';
import { serverMessages } from '@post/contracts/messages/server';
import { DEFAULT_VOLUNTEER_POSITIONS } from '@post/contracts/events';
import { useTestApp, createTestApp } from '../../test-helpers.ts';
import { getSettings, saveSettings } from '../site-settings/site-settings.service.ts';
import { buildCalendar, vtimezone } from './events.ics.ts';

const t = useTestApp({ admin: true, member: 'EV-1' });

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number, hours = 0) => new Date(Date.now() + days * DAY + hours * 60 * 60 * 1000).toISOString();

function eventBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Pancake Breakfast',
    description: 'Pancakes, eggs and coffee for the whole town.',
    location: 'Post Hall',
    startDate: inDays(10),
    endDate: inDays(10, 2),
    type: 'community',
    createdBy: 1,
    ...overrides,
  };
}

async function createEvent(overrides: Record<string, unknown> = {}) {
  const res = await t.admin.post('/api/events', eventBody(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; [k: string]: unknown };
}

async function addVolunteer(eventId: number, name: string, email: string, phone: string | null = '555-123-4567') {
  return t.db.insertInto('volunteers').values({ eventId, name, email, phone, role: 'Cook' }).returning('id').executeTakeFirstOrThrow();
}

/** Every stored event and volunteer, to prove a refused call changed nothing. */
async function snapshot() {
  const events = await t.db.selectFrom('events').selectAll().orderBy('id').execute();
  const volunteers = await t.db.selectFrom('volunteers').selectAll().orderBy('id').execute();
  return JSON.stringify({ events, volunteers });
}

describe('public reads', () => {
  it('lists every event soonest first, with its volunteer count', async () => {
    const later = await createEvent({ title: 'Later', startDate: inDays(40), endDate: inDays(40, 1) });
    const sooner = await createEvent({ title: 'Sooner', startDate: inDays(20), endDate: inDays(20, 1) });
    await addVolunteer(sooner.id, 'Ann Able', 'ann@example.org');
    await addVolunteer(sooner.id, 'Bob Baker', 'bob@example.org');
    const res = await t.agent().get('/api/events');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; startDate: string; volunteerCount: number }[];
    const starts = list.map((e) => Date.parse(e.startDate));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const ids = list.map((e) => e.id);
    expect(ids.indexOf(sooner.id)).toBeLessThan(ids.indexOf(later.id));
    expect(list.find((e) => e.id === sooner.id)!.volunteerCount).toBe(2);
    expect(list.find((e) => e.id === later.id)!.volunteerCount).toBe(0);
    expect(res.body).not.toContain('ann@example.org');
  });

  it('upcoming lists only events that have not started, soonest first, with volunteer names and no contact details', async () => {
    const started = await createEvent({ title: 'Already started', startDate: inDays(0, -1), endDate: inDays(0, 2) });
    const soon = await createEvent({ title: 'Soon', startDate: inDays(1), endDate: inDays(1, 2) });
    await addVolunteer(soon.id, 'Carla Cole', 'carla.private@example.org', '555-987-6543');
    const res = await t.agent().get('/api/events/upcoming');
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: number; startDate: string; volunteerCount: number; volunteers: Record<string, unknown>[] }[];
    expect(list.some((e) => e.id === started.id)).toBe(false);
    expect(list.every((e) => Date.parse(e.startDate) > Date.now())).toBe(true);
    const starts = list.map((e) => Date.parse(e.startDate));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const entry = list.find((e) => e.id === soon.id)!;
    expect(entry.volunteerCount).toBe(1);
    // First name and last initial in public (decision 0096).
    expect(entry.volunteers).toEqual([{ id: expect.any(Number), eventId: soon.id, name: 'Carla C.', role: 'Cook' }]);
    expect(res.body).not.toContain('Carla Cole');
    expect(res.body).not.toContain('carla.private@example.org');
    expect(res.body).not.toContain('555-987-6543');
  });

  it('byId gives volunteers e-mail and phone to an administrator only', async () => {
    const ev = await createEvent({ title: 'Flag Retirement' });
    await addVolunteer(ev.id, 'Dan Dale', 'dan.private@example.org', '555-222-3333');
    for (const agent of [t.agent(), t.member]) {
      const res = await agent.get(`/api/events/${ev.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().volunteers).toEqual([{ id: expect.any(Number), eventId: ev.id, name: 'Dan D.', role: 'Cook' }]);
      expect(res.json().volunteerCount).toBe(1);
      expect(res.body).not.toContain('dan.private@example.org');
      expect(res.body).not.toContain('555-222-3333');
    }
    const res = await t.admin.get(`/api/events/${ev.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().volunteers).toEqual([
      { id: expect.any(Number), eventId: ev.id, name: 'Dan Dale', role: 'Cook', email: 'dan.private@example.org', phone: '555-222-3333' },
    ]);
    // The same rule through tRPC.
    const rpc = await t.app.inject({ method: 'GET', url: `/trpc/events.byId?input=${encodeURIComponent(JSON.stringify({ id: ev.id }))}` });
    expect(rpc.statusCode).toBe(200);
    expect(rpc.body).not.toContain('dan.private@example.org');
  });

  it('answers 404 for a missing event and 400 for an id that is not one', async () => {
    const missing = await t.agent().get('/api/events/987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: serverMessages.notFound('Event') });
    expect((await t.agent().get('/api/events/abc')).statusCode).toBe(400);
  });
});

describe('administrator writes', () => {
  it('creates an event with the defaults and the signed-in administrator as author', async () => {
    const res = await t.admin.post('/api/events', eventBody({ type: undefined, createdBy: 999 }));
    expect(res.statusCode).toBe(200);
    const ev = res.json();
    expect(ev).toMatchObject({ title: 'Pancake Breakfast', type: 'regular', volunteerPositions: DEFAULT_VOLUNTEER_POSITIONS, volunteerCount: 0 });
    const row = await t.db.selectFrom('events').selectAll().where('id', '=', ev.id).executeTakeFirstOrThrow();
    const adminUser = await t.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    expect(row.createdBy).toBe(adminUser.id);
    expect(row.sequence).toBe(0);
    expect(new Date(row.startDate).toISOString()).toBe(ev.startDate);
  });

  it('keeps the instant of an ISO date with an offset', async () => {
    const ev = await createEvent({ startDate: '2031-07-04T09:00:00-04:00', endDate: '2031-07-04T11:00:00-04:00' });
    expect(ev.startDate).toBe('2031-07-04T13:00:00.000Z');
    expect(ev.endDate).toBe('2031-07-04T15:00:00.000Z');
  });

  it('updates an event, bumping its SEQUENCE and updatedAt', async () => {
    const ev = await createEvent({ title: 'Before' });
    const before = await t.db.selectFrom('events').select(['sequence', 'updatedAt']).where('id', '=', ev.id).executeTakeFirstOrThrow();
    await new Promise((r) => setTimeout(r, 20));
    const res = await t.admin.put(`/api/events/${ev.id}`, eventBody({ title: 'After', volunteerPositions: 3, type: 'fundraiser' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ev.id, title: 'After', volunteerPositions: 3, type: 'fundraiser' });
    const after = await t.db.selectFrom('events').select(['sequence', 'updatedAt', 'title']).where('id', '=', ev.id).executeTakeFirstOrThrow();
    expect(after.sequence).toBe(before.sequence + 1);
    expect(new Date(after.updatedAt).getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());
    expect(res.json().updatedAt).toBe(new Date(after.updatedAt).toISOString());
    const again = await t.admin.put(`/api/events/${ev.id}`, eventBody({ title: 'Again' }));
    expect(again.statusCode).toBe(200);
    const third = await t.db.selectFrom('events').select('sequence').where('id', '=', ev.id).executeTakeFirstOrThrow();
    expect(third.sequence).toBe(before.sequence + 2);
  });

  it('answers 404 when updating or deleting an event that does not exist, and changes nothing', async () => {
    const before = await snapshot();
    const put = await t.admin.put('/api/events/987654', eventBody());
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe(serverMessages.notFound('Event'));
    const del = await t.admin.delete('/api/events/987654');
    expect(del.statusCode).toBe(404);
    expect(await snapshot()).toBe(before);
  });

  it('deletes an event with its volunteers; deleting it again is a 404', async () => {
    const ev = await createEvent({ title: 'To delete' });
    await addVolunteer(ev.id, 'Eve Eady', 'eve@example.org');
    await addVolunteer(ev.id, 'Fay Ford', 'fay@example.org');
    const res = await t.admin.delete(`/api/events/${ev.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, deletedEvents: 1, deletedSignups: 2 });
    expect(await t.db.selectFrom('events').select('id').where('id', '=', ev.id).executeTakeFirst()).toBeUndefined();
    const left = await t.db.selectFrom('volunteers').select('id').where('eventId', '=', ev.id).execute();
    expect(left).toEqual([]);
    expect((await t.admin.delete(`/api/events/${ev.id}`)).statusCode).toBe(404);
    expect((await t.agent().get(`/api/events/${ev.id}`)).statusCode).toBe(404);
  });

  it("answers bad input with the spec's messages and stores nothing", async () => {
    const ev = await createEvent({ title: 'Unchanged' });
    const before = await snapshot();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, formMessages.titleRequired],
      [{ title: '   ' }, formMessages.titleRequired],
      [{ description: '' }, formMessages.descriptionRequired],
      [{ location: '' }, eventMessages.locationRequired],
      [{ startDate: '' }, eventMessages.startDateRequired],
      [{ endDate: '' }, eventMessages.endDateRequired],
      [{ startDate: 'not a date' }, formMessages.invalidDate],
      [{ startDate: inDays(5, 3), endDate: inDays(5) }, eventMessages.endBeforeStart],
      [{ volunteerPositions: -1 }, eventMessages.positionsRange],
      [{ volunteerPositions: 1001 }, eventMessages.positionsRange],
      [{ type: 'party' }, 'Please choose an event type'],
    ];
    for (const [overrides, message] of cases) {
      const created = await t.admin.post('/api/events', eventBody(overrides));
      expect(created.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(created.json().message).toBe(message);
      const updated = await t.admin.put(`/api/events/${ev.id}`, eventBody(overrides));
      expect(updated.statusCode).toBe(400);
    }
    const missing = await t.admin.post('/api/events', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(formMessages.titleRequired);
    expect(await snapshot()).toBe(before);
  });

  it('refuses every write without a session and with a member session (401), changing nothing', async () => {
    const ev = await createEvent({ title: 'Protected' });
    const before = await snapshot();
    for (const agent of [t.agent(), t.member]) {
      const calls = [
        await agent.post('/api/events', eventBody()),
        await agent.put(`/api/events/${ev.id}`, eventBody({ title: 'Hacked' })),
        await agent.delete(`/api/events/${ev.id}`),
      ];
      for (const res of calls) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: serverMessages.adminRequired });
      }
    }
    expect(await snapshot()).toBe(before);
  });
});

// ---- iCalendar (decisions §4) ----

interface ParsedCalendar {
  comp: ICAL.Component;
  events: ICAL.Event[];
}

/** Parses with ical.js (Mozilla's parser) and registers the file's own VTIMEZONEs. */
function parseCalendar(text: string): ParsedCalendar {
  const comp = new ICAL.Component(ICAL.parse(text));
  for (const tz of comp.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  return { comp, events: comp.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v)) };
}

/** RFC 5545 rules a lenient parser does not check: CRLF, 75-octet lines, required properties, UTC stamps. */
function expectRfc5545Shape(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  const lines = text.split('\r\n').slice(0, -1);
  for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  const unfolded = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  expect(unfolded[0]).toBe('BEGIN:VCALENDAR');
  expect(unfolded).toContain('VERSION:2.0');
  expect(unfolded.some((l) => l.startsWith('PRODID:'))).toBe(true);
  const events = text.split('BEGIN:VEVENT').slice(1);
  for (const ev of events) {
    const props = ev.replace(/\r\n[ \t]/g, '').split('\r\n');
    expect(props.filter((l) => l.startsWith('UID:'))).toHaveLength(1);
    expect(props.find((l) => l.startsWith('DTSTAMP:'))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    expect(props.find((l) => l.startsWith('LAST-MODIFIED:'))).toMatch(/^LAST-MODIFIED:\d{8}T\d{6}Z$/);
    expect(props.some((l) => l.startsWith('DTSTART'))).toBe(true);
  }
  // Every TZID a time refers to is defined by a VTIMEZONE in the file.
  const defined = new Set([...text.matchAll(/^TZID:(.+)$/gm)].map((m) => m[1]!.trim()));
  for (const m of text.matchAll(/;TZID=([^:;]+)/g)) expect(defined.has(m[1]!)).toBe(true);
}

describe('iCalendar', () => {
  it('one event: 09:00 in the post time zone comes back as 09:00 there, with UID, SEQUENCE and the event page', async () => {
    // 09:00 in New York in summer (EDT, -04:00) and in winter (EST, -05:00): the VTIMEZONE rules must give both.
    const summer = await createEvent({
      title: 'Independence Day Parade',
      description: 'Line up at 8:30; bring flags, water.',
      location: 'Main St & 1st Ave',
      startDate: '2031-07-04T13:00:00Z',
      endDate: '2031-07-04T15:30:00Z',
    });
    const winter = await createEvent({ title: 'Winter Coat Drive', startDate: '2031-01-15T14:00:00Z', endDate: '2031-01-15T16:00:00Z' });
    await t.admin.put(
      `/api/events/${summer.id}`,
      eventBody({
        title: 'Independence Day Parade',
        description: 'Line up at 8:30; bring flags, water.',
        location: 'Main St & 1st Ave',
        startDate: '2031-07-04T13:00:00Z',
        endDate: '2031-07-04T15:30:00Z',
      }),
    );

    const res = await t.agent().get(`/api/events/${summer.id}.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.ics"$/);
    expectRfc5545Shape(res.body);
    const { comp, events } = parseCalendar(res.body);
    expect(comp.getFirstPropertyValue('x-wr-calname')).toBe('Hometown Veterans Post');
    expect(comp.getFirstSubcomponent('vtimezone')!.getFirstPropertyValue('tzid')).toBe('America/New_York');
    expect(events).toHaveLength(1);
    const ev = events[0]!;
    expect(ev.uid).toBe(`event-${summer.id}@localhost`);
    expect(ev.summary).toBe('Independence Day Parade');
    expect(ev.description).toBe('Line up at 8:30; bring flags, water.');
    expect(ev.location).toBe('Main St & 1st Ave');
    expect(ev.sequence).toBe(1);
    expect(ev.startDate.zone!.tzid).toBe('America/New_York');
    expect([ev.startDate.hour, ev.startDate.minute]).toEqual([9, 0]);
    expect([ev.endDate.hour, ev.endDate.minute]).toEqual([11, 30]);
    expect(ev.startDate.toJSDate().toISOString()).toBe('2031-07-04T13:00:00.000Z');
    expect(ev.endDate.toJSDate().toISOString()).toBe('2031-07-04T15:30:00.000Z');
    const vevent = comp.getFirstSubcomponent('vevent')!;
    expect(String(vevent.getFirstPropertyValue('url'))).toBe(`http://localhost:3000/events?id=${summer.id}`);
    const row = await t.db.selectFrom('events').select('updatedAt').where('id', '=', summer.id).executeTakeFirstOrThrow();
    const lastModified = vevent.getFirstPropertyValue('last-modified') as ICAL.Time;
    expect(Math.abs(lastModified.toJSDate().getTime() - new Date(row.updatedAt).getTime())).toBeLessThan(1000);

    const w = parseCalendar((await t.agent().get(`/api/events/${winter.id}.ics`)).body).events[0]!;
    expect([w.startDate.hour, w.startDate.minute]).toEqual([9, 0]);
    expect(w.startDate.toJSDate().toISOString()).toBe('2031-01-15T14:00:00.000Z');
    expect(w.sequence).toBe(0);
  });

  it('one event: 404 for a missing one', async () => {
    const res = await t.agent().get('/api/events/987654.ics');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: serverMessages.notFound('Event') });
  });

  it('the feed has future and recently ended events, not old ones and not holidays', async () => {
    const old = await createEvent({ title: 'Long ago', startDate: inDays(-60), endDate: inDays(-60, 2) });
    const recent = await createEvent({ title: 'Last week', startDate: inDays(-7), endDate: inDays(-7, 2) });
    const future = await createEvent({ title: 'Next month', startDate: inDays(30), endDate: inDays(30, 2) });
    const res = await t.agent().get('/api/events.ics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^(inline|attachment); filename="[^"]+\.ics"$/);
    expectRfc5545Shape(res.body);
    const { events } = parseCalendar(res.body);
    const uids = events.map((e) => e.uid);
    expect(uids).toContain(`event-${recent.id}@localhost`);
    expect(uids).toContain(`event-${future.id}@localhost`);
    expect(uids).not.toContain(`event-${old.id}@localhost`);
    expect(new Set(uids).size).toBe(uids.length);
    // Only stored events: as many as the database has in the window, none of them a holiday.
    const since = new Date(Date.now() - 30 * DAY);
    const stored = await t.db
      .selectFrom('events')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('endDate', '>=', since)
      .executeTakeFirstOrThrow();
    expect(events).toHaveLength(stored.n);
    expect(uids.every((u) => /^event-\d+@localhost$/.test(u))).toBe(true);
    expect(events.map((e) => e.summary)).not.toContain("New Year's Day");
    const download = await t.agent().get('/api/events.ics?download=1');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('uses PUBLIC_URL for UIDs and links, and the time zone of the settings', async () => {
    const t2 = await createTestApp({ PUBLIC_URL: 'https://post.example.org' });
    try {
      await saveSettings(t2.db, { ...(await getSettings(t2.db)), timeZone: 'America/Chicago', postName: 'Post 42' });
      const ev = await t2.db
        .insertInto('events')
        .values({ title: 'Spring Cleanup', description: 'Bring gloves.', location: 'Park', startDate: '2031-03-20T14:00:00Z', endDate: '2031-03-20T15:00:00Z' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const res = await t2.agent().get('/api/events.ics');
      expectRfc5545Shape(res.body);
      const { comp, events } = parseCalendar(res.body);
      expect(comp.getFirstPropertyValue('x-wr-calname')).toBe('Post 42');
      expect(events[0]!.uid).toBe(`event-${ev.id}@post.example.org`);
      expect(String(comp.getFirstSubcomponent('vevent')!.getFirstPropertyValue('url'))).toBe(`https://post.example.org/events?id=${ev.id}`);
      expect(events[0]!.startDate.zone!.tzid).toBe('America/Chicago');
      expect(events[0]!.startDate.hour).toBe(9); // 14:00 UTC is 09:00 CDT
    } finally {
      await t2.close();
    }
  });

  it('writes an empty calendar as a valid file, and an alias zone with the TZID it defines', () => {
    const empty = buildCalendar([], { postName: 'P', timeZone: 'America/New_York', baseUrl: 'https://p.example' });
    expectRfc5545Shape(empty);
    expect(parseCalendar(empty).events).toEqual([]);
    expect(vtimezone('UTC')?.tzid).toBe('Etc/UTC');
    const now = new Date();
    // Long lines with characters of several bytes are folded at 75 octets without splitting one.
    const title = 'Veterans Day Ceremony — ünïcödé ✓ '.repeat(6).trim();
    const description = 'Line one\nLine two; with, punctuation \\ and é'.repeat(4);
    const utc = buildCalendar(
      [{ id: 1, title, description, location: 'Town Green, Main St', startDate: now, endDate: now, sequence: 0, createdAt: now, updatedAt: now }],
      { postName: 'P', timeZone: 'UTC', baseUrl: 'https://p.example' },
    );
    expectRfc5545Shape(utc);
    const ev = parseCalendar(utc).events[0]!;
    expect(ev.summary).toBe(title);
    expect(ev.description).toBe(description);
    expect(ev.location).toBe('Town Green, Main St');
    expect(ev.startDate.toJSDate().getTime()).toBe(Math.floor(now.getTime() / 1000) * 1000);
  });
});
