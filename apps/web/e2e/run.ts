import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath } from './harness.ts';

// Browser tests: each *.e2e.ts file starts its own server and browser. Fails (never skips)
// when Chromium is missing, so CI cannot pass without running them.
chromiumPath();
const dir = import.meta.dirname;
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.e2e.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .map((f) => path.join(dir, f));
const result = spawnSync(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);
