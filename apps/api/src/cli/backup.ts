import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { exportDatabase, importDatabase } from '@post/db';
import { loadEnv } from '../env.ts';
import { openDatabase } from '../bootstrap.ts';
import { runCommand } from './run-command.ts';

// `pnpm backup [file]` writes a logical backup (gzip JSON) of the configured database;
// `pnpm restore <file>` loads one into an empty database. Both work on the embedded
// PostgreSQL and on DATABASE_URL's, so a backup also moves a site from one to the other. On
// the embedded database they use the running server's when the site runs, else start it for
// the command (decision 0057); a backup is one consistent snapshot while the site serves.
async function run(): Promise<number> {
  const [command, file] = process.argv.slice(2);
  if (command !== 'backup' && command !== 'restore') {
    console.error('Usage: pnpm backup [file.json.gz]\n       pnpm restore <file.json.gz>   (into an empty database)');
    return 2;
  }
  const env = loadEnv();
  const handle = await openDatabase(env, (line) => console.error(line), { whenRunning: 'share' });
  try {
    if (command === 'backup') {
      const out = file ?? `backup-${new Date().toISOString().replace(/[:.]/g, '-')}.json.gz`;
      const backup = await exportDatabase(handle.db);
      writeFileSync(out, gzipSync(JSON.stringify(backup)), { mode: 0o600 });
      const rows = Object.values(backup.tables).reduce((n, t) => n + t.length, 0);
      console.log(`Backup of ${handle.kind} written to ${out} (${rows} rows).`);
      return 0;
    }
    if (!file) {
      console.error('Usage: pnpm restore <file.json.gz>');
      return 2;
    }
    const raw = readFileSync(file);
    const text = raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw).toString('utf8') : raw.toString('utf8');
    const counts = await importDatabase(handle.db, JSON.parse(text));
    console.log(
      `Restored into ${handle.kind}: ${Object.entries(counts)
        .map(([t, n]) => `${t} ${n}`)
        .join(', ')}.`,
    );
    return 0;
  } finally {
    await handle.close();
  }
}

runCommand(run);
