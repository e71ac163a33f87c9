import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { verifyPassword, type DB } from '@post/db';
import type { AccountDetails, StaffSession, UpdateAccountDetailsInput } from '@post/contracts/officers';
import { AppError, conflict } from '../../errors.ts';
import { passwordCheckSucceeded, reservePasswordCheck } from '../../lib/throttle.ts';
import type { AdminUser } from '../../trpc.ts';
import { actorAt, diffFields, recordAudit } from '../audit/audit.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { acceptTotp, codeCheckSucceeded, newRecoveryCodes, newTotpSecret, reserveCodeCheck, totpStep } from './two-factor.ts';
import { ensureFree } from './users.service.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { accountMessages } from '@post/contracts/messages/account';

// The signed-in account's own details, two-factor sign-in and sessions (issue 21, decision 0032).

const DETAIL_FIELDS = ['username', 'firstName', 'lastName', 'email'] as const;

/** The account's own name and e-mail address. */
export async function accountDetails(db: DB, user: AdminUser): Promise<AccountDetails> {
  return db
    .selectFrom('users')
    .select([...DETAIL_FIELDS])
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
}

/**
 * Changes the account's own name and e-mail address (an empty one clears it; one left out stays).
 * An address another staff account uses is refused (users.email is unique).
 */
export async function updateAccountDetails(db: DB, user: AdminUser, ip: string, input: UpdateAccountDetailsInput): Promise<AccountDetails> {
  return inTransaction(db, async (trx) => {
    const before = await trx
      .selectFrom('users')
      .select([...DETAIL_FIELDS])
      .where('id', '=', user.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const fields = {
      firstName: input.firstName,
      lastName: input.lastName,
      ...(input.email === undefined ? {} : { email: input.email === '' ? null : input.email }),
    };
    if (fields.email) await ensureFree(trx, { email: fields.email }, user.id);
    const after = { ...before, ...fields };
    const changes = diffFields(before, after);
    if (Object.keys(changes).length === 0) return before;
    await trx
      .updateTable('users')
      .set({ ...fields, updatedAt: new Date() })
      .where('id', '=', user.id)
      .execute();
    await recordAudit(trx, actorAt(ip, user), { entity: 'user', entityId: user.id, action: 'details-change', changes });
    return after;
  });
}

/** Whether two-factor is on, how many recovery codes are left, and whether the post requires it. */
export async function twoFactorStatus(db: DB, user: AdminUser) {
  const row = await db.selectFrom('users').select('totpEnabled').where('id', '=', user.id).executeTakeFirstOrThrow();
  const left = await db
    .selectFrom('userRecoveryCodes')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('userId', '=', user.id)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  const settings = await getSettings(db);
  return { enabled: row.totpEnabled, recoveryCodesLeft: row.totpEnabled ? left.n : 0, required: settings.requireTwoFactor };
}

/** Requiring two-factor for everyone is turned on only by an administrator who has it (else they would lock themselves out). */
export async function checkTwoFactorRequirement(db: DB, user: AdminUser, required: boolean): Promise<void> {
  if (!required) return;
  const row = await db.selectFrom('users').select('totpEnabled').where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!row.totpEnabled) throw new AppError('BAD_REQUEST', accountMessages.enrolBeforeRequiring);
}

/** Enrolment, step 1: a new secret, kept on the account until a code confirms it. */
export async function startTwoFactor(db: DB, user: AdminUser) {
  const row = await db.selectFrom('users').select('totpEnabled').where('id', '=', user.id).executeTakeFirstOrThrow();
  if (row.totpEnabled) throw conflict(accountMessages.twoFactorAlreadyOn);
  const settings = await getSettings(db);
  const setup = await newTotpSecret(user.username, settings.postName || 'Post website');
  await db.updateTable('users').set({ totpSecret: setup.secret, totpLastStep: null }).where('id', '=', user.id).where('totpEnabled', '=', false).execute();
  return setup;
}

/** Enrolment, step 2: a code from the app turns two-factor on; the ten recovery codes are returned once. */
export async function confirmTwoFactor(db: DB, user: AdminUser, ip: string, code: string): Promise<{ recoveryCodes: string[] }> {
  const slot = await reserveCodeCheck(db, ip, user.id, 'account');
  const row = await db.selectFrom('users').select(['totpEnabled', 'totpSecret']).where('id', '=', user.id).executeTakeFirstOrThrow();
  if (row.totpEnabled) throw conflict(accountMessages.twoFactorAlreadyOn);
  if (!row.totpSecret) throw new AppError('BAD_REQUEST', accountMessages.twoFactorNotStarted);
  const step = totpStep(row.totpSecret, code);
  if (step === null) throw new AppError('BAD_REQUEST', accountMessages.twoFactorCodeWrong);
  await codeCheckSucceeded(db, slot);
  return inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('users')
      .set({ totpEnabled: true, totpLastStep: step, updatedAt: new Date() })
      .where('id', '=', user.id)
      .where('totpEnabled', '=', false)
      .where('totpSecret', '=', row.totpSecret)
      .returning('id')
      .executeTakeFirst();
    if (!updated) throw conflict(accountMessages.twoFactorAlreadyOn);
    const recoveryCodes = await newRecoveryCodes(trx, user.id);
    await recordAudit(trx, actorAt(ip, user), {
      entity: 'user',
      entityId: user.id,
      action: 'two-factor-on',
      changes: { totpEnabled: { old: false, new: true } },
    });
    return { recoveryCodes };
  });
}

