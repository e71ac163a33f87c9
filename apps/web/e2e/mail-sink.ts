import { expect } from '@playwright/test';
import type { APIRequestContext } from 'playwright-core';
import { SmtpSink } from '../../api/src/features/mail/smtp-sink.ts';

// Browser tests read what the site mails as its recipient does, from a real SMTP server: the
// Outbox masks the links' tokens (decision 0059), so a link can no longer be read there.

export { SmtpSink };

/** A started SMTP sink; give the site `SMTP_URL: sink.url`. */
export async function startMailSink(): Promise<SmtpSink> {
  const sink = new SmtpSink();
  await sink.start();
  return sink;
}

/** The site settings a site needs to send to the sink. */
export function mailEnv(sink: SmtpSink): Record<string, string> {
  return { SMTP_URL: sink.url, MAIL_FROM: 'Post <post@example.org>', MAIL_RATE: '50' };
}

/** A message's one recipient, lower-cased. */
export function recipient(m: SmtpSink['messages'][number]): string {
  return (m.to && !Array.isArray(m.to) ? (m.to.value[0]?.address ?? '') : '').toLowerCase();
}

/** Waits for a message to this address whose subject matches, as the mail worker sends it. */
export async function mailTo(sink: SmtpSink, address: string, subject: RegExp, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const m = sink.messages.find((x) => recipient(x) === address && subject.test(x.subject ?? ''));
    if (m) return m;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no message "${subject}" to ${address}; received: ${sink.messages.map((x) => `${recipient(x)}: ${x.subject}`).join('; ')}`);
}

/** The site-relative address of the first link to `pathname` (with its token) in a message's text. */
export function linkIn(text: string | undefined, pathname: string): string {
  const m = new RegExp(`https?://[^\\s\\]]+${pathname.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_.%-]*[A-Za-z0-9_-]`).exec(text ?? '');
  if (!m) throw new Error(`no ${pathname} link in:\n${text}`);
  const u = new URL(m[0]);
  return `${u.pathname}${u.search}`;
}

/** Confirms a newsletter sign-up with the token of the confirmation mailed to `email` (decision 0036). */
export async function confirmSubscription(api: APIRequestContext, sink: SmtpSink, email: string): Promise<void> {
  const mail = await mailTo(sink, email, /^Confirm your subscription/);
  const token = new URLSearchParams(linkIn(mail.text, '/newsletter/confirm').split('?')[1]).get('token');
  expect(token, 'no confirmation link in the message').toBeTruthy();
  const res = await api.post('/api/newsletter/confirm', { data: { token } });
  expect(res.status(), await res.text()).toBe(200);
}
