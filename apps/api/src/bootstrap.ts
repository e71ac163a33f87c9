import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { carryOverPglite, CLUSTER, createDb, migrateToLatest, startEmbedded, StartupError, type DbHandle } from '@post/db';
import { ensureSiteSettings, seedDemo } from '@post/db/seed/index';
import { markDemo } from '@post/db/seed/demo-rows';
import { seedDemoPhotos } from './features/images/demo-photos.ts';
import type { Env } from './env.ts';
import { upsertAdmin } from './features/admin-auth/admin-auth.service.ts';

/** How long start-up waits for an external database that does not answer yet (it may be starting too). */
export const DATABASE_WAIT_MS = 30_000;

export interface OpenOptions {
  /**
   * A server refuses a DATA_DIR whose embedded database another process runs; a command
   * (admin, backup) uses that running database instead (decision 0057).
   */
  whenRunning?: 'refuse' | 'share';
  /** How long to wait for an external database to answer. */
  waitMs?: number;
}

/**
 * Opens the configured database, PostgreSQL at DATABASE_URL or the embedded PostgreSQL in
 * DATA_DIR (carrying a previous release's PGlite database over the first time), and migrates it.
 * Problems a person must fix are thrown as StartupError, one line each.
 */
export async function openDatabase(env: Env, log: (msg: string) => void, options: OpenOptions = {}): Promise<DbHandle> {
  // A pool's connections may still be closing when the database stops on purpose: not a loss.
  let closing = false;
  const onPoolError = (err: Error) => {
    if (!closing) log(`database connection lost: ${err.message}`);
  };
  if (env.databaseUrl) {
    await waitForDatabase(env.databaseUrl, log, options.waitMs ?? DATABASE_WAIT_MS);
    const handle = await createDb({ databaseUrl: env.databaseUrl, onPoolError });
    return prepare(handle, log).catch(async (err: unknown) => {
      await handle.close();
      throw err;
    });
  }
  const server = await startEmbedded({
    dataDir: env.dataDir,
    log,
    whenRunning: options.whenRunning ?? 'refuse',
    // Without its database the site only answers errors: end, so that a supervisor restarts it.
    onUnexpectedExit: (why) => {
      log(`${why}; stopping`);
      process.exit(1);
    },
  });
  const handle = await createDb({ databaseUrl: server.url, onPoolError });
  const embedded: DbHandle = {
    ...handle,
    kind: 'embedded',
    location: path.join(env.dataDir, CLUSTER),
    close: async () => {
      closing = true;
      await handle.close();
      await server.stop();
    },
  };
  return prepare(embedded, log, env.dataDir).catch(async (err: unknown) => {
    await embedded.close();
    throw err;
  });
}

async function prepare(handle: DbHandle, log: (msg: string) => void, carryFrom?: string): Promise<DbHandle> {
  const applied = await migrateToLatest(handle.db);
  if (applied.length) log(`migrations applied: ${applied.join(', ')}`);
  if (carryFrom) await carryOverPglite(carryFrom, handle.db, log);
  await ensureSiteSettings(handle.db);
  return handle;
}

// Connection failures that pass: the server is starting, restarting, or not yet reachable.
const TRANSIENT = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '57P03']);

/**
 * Waits until the database at `url` accepts a connection: a server that does not answer yet is
 * tried again for up to `waitMs` (with a line saying so); a missing database or refused
 * credentials fail at once. Each failure is one StartupError line.
 */
