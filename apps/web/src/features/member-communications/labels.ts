import { COMMUNICATION_TYPES } from '@post/contracts/enums/communication-type';
import { labelOf } from '@post/contracts/enums/label';
import { PRIORITIES, type Priority } from '@post/contracts/enums/priority';
import { TARGET_AUDIENCES, TARGET_AUDIENCE_LABELS } from '@post/contracts/enums/target-audience';

export const AUDIENCE_OPTIONS = TARGET_AUDIENCES.map((a) => ({ value: a, label: TARGET_AUDIENCE_LABELS[a] }));
export const TYPE_OPTIONS = COMMUNICATION_TYPES.map((t) => ({ value: t, label: labelOf(t) }));
export const PRIORITY_OPTIONS = PRIORITIES.map((p) => ({ value: p, label: labelOf(p) }));

/** The badge variant of each priority: urgent red, high orange, normal blue, low grey (spec §9). */
export const PRIORITY_BADGE: Record<Priority, 'urgent' | 'high' | 'normal' | 'low'> = {
  urgent: 'urgent',
  high: 'high',
  normal: 'normal',
  low: 'low',
};

/** The draft key of a communication's editor: the new one's draft also reopens the editor from the list. */
export const draftKey = (id?: number) => `member-communication:${id ?? 'new'}`;
