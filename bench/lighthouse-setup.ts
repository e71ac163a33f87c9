import { spawn } from 'node:child_process';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_ARGS } from '../apps/web/e2e/chromium.ts';
import { demoDataDir, demoServerEnv, freePort } from './demo-server.ts';

// What bench:web and bench:tasks share: the production server with demo content on a free
// port (a fresh embedded database), and Debian's Chromium for Lighthouse.
const repo = path.resolve(import.meta.dirname, '..');

/** Starts the server and Chromium, and warms each route once (as a visitor before would have: the server renders a page once, then answers from its cache). */
export async function startLighthouseSetup(routes: string[]) {
  const port = await freePort();
  const dataDir = demoDataDir('bench-web-');
  const server = spawn(process.execPath, [path.join(repo, 'apps/api/src/main.ts')], {
    env: demoServerEnv(port, dataDir),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    server.stdout!.on('data', (d: Buffer) => d.toString().includes('is running at') && resolve());
    server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROMIUM_ARGS,
  });
  const origin = `http://127.0.0.1:${port}`;
  for (const route of routes) await fetch(`${origin}${route}`, { headers: { accept: 'text/html' } });
  return {
    origin,
    chromePort: chrome.port,
    async stop() {
      await chrome.kill();
      server.kill('SIGTERM');
    },
  };
}
