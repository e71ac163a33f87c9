import type { DB, MailAttachment } from '@post/db';
import type { SiteSettings } from '@post/contracts/site-settings';
import type { Rendered } from './templates.ts';

// What the renderers of queued messages share (render-queued.ts and shift-mail.ts), kept apart so neither imports the other (decision 0083).

/** A rendered message with what it carries. */
export interface RenderedMessage extends Rendered {
  attachments?: MailAttachment[];
}

/**
 * A message that is no longer to be sent: what it was about is gone (a sign-up cancelled or
 * removed, its event deleted, before the message went out). The worker cancels the row.
 */
export class MessageObsolete extends Error {}

/** What rendering reads besides the row: the site settings as they are now, the key that signs links, the database. */
export interface RenderContext {
  settings: SiteSettings;
  /** Signs the links a message carries (MailEnv.linkSecret). */
  linkSecret: string;
  db: DB;
}
