import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder this vitest run's test apps keep their DATA_DIR in, removed when the run ends. */
    apiTestTmp: string;
  }
}

// Vitest global setup: one temporary folder for the whole run, so no test leaves a data folder
// in the system's temporary directory however it ends (issue 58, decision 0083).
export default function setup(project: Pick<TestProject, 'provide'>): () => void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'post-api-test-'));
  project.provide('apiTestTmp', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
