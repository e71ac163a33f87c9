import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
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

// A test that fails is run once more, alone with its file's hooks (a new server and browser),
// through node's own --test-rerun-failures: the second run skips what passed in the first.
// A test that then passes is listed as flaky, so it is seen and mended, not hidden
// (decision 0056). A test that fails twice fails the run.
const stateDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-'));
const state = path.join(stateDir, 'attempts.json');
const run = () =>
  spawnSync(process.execPath, ['--test', '--test-concurrency=2', '--test-reporter=spec', `--test-rerun-failures=${state}`, ...files], { stdio: 'inherit' });
let result = run();
if (result.status === 1) {
  console.log('\nSome browser tests failed: running those once more (decision 0056).\n');
  result = run();
  const flaky = flakyTests(state);
  if (flaky.length)
    console.log(`\nFLAKY: ${flaky.length} browser test(s) passed only on the second attempt; mend them:\n${flaky.map((t) => `  - ${t}`).join('\n')}\n`);
}
rmSync(stateDir, { recursive: true, force: true });
process.exit(result.status ?? 1);

/** The tests (not suites) that passed on the second attempt, from node's rerun state: one map per attempt, "file:line:col" to { name, children, passed_on_attempt }. */
function flakyTests(file: string): string[] {
  let attempts: Record<string, { name: string; children: unknown[]; passed_on_attempt: number }>[];
  try {
    attempts = JSON.parse(readFileSync(file, 'utf8')) as typeof attempts;
  } catch {
    return [];
  }
  const last = attempts.at(-1) ?? {};
  return Object.entries(last)
    .filter(([, t]) => t.passed_on_attempt > 0 && t.children.length === 0)
    .map(([where, t]) => `${t.name} (${where})`);
}
