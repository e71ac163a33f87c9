import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { hashPassword, type Database, type DB } from '@post/db';
import type { CreateStaffInput, ResetStaffPasswordInput, StaffAccount, UpdateStaffInput } from '@post/contracts/officers';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { AdminUser } from '../../trpc.ts';
import { actorAt, diffFields, recordAudit } from '../audit/audit.ts';
import { enqueue, newToken, storeToken } from '../mail/outbox.ts';
import { staffInvitation } from '../mail/account-templates.ts';
import { senderFrom } from '../mail/templates.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { accountMessages } from '@post/contracts/messages/account';
import { serverMessages } from '@post/contracts/messages/server';

// Staff accounts (issue 21, decision 0031): administrators add, change, disable and remove them.
// Nobody changes the role of, disables or removes their own account, and the last active
// administrator cannot be made an editor, disabled or removed. A change of role, a disabling or
// a removal ends the account's sessions in the same transaction.

export const INVITATION_PURPOSE = 'invitation';
export const INVITATION_MS = 72 * 60 * 60 * 1000;

const PUBLIC_FIELDS = ['id', 'username', 'firstName', 'lastName', 'email', 'role', 'disabled'] as const;

/** Every staff account, for the administrators' list. */
export async function listUsers(db: DB): Promise<StaffAccount[]> {
  const rows = await db
    .selectFrom('users as u')
    .select([
      'u.id',
      'u.username',
      'u.firstName',
      'u.lastName',
      'u.email',
      'u.role',
      'u.totpEnabled',
      'u.disabled',
      'u.mustChangePassword',
      'u.lastSignInAt',
      'u.createdAt',
      sql<boolean>`u.last_sign_in_at is null and exists (select 1 from mail_tokens t where t.purpose = ${INVITATION_PURPOSE} and t.subject_id = u.id and t.used_at is null and t.expires_at > now())`.as(
        'invitationPending',
      ),
    ])
    .orderBy(sql`lower(u.username)`)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    role: r.role,
    twoFactor: r.totpEnabled,
    disabled: r.disabled,
    mustChangePassword: r.mustChangePassword,
    invitationPending: Boolean(r.invitationPending),
    lastSignInAt: r.lastSignInAt ? new Date(r.lastSignInAt).toISOString() : null,
    createdAt: new Date(r.createdAt).toISOString(),
  }));
}

async function accountById(db: DB, id: number): Promise<StaffAccount> {
  const found = (await listUsers(db)).find((u) => u.id === id);
  if (!found) throw notFound('Account');
  return found;
}

/** A password nobody knows: an invited account cannot be signed in to before the link is used. */
async function unusablePassword(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

/** Queues the invitation (or password reset) e-mail with a new single-use 72-hour link, in the caller's transaction. */
async function sendInvitation(
  baseUrl: string,
  trx: Kysely<Database>,
  user: { id: number; username: string; firstName: string | null; email: string | null; role: string },
  reset: boolean,
): Promise<void> {
  if (!user.email) throw badRequest(serverMessages.invalidInput);
  // Earlier links of this account stop working: only the newest one sets a password.
  await trx
    .updateTable('mailTokens')
    .set({ usedAt: sql<Date>`now()` })
    .where('purpose', '=', INVITATION_PURPOSE)
    .where('subjectId', '=', user.id)
    .where('usedAt', 'is', null)
    .execute();
  const { token, hash } = newToken();
  await storeToken(trx, hash, INVITATION_PURPOSE, user.id, new Date(Date.now() + INVITATION_MS));
  const settings = await getSettings(trx);
  const url = `${baseUrl}/admin/invitation?token=${encodeURIComponent(token)}`;
  const message = await staffInvitation({
    sender: senderFrom(settings, baseUrl),
    name: user.firstName || user.username,
    username: user.username,
    role: user.role,
    url,
    reset,
  });
  await enqueue(trx, { ...message, idempotencyKey: `invitation:${hash}`, kind: reset ? 'staff-password-reset' : 'staff-invitation', to: user.email });
}

export async function ensureFree(db: DB, input: { username?: string; email?: string }, exceptId?: number): Promise<void> {
  if (input.username) {
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(username)`, '=', input.username.toLowerCase())
      .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId!))
      .executeTakeFirst();
    if (taken) throw conflict(accountMessages.usernameTaken);
  }
  if (input.email) {
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(email)`, '=', input.email.toLowerCase())
      .$if(exceptId !== undefined, (q) => q.where('id', '<>', exceptId!))
      .executeTakeFirst();
    if (taken) throw conflict(accountMessages.staffEmailTaken);
  }
}

/** POST /api/admin/users: a new account, with a temporary password or an invitation e-mail. */
export async function createUser(db: DB, actor: AdminUser, ip: string, baseUrl: string, input: CreateStaffInput): Promise<StaffAccount> {
  await ensureFree(db, input);
  const hash = input.temporaryPassword ? await hashPassword(input.temporaryPassword) : await unusablePassword();
  const id = await inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('users')
      .values({
        username: input.username,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        role: input.role,
        password: hash,
        mustChangePassword: Boolean(input.temporaryPassword),
      })
      .returning([...PUBLIC_FIELDS])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actorAt(ip, actor), {
      entity: 'user',
      entityId: row.id,
      action: input.temporaryPassword ? 'create' : 'invite',
      changes: diffFields(null, { ...row, id: undefined, password: 'set' }),
    });
    if (!input.temporaryPassword) await sendInvitation(baseUrl, trx, row, false);
    return row.id;
  });
  return accountById(db, id);
}

