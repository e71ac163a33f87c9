import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadEnv } from './env.ts';
import { hashPassword } from '@post/db';
import { formMessages } from '@post/contracts/messages/forms';
import { imageMessages } from '@post/contracts/messages/images';
import { createTestApp, insertMember, insertStaffOnlyRecords, patchSiteSettings, useTestApp } from './test-helpers.ts';
import { SmtpSink } from './features/mail/smtp-sink.ts';
import sharp from 'sharp';
import { imageOf } from '@post/contracts/images';
import { ADDRESS_ATTEMPTS, STAFF_UPLOADS, STAFF_WRITES } from './lib/throttle.ts';
import { MAX_PHOTOS_IN_FLIGHT, PHOTOS_BUSY_RETRY_SECONDS, storeImage } from './features/images/images.service.ts';
import { RESET_ACCOUNT_REQUESTS } from './features/member-auth/password-reset.ts';

// The findings of issue 41, one block each (decision 0059).

const FORGED = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'http' };

describe('links in mail and page metadata come only from PUBLIC_URL or the server itself (issue 41 #1)', () => {
  let sink: SmtpSink;
  let dev: Awaited<ReturnType<typeof createTestApp>>;
  let prod: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    sink = new SmtpSink();
    await sink.start();
    const mail = { SMTP_URL: sink.url, MAIL_FROM: 'Post 123 <post@example.org>', MAIL_RATE: '1000' };
    // No PUBLIC_URL, as in development; the proxy is trusted, so X-Forwarded-Host is read by Fastify.
    dev = await createTestApp({ ...mail, PORT: '4123', TRUST_PROXY: '127.0.0.1' }, { mail: { backoffMs: () => 0 } });
    prod = await createTestApp({ ...mail, PUBLIC_URL: 'https://post.example.org', TRUST_PROXY: '127.0.0.1' }, { mail: { backoffMs: () => 0 } });
  });
  afterAll(async () => {
    await dev?.close();
    await prod?.close();
    await sink?.stop();
  });

  async function mailedText(t: typeof dev, url: string, body: unknown, to: string): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...FORGED }, payload: JSON.stringify(body) });
    expect(res.statusCode).toBe(200);
    await t.app.mailWorker.runOnce();
    const m = sink.messages.find((x) => x.to && !Array.isArray(x.to) && x.to.value[0]!.address === to);
    expect(m, `a message to ${to}`).toBeDefined();
    return `${m!.text ?? ''}\n${String(m!.html ?? '')}`;
  }

  it('a forged Host never reaches a reset link or a newsletter confirmation: PUBLIC_URL when set, else the server on localhost', async () => {
    await insertMember(dev.db, { membershipNumber: 'H-1', email: 'h1@example.org' });
    const devText = await mailedText(dev, '/api/member/forgot-password', { membershipNumber: 'H-1' }, 'h1@example.org');
    expect(devText).toContain('http://localhost:4123/member/reset-password?token=');
    expect(devText).not.toContain('attacker.example');

    await insertMember(prod.db, { membershipNumber: 'H-2', email: 'h2@example.org' });
    const prodText = await mailedText(prod, '/api/member/forgot-password', { membershipNumber: 'H-2' }, 'h2@example.org');
    expect(prodText).toContain('https://post.example.org/member/reset-password?token=');
    expect(prodText).not.toContain('attacker.example');

    const news = await mailedText(dev, '/api/newsletter/subscribe', { email: 'reader@example.org' }, 'reader@example.org');
    expect(news).toContain('http://localhost:4123/newsletter/confirm');
    expect(news).not.toContain('attacker.example');
  });

  it('feeds, the sitemap and calendar links ignore the Host and X-Forwarded-Host headers', async () => {
    for (const url of ['/rss.xml', '/sitemap.xml', '/robots.txt', '/api/events.ics']) {
      const res = await dev.app.inject({ method: 'GET', url, headers: FORGED });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('attacker.example');
    }
    expect((await dev.app.inject({ method: 'GET', url: '/sitemap.xml', headers: FORGED })).body).toContain('<loc>http://localhost:4123/');
    expect((await prod.app.inject({ method: 'GET', url: '/sitemap.xml', headers: FORGED })).body).toContain('<loc>https://post.example.org/');
  });

  it('production refuses to start without PUBLIC_URL, with one line saying what to set', () => {
    expect(() => loadEnv({ NODE_ENV: 'production', DATA_DIR: dev.env.dataDir })).toThrow(/PUBLIC_URL is required when NODE_ENV=production/);
    expect(loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', DATA_DIR: dev.env.dataDir }).siteUrl).toBe('http://localhost:3000');
    expect(loadEnv({ NODE_ENV: 'development', PORT: '3100', DATA_DIR: dev.env.dataDir }).siteUrl).toBe('http://localhost:3100');
  });
});

