import { sql } from 'kysely';
import { hashPassword, type DB } from '@post/db';
import type { AcceptInvitationInput } from '@post/contracts/officers';
import { AppError } from '../../errors.ts';
import { actorAt, recordAudit } from '../audit/audit.ts';
import { hashToken } from '../mail/outbox.ts';
import { endSessions, INVITATION_PURPOSE } from './users.service.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { accountMessages } from '@post/contracts/messages/account';

// The invitation link's own side (issue 21, decision 0031): whose link it is, and setting the
// password with it; users.service.ts sends the links.

async function invitationSubject(db: DB, token: string): Promise<number | null> {
  if (token.length < 20 || token.length > 200) return null;
  const row = await db
    .selectFrom('mailTokens')
    .select('subjectId')
    .where('tokenHash', '=', hashToken(token))
    .where('purpose', '=', INVITATION_PURPOSE)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.subjectId ?? null;
}

/** GET /api/invitation?token=: whose link this is, while it is still good (404 otherwise). */
export async function invitationInfo(db: DB, token: string): Promise<{ username: string; firstName: string | null }> {
  const id = await invitationSubject(db, token);
  const user = id ? await db.selectFrom('users').select(['username', 'firstName', 'disabled']).where('id', '=', id).executeTakeFirst() : undefined;
  if (!user || user.disabled) throw new AppError('NOT_FOUND', accountMessages.invitationInvalid);
  return { username: user.username, firstName: user.firstName };
}

/** POST /api/invitation: sets the password with a single-use link (the update that uses the token is the check). */
export async function acceptInvitation(db: DB, ip: string, input: AcceptInvitationInput): Promise<{ username: string }> {
  // Checked before the (slow) hash so a bad link costs nothing; checked again, for good, in the transaction.
  if (!(await invitationSubject(db, input.token))) throw new AppError('NOT_FOUND', accountMessages.invitationInvalid);
  const hash = await hashPassword(input.newPassword);
  return inTransaction(db, async (trx) => {
    const used = await trx
      .updateTable('mailTokens')
      .set({ usedAt: sql<Date>`now()` })
      .where('tokenHash', '=', hashToken(input.token))
      .where('purpose', '=', INVITATION_PURPOSE)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', sql<Date>`now()`)
      .returning('subjectId')
      .executeTakeFirst();
    const user = used
      ? await trx.selectFrom('users').select(['id', 'username', 'disabled']).where('id', '=', used.subjectId).forUpdate().executeTakeFirst()
      : undefined;
    if (!user || user.disabled) throw new AppError('NOT_FOUND', accountMessages.invitationInvalid);
    await trx.updateTable('users').set({ password: hash, mustChangePassword: false, updatedAt: new Date() }).where('id', '=', user.id).execute();
    await endSessions(trx, user.id);
    await recordAudit(trx, actorAt(ip, user), {
      entity: 'user',
      entityId: user.id,
      action: 'password-set-by-invitation',
      changes: { password: { old: null, new: null } },
    });
    return { username: user.username };
  });
}