export async function waitForDatabase(url: string, log: (msg: string) => void, waitMs: number): Promise<void> {
  const u = new URL(url);
  const where = u.searchParams.get('host') ?? `${u.hostname}:${u.port || 5432}`;
  const database = decodeURIComponent(u.pathname.slice(1)) || decodeURIComponent(u.username);
  const user = decodeURIComponent(u.username);
  const until = Date.now() + waitMs;
  let said = false;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    // An error after connect (the server going away) must not crash start-up.
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => undefined);
      const e = err as Error & { code?: string };
      if (e.code === '3D000')
        throw new StartupError(`Database "${database}" does not exist on ${where}: create it (createdb ${database}) or correct DATABASE_URL.`);
      if (e.code === '28P01') throw new StartupError(`PostgreSQL on ${where} refused the password of user "${user}": correct DATABASE_URL.`);
      if (e.code === '28000')
        throw new StartupError(`PostgreSQL on ${where} refused user "${user}" (${e.message}): correct DATABASE_URL or the server's pg_hba.conf.`);
      const why = e.code ?? (/timeout/i.test(e.message) ? 'timeout' : undefined);
      if (!why || !(TRANSIENT.has(why) || why === 'timeout')) throw new StartupError(`Cannot use the database on ${where}: ${e.message}`);
      if (Date.now() + 1000 > until) {
        throw new StartupError(`Database on ${where} is unreachable (${why}) after ${Math.round(waitMs / 1000)} s: start it, or correct DATABASE_URL.`);
      }
      if (!said) log(`database on ${where} is not reachable (${why}); trying again for up to ${Math.round(waitMs / 1000)} s`);
      said = true;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
}

/** A password people can read aloud and type: 4 groups of 4 letters and digits. */
export function generatePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(16);
  const chars = Array.from(bytes, (b) => alphabet[b % alphabet.length]);
  return [0, 4, 8, 12].map((i) => chars.slice(i, i + 4).join('')).join('-');
}

/** Administrator bootstrap and demo content, as decisions §1 says; returns lines to print. */
export async function prepareContent(handle: DbHandle, env: Env): Promise<string[]> {
  return [...(await prepareAdmin(handle, env)), ...(await prepareDemo(handle, env))];
}

/**
 * The first administrator (or ADMIN_USERNAME's). main.ts calls it once the server listens, so a
 * start that fails (a port in use) never creates an account whose one-time password nobody saw
 * (issue 57 #5, decision 0082).
 */
export async function prepareAdmin(handle: DbHandle, env: Env): Promise<string[]> {
  const lines: string[] = [];
  const { db } = handle;
  if (env.adminUsername && env.adminPassword) {
    const what = await upsertAdmin(db, env.adminUsername, env.adminPassword);
    lines.push(
      `Administrator '${env.adminUsername}' ${what === 'created' ? 'created' : what === 'reset' ? 'password reset' : 'is set up'} from ADMIN_USERNAME / ADMIN_PASSWORD.`,
    );
  } else {
    const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (!anyUser) {
      const password = generatePassword();
      if ((await upsertAdmin(db, 'admin', password)) !== 'created') {
        lines.push('Another node created the first administrator; its password was printed there.');
      } else {
        lines.push('An administrator was created. Sign in at /login (Administration tab) with:');
        lines.push(`    username: admin`);
        lines.push(`    password: ${password}`);
        lines.push('This password is shown only once. Change it under Change Password, or reset it with `' + env.adminCommand + ' reset admin`.');
      }
    } else {
      lines.push('Sign in at /login with your administrator account (forgotten password: `' + env.adminCommand + ' reset <username>`).');
    }
  }
  return lines;
}

/** The demo content, when asked for (SEED_DEMO, or `up`), into an empty database; every row marked as demo. */
export async function prepareDemo(handle: DbHandle, env: Env): Promise<string[]> {
  const lines: string[] = [];
  const { db } = handle;
  if (env.seedDemo) {
    const memberPassword = generatePassword();
    const result = await seedDemo(db, { memberPassword });
    if (result.seeded) {
      await markDemo(db, 'images', await seedDemoPhotos(db));
      lines.push(
        'Demo content loaded (remove it in one step: Admin Dashboard, Demo content). Demo members with portal access (Member Portal tab), all with the password',
      );
      lines.push(`    ${memberPassword}`);
      for (const m of result.portalMembers) lines.push(`    ${m.membershipNumber}  ${m.name}`);
    }
  }
  return lines;
}
