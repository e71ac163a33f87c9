import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// The embedded server's DATA_DIR (decision 0057): its lock file, socket path, a server left
// running, the directories root's PostgreSQL must enter, and the start-up errors stated in one line.

/** The cluster's directory under DATA_DIR. */
export const CLUSTER = 'postgres';
/** The file DATA_DIR's owner process holds while it runs the embedded server (its pid). */
export const LOCK_FILE = 'server.pid';
/** The port in the socket's name (nothing listens on TCP). */
export const PORT = 5432;
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
export function holder(file: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0]!, 10);
  } catch {
    return null;
  }
  return pid !== process.pid && pid !== process.ppid && alive(pid) ? pid : null;
}

/** Takes DATA_DIR's lock file (created exclusively, so two starting processes cannot both win). */
export function lock(dataDir: string): { pid: number } | { release: () => void } {
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
export function orphanPostmaster(clusterDir: string): number | null {
  const pid = holder(path.join(clusterDir, 'postmaster.pid'));
  if (pid === null) return null;
  try {
    // Only a process that is PostgreSQL's own: a pid in a stale file may be anyone's now.
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres' ? pid : null;
  } catch {
    return null;
  }
}
export async function waitGone(pid: number, ms: number): Promise<boolean> {
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
export function reachableByPostgres(clusterDir: string): void {
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
export async function answers(url: string, ms: number): Promise<boolean> {
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

/** The most telling line of a failed initdb or start: the last FATAL/ERROR line, else the error itself. */
export function lastProblem(tail: string[], err: unknown): string {
  const line = [...tail].reverse().find((l) => /\b(FATAL|PANIC|ERROR|error):?/.test(l));
  if (line) return line.replace(/^.*?\b(FATAL|PANIC|ERROR):\s*/, '').trim();
  return err instanceof Error ? err.message.split('\n')[0]! : String(err ?? 'PostgreSQL exited (no message)');
}
