import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath } from './harness.ts';

// Browser tests: each *.e2e.ts file starts its own server and browser. Fails (never skips)
// when Chromium is missing, so CI cannot pass without running them.
chromiumPath();
const dir = import.meta.dirname;
const only = process.argv.slice(2);
// Two files at a time, the longest first so that none is left running alone at the end. Each
// file waits on its server, its browser and the network for much of its time: on the 2-core
// machine (2026-11-26, 171 tests) the suite took 12.5 minutes one file at a time, 9.3 minutes
// two at a time and 9.1 four at a time (the cores then busy throughout), all passing.
const SLOWEST = ['a11y.e2e.ts', 'xss.e2e.ts', 'mail.e2e.ts', 'session-expiry.e2e.ts', 'ux-fixes.e2e.ts', 'public-pages.e2e.ts'];
const rank = (f: string) => (SLOWEST.includes(f) ? SLOWEST.indexOf(f) : SLOWEST.length);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.e2e.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  .map((f) => path.join(dir, f));
const result = spawnSync(process.execPath, ['--test', '--test-concurrency=2', '--test-reporter=spec', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
