import { createHash } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { DB, MailAttachment } from '@post/db';
import type { SiteSettings } from '@post/contracts/site-settings';
import type { MailEnv } from '../../env.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { renderQueued } from './render-queued.ts';
import { MessageObsolete } from './render-context.ts';
import { claimDue, markCancelled, markSent, recordFailure, release, type Claimed } from './worker-rows.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's e-mail sender (server.ts); main.ts starts it, tests call runOnce() to drive it. */
    mailWorker: MailWorker;
  }
}

/**
 * What the admin Outbox shows as the last error of a queued message while this node has no
 * SMTP_URL. Shown, not written: the row is left as it is (see `runOnce`).
 */
export const NO_MAIL_SERVER = 'not sent: no mail server configured';

/** Attempts answered with a temporary (4xx) failure before a message is marked failed. */
export const MAX_ATTEMPTS = 8;

/** Back-off after a temporary failure: 30 s, 1, 2, 4... minutes, at most an hour. */
export function defaultBackoffMs(attempt: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000);
}

export interface MailWorkerOptions {
  db: DB;
  mail: MailEnv;
  /** A transport to use instead of one built from SMTP_URL. */
  transport?: Transporter;
  log?: (msg: string) => void;
  /** Delay before the next try of a temporarily failed message (tests pass () => 0). */
  backoffMs?: (attempt: number) => number;
  /** How often the worker looks for due messages when running on its own. */
  pollMs?: number;
  /** Work done before each pass (queuing reminders), at most once per `periodicMs`. */
  periodic?: () => Promise<unknown>;
  periodicMs?: number;
}

/** What one pass did. */
export interface PassResult {
  sent: number;
  retried: number;
  failed: number;
  /** Rows dropped unsent because what they were about is gone (MessageObsolete). */
  cancelled: number;
}

/** A claimed row's content, as sent. */
interface Content {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

/**
 * Sends the outbox. Every app node runs one; each pass claims a few due rows with FOR UPDATE
 * SKIP LOCKED (so nodes never take the same row), marks them `sending` with a lease, and
 * sends them no faster than MAIL_RATE. A node that dies mid-send leaves its rows `sending`
 * until the lease ends, when any node takes them again. The Message-ID comes from the
 * idempotency key, so even that rare second delivery is recognisable as the same message.
 */
export class MailWorker {
  private readonly db: DB;
  private readonly mail: MailEnv;
  private readonly transport: Transporter | undefined;
  private readonly log: (msg: string) => void;
  private readonly backoffMs: (attempt: number) => number;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopping = false;
  private nextSlot = 0;
  private lastPeriodic = 0;

  private readonly options: MailWorkerOptions;

  constructor(options: MailWorkerOptions) {
    this.options = options;
    this.db = options.db;
    this.mail = options.mail;
    this.log = options.log ?? (() => undefined);
    this.backoffMs = options.backoffMs ?? defaultBackoffMs;
    this.pollMs = options.pollMs ?? 2000;
    this.transport =
      options.transport ??
      (options.mail.smtpUrl
        ? nodemailer.createTransport({
            url: options.mail.smtpUrl,
            pool: true,
            maxConnections: 2,
            connectionTimeout: 10_000,
            greetingTimeout: 10_000,
            socketTimeout: 30_000,
          })
        : undefined);
  }

  /** Whether messages can be delivered at all. */
  get configured(): boolean {
    return this.transport !== undefined;
  }

  /** Runs passes every pollMs until stop(). */
  start(): void {
    if (!this.configured) this.log(`e-mail: SMTP_URL is not set; messages stay in the outbox (${NO_MAIL_SERVER})`);
    const loop = () => {
      if (this.stopping) return;
      this.running = this.runOnce()
        .catch((err) => this.log(`e-mail: pass failed: ${(err as Error).message}`))
        .finally(() => {
          this.running = undefined;
          if (!this.stopping) this.timer = setTimeout(loop, this.pollMs);
        });
    };
    this.timer = setTimeout(loop, 0);
  }

  /** Stops after the message being sent (SIGTERM): nothing is lost, claimed rows return to the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.transport?.close();
  }

  /** One pass: periodic work, then every due message (tests call this to drive the worker). */
  async runOnce(): Promise<PassResult> {
    const result: PassResult = { sent: 0, retried: 0, failed: 0, cancelled: 0 };
    if (this.options.periodic && Date.now() - this.lastPeriodic >= (this.options.periodicMs ?? 60_000)) {
      this.lastPeriodic = Date.now();
      await this.options.periodic();
    }
    // Without a mail server nothing leaves the queue and no row is written: the Outbox shows
    // queued rows as NO_MAIL_SERVER (decision 0050).
    if (!this.transport) return result;
    const batch = Math.max(1, Math.ceil(this.mail.rate));
    this.settings = undefined;
    while (!this.stopping) {
      const rows = await claimDue(this.db, batch);
      if (rows.length === 0) break;
      for (let i = 0; i < rows.length; i++) {
        const row = rows[i]!;
        if (this.stopping) {
          await release(
            this.db,
            rows.slice(i).map((r) => r.id),
          );
          return result;
        }
        const outcome = await this.send(row);
        result[outcome]++;
        if (outcome === 'retried' && this.unreachable) {
          // The server is down: the rest of the batch would fail the same way.
          await release(
            this.db,
            rows.slice(i + 1).map((r) => r.id),
          );
          return result;
        }
      }
    }
    return result;
  }

