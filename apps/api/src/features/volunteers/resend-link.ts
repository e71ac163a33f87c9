import { sql } from 'kysely';
import type { DB } from '@post/db';
import type { ResendLinkInput, ResendLinkResult } from '@post/contracts/volunteers';
import { enqueue } from '../mail/outbox.ts';
import { hit } from '../../lib/rate-limit.ts';
import { isBot, limitPublicForm } from '../../lib/public-forms.ts';

/** Requests one address may send: a person asks once or twice; more is a script. */
export const RESEND_LIMIT = 5;
export const RESEND_WINDOW_MS = 10 * 60 * 1000;
/** One link a person and event per this time: a double tap, or a second ask, sends nothing more. */
export const RESEND_QUIET_MS = 15 * 60 * 1000;

/**
 * Mails the link to a person's own sign-ups for an event again (decision 0096): asked for by a
 * second sign-up with the same address. It goes only to the address that signed up, once per
 * quiet period (the throttle is one atomic counter, so two taps at once send one message), and
 * the answer is the same whether or not that address signed up.
 */
export async function resendManageLink(db: DB, ip: string, baseUrl: string, input: ResendLinkInput): Promise<ResendLinkResult> {
  await limitPublicForm(db, ip, 'volunteer-link', RESEND_LIMIT, RESEND_WINDOW_MS);
  if (isBot(input)) return { status: 'sent' };
  const email = input.email.trim().toLowerCase();
  const once = await hit(db, `volunteer-link:${input.eventId}:${email}`, 1, RESEND_QUIET_MS);
  if (!once.allowed) return { status: 'recent' };
  const first = await db
    .selectFrom('volunteers as v')
    .innerJoin('events as e', 'e.id', 'v.eventId')
    .select(['v.id', 'v.email'])
    .where('v.eventId', '=', input.eventId)
    .where(sql<boolean>`lower(v.email) = ${email}`)
    .where('e.endDate', '>', new Date())
    .orderBy('v.id')
    .executeTakeFirst();
  if (!first) return { status: 'sent' };
  await enqueue(db, {
    idempotencyKey: `volunteer-link:${first.id}:${Date.now()}`,
    kind: 'volunteer-link',
    to: first.email,
    template: 'volunteer-link',
    params: { baseUrl, volunteerId: first.id },
  });
  return { status: 'sent' };
}
