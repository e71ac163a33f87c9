import { ACCESS_LEVELS, type AccessLevel } from '../enums/access-level.ts';
import { TARGET_AUDIENCES, type TargetAudience } from '../enums/target-audience.ts';

/** The part of a member that decides what member content they may see. */
export type AudienceMember = {
  /** 'none' or empty when the member holds no post office. */
  postRole: string;
  /** One of MEMBERSHIP_TYPES (enums/membership-type.ts). */
  membershipType: string;
};

export type VisibleCommunication = {
  isPublished: boolean;
  publishDate: Date | string | null;
  expiryDate: Date | string | null;
  targetAudience: TargetAudience;
};

/** True when the member holds a post office (any role other than 'none'). */
export function isOfficer(member: AudienceMember): boolean {
  const role = member.postRole.trim();
  return role !== '' && role !== 'none';
}

/** True when the member belongs to the audience of a communication. */
export function fitsAudience(member: AudienceMember, audience: TargetAudience): boolean {
  switch (audience) {
    case 'all_members':
      return true;
    case 'officers':
      return isOfficer(member);
    case 'life_members':
      return member.membershipType === 'Life Member';
    case 'annual_members':
      return member.membershipType === 'Annual Member';
    default:
      // Unknown values from the database show to nobody rather than everybody.
      return false;
  }
}

/** True when the member may open a resource of this access level. */
export function fitsAccessLevel(member: AudienceMember, level: AccessLevel): boolean {
  return level === 'member' ? true : fitsAudience(member, level);
}

function toTime(value: Date | string): number {
  return (typeof value === 'string' ? new Date(value) : value).getTime();
}

/** True when a communication is published, within its publish/expiry window at `now`, and meant for the member. */
export function communicationIsVisible(c: VisibleCommunication, member: AudienceMember, now: Date): boolean {
  if (!c.isPublished) return false;
  const t = now.getTime();
  // Comparisons with NaN are false, so an unparseable date hides the communication.
  if (c.publishDate !== null && !(toTime(c.publishDate) <= t)) return false;
  if (c.expiryDate !== null && !(toTime(c.expiryDate) > t)) return false;
  return fitsAudience(member, c.targetAudience);
}

/** Audiences whose communications the member may see, for filtering in SQL. */
export function audiencesFor(member: AudienceMember): TargetAudience[] {
  return TARGET_AUDIENCES.filter((a) => fitsAudience(member, a));
}

/** Resource access levels the member may open, for filtering in SQL. */
export function accessLevelsFor(member: AudienceMember): AccessLevel[] {
  return ACCESS_LEVELS.filter((l) => fitsAccessLevel(member, l));
}