  private unreachable = false;
  /** The site settings, read once per pass when a row needs rendering. */
  private settings: Promise<SiteSettings> | undefined;

  // MAIL_RATE per node: each send takes the next slot 1/rate seconds after the previous one.
  private async waitForSlot(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, this.nextSlot);
    this.nextSlot = at + 1000 / this.mail.rate;
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  }

  /**
   * A row's content: as stored, or rendered now from its template with the site settings as
   * they are at send time (decision 0045). Otherwise what became of the row: when rendering
   * fails, the attempt is recorded as failed with the error and the row is tried again later
   * like after a 4xx; when what the message is about is gone, the row is cancelled.
   */
  private async content(row: Claimed, attempts: number): Promise<{ content: Content; rendered: boolean } | 'failed' | 'retried' | 'cancelled'> {
    if (row.html !== null && row.subject !== null && row.textBody !== null)
      return { content: { subject: row.subject, html: row.html, text: row.textBody, attachments: row.attachments }, rendered: false };
    try {
      if (!row.template) throw new Error('the message has neither content nor a template');
      this.settings ??= getSettings(this.db);
      const r = await renderQueued(row.template, row.params, { settings: await this.settings, linkSecret: this.mail.linkSecret, db: this.db });
      return { content: { subject: r.subject, html: r.html, text: r.text, attachments: r.attachments ?? row.attachments }, rendered: true };
    } catch (err) {
      if (err instanceof MessageObsolete) {
        await markCancelled(this.db, row.id, err.message);
        return 'cancelled';
      }
      this.settings = undefined;
      const error = `could not render the message: ${(err as Error)?.message ?? String(err)}`.slice(0, 1000);
      await this.recordFailure(row.id, attempts, error, attempts >= MAX_ATTEMPTS, attempts);
      this.log(`e-mail: message ${row.id} to ${row.toAddress}: ${error}`);
      return attempts >= MAX_ATTEMPTS ? 'failed' : 'retried';
    }
  }

  private async send(row: Claimed): Promise<keyof PassResult> {
    const attempts = row.attempts + 1;
    const prepared = await this.content(row, attempts);
    if (typeof prepared === 'string') {
      // Not the server's fault: the rest of the batch still goes.
      this.unreachable = false;
      return prepared;
    }
    const { content, rendered } = prepared;
    await this.waitForSlot();
    try {
      await this.transport!.sendMail({
        from: this.mail.from,
        to: row.toAddress,
        subject: content.subject,
        html: content.html,
        text: content.text,
        headers: row.headers,
        attachments: content.attachments.map((a) => ({
          filename: a.filename,
          content: a.content,
          contentType: a.contentType,
          encoding: a.encoding,
          cid: a.cid,
        })),
        messageId: `<${createHash('sha256').update(row.idempotencyKey).digest('hex').slice(0, 32)}@${domainOf(this.mail.from)}>`,
      });
      this.unreachable = false;
      // A message rendered now keeps what was sent, for the admin Outbox.
      const written = rendered
        ? { subject: content.subject, html: content.html, textBody: content.text, attachments: JSON.stringify(content.attachments) }
        : {};
      await markSent(this.db, row.id, attempts, written);
      return 'sent';
    } catch (err) {
      const e = err as { responseCode?: number; message?: string; code?: string };
      const error = (e.message ?? String(err)).slice(0, 1000);
      const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
      // 5xx: the server refuses this message for good (unknown mailbox...): only it fails.
      // 4xx: try again later, up to MAX_ATTEMPTS. No answer at all (server down): keep it
      // queued however long the outage lasts; it goes out when the server is back.
      this.unreachable = code === undefined;
      const final = code !== undefined && (code >= 500 || attempts >= MAX_ATTEMPTS);
      // The subject, once rendered, is kept, so the Outbox lists a failed message by it.
      await this.recordFailure(row.id, attempts, error, final, code === undefined ? Math.min(attempts, 6) : attempts, rendered ? content.subject : undefined);
      if (final) this.log(`e-mail: message ${row.id} to ${row.toAddress} failed: ${error}`);
      return final ? 'failed' : 'retried';
    }
  }

  /** A failed attempt: the row is failed for good, or queued again after the back-off of `backoffAttempt`. */
  private recordFailure(id: number, attempts: number, error: string, final: boolean, backoffAttempt: number, subject?: string): Promise<void> {
    return recordFailure(this.db, id, attempts, error, final ? undefined : new Date(Date.now() + this.backoffMs(backoffAttempt)), subject);
  }
}

function domainOf(from: string): string {
  return /@([^\s>]+)/.exec(from)?.[1] ?? 'localhost';
}
