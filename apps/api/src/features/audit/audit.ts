import type { Kysely } from 'kysely';
import type { AuditChanges, Database } from '@post/db';
import { clientIp } from '../../lib/session.ts';
import type { Context } from '../../trpc.ts';

/** Who did it, from where: the signed-in administrator (or none, for a failed sign-in). */
export interface AuditActor {
  userId: number | null;
  name: string | null;
  ip: string | null;
}

/** What was done to which record. `changes` never holds a password, token or secret. */
export interface AuditEntry {
  /** The kind of record: 'event', 'news', 'member', 'settings', 'user', 'session', … */
  entity: string;
  entityId?: string | number | null;
  /** 'create', 'update', 'delete', 'sign-in', 'sign-in-failed', 'export', … */
  action: string;
  changes?: AuditChanges | null;
}

/** Field names whose values are never written to the log (only that they changed). */
const SECRET = /password|token|secret|hash|recovery|totp/i;

/** The actor of a request: its administrator (if any) and address. */
export function auditActor(ctx: Pick<Context, 'req'>, user?: { id: number; username: string } | null): AuditActor {
  return { userId: user?.id ?? null, name: user?.username ?? null, ip: clientIp(ctx.req) };
}

/** The fields that differ between two versions of a record, secrets masked. */
export function diffFields(before: Record<string, unknown> | null | undefined, after: Record<string, unknown> | null | undefined): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (key === 'updatedAt' || key === 'createdAt') continue;
    const oldValue = before?.[key] ?? null;
    const newValue = after?.[key] ?? null;
    if (JSON.stringify(oldValue) === JSON.stringify(newValue)) continue;
    changes[key] = SECRET.test(key) ? { old: '(hidden)', new: '(hidden)' } : { old: oldValue, new: newValue };
  }
  return changes;
}

/**
 * Records one change. Pass the transaction that makes the change, so the record and the change
 * are written together or not at all.
 */
export async function recordAudit(db: Kysely<Database>, actor: AuditActor, entry: AuditEntry): Promise<void> {
  const changes = entry.changes ? maskSecrets(entry.changes) : null;
  await db
    .insertInto('auditLog')
    .values({
      actorUserId: actor.userId,
      actorName: actor.name,
      ip: actor.ip,
      entity: entry.entity,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      action: entry.action,
      changes: changes && Object.keys(changes).length > 0 ? JSON.stringify(changes) : null,
    })
    .execute();
}

function maskSecrets(changes: AuditChanges): AuditChanges {
  return Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, SECRET.test(k) ? { old: '(hidden)', new: '(hidden)' } : v]));
}
