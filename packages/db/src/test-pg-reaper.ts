import { getContainerRuntimeClient } from 'testcontainers';
import { removeContainer } from './test-container.ts';

// `node test-pg-reaper.ts <owner pid> <container id>`, started detached by startTestPostgres:
// waits until the owner process is gone, however it ended, then removes the container. It
// stands in for testcontainers' Ryuk, whose image may be out of reach.
const [ownerArg, id] = process.argv.slice(2);
const owner = Number(ownerArg);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// An interrupt meant for the test run must not stop the reaper before it has done its job.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, () => {});

// Connect to the engine now, not once the owner is gone (loading the client takes a while).
await getContainerRuntimeClient();
while (alive(owner)) await new Promise((r) => setTimeout(r, 250));
// Several tries: the engine may be busy right when a whole run is torn down.
for (let attempt = 0; attempt < 5; attempt++) {
  try {
    await removeContainer(id);
    break;
  } catch {
    await new Promise((r) => setTimeout(r, 1000));
  }
}
process.exit(0);
