import { sql } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import type { DB } from '@post/db';
import { formatAuditChanges, type AuditFilter, type AuditList } from '@post/contracts/audit';

type AuditEntryView = AuditList['items'][number];
import { toIsoWithOffset, zonedToUtc } from '@post/contracts/rules/event-time';
import { getSettings } from '../site-settings/site-settings.service.ts';

/** The next calendar day of 'YYYY-MM-DD'. */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The entries the filters select (from/to are whole days in the post's time zone, both included). */
function filtered(db: DB, f: Omit<AuditFilter, 'page' | 'pageSize'>, timeZone: string) {
  let q = db.selectFrom('auditLog');
  if (f.person) {
    const like = `%${f.person.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const id = /^\d{1,9}$/.test(f.person) ? Number(f.person) : undefined;
    // The username kept on the entry, the account's id, or its first and last name.
    q = q.where((eb) =>
      eb.or([
        eb('actorName', 'ilike', like),
        sql<boolean>`actor_user_id in (select id from users where coalesce(first_name, '') || ' ' || coalesce(last_name, '') ilike ${like})`,
        ...(id !== undefined ? [eb('actorUserId', '=', id)] : []),
      ]),
    );
  }
  if (f.entity) q = q.where('entity', '=', f.entity);
  if (f.action) q = q.where('action', '=', f.action);
  if (f.from) q = q.where('at', '>=', zonedToUtc(f.from, '00:00', timeZone));
  if (f.to) q = q.where('at', '<', zonedToUtc(nextDay(f.to), '00:00', timeZone));
  return q;
}

const columns = ['id', 'at', 'actorUserId', 'actorName', 'ip', 'entity', 'entityId', 'action', 'changes'] as const;

function toView(r: {
  id: number | string;
  at: Date | string;
  actorUserId: number | null;
  actorName: string | null;
  ip: string | null;
  entity: string;
  entityId: string | null;
  action: string;
  changes: AuditEntryView['changes'];
}): AuditEntryView {
  return { ...r, id: Number(r.id), at: new Date(r.at).toISOString() };
}

/** One page of entries, newest first, with the total the filters select. */
export async function listAudit(db: DB, f: AuditFilter): Promise<AuditList> {
  const { timeZone } = await getSettings(db);
  const q = filtered(db, f, timeZone);
  const { total } = await q.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  const rows = await q
    .select([...columns])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize)
    .execute();
  return { items: rows.map(toView), total: Number(total), page: f.page, pageSize: f.pageSize };
}

/** Most rows one CSV download carries (a narrower filter gives the rest). */
export const AUDIT_CSV_MAX_ROWS = 100_000;

/** Every entry the filters select as CSV (UTF-8 with BOM, formula-safe like the member export), times in the post's zone. */
export async function auditCsv(db: DB, f: Omit<AuditFilter, 'page' | 'pageSize'>): Promise<string> {
  const { timeZone } = await getSettings(db);
  const rows = await filtered(db, f, timeZone)
    .select([...columns])
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(AUDIT_CSV_MAX_ROWS)
    .execute();
  const records = rows
    .map(toView)
    .map((r) => [
      toIsoWithOffset(new Date(r.at), timeZone),
      r.actorName ?? '',
      r.actorUserId ?? '',
      r.ip ?? '',
      r.entity,
      r.entityId ?? '',
      r.action,
      formatAuditChanges(r.changes, timeZone).join('\n'),
    ]);
  const header = ['When', 'Person', 'User ID', 'Address', 'Entity', 'ID', 'Action', 'Changes'];
  return `\uFEFF${stringify([header, ...records], { escape_formulas: true, record_delimiter: 'windows' })}`;
}

/** Deletes the entries older than the retention setting (months); the only delete of the log. */
export async function pruneAudit(db: DB, now = new Date()): Promise<number> {
  const { auditRetentionMonths } = await getSettings(db);
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - auditRetentionMonths);
  const result = await db.deleteFrom('auditLog').where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
