import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

// A throwaway PostgreSQL server in a Docker container, for the test run (one per vitest run,
// see test-global-setup.ts), the reliability scripts and bench:api (PG_CONTAINER=1).
//
// Testcontainers' own reaper (Ryuk) needs an image from a registry, which some machines
// cannot reach, so it is turned off (TESTCONTAINERS_RYUK_DISABLED=true) and we clean up
// ourselves: the owner removes the container when it is done, and a small detached process
// (test-pg-reaper.ts) removes it as soon as the owner's process is gone, however it ended
// (failure, Ctrl-C, SIGTERM, even SIGKILL). Containers left by an owner that died together
// with its reaper are swept on the next start.

/** Labels on every container we start, so they can be found and swept. */
export const LABEL = 'org.post.test-pg';
const LABEL_PID = `${LABEL}.pid`;
const LABEL_HOST = `${LABEL}.host`;

/** The stand-in built from Debian's packages where no registry answers (scripts/build-test-pg-image.sh). */
const STAND_IN = 'post-test-pg:18';

/**
 * The image: TEST_PG_IMAGE; else the official image of the PostgreSQL version we support
 * when the engine has it, else the stand-in when it has that (as .ci/run chooses), else the
 * official image, pulled.
 */
export async function testPgImage(): Promise<string> {
  if (process.env.TEST_PG_IMAGE) return process.env.TEST_PG_IMAGE;
  const { getContainerRuntimeClient } = await import('testcontainers');
  const client = await getContainerRuntimeClient();
  for (const image of ['postgres:18', STAND_IN]) {
    if (
      await client.container.dockerode
        .getImage(image)
        .inspect()
        .then(
          () => true,
          () => false,
        )
    )
      return image;
  }
  return 'postgres:18';
}

/** How to get PostgreSQL for the tests, for messages that say why it is missing. */
export const HOW_TO_ENABLE =
  'set TEST_DATABASE_URL=postgres://USER@HOST:5432/postgres, or start a Docker engine ' +
  '(image TEST_PG_IMAGE, else postgres:18, else post-test-pg:18 built by scripts/build-test-pg-image.sh where no registry answers)';

/** Null when a Docker engine answers, else why not (testcontainers' own message). */
export async function dockerUnavailable(): Promise<string | null> {
  process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return null;
  } catch (err) {
    return err instanceof Error ? err.message.split('\n')[0] : String(err);
  }
}

export interface TestPostgres {
  /** Connection URL of the server's `postgres` database (user postgres, with a password). */
  url: string;
  id: string;
  image: string;
  /** Restart the server: `immediate` kills it (SIGQUIT, like `pg_ctl -m immediate`), `fast` stops it cleanly. */
  restart(mode?: 'immediate' | 'fast'): Promise<void>;
  /** Stop and remove the container. Safe to call twice. */
  stop(): Promise<void>;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes a container, running or not; a container already gone is fine. */
export async function removeContainer(id: string): Promise<void> {
  const { getContainerRuntimeClient } = await import('testcontainers');
  const client = await getContainerRuntimeClient();
  await client.container.dockerode
    .getContainer(id)
    .remove({ force: true, v: true })
    .catch((err: { statusCode?: number }) => {
      // 404: already removed; 409: removal already in progress.
      if (err.statusCode !== 404 && err.statusCode !== 409) throw err;
    });
}

/** Our containers (running or not), with their labels. */
export async function listTestContainers(): Promise<{ id: string; labels: Record<string, string> }[]> {
  const { getContainerRuntimeClient } = await import('testcontainers');
  const client = await getContainerRuntimeClient();
  const all = await client.container.dockerode.listContainers({ all: true, filters: { label: [`${LABEL}=true`] } });
  return all.map((c) => ({ id: c.Id, labels: c.Labels ?? {} }));
}

/** Removes our containers whose owner process (on this host) no longer runs. */
async function sweepOrphans(): Promise<void> {
  for (const c of await listTestContainers()) {
    if (c.labels[LABEL_HOST] !== os.hostname() || pidAlive(Number(c.labels[LABEL_PID]))) continue;
    await removeContainer(c.id);
  }
}

/**
 * Starts PostgreSQL in a container and waits until it accepts connections. `hostPort` pins
 * the published port (so the URL survives a restart); `forTests` turns off fsync, which a
 * throwaway test server does not need and which makes creating a database per file cheap.
 */
export async function startTestPostgres(options: { hostPort?: number; forTests?: boolean } = {}): Promise<TestPostgres> {
  process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
  const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
  const { getContainerRuntimeClient } = await import('testcontainers');
  await sweepOrphans();
  const image = await testPgImage();
  const password = randomBytes(12).toString('hex');
  const settings = [
    '-c',
    'max_connections=200',
    ...(options.forTests ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
  ];
  let started;
  try {
    started = await new PostgreSqlContainer(image)
      .withUsername('postgres')
      .withPassword(password)
      .withDatabase('postgres')
      .withLabels({ [LABEL]: 'true', [LABEL_PID]: String(process.pid), [LABEL_HOST]: os.hostname() })
      .withExposedPorts(options.hostPort ? { container: 5432, host: options.hostPort } : 5432)
      .withCommand(['postgres', ...settings])
      .start();
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    throw new Error(
      `Could not start PostgreSQL in a container from image ${image}: ${msg}\n` +
        `Where the registry is out of reach, build the stand-in ${STAND_IN} with scripts/build-test-pg-image.sh (used when present, or name an image in TEST_PG_IMAGE).`,
      { cause: err },
    );
  }
  const id = started.getId();
  // The reaper outlives us (own session, not in our process group, so Ctrl-C does not reach it).
  const reaper = spawn(process.execPath, [path.join(import.meta.dirname, 'test-pg-reaper.ts'), String(process.pid), id], {
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, TESTCONTAINERS_RYUK_DISABLED: 'true' },
  });
  reaper.unref();

  const url = new URL(started.getConnectionUri());
  url.hostname = started.getHost() === 'localhost' ? '127.0.0.1' : started.getHost();
  let stopped = false;
  const client = await getContainerRuntimeClient();
  const container = client.container.getById(id);
  return {
    url: url.toString(),
    id,
    image,
    async restart(mode = 'immediate') {
      if (mode === 'immediate') await container.kill({ signal: 'SIGQUIT' });
      else await container.stop({ t: 30 });
      await container.wait();
      await container.start();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // The data is thrown away, so no clean shutdown: kill and remove at once.
      await removeContainer(id);
    },
  };
}
