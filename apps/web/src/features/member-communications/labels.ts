import { COMMUNICATION_TYPES, PRIORITIES, TARGET_AUDIENCES, labelOf, type Priority, type TargetAudience } from '@post/contracts/enums';

/** Audience labels as administrators and members read them. */
export const AUDIENCE_LABELS: Record<TargetAudience, string> = {
  all_members: 'All Members',
  officers: 'Officers',
  life_members: 'Life Members',
  annual_members: 'Annual Members',
};
export const AUDIENCE_OPTIONS = TARGET_AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_LABELS[a] }));
export const TYPE_OPTIONS = COMMUNICATION_TYPES.map((t) => ({ value: t, label: labelOf(t) }));
export const PRIORITY_OPTIONS = PRIORITIES.map((p) => ({ value: p, label: labelOf(p) }));

/** The badge variant of each priority: urgent red, high orange, normal blue, low grey (spec §9). */
export const PRIORITY_BADGE: Record<Priority, 'urgent' | 'high' | 'normal' | 'low'> = {
  urgent: 'urgent',
  high: 'high',
  normal: 'normal',
  low: 'low',
};
