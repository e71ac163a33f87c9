import { inTransaction } from '../../lib/transaction.ts';
import { sql } from 'kysely';
import type { DB } from '@post/db';
import type { Subscriber } from '@post/contracts/newsletter';
import { newsletterMessages } from '@post/contracts/messages/newsletter';
import type { NewsletterIssue, NewsletterIssueInput } from '@post/contracts/mail';
import { badRequest } from '../../errors.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { sanitizeCommanderHtml } from '../commander-messages/commander-html.ts';
import { linesToBreaks } from '@post/contracts/rules/line-breaks';
import { enqueue, hashToken, newToken, storeToken, useToken } from '../mail/outbox.ts';
import { newsletterConfirmation, newsletterIssue, UNSUBSCRIBE_PLACEHOLDER } from '../mail/newsletter-templates.ts';
import { senderFrom } from '../mail/templates.ts';

/** Purpose of the token in a newsletter confirmation link. */
export const CONFIRM_PURPOSE = 'newsletter-confirm';
/** How long a confirmation link works. */
const CONFIRM_DAYS = 7;
/** A pending address gets at most one confirmation message in this time, however often it is entered. */
const RESEND_AFTER_MS = 10 * 60 * 1000;

/**
 * A sign-up: sends a confirmation message and stores the address as pending; only the
 * confirmation makes it a subscriber (issue 19 #3). The answer is the same whether the address
 * was new, pending or subscribed (decisions §5); a subscribed address gets no message, and a
 * pending one at most one per 10 minutes, so the form cannot be used to flood a mailbox.
 */
export async function subscribe(db: DB, baseUrl: string, rawEmail: string): Promise<void> {
  const email = rawEmail.trim();
  const existing = await db
    .selectFrom('newsletterSubscribers')
    .select(['id', 'confirmedAt', 'unsubscribedAt'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  if (existing?.confirmedAt && !existing.unsubscribedAt) return;
  const settings = await getSettings(db);
  const token = newToken();
  const message = await newsletterConfirmation({ sender: senderFrom(settings, baseUrl), confirmUrl: `${baseUrl}/newsletter/confirm?token=${token.token}` });
  await inTransaction(db, async (trx) => {
    let id = existing?.id;
    if (id === undefined) {
      const row = await trx
        .insertInto('newsletterSubscribers')
        .values({ email, confirmedAt: null })
        .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
        .returning('id')
        .executeTakeFirst();
      // Entered twice at once: the other request stored it and sends its message.
      if (!row) return;
      id = row.id;
    }
    const recent = await trx
      .selectFrom('mailTokens')
      .select('tokenHash')
      .where('purpose', '=', CONFIRM_PURPOSE)
      .where('subjectId', '=', id)
      .where('createdAt', '>', new Date(Date.now() - RESEND_AFTER_MS))
      .executeTakeFirst();
    if (recent) return;
    await storeToken(trx, token.hash, CONFIRM_PURPOSE, id, new Date(Date.now() + CONFIRM_DAYS * 86_400_000));
    await enqueue(trx, { idempotencyKey: `newsletter-confirm:${token.hash}`, kind: 'newsletter-confirm', to: email, ...message });
  });
}

/** The confirmation button: the address becomes a subscriber; the token works once. */
export async function confirm(db: DB, token: string): Promise<{ email: string }> {
  return inTransaction(db, async (trx) => {
    const id = await useToken(trx, token, CONFIRM_PURPOSE);
    if (id === null) throw badRequest(newsletterMessages.confirmLinkInvalid);
    const row = await trx
      .updateTable('newsletterSubscribers')
      .set({ confirmedAt: sql<Date>`now()`, unsubscribedAt: null })
      .where('id', '=', id)
      .returning('email')
      .executeTakeFirst();
    if (!row) throw badRequest(newsletterMessages.confirmLinkInvalid);
    return { email: row.email };
  });
}

/**
 * Unsubscribes the address a newsletter copy was sent to, at once (the page's button, and the
 * RFC 8058 one-click POST). Using the link again answers the same: the address stays unsubscribed.
 */
export async function unsubscribe(db: DB, token: string): Promise<{ email: string }> {
  if (token.length < 20 || token.length > 200) throw badRequest(newsletterMessages.unsubscribeLinkInvalid);
  return inTransaction(db, async (trx) => {
    const delivery = await trx
      .updateTable('newsletterDeliveries')
      .set({ unsubscribedAt: sql<Date>`coalesce(unsubscribed_at, now())` })
      .where('tokenHash', '=', hashToken(token))
      .returning('subscriberId')
      .executeTakeFirst();
    if (!delivery) throw badRequest(newsletterMessages.unsubscribeLinkInvalid);
    const row = await trx
      .updateTable('newsletterSubscribers')
      .set({ unsubscribedAt: sql<Date>`coalesce(unsubscribed_at, now())` })
      .where('id', '=', delivery.subscriberId)
      .returning('email')
      .executeTakeFirstOrThrow();
    return { email: row.email };
  });
}

/** Subscribers who confirmed and have not unsubscribed, newest first (pending sign-ups are not subscribers). */
export async function listSubscribers(db: DB): Promise<Subscriber[]> {
  const rows = await db
    .selectFrom('newsletterSubscribers')
    .select(['id', 'email', 'confirmedAt'])
    .where('confirmedAt', 'is not', null)
    .where('unsubscribedAt', 'is', null)
    .orderBy('confirmedAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, email: r.email, createdAt: new Date(r.confirmedAt!).toISOString() }));
}

/** The list as CSV (RFC 4180), safe to open in a spreadsheet. */
export function subscribersCsv(rows: Subscriber[]): string {
  const cell = (v: string) => {
    // A leading =, +, - or @ would be run as a formula by spreadsheet programs.
    const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return ['email,subscribed_at', ...rows.map((r) => `${cell(r.email)},${cell(r.createdAt)}`)].join('\r\n') + '\r\n';
}

/**
 * An issue's content as the message shows it: the commander message's allow-list (strong, em,
 * u, p, br, no attributes) and its line-break rule (contracts' `linesToBreaks`, as the web app).
 */
export function issueHtml(content: string): string {
  return linesToBreaks(sanitizeCommanderHtml(content.trim()));
}

/** Rows of deliveries written per statement when an issue goes out. */
const BATCH = 500;

/**
 * Sends an issue. A test goes to the administrator's own address only and stores no issue.
 * Otherwise the issue row, one outbox message per confirmed subscriber (each with its own
 * unsubscribe link and RFC 8058 headers) and the deliveries are written in one transaction:
 * all of them exist, or none. Keys name the issue and subscriber, so nothing is sent twice.
 */
export async function sendIssue(
  db: DB,
  baseUrl: string,
  admin: { id: number },
  input: NewsletterIssueInput,
): Promise<{ testOnly: boolean; recipients: number; to: string | null; issue: NewsletterIssue | null }> {
  const content = sanitizeCommanderHtml(input.content.trim());
  if (content.replace(/<[^>]*>/g, '').trim() === '') throw badRequest('Please enter message content.');
  const settings = await getSettings(db);
  const sender = senderFrom(settings, baseUrl);
  const rendered = await newsletterIssue({ sender, subject: input.subject, safeHtml: issueHtml(content), test: input.testOnly });
  if (input.testOnly) {
    const me = await db.selectFrom('users').select('email').where('id', '=', admin.id).executeTakeFirst();
    const to = me?.email?.trim();
    if (!to) throw badRequest(newsletterMessages.noAdminEmail);
    const { token } = newToken();
    await enqueue(db, {
      idempotencyKey: `newsletter-test:${token}`,
      kind: 'newsletter-test',
      to,
      subject: rendered.subject,
      html: rendered.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, `${baseUrl}/newsletter/unsubscribe`),
      text: rendered.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, `${baseUrl}/newsletter/unsubscribe`),
    });
    return { testOnly: true, recipients: 1, to, issue: null };
  }
  const issueId = await inTransaction(db, async (trx) => {
    const subscribers = await trx
      .selectFrom('newsletterSubscribers')
      .select(['id', 'email'])
      .where('confirmedAt', 'is not', null)
      .where('unsubscribedAt', 'is', null)
      .orderBy('id')
      .execute();
    if (subscribers.length === 0) throw badRequest(newsletterMessages.noConfirmedSubscribers);
    const issue = await trx
      .insertInto('newsletterIssues')
      .values({ subject: input.subject, content, sentBy: admin.id, recipients: subscribers.length })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < subscribers.length; i += BATCH) {
      const slice = subscribers.slice(i, i + BATCH).map((s) => ({ ...s, token: newToken(), key: `newsletter:${issue.id}:${s.id}` }));
      await trx
        .insertInto('mailOutbox')
        .values(
          slice.map((s) => {
            const url = `${baseUrl}/newsletter/unsubscribe?token=${s.token.token}`;
            const oneClick = `${baseUrl}/api/newsletter/one-click-unsubscribe?token=${s.token.token}`;
            return {
              idempotencyKey: s.key,
              kind: 'newsletter',
              toAddress: s.email,
              subject: rendered.subject,
              html: rendered.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, url),
              textBody: rendered.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, url),
              headers: JSON.stringify({ 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }),
            };
          }),
        )
        .onConflict((oc) => oc.column('idempotencyKey').doNothing())
        .execute();
      await trx
        .insertInto('newsletterDeliveries')
        .values(slice.map((s) => ({ issueId: issue.id, subscriberId: s.id, outboxKey: s.key, tokenHash: s.token.hash })))
        .execute();
    }
    return issue.id;
  });
  const [issue] = await listIssues(db, issueId);
  return { testOnly: false, recipients: issue!.recipients, to: null, issue: issue! };
}

