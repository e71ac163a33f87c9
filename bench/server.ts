import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { createDb, migrateToLatest } from '@post/db';
import { seedDemo } from '@post/db/seed/index';
import { loadEnv } from '@post/api/env';
import { buildServer } from '@post/api/server';
import { upsertAdmin } from '@post/api/admin-auth';

// The server bench:api measures: the real app on PostgreSQL (DATABASE_URL), its limits on as in
// production, behind one trusted proxy hop so that each simulated person's X-Forwarded-For is
// their address (decision 0062). Demo content, 100 future events with 1,000 positions each for
// sign-ups, and several staff accounts so that concurrent sign-ins do not all count against one
// account's limit.
const ACCOUNTS = Array.from({ length: 10 }, (_, i) => `bench${i}`);
const PASSWORD = 'bench-password-123';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('bench/server.ts needs DATABASE_URL');
const handle = await createDb({ databaseUrl, poolSize: 20 });
await migrateToLatest(handle.db);
await seedDemo(handle.db, { memberPassword: 'bench-member-password' });
for (const account of ACCOUNTS) await upsertAdmin(handle.db, account, PASSWORD);
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
  DATABASE_URL: databaseUrl,
  PUBLIC_URL: 'http://127.0.0.1',
  TRUST_PROXY: '1',
  SESSION_SECRET: randomBytes(32).toString('hex'),
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bench-')),
  LOG_LEVEL: 'silent',
});
const app = await buildServer({ db: handle.db, env, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
console.log(JSON.stringify({ port, eventIds: events.map((e) => e.id), accounts: ACCOUNTS, password: PASSWORD }));
process.on('SIGTERM', async () => {
  await app.close();
  await handle.close();
  process.exit(0);
});