/** Administrators that are active, other than `exceptId`, after `lockWithAdministrators` has locked them. */
async function otherActiveAdministrators(trx: Kysely<Database>, exceptId: number): Promise<number> {
  const rows = await trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'administrator')
    .where('disabled', '=', false)
    .where('id', '<>', exceptId)
    .execute();
  return rows.length;
}

/**
 * Locks an account's row with every active administrator's, in one statement and in id order,
 * before anything else: two administrators changing each other at once then wait in turn,
 * where locking the account first and the others after deadlocked (a 500).
 */
async function lockWithAdministrators(trx: Kysely<Database>, id: number): Promise<void> {
  await trx
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', id), eb.and([eb('role', '=', 'administrator'), eb('disabled', '=', false)])]))
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Ends every session of a staff account, in the caller's transaction. */
export async function endSessions(trx: Kysely<Database>, userId: number): Promise<void> {
  await trx
    .deleteFrom('session')
    .where(sql`(sess->>'userId')::int`, '=', userId)
    .execute();
}

/** PATCH /api/admin/users/{id}. */
export async function updateUser(db: DB, actor: AdminUser, ip: string, input: UpdateStaffInput): Promise<StaffAccount> {
  const { id, resetTwoFactor, ...fields } = input;
  await inTransaction(db, async (trx) => {
    await lockWithAdministrators(trx, id);
    const before = await trx
      .selectFrom('users')
      .select([...PUBLIC_FIELDS, 'totpEnabled'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) throw notFound('Account');
    const roleChanges = fields.role !== undefined && fields.role !== before.role;
    const disabling = fields.disabled === true && !before.disabled;
    if (id === actor.id && (roleChanges || fields.disabled === true)) throw badRequest(accountMessages.cannotChangeOwnAccount);
    const losesAdministrator = before.role === 'administrator' && !before.disabled && (roleChanges || disabling);
    if (losesAdministrator && (await otherActiveAdministrators(trx, id)) === 0) throw conflict(accountMessages.lastAdministrator);
    await ensureFree(trx, { email: fields.email }, id);
    const changed = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    if (Object.keys(changed).length > 0) {
      await trx
        .updateTable('users')
        .set({ ...changed, updatedAt: new Date() })
        .where('id', '=', id)
        .execute();
      const after = { ...before, ...changed };
      await recordAudit(trx, actorAt(ip, actor), {
        entity: 'user',
        entityId: id,
        action: disabling ? 'disable' : fields.disabled === false && before.disabled ? 'enable' : roleChanges ? 'role-change' : 'update',
        changes: diffFields({ ...before, totpEnabled: undefined }, { ...after, totpEnabled: undefined }),
      });
    }
    if (resetTwoFactor && before.totpEnabled) {
      await trx.updateTable('users').set({ totpEnabled: false, totpSecret: null, totpLastStep: null }).where('id', '=', id).execute();
      await trx.deleteFrom('userRecoveryCodes').where('userId', '=', id).execute();
      await recordAudit(trx, actorAt(ip, actor), { entity: 'user', entityId: id, action: 'two-factor-reset' });
    }
    if (roleChanges || disabling || (resetTwoFactor && before.totpEnabled)) await endSessions(trx, id);
  });
  return accountById(db, id);
}

/** DELETE /api/admin/users/{id}. */
export async function removeUser(db: DB, actor: AdminUser, ip: string, id: number): Promise<void> {
  if (id === actor.id) throw badRequest(accountMessages.cannotChangeOwnAccount);
  await inTransaction(db, async (trx) => {
    await lockWithAdministrators(trx, id);
    const before = await trx
      .selectFrom('users')
      .select([...PUBLIC_FIELDS])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) throw notFound('Account');
    if (before.role === 'administrator' && !before.disabled && (await otherActiveAdministrators(trx, id)) === 0)
      throw conflict(accountMessages.lastAdministrator);
    await endSessions(trx, id);
    await trx.deleteFrom('mailTokens').where('purpose', '=', INVITATION_PURPOSE).where('subjectId', '=', id).execute();
    await trx.deleteFrom('users').where('id', '=', id).execute();
    await recordAudit(trx, actorAt(ip, actor), { entity: 'user', entityId: id, action: 'delete', changes: diffFields({ ...before, id: undefined }, null) });
  });
}

/** POST /api/admin/users/{id}/reset-password: a temporary password, or else a link by e-mail; the old password stops working. */
export async function resetUserPassword(db: DB, actor: AdminUser, ip: string, baseUrl: string, input: ResetStaffPasswordInput): Promise<StaffAccount> {
  const hash = input.temporaryPassword ? await hashPassword(input.temporaryPassword) : await unusablePassword();
  await inTransaction(db, async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select([...PUBLIC_FIELDS])
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw notFound('Account');
    if (!input.temporaryPassword && !user.email) throw badRequest(accountMessages.resetNeedsEmail);
    await trx
      .updateTable('users')
      .set({ password: hash, mustChangePassword: Boolean(input.temporaryPassword), updatedAt: new Date() })
      .where('id', '=', input.id)
      .execute();
    await endSessions(trx, input.id);
    await recordAudit(trx, actorAt(ip, actor), {
      entity: 'user',
      entityId: input.id,
      action: 'password-reset',
      changes: { password: { old: null, new: null }, method: { old: null, new: input.temporaryPassword ? 'temporary password' : 'e-mail link' } },
    });
    if (!input.temporaryPassword) await sendInvitation(baseUrl, trx, user, true);
  });
  return accountById(db, input.id);
}
