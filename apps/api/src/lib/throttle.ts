import { E } from '@post/contracts/messages';
import { AppError } from '../errors.ts';
import { hit, peek, reset } from './rate-limit.ts';
import { clientIp } from './session.ts';
import type { Context } from '../trpc.ts';

const WINDOW_MS = 15 * 60 * 1000;
/** Failed sign-ins one account may have in 15 minutes before it is throttled. */
export const ACCOUNT_FAILURES = 10;
/** Sign-in attempts one address may make in 15 minutes. */
export const ADDRESS_ATTEMPTS = 100;

/** Sign-in throttling per account and per address, counted in the database (shared by all nodes). */
export const signInThrottle = {
  async before(ctx: Context, scope: 'admin' | 'member', account: string): Promise<void> {
    if (!ctx.limits.enabled) return;
    const db = ctx.db;
    const byIp = await hit(db, `signin:${scope}:ip:${clientIp(ctx.req)}`, ADDRESS_ATTEMPTS, WINDOW_MS);
    if (!byIp.allowed) throw new AppError('TOO_MANY_REQUESTS', E.tooManyAttempts, byIp.retryAfterSeconds);
    const byAccount = await peek(db, accountKey(scope, account));
    if (byAccount.count >= ACCOUNT_FAILURES) {
      throw new AppError('TOO_MANY_REQUESTS', E.tooManyAttempts, byAccount.retryAfterSeconds);
    }
  },
  async failed(ctx: Context, scope: 'admin' | 'member', account: string): Promise<void> {
    if (!ctx.limits.enabled) return;
    await hit(ctx.db, accountKey(scope, account), ACCOUNT_FAILURES, WINDOW_MS);
  },
  async succeeded(ctx: Context, scope: 'admin' | 'member', account: string): Promise<void> {
    if (!ctx.limits.enabled) return;
    await reset(ctx.db, accountKey(scope, account));
  },
};

function accountKey(scope: string, account: string): string {
  return `signin:${scope}:account:${account.trim().toLowerCase().slice(0, 200)}`;
}
