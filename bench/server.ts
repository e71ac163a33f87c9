import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { createDb, migrateToLatest } from '@post/db';
import { seedDemo } from '@post/db/seed/index';
import { loadEnv } from '@post/api/env';
import { buildServer } from '@post/api/server';
import { upsertAdmin } from '@post/api/admin-auth';

// The server a benchmark measures: the real app (limits off, so one client address can
// send thousands of requests), demo content, 100 future events with 1,000 positions each
// for sign-ups, and a bare Fastify route in the same process for comparison.
const handle = await createDb({ databaseUrl: process.env.DATABASE_URL || undefined, poolSize: 20 });
await migrateToLatest(handle.db);
await seedDemo(handle.db, { memberPassword: 'bench-member-password' });
await upsertAdmin(handle.db, 'bench', 'bench-password-123');
const start = Date.now() + 7 * 86400_000;
const events = await handle.db
  .insertInto('events')
  .values(
    Array.from({ length: 100 }, (_, i) => ({
      title: `Bench event ${i}`,
      description: 'Benchmark',
      location: 'Post Home',
      startDate: new Date(start + i * 3600_000),
      endDate: new Date(start + i * 3600_000 + 3600_000),
      volunteerPositions: 1000,
    })),
  )
  .returning('id')
  .execute();

const env = loadEnv({
  NODE_ENV: 'production',
  PUBLIC_URL: 'http://localhost:3000',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-')),
  LOG_LEVEL: 'silent',
});
// BENCH_NO_VOLUNTEER_MAIL=1: the baseline of sign-ups without their confirmation message.
const app = await buildServer({
  db: handle.db,
  env,
  logger: false,
  limits: { enabled: false, withoutVolunteerMail: process.env.BENCH_NO_VOLUNTEER_MAIL === '1' },
});
let peakRss = process.memoryUsage().rss;
setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50).unref();
app.get('/__bare', async () => ({ ok: true }));
app.get('/__mem', async () => ({ peakRss, rss: process.memoryUsage().rss }));
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
console.log(JSON.stringify({ port, kind: handle.kind, eventIds: events.map((e) => e.id) }));
process.on('SIGTERM', async () => {
  await app.close();
  await handle.close();
  process.exit(0);
});
