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
import { StartupError } from './embedded-data-dir.ts';
import { startEmbedded } from './embedded.ts';
import { migrateToLatest } from './migrate.ts';
import { migrations } from './migrations/index.ts';

// A DATA_DIR of the previous release (PGlite in DATA_DIR/pglite) is carried over into the
// embedded PostgreSQL once, at its first start (decision 0057).
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'post-carry-'));
chmodSync(dataDir, 0o711);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const counts = async (db: Kysely<Database>) => {
  const out: Record<string, number> = {};
  for (const t of BACKUP_TABLES) {
    // A table a later migration adds is not in the old database: -1, for "what the migration leaves".
    const exists = await sql<{ r: string | null }>`select to_regclass(${t.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}) as r`.execute(db);
    if (!exists.rows[0]?.r) {
      out[t] = -1;
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

// The last migration of a release that ran on PGlite: later ones came with the embedded PostgreSQL.
const LAST_PGLITE_MIGRATION = '0015_volunteers_one_event_index';

describe('carry-over of a PGlite DATA_DIR', () => {
  it("copies every row of the previous release's database into PostgreSQL, leaves a backup beside it and renames the old directory", async () => {
    // As the last release on PGlite made it (decision 0057): its migrations, then content. The
    // demo seed of today needs today's tables, so the rows are those of that release's schema.
    const names = Object.keys(migrations);
    const pglite = new PGlite(path.join(dataDir, 'pglite'));
    const old = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), plugins: [new CamelCasePlugin()] });
    const { error } = await new Migrator({ db: old, provider: { getMigrations: async () => migrations } }).migrateTo(LAST_PGLITE_MIGRATION);
    expect(error).toBeUndefined();
    await sql`insert into events (title, description, location, start_date, end_date) values
      ('Fish Fry', 'Supper for the community.', 'Post Home', '2030-01-04T22:00:00Z', '2030-01-05T01:00:00Z'),
      ('Post Meeting', 'Monthly meeting.', 'Post Home', '2030-01-08T00:00:00Z', '2030-01-08T01:30:00Z')`.execute(old);
    await sql`insert into volunteers (event_id, name, email) select id, 'Val Jones', 'val@example.org' from events`.execute(old);
    await sql`insert into news (title, content, publish_date) values ('Fish fry Friday', 'Come hungry.', '2029-12-20T12:00:00Z')`.execute(old);
    await sql`insert into members (membership_number, first_name, last_name, email, member_since, dues_status)
      values ('A-100', 'Ann', 'Lee', 'ann@example.org', '2010-05-01T00:00:00Z', 'current'), ('A-101', 'Bo', 'Ray', 'bo@example.org', '2015-05-01T00:00:00Z', 'overdue')`.execute(
      old,
    );
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
      // A table the old release lacked holds what its migration puts in (the default service categories).
      const fresh = await counts(handle.db);
      const expected = Object.fromEntries(Object.entries(before).map(([t, n]) => [t, n < 0 ? fresh[t] : n]));
      const lines: string[] = [];
      const file = await carryOverPglite(dataDir, handle.db, (l) => lines.push(l));
      expect(await counts(handle.db)).toEqual(expected);
      expect(await handle.db.selectFrom('users').select(['username', 'password']).executeTakeFirstOrThrow()).toEqual(admin);
      expect(file).toMatch(/pglite-backup-.*\.json\.gz$/);
      const backup = JSON.parse(gunzipSync(readFileSync(file!)).toString('utf8')) as Backup;
      expect(backup.migrations).toEqual(names);
      expect(Object.fromEntries(Object.entries(backup.tables).map(([t, rows]) => [t, rows.length]))).toEqual(expected);
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
