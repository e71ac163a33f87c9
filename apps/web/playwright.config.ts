import os from 'node:os';
import { defineConfig } from '@playwright/test';
import { TEST_CHROMIUM_ARGS } from './e2e/chromium.ts';
import { chromiumPath } from './e2e/harness.ts';

// The browser tests (decision 0074). Each file starts its own server and database, so a file's
// tests run in order in one worker and files run side by side, one worker a core.
export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.e2e.ts',
  // One migrated database for the run, copied for each file's server (decision 0102).
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: Math.max(2, os.availableParallelism()),
  // A test that fails runs once more in a new worker (a new server); passing then is reported as flaky.
  retries: 1,
  forbidOnly: true,
  // Each step has its own 60 s bound below, so this no longer bounds a hang, only a test's whole
  // length on a loaded 2-core machine; the hook that starts a file's server gets the server's
  // own start bound on top (harness.ts, decision 0091).
  timeout: 180_000,
  // A retrying assertion waits as long as a hand-placed wait did on a loaded machine, not the default 5 s (decision 0083).
  expect: { timeout: 60_000 },
  reporter: [['list']],
  outputDir: 'e2e/artifacts',
  use: {
    // A click or a page load that never ends fails on its own line after the same 60 s, not at the test's timeout (decision 0091).
    actionTimeout: 60_000,
    navigationTimeout: 60_000,
    launchOptions: { executablePath: chromiumPath(), args: TEST_CHROMIUM_ARGS },
    // Recording a trace of every test doubled the suite's time (decision 0074): it is recorded on a failed test's retry.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
});