/** Sent issues, newest first, each with its messages' states and its unsubscribes (or one issue). */
export async function listIssues(db: DB, onlyId?: number): Promise<NewsletterIssue[]> {
  let q = db
    .selectFrom('newsletterIssues as i')
    .leftJoin('users as u', 'u.id', 'i.sentBy')
    .select([
      'i.id',
      'i.subject',
      'i.content',
      'i.recipients',
      'i.createdAt',
      'u.username',
      'u.firstName',
      'u.lastName',
      sql<number>`(select count(*) from newsletter_deliveries d join mail_outbox o on o.idempotency_key = d.outbox_key where d.issue_id = i.id and o.state = 'sent')::int`.as(
        'sent',
      ),
      sql<number>`(select count(*) from newsletter_deliveries d join mail_outbox o on o.idempotency_key = d.outbox_key where d.issue_id = i.id and o.state in ('failed', 'cancelled'))::int`.as(
        'failed',
      ),
      sql<number>`(select count(*) from newsletter_deliveries d where d.issue_id = i.id and d.unsubscribed_at is not null)::int`.as('unsubscribed'),
    ])
    .orderBy('i.createdAt', 'desc')
    .orderBy('i.id', 'desc')
    .limit(200);
  if (onlyId !== undefined) q = q.where('i.id', '=', onlyId);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    subject: r.subject,
    content: r.content,
    sentBy: [r.firstName, r.lastName].filter(Boolean).join(' ') || r.username || null,
    createdAt: new Date(r.createdAt).toISOString(),
    recipients: r.recipients,
    sent: r.sent,
    failed: r.failed,
    pending: Math.max(0, r.recipients - r.sent - r.failed),
    unsubscribed: r.unsubscribed,
  }));
}
