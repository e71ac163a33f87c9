import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, migrateToLatest } from '@post/db';
import { ensureSiteSettings } from '@post/db/seed/index';
import { loadEnv } from '@post/api/env';
import { buildServer } from '@post/api/server';
import { upsertAdmin } from '@post/api/admin-auth';
import { startReport } from './results.ts';

const report = startReport('bench:admin-events');

// `pnpm bench:admin-events` (issue 20): the dashboard's first page of events with 2,000 events
// (1,500 upcoming, 500 past, a sign-up on every tenth) on PostgreSQL. A database of its own is
// created on BENCH_DATABASE_URL / TEST_DATABASE_URL's server (default 127.0.0.1:5432) and
// dropped at the end. Calls go through the API's HTTP handling (Fastify, session, tRPC's REST
// adapter, the queries), in process: median and p95 of 200 calls after 20 warm-up calls.
// Target: under 100 ms. Prints figures; not a test.
const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const EVENTS = 2000;
const name = `bench_admin_events_${randomBytes(3).toString('hex')}`;

const adminClient = new pg.Client({ connectionString: base });
await adminClient.connect();
await adminClient.query(`create database "${name}"`);
const url = new URL(base);
url.pathname = `/${name}`;

const handle = await createDb({ databaseUrl: url.toString(), poolSize: 10 });
try {
  await migrateToLatest(handle.db);
  await ensureSiteSettings(handle.db);
  await upsertAdmin(handle.db, 'bench', 'bench-password-123');
  const now = Date.now();
  const rows = Array.from({ length: EVENTS }, (_, i) => {
    // 500 past (i < 500), 1,500 upcoming, some hours apart.
    const start = new Date(now + (i - 500) * 5 * 3_600_000 + 60_000);
    return {
      title: `${['Post meeting', 'Fish fry', 'Color guard practice', 'Bingo night'][i % 4]} ${i}`,
      description: 'Benchmark event.',
      location: ['Post Home', 'Canteen', 'Drill Field', 'Main Street Hall'][i % 4]!,
      startDate: start,
      endDate: new Date(start.getTime() + 2 * 3_600_000),
      volunteerPositions: 10,
    };
  });
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const res = await handle.db
      .insertInto('events')
      .values(rows.slice(i, i + 500))
      .returning('id')
      .execute();
    ids.push(...res.map((r) => r.id));
  }
  await handle.db
    .insertInto('volunteers')
    .values(ids.filter((_, i) => i % 10 === 0).map((eventId, i) => ({ eventId, name: `Volunteer ${i}`, email: `v${i}@example.com` })))
    .execute();
  const direct = new pg.Client({ connectionString: url.toString() });
  await direct.connect();
  await direct.query('analyze');
  await direct.end();

  const env = loadEnv({
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost:3000',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-admin-events-')),
    LOG_LEVEL: 'silent',
  });
  const app = await buildServer({ db: handle.db, env, logger: false });
  const login = await app.inject({ method: 'POST', url: '/api/login', payload: { username: 'bench', password: 'bench-password-123' } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const cookie = [login.headers['set-cookie']]
    .flat()
    .filter((c): c is string => Boolean(c))
    .map((c) => c.split(';')[0])
    .join('; ');

  const measure = async (label: string, path: string) => {
    const first = await app.inject({ method: 'GET', url: path, headers: { cookie } });
    if (first.statusCode !== 200) throw new Error(`${path}: ${first.statusCode} ${first.body.slice(0, 200)}`);
    const body = first.json() as { total: number; items: unknown[] };
    for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url: path, headers: { cookie } });
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      const res = await app.inject({ method: 'GET', url: path, headers: { cookie } });
      times.push(performance.now() - t0);
      if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode}`);
    }
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
    report.print(
      `${label.padEnd(34)} ${String(body.items.length).padStart(2)} of ${String(body.total).padStart(4)}  median ${q(0.5).toFixed(1)} ms  p95 ${q(0.95).toFixed(1)} ms  max ${times.at(-1)!.toFixed(1)} ms`,
    );
    return q(0.95);
  };

  report.print(`PostgreSQL (${handle.kind}), ${EVENTS} events, ${CALLS} calls each:`);
  const p95 = await measure('GET /api/admin/events (page 1)', '/api/admin/events');
  await measure('  ?when=past', '/api/admin/events?when=past');
  await measure('  ?q=fish', '/api/admin/events?q=fish');
  await measure('  ?page=40', '/api/admin/events?page=40');
  report.print(p95 < 100 ? 'first page p95 under the 100 ms target' : 'first page p95 ABOVE the 100 ms target');
  report.write();
  await app.close();
} finally {
  await handle.close();
  await adminClient.query(`drop database if exists "${name}" with (force)`);
  await adminClient.end();
}
