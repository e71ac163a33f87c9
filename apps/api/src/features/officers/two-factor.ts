import { createHash, randomInt } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { sql } from 'kysely';
import type { DB } from '@post/db';
import { AppError } from '../../errors.ts';
import { addressKey, hit, reset } from '../../lib/rate-limit.ts';
import { ACCOUNT_ATTEMPTS, ADDRESS_ATTEMPTS, SIGNIN_WINDOW_MS } from '../../lib/throttle.ts';
import { serverMessages } from '@post/contracts/messages/server';

// Two-factor sign-in (decision 0032): TOTP (RFC 6238, SHA-1, 6 digits, 30 s) with `otpauth`, one
// step of drift either way; the last accepted step is stored so a code is accepted once only.
// Recovery codes: 10 per enrolment, 10 characters from a 32-letter alphabet (50 bits), stored as
// SHA-256 (a slow hash adds nothing at that entropy) and marked used by the update that checks them.

const PERIOD = 30;
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function totp(secret: string, issuer = 'Post', label = 'staff'): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret: OTPAuth.Secret.fromBase32(secret) });
}

/** A new secret (160 bits, base32), its otpauth:// address and that address as a QR code (SVG data URL, drawn here). */
export async function newTotpSecret(username: string, issuer: string): Promise<{ secret: string; otpauthUrl: string; qrSvg: string }> {
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const otpauthUrl = totp(secret, issuer, username).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrSvg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/** The time step a six-digit code belongs to (now ±1 step), or null when it is wrong. */
export function totpStep(secret: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secret).validate({ token, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD) + delta;
}

/**
 * Accepts a TOTP code once: the update that stores the step is the check, so the same code (or
 * an older one) sent again, even at the same moment, is refused.
 */
export async function acceptTotp(db: DB, userId: number, secret: string, code: string): Promise<boolean> {
  const step = totpStep(secret, code);
  if (step === null) return false;
  const row = await db
    .updateTable('users')
    .set({ totpLastStep: step })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('totpLastStep', 'is', null), eb('totpLastStep', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

function normalRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]+/g, '');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(`recovery:${normalRecoveryCode(code)}`)
    .digest('hex');
}

/** Replaces the account's recovery codes with ten new ones; returns them (shown once, as XXXXX-XXXXX). */
export async function newRecoveryCodes(db: DB, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const raw = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
  await db.deleteFrom('userRecoveryCodes').where('userId', '=', userId).execute();
  await db
    .insertInto('userRecoveryCodes')
    .values(codes.map((c) => ({ userId, codeHash: hashRecoveryCode(c) })))
    .execute();
  return codes;
}

/** Uses a recovery code once; false when it is unknown or used. */
export async function useRecoveryCode(db: DB, userId: number, code: string): Promise<boolean> {
  if (normalRecoveryCode(code).length !== 10) return false;
  const row = await db
    .updateTable('userRecoveryCodes')
    .set({ usedAt: sql<Date>`now()` })
    .where('userId', '=', userId)
    .where('codeHash', '=', hashRecoveryCode(code))
    .where('usedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Throttles second-factor codes like passwords (decision 0011's limits): per account and per
 * address, reserved before the code is checked. Returns the key to reset on success.
 */
export async function reserveCodeCheck(db: DB, ip: string, userId: number, scope: 'sign-in' | 'account'): Promise<string> {
  const byIp = await hit(db, `totp:ip:${addressKey(ip)}`, ADDRESS_ATTEMPTS, SIGNIN_WINDOW_MS);
  if (!byIp.allowed) throw new AppError('TOO_MANY_REQUESTS', serverMessages.tooManyAttempts, byIp.retryAfterSeconds);
  const key = `totp:${scope}:${userId}`;
  const counted = await hit(db, key, ACCOUNT_ATTEMPTS, SIGNIN_WINDOW_MS);
  if (!counted.allowed) throw new AppError('TOO_MANY_REQUESTS', serverMessages.tooManyAttempts, counted.retryAfterSeconds);
  return key;
}

export async function codeCheckSucceeded(db: DB, key: string | undefined): Promise<void> {
  if (key) await reset(db, key);
}