/** Turns two-factor off with the account's password (throttled like a password change). */
export async function disableTwoFactor(db: DB, user: AdminUser, ip: string, password: string): Promise<void> {
  const row = await db.selectFrom('users').select(['password', 'totpEnabled']).where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!row.totpEnabled) throw new AppError('BAD_REQUEST', accountMessages.twoFactorOff);
  const slot = await reservePasswordCheck(db, 'admin', user.id);
  if (!(await verifyPassword(row.password, password))) throw new AppError('BAD_REQUEST', accountMessages.wrongCurrentPassword);
  await passwordCheckSucceeded(db, slot);
  await inTransaction(db, async (trx) => {
    await trx.updateTable('users').set({ totpEnabled: false, totpSecret: null, totpLastStep: null, updatedAt: new Date() }).where('id', '=', user.id).execute();
    await trx.deleteFrom('userRecoveryCodes').where('userId', '=', user.id).execute();
    await recordAudit(trx, actorAt(ip, user), {
      entity: 'user',
      entityId: user.id,
      action: 'two-factor-off',
      changes: { totpEnabled: { old: true, new: false } },
    });
  });
}

/**
 * Replaces every recovery code with ten new ones, shown once; needs a current code from the
 * authenticator app (throttled, and used once like any code). The old codes stop working.
 */
export async function replaceRecoveryCodes(db: DB, user: AdminUser, ip: string, code: string): Promise<{ recoveryCodes: string[] }> {
  const row = await db.selectFrom('users').select(['totpEnabled', 'totpSecret']).where('id', '=', user.id).executeTakeFirstOrThrow();
  if (!row.totpEnabled || !row.totpSecret) throw new AppError('BAD_REQUEST', accountMessages.twoFactorOff);
  const slot = await reserveCodeCheck(db, ip, user.id, 'account');
  const secret = row.totpSecret;
  const recoveryCodes = await inTransaction(db, async (trx) => {
    // The update that stores the code's step is the check: a wrong or replayed code changes nothing.
    if (!(await acceptTotp(trx, user.id, secret, code))) throw new AppError('BAD_REQUEST', accountMessages.twoFactorCodeWrong);
    const codes = await newRecoveryCodes(trx, user.id);
    await recordAudit(trx, actorAt(ip, user), { entity: 'user', entityId: user.id, action: 'two-factor-recovery-codes-new' });
    return codes;
  });
  await codeCheckSucceeded(db, slot);
  return { recoveryCodes };
}

/** The opaque id of a session: an HMAC of its id, so the session id itself is never shown. */
function sessionHandle(secret: string, sid: string): string {
  return createHmac('sha256', secret).update(`session-handle:${sid}`).digest('hex').slice(0, 32);
}

/** A user agent in plain words: "Firefox on Windows", "Safari on iPhone". */
export function describeDevice(ua: string | undefined): string {
  if (!ua) return 'Unknown device';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\/|FxiOS/.test(ua)
        ? 'Firefox'
        : /Chrome\/|CriOS|Chromium/.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /curl|wget|python|node|undici|axios|lightmyrequest/i.test(ua)
              ? 'A program'
              : 'A browser';
  const os = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : '';
  return os ? `${browser} on ${os}` : browser;
}

async function ownSessions(db: DB, user: AdminUser) {
  return db
    .selectFrom('session')
    .select(['sid', 'sess'])
    .where(sql`(sess->>'userId')::int`, '=', user.id)
    .where('expire', '>', sql<Date>`now()`)
    .execute();
}

/** The request's own session, as the router reads it: its id, and the device and address it comes from now. */
export interface ThisSession {
  id: string;
  userAgent: string;
  ip: string;
}

/** The account's active sessions, the newest use first; `secret` keys the handles that stand for their ids. */
export async function listSessions(db: DB, user: AdminUser, secret: string, current: ThisSession): Promise<StaffSession[]> {
  const rows = await ownSessions(db, user);
  const iso = (ms: unknown) => (typeof ms === 'number' ? new Date(ms).toISOString() : null);
  return rows
    .map(({ sid, sess }) => {
      const s = sess as Record<string, unknown>;
      const isCurrent = sid === current.id;
      return {
        id: sessionHandle(secret, sid),
        device: describeDevice(isCurrent ? current.userAgent : (s.userAgent as string | undefined)),
        ip: isCurrent ? current.ip : typeof s.ip === 'string' ? s.ip : null,
        lastUsedAt: isCurrent ? new Date().toISOString() : iso(s.lastUsedAt),
        signedInAt: iso(s.userAuthAt),
        current: isCurrent,
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current) || (b.lastUsedAt ?? '').localeCompare(a.lastUsedAt ?? ''));
}

/** Ends one of the account's own sessions; true when it was this request's (signing out, which the router finishes). */
export async function endSession(db: DB, user: AdminUser, secret: string, current: ThisSession, handle: string): Promise<boolean> {
  const rows = await ownSessions(db, user);
  const match = rows.find((r) => sessionHandle(secret, r.sid) === handle);
  if (!match) throw new AppError('NOT_FOUND', accountMessages.sessionNotFound);
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('session').where('sid', '=', match.sid).execute();
    await recordAudit(trx, actorAt(current.ip, user), { entity: 'session', entityId: handle, action: 'session-end' });
  });
  return match.sid === current.id;
}
