import type { DB } from '@post/db';
import { fitsAudience } from '@post/contracts/rules/audience';
import type { TargetAudience } from '@post/contracts/enums/target-audience';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { enqueue } from '../mail/outbox.ts';
import { memberNotice } from '../mail/member-templates.ts';
import { senderFrom } from '../mail/templates.ts';

/** A communication as its e-mail needs it. */
export interface NoticeSource {
  id: number;
  title: string;
  content: string;
  type: string;
  priority: string;
  targetAudience: string;
  isPublished: boolean;
  publishDate: Date | string | null;
}

/** Urgent notices reach members who turned off e-mail too. */
export function isUrgent(c: Pick<NoticeSource, 'type' | 'priority'>): boolean {
  return c.priority === 'urgent' || c.type === 'urgent_notice';
}

/**
 * Queues a communication's e-mail, in the caller's transaction (issue 19 #5): one message to
 * each active member its audience reaches who has an e-mail address and has not turned off
 * non-urgent e-mail. A communication published for a later date is sent from that date. The
 * key names the communication and the member, so saving it again never sends it twice.
 * Returns how many members it goes to.
 */
export async function queueMemberNotices(trx: DB, baseUrl: string, c: NoticeSource): Promise<number> {
  if (!c.isPublished) return 0;
  const urgent = isUrgent(c);
  const members = await trx
    .selectFrom('members')
    .select(['id', 'email', 'postRole', 'membershipType', 'emailNotices'])
    .where('isActive', '=', true)
    .where('deceasedOn', 'is', null)
    .where('email', '<>', '')
    .orderBy('id')
    .execute();
  const reached = members.filter((m) => m.email.includes('@') && (urgent || m.emailNotices) && fitsAudience(m, c.targetAudience as TargetAudience));
  if (reached.length === 0) return 0;
  const sender = senderFrom(await getSettings(trx), baseUrl);
  const rendered = await memberNotice({ sender, title: c.title, body: c.content, urgent, portalUrl: `${baseUrl}/member` });
  const notBefore = c.publishDate && new Date(c.publishDate).getTime() > Date.now() ? new Date(c.publishDate) : undefined;
  for (const m of reached) {
    await enqueue(trx, {
      idempotencyKey: `member-notice:${c.id}:${m.id}`,
      kind: urgent ? 'member-notice-urgent' : 'member-notice',
      to: m.email,
      notBefore,
      ...rendered,
    });
  }
  return reached.length;
}
