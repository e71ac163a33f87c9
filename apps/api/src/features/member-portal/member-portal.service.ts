import { sql } from 'kysely';
import type { DB } from '@post/db';
import type { MemberCommunication } from '@post/contracts/member-communications';
import type { PortalResource } from '@post/contracts/member-resources';
import { audiencesFor, type AudienceMember } from '@post/contracts/rules/audience';
import { toCommunication } from '../member-communications/member-communications.service.ts';
import { resourcesForMember } from '../member-resources/member-resources.service.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { renewalCalendar } from '@post/contracts/membership-settings';
import { duesOn, postDate } from '@post/contracts/rules/dues';
import type { MemberDues } from '@post/contracts/member-payments';

/**
 * The communications this member may read now (decisions §2): published, publish date come,
 * not expired, and an audience that fits the member. Urgent first, then newest first.
 */
export async function communicationsForMember(db: DB, member: AudienceMember): Promise<MemberCommunication[]> {
  const rows = await db
    .selectFrom('memberCommunications')
    .selectAll()
    .where('isPublished', '=', true)
    .where((eb) => eb.or([eb('publishDate', 'is', null), eb('publishDate', '<=', sql<Date>`now()`)]))
    .where((eb) => eb.or([eb('expiryDate', 'is', null), eb('expiryDate', '>', sql<Date>`now()`)]))
    .where('targetAudience', 'in', audiencesFor(member))
    // Urgent ones are pinned to the top (issue 23 #18), then newest first.
    .orderBy(sql`case when priority = 'urgent' then 0 else 1 end`)
    .orderBy(sql`coalesce(publish_date, created_at)`, 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toCommunication);
}

/** The resources this member may open. */
export function portalResources(db: DB, member: AudienceMember): Promise<PortalResource[]> {
  return resourcesForMember(db, member);
}

/** The member's own dues: paid through, status and where to renew (the portal's banner; decision 0065). */
export async function duesForMember(db: DB, memberId: number): Promise<MemberDues> {
  const [row, settings] = await Promise.all([
    db.selectFrom('members').select(['paidThrough', 'paidThroughOn', 'membershipType', 'continuousYears']).where('id', '=', memberId).executeTakeFirstOrThrow(),
    getSettings(db),
  ]);
  const { status, renewFor, renewalOpen, paidThroughOn } = duesOn(row, postDate(new Date(), settings.timeZone), renewalCalendar(settings.membership));
  return {
    paidThrough: row.paidThrough,
    paidThroughOn: paidThroughOn ?? null,
    duesStatus: status,
    renewFor: renewalOpen ? renewFor : null,
    renewalOpen,
    continuousYears: row.continuousYears,
    renewalUrl: settings.membership.renewalUrl,
    duesAmount: settings.membership.duesAmount || null,
  };
}
