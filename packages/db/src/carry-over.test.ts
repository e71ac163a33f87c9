import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PGliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKUP_TABLES, type Backup } from './backup.ts';
import { carryOverPglite } from './carry-over.ts';
import { createDb } from './client.ts';
import type { Database } from './database.ts';
import { startEmbedded, StartupError } from './embedded.ts';
import { migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';
import { seedDemo } from './seed/index.ts';

// A DATA_DIR of the previous release (PGlite in DATA_DIR/pglite) is carried over into the
// embedded PostgreSQL once, at its first start (decision 0057).
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'post-carry-'));
chmodSync(dataDir, 0o711);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const counts = async (db: Kysely<Database>) => {
  const out: Record<string, number> = {};
  for (const t of BACKUP_TABLES) {
    // A table a later migration adds is empty in the old database: it has none yet.
    const exists = await sql<{ r: string | null }>`select to_regclass(${t.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}) as r`.execute(db);
    if (!exists.rows[0]?.r) {
      out[t] = 0;
      continue;
    }
    const r = await (db as unknown as Kysely<Record<string, { n: number }>>)
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    out[t] = Number(r.n);
  }
  return out;
};

describe('carry-over of a PGlite DATA_DIR', () => {
  it("copies every row of the previous release's database into PostgreSQL, leaves a backup beside it and renames the old directory", async () => {
    // As the previous release made it: PGlite in DATA_DIR/pglite, migrated by its start-up
    // (one migration behind the latest here, so the carry-over must bring it up first), with content.
    const names = Object.keys(migrations);
    const pglite = new PGlite(path.join(dataDir, 'pglite'));
    const old = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins: [new CamelCasePlugin()] });
    const { error } = await new Migrator({ db: old, provider: { getMigrations: async () => migrations } }).migrateTo(names.at(-2)!);
    expect(error).toBeUndefined();
    await seedDemo(old, { memberPassword: 'demo-password-1' });
    await old.insertInto('users').values({ username: 'admin', password: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA' }).execute();
    await old.insertInto('newsletterSubscribers').values({ email: 'reader@example.org' }).execute();
    const before = await counts(old);
    const admin = await old.selectFrom('users').select(['username', 'password']).executeTakeFirstOrThrow();
    await old.destroy();
    expect(before.events).toBeGreaterThan(0);

    const server = await startEmbedded({ dataDir, noSync: true });
    const handle = await createDb({ databaseUrl: server.url });
    try {
      await migrateToLatest(handle.db);
      const lines: string[] = [];
      const file = await carryOverPglite(dataDir, handle.db, (l) => lines.push(l));
      expect(await counts(handle.db)).toEqual(before);
      expect(await handle.db.selectFrom('users').select(['username', 'password']).executeTakeFirstOrThrow()).toEqual(admin);
      expect(file).toMatch(/pglite-backup-.*\.json\.gz$/);
      const backup = JSON.parse(gunzipSync(readFileSync(file!)).toString('utf8')) as Backup;
      expect(backup.migrations).toEqual(names);
      expect(Object.fromEntries(Object.entries(backup.tables).map(([t, rows]) => [t, rows.length]))).toEqual(before);
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
      expect(readdirSync(dataDir).filter((f) => f.startsWith('pglite.migrated-'))).toHaveLength(1);
      expect(lines.at(-1)).toMatch(/^carried over \d+ rows; a backup of them is in /);
      // Once only: the next start finds nothing to carry.
      expect(await carryOverPglite(dataDir, handle.db, () => undefined)).toBeNull();
      // Put back over a database that has content, it is refused in one line and left in place.
      const migrated = readdirSync(dataDir).find((f) => f.startsWith('pglite.migrated-'))!;
      renameSync(path.join(dataDir, migrated), path.join(dataDir, 'pglite'));
      await expect(carryOverPglite(dataDir, handle.db, () => undefined)).rejects.toThrow(
        new StartupError(
          `Carrying ${dataDir}/pglite over into PostgreSQL failed (The database is not empty (table users has rows): restore into a new database.); it is left in place. Move it aside to start without it, or see docs/database.md.`,
        ),
      );
      expect(existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    } finally {
      await handle.close();
      await server.stop();
    }
  });
});
