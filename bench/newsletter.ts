import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, migrateToLatest, startEmbedded } from '@post/db';
import { ensureSiteSettings } from '@post/db/seed/index';
import { upsertAdmin } from '@post/api/admin-auth';
import { sendIssue } from '@post/api/newsletter';
import { MailWorker } from '@post/api/mail-worker';
import { SmtpSink } from '@post/api/smtp-sink';
import { startReport } from './results.ts';

const report = startReport('bench:newsletter');

// `pnpm bench:newsletter`: one newsletter issue to 2,000 confirmed subscribers, queued as the
// API queues it (one transaction: the issue, 2,000 outbox rows, 2,000 deliveries) and sent by
// the real MailWorker over SMTP to a local smtp-server sink. Prints the time to queue, the
// time to send and the rate held against MAIL_RATE. Not a test.
//   BENCH_SUBSCRIBERS=2000     how many subscribers
//   BENCH_MAIL_RATE=100        the worker's MAIL_RATE (messages per second per node)
//   BENCH_ENGINE=embedded      or postgres (BENCH_DATABASE_URL or TEST_DATABASE_URL; a fresh database)
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 2000);
const RATE = Number(process.env.BENCH_MAIL_RATE ?? 100);
const ENGINE = process.env.BENCH_ENGINE ?? 'embedded';

let dropDb: (() => Promise<void>) | undefined;
let databaseUrl: string | undefined;
if (ENGINE === 'postgres') {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('BENCH_ENGINE=postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL');
  const name = `bench_newsletter_${Date.now().toString(36)}`;
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  await c.query(`create database "${name}"`);
  await c.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  databaseUrl = u.toString();
  dropDb = async () => {
    const d = new pg.Client({ connectionString: base });
    await d.connect();
    await d.query(`drop database if exists "${name}" with (force)`);
    await d.end();
  };
} else {
  // The embedded default (decision 0057), in a directory of its own.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-newsletter-'));
  const server = await startEmbedded({ dataDir: dir });
  databaseUrl = server.url;
  dropDb = async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

const handle = await createDb({ databaseUrl, poolSize: 10 });
const sink = new SmtpSink();
sink.countOnly = true;
await sink.start();
try {
  await migrateToLatest(handle.db);
  await ensureSiteSettings(handle.db);
  await upsertAdmin(handle.db, 'bench', 'bench-password-123');
  const admin = await handle.db.selectFrom('users').select('id').where('username', '=', 'bench').executeTakeFirstOrThrow();
  const now = new Date();
  for (let i = 0; i < SUBSCRIBERS; i += 500) {
    await handle.db
      .insertInto('newsletterSubscribers')
      .values(Array.from({ length: Math.min(500, SUBSCRIBERS - i) }, (_, j) => ({ email: `reader${i + j}@example.org`, confirmedAt: now })))
      .execute();
  }

  const content = '<p><strong>Spring fish fry</strong> on Friday, 5 to 8 PM.</p>\nBring a friend, and <em>thank you</em> to every volunteer.';
  const q0 = performance.now();
  const sent = await sendIssue(handle.db, 'https://post.example.org', { id: admin.id }, { subject: 'Post newsletter', content, testOnly: false });
  const queueMs = performance.now() - q0;

  const worker = new MailWorker({
    db: handle.db,
    mail: { smtpUrl: sink.url, from: 'Post <post@example.org>', rate: RATE, reminderHours: 24, linkSecret: randomBytes(32).toString('hex') },
    log: (m) => console.error(m),
  });
  const s0 = performance.now();
  let passes = 0;
  while (sink.received < sent.recipients && passes < 1000) {
    await worker.runOnce();
    passes++;
  }
  const sendMs = performance.now() - s0;
  await worker.stop();
  const states = await handle.db
    .selectFrom('mailOutbox')
    .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
    .where('kind', '=', 'newsletter')
    .groupBy('state')
    .execute();

  report.print(`\nnewsletter: ${sent.recipients} subscribers, ${handle.kind}, MAIL_RATE ${RATE}/s, Node ${process.version}`);
  report.print(`queue (issue + ${sent.recipients} outbox rows + deliveries, one transaction): ${queueMs.toFixed(0)} ms`);
  report.print(
    `send to the SMTP sink: ${(sendMs / 1000).toFixed(1)} s, ${sink.received} received, rate held ${(sink.received / (sendMs / 1000)).toFixed(1)} msg/s`,
  );
  report.print(`outbox states: ${states.map((r) => `${r.state} ${r.n}`).join(', ')}`);
  report.write();
} finally {
  await sink.stop();
  await handle.close();
  await dropDb?.();
}
