import { sql, type Kysely } from 'kysely';
import type { DB } from './client.ts';
import { migrations } from './migrations/index.ts';

/** Tables in the order their foreign keys allow them to be restored. */
export const BACKUP_TABLES = [
  'users',
  'userRecoveryCodes',
  'session',
  'images',
  'imageVariants',
  // Before events: an event names its service category (decision 0066).
  'serviceCategories',
  // Before events: occurrences refer to their series.
  'eventSeries',
  'events',
  // Before volunteers: a sign-up refers to its shift.
  'volunteerShifts',
  'volunteers',
  'news',
  'resources',
  'commanderMessages',
  'communityEngagements',
  'members',
  'memberSessions',
  'memberPayments',
  'renewalContacts',
  'memberCommunications',
  'memberResources',
  'memberResourceFiles',
  // After events, volunteers, members and images: attendance and entries refer to them.
  'attendance',
  'serviceEntries',
  'eventDocuments',
  'honorsRequests',
  'buddyCheckCampaigns',
  'buddyCheckCalls',
  // Before filings: a filing names its form.
  'reportForms',
  'reportFilings',
  'siteSettings',
  'rosterMappings',
  'newsletterSubscribers',
  'newsletterIssues',
  'newsletterDeliveries',
  'rateLimits',
  'mailOutbox',
  'mailTokens',
  // After users: an entry names its administrator.
  'auditLog',
  'demoRows',
] as const;

/** Tables a new database already has rows in: the settings, the default service categories, the shipped report forms. */
const SEEDED_BY_MIGRATIONS = new Set<string>(['siteSettings', 'serviceCategories', 'reportForms']);

/** A logical backup: every row of every table, as JSON, engine-independent. */
export interface Backup {
  format: 'veterans-post-backup';
  version: 1;
  createdAt: string;
  migrations: string[];
  tables: Record<string, Record<string, unknown>[]>;
}

// Values JSON cannot carry as they are: dates become ISO strings (timestamptz takes them back),
// bytes become base64 tagged so that restore knows to turn them back.
function encode(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return { $bytes: Buffer.from(value).toString('base64') };
  return value;
}
function decode(value: unknown): unknown {
  if (value && typeof value === 'object' && '$bytes' in (value as object)) {
    return Buffer.from((value as { $bytes: string }).$bytes, 'base64');
  }
  return value;
}

/** The database seen without its column types: a backup copies any table's rows as they are. */
function untyped(db: DB): Kysely<Record<string, Record<string, unknown>>> {
  return db as unknown as Kysely<Record<string, Record<string, unknown>>>;
}

/**
 * Reads every table into a Backup. On PostgreSQL it runs in one repeatable-read transaction,
 * so the copy is consistent while the site keeps running.
 */
export async function exportDatabase(db: DB): Promise<Backup> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const tables: Backup['tables'] = {};
      for (const table of BACKUP_TABLES) {
        const rows = await untyped(trx).selectFrom(table).selectAll().execute();
        tables[table] = rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, encode(v)])));
      }
      return { format: 'veterans-post-backup', version: 1, createdAt: new Date().toISOString(), migrations: Object.keys(migrations), tables };
    });
}

/** The migrations' own tables, which a backup leaves out (its `migrations` list stands for them). */
export const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The database's own tables (camelCase, as BACKUP_TABLES names them), migration tables left out. */
export async function databaseTables(db: DB): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  return rows
    .map((r) => r.name)
    .filter((n) => !MIGRATION_TABLES.includes(n))
    .map(camel)
    .sort();
}

/** Each table's json and jsonb columns, read from the database so that a new one is never missed. */
export async function jsonColumns(db: DB): Promise<Record<string, string[]>> {
  const { rows } = await sql<{ table: string; column: string }>`
    select table_name as table, column_name as column from information_schema.columns
    where table_schema = current_schema() and data_type in ('json', 'jsonb')
    order by table_name, column_name`.execute(db);
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[camel(r.table)] ??= []).push(camel(r.column));
  return out;
}

/** Restores a Backup into a migrated, empty database (either engine), in one transaction. */
export async function importDatabase(db: DB, backup: Backup): Promise<Record<string, number>> {
  if (backup.format !== 'veterans-post-backup' || backup.version !== 1) throw new Error('This file is not a backup of this site.');
  const unknown = backup.migrations.filter((m) => !(m in migrations));
  if (unknown.length) throw new Error(`The backup comes from a newer version (migrations ${unknown.join(', ')}); update the software first.`);
  const counts: Record<string, number> = {};
  await db.transaction().execute(async (trx) => {
    for (const table of BACKUP_TABLES) {
      const any = await untyped(trx)
        .selectFrom(table)
        .select(sql`1`.as('x'))
        .limit(1)
        .executeTakeFirst();
      if (any && !SEEDED_BY_MIGRATIONS.has(table)) throw new Error(`The database is not empty (table ${table} has rows): restore into a new database.`);
    }
    await trx.deleteFrom('siteSettings').execute();
    // The migration's default categories give way to the backup's own, when it has them (decision 0066).
    if (backup.tables.serviceCategories?.length) await trx.deleteFrom('serviceCategories').execute();
    // Likewise the report forms: the backup's, with the post's own edits, replace the shipped ones (decision 0085).
    if (backup.tables.reportForms?.length) await trx.deleteFrom('reportForms').execute();
    const json = await jsonColumns(trx);
    for (const table of BACKUP_TABLES) {
      const rows = (backup.tables[table] ?? []).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, decode(v)])));
      for (let i = 0; i < rows.length; i += 500) {
        const chunk = rows.slice(i, i + 500).map((r) => {
          // json and jsonb columns go back as JSON text (pg would send an array as a PostgreSQL array).
          const out: Record<string, unknown> = { ...r };
          for (const k of json[table] ?? []) if (k in out && out[k] !== null && typeof out[k] !== 'string') out[k] = JSON.stringify(out[k]);
          return out;
        });
        if (chunk.length) await untyped(trx).insertInto(table).values(chunk).execute();
      }
      counts[table] = rows.length;
    }
    // events.volunteer_count is derived: the backup's value went in with the events and the
    // trigger then added each restored volunteer on top (and a backup from before the column
    // has none). Counting again makes it true whatever the backup holds.
    await sql`update events e set volunteer_count = (select count(*) from volunteers v where v.event_id = e.id and v.status = 'confirmed')`.execute(trx);
    await sql`update volunteer_shifts s set volunteer_count = (select count(*) from volunteers v where v.shift_id = s.id and v.status = 'confirmed')`.execute(
      trx,
    );
    // Serial ids continue after the restored rows.
    const serial = await sql<{ table: string; seq: string }>`
      select c.table_name as table, pg_get_serial_sequence(quote_ident(c.table_name), 'id') as seq
      from information_schema.columns c
      where c.table_schema = current_schema() and c.column_name = 'id' and c.column_default like 'nextval(%'`.execute(trx);
    for (const { table, seq } of serial.rows) {
      if (seq) await sql`select setval(${seq}::regclass, coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
    }
  });
  return counts;
}
