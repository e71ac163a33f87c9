import { BRANCHES } from '@post/contracts/enums/branch';
import { DUES_STATUSES } from '@post/contracts/enums/dues-status';
import { labelOf } from '@post/contracts/enums/label';
import { MEMBERSHIP_TYPES } from '@post/contracts/enums/membership-type';
import { POST_ROLES } from '@post/contracts/enums/post-role';
import { memberMessages } from '@post/contracts/messages/members';

/** Options of the member dialog's selects; stored values with their labels. */
export const POST_ROLE_OPTIONS = [{ value: 'none', label: 'No role' }, ...POST_ROLES.map((r) => ({ value: r, label: r }))];
export const MEMBERSHIP_TYPE_OPTIONS = MEMBERSHIP_TYPES.map((t) => ({ value: t, label: t }));
export const BRANCH_OPTIONS = [{ value: 'unspecified', label: memberMessages.notSpecified }, ...BRANCHES.map((b) => ({ value: b, label: b }))];
export const DUES_OPTIONS = DUES_STATUSES.map((d) => ({ value: d, label: labelOf(d) }));

/** "No role assigned" for a member without a post role (spec §2). */
export function postRoleLabel(role: string): string {
  return role && role !== 'none' ? role : memberMessages.noRoleAssigned;
}

/** The branch as the directory shows it: a dash when missing or not specified (spec §2). */
export function branchLabel(branch: string): string {
  return branch && branch !== 'unspecified' ? branch : '—';
}

/** "Paid through 2027" as the directory and the portal say it; Life Members need no year (decision 0065). */
export function paidThroughText(m: { paidThrough: number | null; membershipType: string }): string {
  if (m.membershipType === 'Life Member') return 'Life Member';
  return m.paidThrough === null ? 'No year recorded' : `Paid through ${m.paidThrough}`;
}
