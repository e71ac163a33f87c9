import { loadEnv } from './env.ts';
import { buildServer } from './server.ts';
import { openDatabase, prepareContent } from './bootstrap.ts';
import { pruneStale } from './lib/prune.ts';
import { startSeriesJob } from './features/events/series.service.ts';

// Start-up: configuration, database, migrations, administrator, demo content, listen,
// and a graceful stop that lets requests in flight finish.
async function main(): Promise<void> {
  let env;
  try {
    env = loadEnv();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const say = (msg: string) => console.log(`[post] ${msg}`);
  const handle = await openDatabase(env, say);
  say(`database: ${handle.kind} (${handle.location})`);
  const lines = await prepareContent(handle, env);
  const app = await buildServer({ db: handle.db, env, mail: { log: say } });
  await app.listen({ port: env.port, host: env.host });
  const shown = env.publicUrl ?? `http://localhost:${(app.server.address() as { port: number }).port}`;
  console.log(['', `  Veterans post site is running at ${shown}`, ...lines.map((l) => `  ${l}`), ''].join('\n'));

  // Every node sends mail; app.close() on SIGTERM lets the message in flight finish.
  app.mailWorker.start();

  // Expired sessions and throttling counters, and audit entries past their retention (issue 21).
  const prune = setInterval(() => void pruneStale(handle.db, (what, err) => say(`${what} prune failed: ${String(err)}`)), 15 * 60 * 1000);
  prune.unref();
  // Recurring events stay 18 months ahead; every node runs it (idempotent inserts, decision 0020).
  startSeriesJob(handle.db, say);

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
      app.startDraining();
      await new Promise((r) => setTimeout(r, env.drainMs));
      await app.close();
      await handle.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