describe('TRUST_PROXY cannot be spoofed (issue 41 #2)', () => {
  const t = useTestApp({ env: { TRUST_PROXY: '1' } });

  it('takes a hop count or addresses and CIDRs; "true" is refused with what to write', () => {
    const env = (v: string) => loadEnv({ TRUST_PROXY: v, DATA_DIR: t.env.dataDir }).trustProxy;
    expect(env('1')).toBe(1);
    expect(env('10.0.0.0/8, 127.0.0.1')).toBe('10.0.0.0/8,127.0.0.1');
    expect(env('')).toBe(false);
    expect(env('false')).toBe(false);
    expect(() => env('true')).toThrow(/TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.0\/8,127\.0\.0\.1/);
    expect(() => env('proxy.example.org')).toThrow(/not an address or CIDR/);
    expect(() => env('10.0.0.0/33')).toThrow(/not an address or CIDR/);
  });

  it('with TRUST_PROXY=1 a rotating X-Forwarded-For lands on the address the proxy saw, and meets the sign-in limit', async () => {
    const client = '203.0.113.7';
    // The limit is almost used up by this client's earlier attempts.
    await t.db
      .insertInto('rateLimits')
      .values({ key: `signin:admin:ip:${client}`, count: ADDRESS_ATTEMPTS - 2, resetAt: sql<Date>`now() + interval '10 minutes'` })
      .execute();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '127.0.0.1',
        // The client's own value first, then the address the proxy appended.
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i + 1}, ${client}` },
        payload: JSON.stringify({ username: `nobody-${i}`, password: 'wrong password' }),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 429, 429]);
    const keys = (await t.db.selectFrom('rateLimits').select('key').execute()).map((r) => r.key);
    expect(keys.filter((k) => k.startsWith('signin:admin:ip:'))).toEqual([`signin:admin:ip:${client}`]);
  });

  it('a hop count trusts no public address that reaches the port directly', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: '192.0.2.50',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.99' },
      payload: JSON.stringify({ username: 'nobody-direct', password: 'wrong password' }),
    });
    const keys = (await t.db.selectFrom('rateLimits').select('key').execute()).map((r) => r.key);
    expect(keys).toContain('signin:admin:ip:192.0.2.50');
    expect(keys).not.toContain('signin:admin:ip:198.51.100.99');
  });
});

describe('a staff account with a setup step pending is anonymous everywhere (issue 41 #3)', () => {
  const t = useTestApp();

  it('neither a temporary password nor a two-factor enrolment still to do shows contacts or scheduled news', async () => {
    const { event, news } = await insertStaffOnlyRecords(t.db);
    await t.db
      .insertInto('users')
      .values([
        { username: 'temp-pass', password: await hashPassword('temporary-pass-123'), role: 'administrator', email: 'tp@example.org', mustChangePassword: true },
        { username: 'no-2fa', password: await hashPassword('enrol-pass-123'), role: 'administrator', email: 'n2@example.org' },
      ])
      .execute();
    const temp = t.agent();
    await temp.loginAdmin('temp-pass', 'temporary-pass-123');
    const admin = t.agent();
    await admin.loginAdmin();
    // Two-factor required for everyone; the new account has none yet.
    await patchSiteSettings(t.db, { requireTwoFactor: true });
    const enrol = t.agent();
    await enrol.loginAdmin('no-2fa', 'enrol-pass-123');
    expect((await enrol.get('/api/auth/check')).json()).toMatchObject({ authenticated: true, mustEnrolTwoFactor: true });

    for (const [who, agent] of [
      ['temporary password', temp],
      ['two-factor to enrol', enrol],
    ] as const) {
      const volunteers = await agent.get(`/api/volunteers?eventId=${event.id}`);
      expect(volunteers.statusCode, who).toBe(200);
      expect(volunteers.body, who).not.toContain('val@example.org');
      const detail = await agent.get(`/api/events/${event.id}`);
      expect(detail.statusCode, who).toBe(200);
      expect(detail.body, who).not.toContain('555-0100');
      expect((await agent.get(`/api/news/${news.id}`)).statusCode, who).toBe(404);
      expect((await agent.get('/api/admin/volunteers')).statusCode, who).toBe(403);
    }
    // A signed-in administrator with nothing pending still sees them.
    await patchSiteSettings(t.db, { requireTwoFactor: false });
    expect((await admin.get(`/api/events/${event.id}`)).body).toContain('555-0100');
    expect((await admin.get(`/api/news/${news.id}`)).statusCode).toBe(200);
  });
});

describe('dates outside 1900-2200 are a 400 (issue 41 #4)', () => {
  const t = useTestApp();

  it('a series in year 10, year 0001 or year 275760 is refused and stores nothing; the public calendar keeps answering', async () => {
    const admin = t.agent();
    await admin.loginAdmin();
    const event = { title: 'Ancient drill', description: 'x', location: 'Hall', type: 'regular', volunteerPositions: 0 };
    const bodies = [
      { ...event, startDate: '0010-01-01T10:00:00Z', endDate: '0010-01-01T11:00:00Z', recurrence: { rule: 'FREQ=DAILY' } },
      { ...event, startDate: '0001-06-01T10:00:00Z', endDate: '0001-06-01T11:00:00Z' },
      { ...event, startDate: '+275760-09-13T00:00:00.000Z', endDate: '+275760-09-13T00:00:00.000Z' },
      { ...event, startDate: 'Jan 1 10', endDate: 'Jan 1 10' },
    ];
    for (const body of bodies) {
      const res = await admin.post('/api/events', body);
      expect(res.statusCode, body.startDate).toBe(400);
      expect([formMessages.dateOutOfRange, formMessages.invalidDate], body.startDate).toContain(res.json().message);
    }
    expect((await admin.post('/api/events', bodies[0])).json().message).toBe(formMessages.dateOutOfRange);
    expect(await t.db.selectFrom('events').select('id').execute()).toEqual([]);
    expect((await t.agent().get('/api/events')).statusCode).toBe(200);
  });
});

describe('one reset-mail counter per member, one live link (issue 41 #6) and the audit log tells the truth (#7)', () => {
  let sink: SmtpSink;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let n = 0;
  const post = (url: string, body: unknown, ip = `10.9.0.${++n}`) =>
    t.app.inject({ method: 'POST', url, remoteAddress: ip, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  beforeAll(async () => {
    sink = new SmtpSink();
    await sink.start();
    t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Post 123 <post@example.org>', MAIL_RATE: '1000' }, { mail: { backoffMs: () => 0 } });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  it('the membership number and the e-mail share one counter; only the newest link works; setting the password is recorded', async () => {
    const m = await insertMember(t.db, { membershipNumber: 'C-1', email: 'carol@example.org' });
    // Alternating identifiers from new addresses: each identifier stays under its own limit.
    for (let i = 0; i < RESET_ACCOUNT_REQUESTS; i++) {
      expect((await post('/api/member/forgot-password', { membershipNumber: 'C-1' })).statusCode).toBe(200);
      expect((await post('/api/member/forgot-password', { email: 'carol@example.org' })).statusCode).toBe(200);
    }
    await t.app.mailWorker.runOnce();
    const mails = sink.messages.filter((x) => x.to && !Array.isArray(x.to) && x.to.value[0]!.address === 'carol@example.org');
    expect(mails).toHaveLength(RESET_ACCOUNT_REQUESTS);
    const live = await t.db
      .selectFrom('mailTokens')
      .select('tokenHash')
      .where('subjectId', '=', m.id)
      .where('purpose', '=', 'member-reset')
      .where('usedAt', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
    const tokens = mails.map((x) => /reset-password\?token=([A-Za-z0-9_-]+)/.exec(x.text ?? '')![1]!);
    expect((await post('/api/member/reset-password', { token: tokens[0], password: 'new-member-pass-1' })).statusCode).toBe(400);
    expect((await post('/api/member/reset-password', { token: tokens.at(-1), password: 'new-member-pass-1' }, '10.9.9.9')).statusCode).toBe(200);
    const audit = await t.db.selectFrom('auditLog').selectAll().where('entity', '=', 'member').where('entityId', '=', String(m.id)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'password-reset', actorUserId: null, ip: '10.9.9.9' });
  });

  it('a refused (429) staff sign-in is recorded with the typed username as marked input', async () => {
    const ip = '10.9.200.1';
    await t.db
      .insertInto('rateLimits')
      .values({ key: `signin:admin:ip:${ip}`, count: ADDRESS_ATTEMPTS, resetAt: sql<Date>`now() + interval '10 minutes'` })
      .execute();
    const res = await post('/api/login', { username: 'adjutant', password: 'guess-1' }, ip);
    expect(res.statusCode).toBe(429);
    const rows = await t.db.selectFrom('auditLog').selectAll().where('action', '=', 'sign-in-failed').where('ip', '=', ip).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      entity: 'user',
      entityId: null,
      actorUserId: null,
      changes: { 'typed username': { old: null, new: 'adjutant' }, reason: { old: null, new: 'too many attempts' } },
    });
  });
});

describe('one POST of a repeating event makes at most 500 occurrences (issue 41 #5)', () => {
  const t = useTestApp();

  it('a daily rule from 1990 is refused with how to shorten it and stores nothing; 500 in one save still work', async () => {
    const admin = t.agent();
    await admin.loginAdmin();
    const event = { title: 'Daily drill', description: 'x', location: 'Hall', type: 'regular', volunteerPositions: 0 };
    const long = await admin.post('/api/events', {
      ...event,
      startDate: '1990-01-01T14:00:00Z',
      endDate: '1990-01-01T15:00:00Z',
      recurrence: { rule: 'FREQ=DAILY' },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 500\. Shorten it: end it sooner/);
    expect(await t.db.selectFrom('events').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('eventSeries').select('id').execute()).toEqual([]);
    const start = new Date(Date.now() + 864e5);
    const ok = await admin.post('/api/events', {
      ...event,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 36e5).toISOString(),
      recurrence: { rule: 'FREQ=DAILY;COUNT=500' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await t.db.selectFrom('events').select('id').execute()).toHaveLength(500);
  });
});

describe('bounded staff work (issue 41 #5): a bounded photo queue, writes and uploads per account', () => {
  const t = useTestApp();

  const png = () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();

  it(`holds at most ${MAX_PHOTOS_IN_FLIGHT} photos at once; the next upload answers 503 with Retry-After at once`, async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const stored = imageOf({ id: 1, hash: 'x', width: 8, height: 8, widths: [8] });
    const stuck = {
      byHash: async () => {
        await gate;
        return stored;
      },
      save: async () => stored,
      file: async () => undefined,
    };
    const held = Array.from({ length: MAX_PHOTOS_IN_FLIGHT }, async () => storeImage(stuck, await png(), { keepOriginal: false }).catch(() => undefined));
    await new Promise((r) => setTimeout(r, 20));
    const admin = t.agent();
    await admin.loginAdmin();
    const res = await admin.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: { cookie: admin.cookieHeader, 'content-type': 'image/png' },
      payload: await png(),
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(PHOTOS_BUSY_RETRY_SECONDS));
    expect(res.json().message).toBe(imageMessages.busy);
    release();
    await Promise.all(held);
    const after = await admin.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: { cookie: admin.cookieHeader, 'content-type': 'image/png' },
      payload: await png(),
    });
    expect(after.statusCode, after.body).toBe(200);
  });

  it('a staff account past its writes or uploads in the window gets 429 with Retry-After; reads still work', async () => {
    const editor = t.agent();
    const id = (
      await t.db
        .insertInto('users')
        .values({ username: 'busy-editor', password: await hashPassword('busy-editor-1'), role: 'editor', email: 'busy@example.org' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await editor.loginAdmin('busy-editor', 'busy-editor-1');
    const full = (kind: string, count: number) =>
      t.db
        .insertInto('rateLimits')
        .values({ key: `staff:${kind}:${id}`, count, resetAt: sql<Date>`now() + interval '10 minutes'` })
        .execute();
    await full('write', STAFF_WRITES);
    const write = await editor.post('/api/resources', { title: 'T', description: 'D', url: 'https://example.org', category: 'local' });
    expect(write.statusCode).toBe(429);
    expect(Number(write.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.db.selectFrom('resources').select('id').where('title', '=', 'T').execute()).toEqual([]);
    expect((await editor.get('/api/admin/news')).statusCode).toBe(200);
    await full('upload', STAFF_UPLOADS);
    const upload = await editor.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: { cookie: editor.cookieHeader, 'content-type': 'image/png' },
      payload: await png(),
    });
    expect(upload.statusCode).toBe(429);
    expect(Number(upload.headers['retry-after'])).toBeGreaterThan(0);
  });
});
