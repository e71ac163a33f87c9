import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '@post/db/seed/index';
import { loadEnv } from '../../env.ts';
import { prepareDemo } from '../../bootstrap.ts';
import { createTestApp, insertMember, patchSiteSettings, useTestApp } from '../../test-helpers.ts';
import { BackupSchedule, backupDir, backupDue, backupWarning, lastSlot } from './backups.ts';
import { insecureSignInMessage } from '../../lib/secure-sign-in.ts';

describe('demo content is for trying the site, never a live one', () => {
  it('a production start loads no demo unless asked: SEED_DEMO=1 (as `up` sets) does, development does by default', () => {
    const base = { SESSION_SECRET: 'x'.repeat(40), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'i57-env-')) };
    expect(loadEnv({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://post.example.org' }).seedDemo).toBe(false);
    expect(loadEnv({ ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://post.example.org', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadEnv({ ...base, NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(loadEnv({ ...base, NODE_ENV: 'development', DATABASE_URL: 'postgres://u@h/d' }).seedDemo).toBe(false);
    const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../../../package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.up).toContain('SEED_DEMO=${SEED_DEMO:-1}');
    expect(pkg.scripts.start).not.toContain('SEED_DEMO');
  });

  const t = useTestApp({ admin: true });

  it('an administrator removes all demo content in one action; what the post entered stays, and the log says what went', async () => {
    const lines = await prepareDemo({ db: t.db } as Parameters<typeof prepareDemo>[0], { ...t.env, seedDemo: true });
    expect(lines[0]).toContain('Demo content loaded');
    const demoEvents = Number(
      (
        await t.db
          .selectFrom('events')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const demoMembers = Number(
      (
        await t.db
          .selectFrom('members')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(demoEvents).toBeGreaterThan(10);

    // The post's own records, entered after the demo: a member, an event and a photo-less news item.
    const member = await insertMember(t.db, { membershipNumber: 'REAL-1', firstName: 'Real' });
    const created = await t.admin.post('/api/events', {
      title: 'Real post meeting',
      description: 'Monthly meeting',
      location: 'Post home',
      startDate: new Date(Date.now() + 3 * 864e5).toISOString(),
      endDate: new Date(Date.now() + 3 * 864e5 + 36e5).toISOString(),
      volunteerPositions: 0,
    });
    expect(created.statusCode, created.body).toBe(200);

    const before = (await t.admin.get('/api/admin/demo-content')).json() as { counts: Record<string, number>; total: number };
    expect(before.counts.events).toBe(demoEvents);
    expect(before.counts.members).toBe(demoMembers);
    expect(before.counts.images).toBe(2);

    expect((await t.agent().delete('/api/admin/demo-content')).statusCode).toBe(401);
    const removed = await t.admin.delete('/api/admin/demo-content');
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as { counts: Record<string, number> }).counts.events).toBe(demoEvents);

    const events = await t.db.selectFrom('events').select('title').execute();
    expect(events.map((e) => e.title)).toEqual(['Real post meeting']);
    const members = await t.db.selectFrom('members').select('id').execute();
    expect(members.map((m) => m.id)).toEqual([member.id]);
    expect(await t.db.selectFrom('news').select('id').execute()).toEqual([]);
    expect(await t.db.selectFrom('images').select('id').execute()).toEqual([]);
    expect((await t.admin.get('/api/admin/demo-content')).json()).toEqual({ counts: {}, total: 0 });
    const audit = await t.db.selectFrom('auditLog').selectAll().where('entity', '=', 'demo-content').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.changes).toMatchObject({ events: { old: demoEvents, new: 0 } });
    // A second seed finds the post's content and loads nothing: the demo does not come back.
    expect((await seedDemo(t.db, { memberPassword: 'demo-password-1' })).seeded).toBe(false);
  });
});

describe('the nightly backup', () => {
  const tz = 'America/Chicago';
  const at = (iso: string) => new Date(iso);

  it('is due once a night at the set time in the post’s time zone, and at start only when the last is a day old', () => {
    // 03:00 in Chicago in November is 09:00 UTC.
    expect(lastSlot(at('2026-11-28T09:30:00Z'), '03:00', tz).toISOString()).toBe('2026-11-28T09:00:00.000Z');
    expect(lastSlot(at('2026-11-28T08:59:00Z'), '03:00', tz).toISOString()).toBe('2026-11-27T09:00:00.000Z');
    const due = (now: string, last: string | null, atStart = false) =>
      backupDue({ now: at(now), time: '03:00', timeZone: tz, lastAttempt: last ? at(last) : null, atStart });
    expect(due('2026-11-28T08:59:00Z', '2026-11-27T09:00:05Z')).toBe(false);
    expect(due('2026-11-28T09:00:00Z', '2026-11-27T09:00:05Z')).toBe(true);
    expect(due('2026-11-28T09:01:00Z', '2026-11-28T09:00:00Z')).toBe(false);
    expect(due('2026-11-28T12:00:00Z', null, true)).toBe(true);
    expect(due('2026-11-28T12:00:00Z', '2026-11-28T02:00:00Z', true)).toBe(false);
    expect(due('2026-11-28T12:00:00Z', '2026-11-27T11:59:00Z', true)).toBe(true);
  });

  it('with a fixed clock: writes a file at start, none again until 03:00, one each night, and keeps the newest as set', async () => {
    const t = await createTestApp();
    try {
      await patchSiteSettings(t.db, { timeZone: tz, backups: { time: '03:00', keep: 2 } });
      let now = at('2026-11-27T15:00:00Z');
      const lines: string[] = [];
      const schedule = new BackupSchedule({ db: t.db, dataDir: t.env.dataDir, log: (l) => lines.push(l), now: () => now });
      const dir = backupDir(t.env.dataDir);
      const files = () => readdirSync(dir).filter((f) => f.endsWith('.json.gz'));

      expect(await schedule.check(true)).toBe('post-2026-11-27T15-00-00Z.json.gz');
      expect(lines).toEqual([]);
      const backup = JSON.parse(gunzipSync(readFileSync(path.join(dir, files()[0]!))).toString('utf8')) as { tables: { users: unknown[] } };
      expect(backup.tables.users).toHaveLength(1);
      // A restart the same evening takes none.
      now = at('2026-11-27T20:00:00Z');
      expect(await schedule.check(true)).toBeNull();
      now = at('2026-11-28T08:59:00Z');
      expect(await schedule.check()).toBeNull();
      now = at('2026-11-28T09:00:00Z');
      expect(await schedule.check()).toBe('post-2026-11-28T09-00-00Z.json.gz');
      expect(lines).toEqual([`backup written: ${path.join(dir, 'post-2026-11-28T09-00-00Z.json.gz')}`]);
      now = at('2026-11-28T09:01:00Z');
      expect(await schedule.check()).toBeNull();
      now = at('2026-11-29T09:00:30Z');
      expect(await schedule.check()).toBe('post-2026-11-29T09-00-30Z.json.gz');
      expect(files().sort()).toEqual(['post-2026-11-28T09-00-00Z.json.gz', 'post-2026-11-29T09-00-30Z.json.gz']);
    } finally {
      await t.close();
    }
  });

  it('warns on the dashboard when the last backup is older than two days, missing, or failed', () => {
    const now = at('2026-11-28T12:00:00Z');
    const file = (iso: string) => ({ name: 'x', size: 1, at: at(iso) });
    expect(backupWarning(file('2026-11-27T09:00:00Z'), { attemptedAt: '2026-11-27T09:00:00Z', error: null }, now)).toBeNull();
    expect(backupWarning(file('2026-11-26T11:59:00Z'), { attemptedAt: '2026-11-26T11:59:00Z', error: null }, now)).toBe('stale');
    expect(backupWarning(null, null, now)).toBe('stale');
    expect(backupWarning(file('2026-11-27T09:00:00Z'), { attemptedAt: '2026-11-28T09:00:00Z', error: 'disk full' }, now)).toBe('failed');
  });

  it('an administrator sees the status and downloads a backup; nobody else can, and only the schedule’s files are served', async () => {
    const t = await createTestApp();
    try {
      const admin = t.agent();
      await admin.loginAdmin();
      const none = (await admin.get('/api/admin/backups')).json() as { warning: string; last: unknown; settings: unknown };
      expect(none).toMatchObject({ warning: 'stale', last: null, settings: { time: '03:00', keep: 14 } });

      const name = await new BackupSchedule({ db: t.db, dataDir: t.env.dataDir, log: () => undefined }).check(true);
      const status = (await admin.get('/api/admin/backups')).json() as { warning: string | null; last: { name: string; size: number } };
      expect(status.warning).toBeNull();
      expect(status.last.name).toBe(name);

      expect((await t.agent().get(`/api/admin/backups/${name}`)).statusCode).toBe(401);
      const res = await admin.get(`/api/admin/backups/${name}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      expect((JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as { format: string }).format).toBe('veterans-post-backup');
      expect((await admin.get('/api/admin/backups/status.json')).statusCode).toBe(404);
      expect((await admin.get('/api/admin/backups/..%2Fsession-secret')).statusCode).toBe(404);

      // A failed night shows as failed.
      writeFileSync(
        path.join(backupDir(t.env.dataDir), 'status.json'),
        JSON.stringify({ attemptedAt: new Date().toISOString(), error: 'No space left on device' }),
      );
      expect((await admin.get('/api/admin/backups')).json()).toMatchObject({ warning: 'failed', lastRun: { error: 'No space left on device' } });
    } finally {
      await t.close();
    }
  });
});

describe('sign-in never fails silently', () => {
  it('over http while PUBLIC_URL is https: refused with a message naming the cause; from the https page it works', async () => {
    const t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://post.example.org' });
    try {
      const member = await insertMember(t.db, { membershipNumber: 'M-57' });
      for (const [url, body] of [
        ['/api/login', { username: 'adjutant', password: 'correct horse battery' }],
        ['/api/member/login', { membershipNumber: member.membershipNumber, password: 'member-pass-123' }],
      ] as const) {
        // The server's own address, typed before the proxy is set up: the same origin as the page.
        const plain = await t.agent().post(url, body, { origin: 'http://203.0.113.7:3000', host: '203.0.113.7:3000' });
        expect(plain.statusCode).toBe(403);
        expect((plain.json() as { message: string }).message).toBe(insecureSignInMessage('https://post.example.org'));
        expect(plain.cookies).toEqual([]);
        expect((await t.agent().post(url, body, { origin: 'https://post.example.org' })).statusCode).toBe(200);
      }
      expect(insecureSignInMessage('https://post.example.org')).toMatch(/^Sign-in needs a secure connection\. This page was opened over http:\/\//);
    } finally {
      await t.close();
    }
  });

  it('behind TRUST_PROXY, straight to the app (a localhost page, no proxy): refused, since no Secure cookie would be sent', async () => {
    const t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://post.example.org', TRUST_PROXY: '1' });
    try {
      const body = { username: 'adjutant', password: 'correct horse battery' };
      const direct = await t.agent().post('/api/login', body, { origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' });
      expect(direct.statusCode).toBe(403);
      expect((direct.json() as { message: string }).message).toBe(insecureSignInMessage('https://post.example.org'));
      expect(direct.cookies).toEqual([]);
      const proxied = await t.agent().post('/api/login', body, { origin: 'https://post.example.org', 'x-forwarded-proto': 'https' });
      expect(proxied.statusCode).toBe(200);
      expect(proxied.cookies.map((c) => c.name)).toContain('__Host-sid');
    } finally {
      await t.close();
    }
  });
});
