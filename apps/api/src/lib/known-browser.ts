import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';
import { clientIp } from './session.ts';
import { normalAccount, type Scope, type SignInClient, type SignInSlot } from './throttle.ts';

// The router's side of sign-in throttling (decision 0011): it reads the signed "known browser"
// cookie before the service counts the attempt, and sets it from the slot a right password returns.

/** How long a browser stays known after a sign-in. */
const KNOWN_BROWSER_MS = 365 * 24 * 60 * 60 * 1000;

/** `__Host-` prefixed when cookies are Secure, like the session cookie. */
function knownCookieName(env: Pick<Env, 'secureCookies'>, scope: Scope): string {
  return `${env.secureCookies ? '__Host-' : ''}known-${scope}`;
}

function mac(env: Pick<Env, 'sessionSecret'>, value: string): Buffer {
  return createHmac('sha256', env.sessionSecret).update(`known-browser:${value}`).digest();
}

function signValue(env: Pick<Env, 'sessionSecret'>, value: string): string {
  return `${value}.${mac(env, value).toString('base64url')}`;
}

/** The request's address and, when its known-browser cookie is valid for the account typed, the browser's id. */
export function signInClient(req: FastifyRequest, env: Env, scope: Scope, rawAccount: string): SignInClient {
  return { ip: clientIp(req), browserId: knownBrowser(req, env, scope, normalAccount(rawAccount)) };
}

/** The browser id of a valid known-browser cookie for this account, else undefined. */
function knownBrowser(req: FastifyRequest, env: Env, scope: Scope, account: string): string | undefined {
  const raw = req.cookies?.[knownCookieName(env, scope)];
  if (!raw) return undefined;
  const parts = raw.split('.');
  if (parts.length !== 3) return undefined;
  const [id, accountB64, sig] = parts as [string, string, string];
  const expected = mac(env, `${id}.${accountB64}`);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (Buffer.from(accountB64, 'base64url').toString() !== account) return undefined;
  return /^[A-Za-z0-9_-]{22}$/.test(id) ? id : undefined;
}

/** The password was right: this browser is known for the account from now on (its own counter). */
export function rememberBrowser(res: FastifyReply, env: Env, slot: SignInSlot): void {
  const id = slot.browserId ?? randomBytes(16).toString('base64url');
  res.setCookie(knownCookieName(env, slot.scope), signValue(env, `${id}.${Buffer.from(slot.account).toString('base64url')}`), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: env.secureCookies,
    maxAge: KNOWN_BROWSER_MS / 1000,
  });
}
