import { loadEnv } from './env.ts';
import { buildServer } from './server.ts';
import { openDatabase, prepareAdmin, prepareDemo } from './bootstrap.ts';
import { StartupError, type DbHandle } from '@post/db';
import { pruneStale } from './prune.ts';
import { startSeriesJob } from './features/events/series.service.ts';
import { BackupSchedule } from './features/upkeep/backups.ts';
import { secureCookieNotice } from './lib/secure-sign-in.ts';

// Start-up: configuration, database, migrations, demo content, listen, administrator, backups,
// and a graceful stop that lets requests in flight finish. A problem a person must fix
// (a port in use, a database that is down, missing or refuses us) is one line, no stack.
let handle: DbHandle | undefined;

async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const say = (msg: string) => console.log(`[post] ${msg}`);
  handle = await openDatabase(env, say);
  const db = handle;
  say(`database: ${db.kind} (${db.location})`);
  const demoLines = await prepareDemo(db, env);
  const app = await buildServer({ db: db.db, env, mail: { log: say } });
  await app.listen({ port: env.port, host: env.host }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'EADDRINUSE') throw new StartupError(`Port ${env.port} on ${env.host} is already in use: stop what uses it, or set PORT to a free port.`);
    if (err.code === 'EACCES') throw new StartupError(`Port ${env.port} needs privileges this process does not have: set PORT to 1024 or above.`);
    if (err.code === 'EADDRNOTAVAIL') throw new StartupError(`HOST ${env.host} is not an address of this machine: correct HOST (0.0.0.0 listens on all).`);
    throw err;
  });
  // Only now, listening: a start that failed above has created no account (decision 0082).
  const lines = [...(await prepareAdmin(db, env)), ...demoLines];
  const notice = secureCookieNotice(env);
  if (notice) say(notice);

  // Every node sends mail; app.close() on SIGTERM lets the message in flight finish.
  app.mailWorker.start();

  // Expired sessions and throttling counters, and audit entries past their retention (issue 21).
  const prune = setInterval(() => void pruneStale(db.db, (what, err) => say(`${what} prune failed: ${String(err)}`)), 15 * 60 * 1000);
  prune.unref();
  // Recurring events stay 18 months ahead; every node runs it (idempotent inserts, decision 0020).
  startSeriesJob(db.db, say);
  // The nightly backup into DATA_DIR/backups, and one now if the last is a day old (decision 0082).
  const backups = new BackupSchedule({ db: db.db, dataDir: env.dataDir, log: say });
  backups.start();
  // The sign-in block comes last, so it is what a person sees when the start is done.
  const shown = env.publicUrl ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
  console.log(['', `  Veterans post site is running at ${shown}`, ...lines.map((l) => `  ${l}`), ''].join('\n'));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    say(`${signal} received: draining, finishing requests in flight, then stopping`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      // Keep answering briefly while /readyz says 503, so a load balancer moves traffic away
      // and requests already on their way are still served; then stop accepting and finish.
      backups.stop();
      app.startDraining();
      await new Promise((r) => setTimeout(r, env.drainMs));
      await app.close();
      await db.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch(async (err: unknown) => {
  console.error(err instanceof StartupError ? `[post] ${err.message}` : err);
  // The embedded database stops with us.
  await handle?.close().catch(() => undefined);
  process.exit(1);
});
