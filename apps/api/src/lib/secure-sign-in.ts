import type { FastifyRequest } from 'fastify';
import type { Env } from '../env.ts';
import { AppError } from '../errors.ts';

// Browsers keep a Secure cookie only from an https page (and from localhost): signed in from a
// page opened over plain http while PUBLIC_URL is https, the answer would say "signed in" and the
// cookie be dropped. The page's own Origin says how it was opened (issue 57 #4, decision 0082).
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The refusal's words: what happened, why, and the two ways out. */
export function insecureSignInMessage(publicUrl: string): string {
  return `Sign-in needs a secure connection. This page was opened over http://, but the site's address is ${publicUrl}, so your browser cannot keep the sign-in. Open ${publicUrl} instead; until HTTPS is set up, the site's PUBLIC_URL must be its http:// address.`;
}

/** Throws a 403 with that message when a browser signs in from an http page while cookies are Secure. */
export function refuseInsecureSignIn(req: FastifyRequest, env: Pick<Env, 'secureCookies' | 'siteUrl'>): void {
  if (!env.secureCookies) return;
  // Behind TRUST_PROXY a request straight to the app (no proxy's X-Forwarded-Proto) is plain
  // http to Fastify, and @fastify/session sends no Secure cookie then, even to a localhost page
  // (decision 0090).
  if (req.protocol !== 'https') throw new AppError('FORBIDDEN', insecureSignInMessage(env.siteUrl));
  const origin = req.headers.origin ?? req.headers.referer;
  if (!origin) return;
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    return;
  }
  if (page.protocol === 'http:' && !LOOPBACK.has(page.hostname)) throw new AppError('FORBIDDEN', insecureSignInMessage(env.siteUrl));
}

/** The start-up line that says the same once, for whoever reads the log. */
export function secureCookieNotice(env: Pick<Env, 'secureCookies' | 'siteUrl'>): string | null {
  if (!env.secureCookies) return null;
  return `PUBLIC_URL is ${env.siteUrl}: sign-in cookies are Secure, so people sign in on https pages only (through the proxy); a sign-in from a page opened over plain http is refused with a message saying why.`;
}
