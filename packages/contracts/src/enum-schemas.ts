// The zod schemas of the enumerations; their value lists stay in the zod-free enums/ modules so
// public pages' first JavaScript carries no zod (decision 0063). Each type is its enums/ module's.
import { z } from './zod.ts';
import { formMessages } from './messages/forms.ts';
import { ACCESS_LEVELS } from './enums/access-level.ts';
import { BRANCHES } from './enums/branch.ts';
import { COMMUNICATION_TYPES } from './enums/communication-type.ts';
import { DUES_STATUSES } from './enums/dues-status.ts';
import { EVENT_LIST_WHEN } from './enums/event-list-when.ts';
import { EVENT_TYPES } from './enums/event-type.ts';
import { MEMBER_RESOURCE_CATEGORIES } from './enums/member-resource-category.ts';
import { MEMBER_STATUSES } from './enums/member-status.ts';
import { MEMBERSHIP_TYPES } from './enums/membership-type.ts';
import { ON_HOLIDAY } from './enums/on-holiday.ts';
import { OUTBOX_STATES } from './enums/outbox-state.ts';
import { PAYMENT_METHODS } from './enums/payment-method.ts';
import { POST_ROLES } from './enums/post-role.ts';
import { PRIORITIES } from './enums/priority.ts';
import { RESOURCE_CATEGORIES } from './enums/resource-category.ts';
import { RESOURCE_TYPES } from './enums/resource-type.ts';
import { SERVICE_ENTRY_STATUSES } from './enums/service-entry-status.ts';
import { SIGN_UP_STATUSES } from './enums/sign-up-status.ts';
import { STAFF_ROLES } from './enums/staff-role.ts';
import { TARGET_AUDIENCES } from './enums/target-audience.ts';

export const EventType = z.enum(EVENT_TYPES, { error: 'Please choose an event type' });
export const EventListWhen = z.enum(EVENT_LIST_WHEN, { error: 'Show must be upcoming or past.' });
export const OnHoliday = z.enum(ON_HOLIDAY, { error: 'On a holiday must be keep, skip or next-day.' });
export const SignUpStatus = z.enum(SIGN_UP_STATUSES);

export const ResourceCategory = z.enum(RESOURCE_CATEGORIES, { error: 'Please choose a category' });

export const CommunicationType = z.enum(COMMUNICATION_TYPES, { error: 'Please choose a type' });
export const Priority = z.enum(PRIORITIES, { error: 'Please choose a priority' });
export const TargetAudience = z.enum(TARGET_AUDIENCES, { error: 'Please choose an audience' });

export const MemberResourceCategory = z.enum(MEMBER_RESOURCE_CATEGORIES, { error: 'Please choose a category' });
export const ResourceType = z.enum(RESOURCE_TYPES, { error: 'Please choose a resource type' });
export const AccessLevel = z.enum(ACCESS_LEVELS, { error: 'Please choose an access level' });

export const PostRole = z.enum(['none', ...POST_ROLES], { error: 'Please choose a post role' });
export const MembershipType = z.enum(MEMBERSHIP_TYPES, { error: 'Please choose a membership type' });
export const Branch = z.enum(['unspecified', ...BRANCHES], { error: 'Please choose a branch' });
export const DuesStatus = z.enum(DUES_STATUSES, { error: 'Please choose a dues status' });
export const MemberStatus = z.enum(MEMBER_STATUSES, { error: formMessages.invalidChoice });
export const PaymentMethod = z.enum(PAYMENT_METHODS, { error: 'Choose how it was paid' });

export const StaffRole = z.enum(STAFF_ROLES, { error: formMessages.invalidChoice });
export const OutboxState = z.enum(OUTBOX_STATES);
/** The ledger's filter: every entry, or those of one state. */
export const ServiceEntryStatusFilter = z.enum(['all', ...SERVICE_ENTRY_STATUSES]);
