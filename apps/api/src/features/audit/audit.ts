import type { Kysely } from 'kysely';
import type { AuditAction, AuditEntity } from '@post/contracts/audit-format';
import type { AuditChanges, Database, DB } from '@post/db';
import { AppError } from '../../errors.ts';
import { clientIp } from '../../lib/session.ts';
import { inTransaction } from '../../lib/transaction.ts';
import type { Context } from '../../trpc.ts';

/** Who did it, from where: the signed-in administrator (or none, for a failed sign-in). */
export interface AuditActor {
  userId: number | null;
  name: string | null;
  ip: string | null;
}

/** What was done to which record. `changes` never holds a password, token or secret. */
export interface AuditEntry {
  /** The kind of record: one of AUDIT_ENTITY_LABELS (contracts' audit-format.ts). */
  entity: AuditEntity;
  entityId?: string | number | null;
  /** One of AUDIT_ACTION_LABELS (contracts' audit-format.ts). */
  action: AuditAction;
  changes?: AuditChanges | null;
}

/** Field names whose values are never written to the log (only that they changed). */
const SECRET = /password|token|secret|hash|recovery|totp/i;

/** The actor of a request: its administrator (if any) and address. */
export function auditActor(ctx: Pick<Context, 'req'>, user?: { id: number; username: string } | null): AuditActor {
  return actorAt(clientIp(ctx.req), user);
}

/** The actor a service records: the account (if any) and the client address its router passed. */
export function actorAt(ip: string, user?: { id: number; username: string } | null): AuditActor {
  return { userId: user?.id ?? null, name: user?.username ?? null, ip };
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
    changes[key] = SECRET.test(key) ? { old: '(hidden)', new: '(hidden)' } : { old: clip(oldValue), new: clip(newValue) };
  }
  return changes;
}

/** Longest text kept as a value; longer ones (a pasted data: URL, a long article) are cut. */
export const MAX_VALUE_CHARS = 2000;

function clip(value: unknown): unknown {
  if (value instanceof Uint8Array) return `(${value.byteLength} bytes)`;
  if (typeof value === 'string' && value.length > MAX_VALUE_CHARS) return `${value.slice(0, MAX_VALUE_CHARS)}… (${value.length} characters)`;
  return value;
}

/** What `audited` needs of a request: its database, the request (for the address) and the administrator. */
export interface AuditContext {
  db: DB;
  req: Context['req'];
  user: { id: number; username: string };
}

/** Describes one audited write. */
export interface AuditedWrite<T, B> {
  entity: AuditEntity;
  action: AuditAction;
  /** The record's id; by default the `id` of the write's result (or of the record before). */
  id?: string | number | null | ((result: NoInfer<T>) => string | number | null | undefined);
  /** Reads the record as it was (updates, deletes), inside the transaction; a 404 is left to the write. */
  before?: (trx: DB) => Promise<B | undefined>;
  /**
   * What changed; by default every field that differs between the record before and the result
   * (a delete: the record's old values; a create: its new values).
   */
  changes?: (result: NoInfer<T>, before: NoInfer<B> | undefined) => AuditChanges | null;
}

/**
 * Runs an administrator's write and records it in the same transaction: both are stored or
 * neither is. Services called inside must use `inTransaction` (not `db.transaction()`).
 */
export function audited<T, B = unknown>(ctx: AuditContext, what: AuditedWrite<T, B>, write: (trx: DB) => Promise<T>): Promise<T> {
  return inTransaction(ctx.db, async (trx) => {
    const before = what.before ? await what.before(trx).catch(leaveNotFound) : undefined;
    const result = await write(trx);
    const id = typeof what.id === 'function' ? what.id(result) : what.id !== undefined ? what.id : (idOf(result) ?? idOf(before));
    const changes = what.changes ? what.changes(result, before) : defaultChanges(what.action, asRecord(before), asRecord(result));
    await recordAudit(trx, auditActor(ctx, ctx.user), { entity: what.entity, entityId: id ?? null, action: what.action, changes });
    return result;
  });
}

/** A delete: the old values; otherwise the fields of the result that differ from before (a create: all of them). */
function defaultChanges(action: string, before: Record<string, unknown> | null, after: Record<string, unknown> | null): AuditChanges {
  if (action === 'delete') return diffFields(before, null);
  if (!before || !after) return diffFields(before, after);
  // Compare the same shape: a detail read may carry more than the write answers (volunteers, …).
  return diffFields(Object.fromEntries(Object.keys(after).map((k) => [k, before[k]])), after);
}

function leaveNotFound(err: unknown): undefined {
  if (err instanceof AppError && err.code === 'NOT_FOUND') return undefined;
  throw err;
}

function idOf(value: unknown): string | number | undefined {
  const id = (value as { id?: unknown } | null | undefined)?.id;
  return typeof id === 'number' || typeof id === 'string' ? id : undefined;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
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
  return Object.fromEntries(
    Object.entries(changes).map(([k, v]) => [k, SECRET.test(k) ? { old: '(hidden)', new: '(hidden)' } : { old: clip(v.old), new: clip(v.new) }]),
  );
}
