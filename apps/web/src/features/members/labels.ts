import { BRANCHES } from '@post/contracts/enums/branch';
import { DUES_STATUS_LABELS, DUES_STATUSES, type DuesStatus } from '@post/contracts/enums/dues-status';
import { MEMBERSHIP_TYPES } from '@post/contracts/enums/membership-type';
import { POST_ROLES } from '@post/contracts/enums/post-role';
import { memberMessages } from '@post/contracts/messages/members';
import { dayText } from '@post/contracts/rules/dues';

/** Options of the member dialog's selects; stored values with their labels. */
export const POST_ROLE_OPTIONS = [{ value: 'none', label: 'No role' }, ...POST_ROLES.map((r) => ({ value: r, label: r }))];
export const MEMBERSHIP_TYPE_OPTIONS = MEMBERSHIP_TYPES.map((t) => ({ value: t, label: t }));
export const BRANCH_OPTIONS = [{ value: 'unspecified', label: memberMessages.notSpecified }, ...BRANCHES.map((b) => ({ value: b, label: b }))];
export const DUES_OPTIONS = DUES_STATUSES.map((d) => ({ value: d, label: DUES_STATUS_LABELS[d] }));

/** "No role assigned" for a member without a post role (spec §2). */
export function postRoleLabel(role: string): string {
  return role && role !== 'none' ? role : memberMessages.noRoleAssigned;
}

/** The branch as the directory shows it: a dash when missing or not specified (spec §2). */
export function branchLabel(branch: string): string {
  return branch && branch !== 'unspecified' ? branch : '—';
}

/** "Paid through 2027", or under anniversary dues "Paid through March 14, 2027" (decision 0098), as the directory and the portal say it; Life Members need no year (decision 0065). */
export function paidThroughText(m: { paidThrough: number | null; paidThroughOn?: string | null; membershipType: string }): string {
  if (m.membershipType === 'Life Member') return 'Life Member';
  return m.paidThrough === null ? 'No year recorded' : `Paid through ${paidThroughLabel(m)}`;
}

/** The year paid through, or the day under anniversary dues ("March 14, 2027"). */
export function paidThroughLabel(m: { paidThrough: number | null; paidThroughOn?: string | null }): string {
  return m.paidThroughOn ? dayText(m.paidThroughOn) : String(m.paidThrough ?? '');
}

/**
 * A member's standing in the Legion's words (decision 0086): "Paid for 2026, renewal for 2027
 * open", "Paid through 2027", "Life Member", "Delinquent: not paid for 2027"; never "due". Under
 * anniversary dues the day: "Paid through March 14, 2027, renewal open" (decision 0098).
 */
export function standingText(m: {
  paidThrough: number | null;
  paidThroughOn?: string | null;
  membershipType: string;
  duesStatus: DuesStatus;
  renewalOpen: boolean;
}): string {
  if (m.duesStatus === 'life' || m.membershipType === 'Life Member') return 'Life Member';
  if (m.paidThrough === null) return 'No year recorded';
  if (m.duesStatus === 'current' && m.paidThroughOn) return `Paid through ${dayText(m.paidThroughOn)}${m.renewalOpen ? ', renewal open' : ''}`;
  if (m.duesStatus === 'current') return m.renewalOpen ? `Paid for ${m.paidThrough}, renewal for ${m.paidThrough + 1} open` : `Paid through ${m.paidThrough}`;
  return `${DUES_STATUS_LABELS[m.duesStatus]}: paid through ${paidThroughLabel(m)}`;
}
