import { rmSync } from 'node:fs';
import { makeDatabaseTemplate } from './harness.ts';

/** Once per run: the migrated database every file's server starts from a copy of (decision 0102). */
export default async function globalSetup(): Promise<() => void> {
  const template = await makeDatabaseTemplate();
  return () => rmSync(template, { recursive: true, force: true });
}
