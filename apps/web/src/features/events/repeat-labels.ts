import type { FieldValues } from 'react-hook-form';
import type { Weekday } from '@post/contracts/recurrence';
import type { RepeatFormValues } from './repeat-rule.ts';

/** A form that holds the "Repeats" control's values and the start date they follow. */
export type WithRepeat = FieldValues & { repeat: RepeatFormValues; startDate: string };

export const DAY_LABELS: Record<Weekday, string> = { MO: 'Monday', TU: 'Tuesday', WE: 'Wednesday', TH: 'Thursday', FR: 'Friday', SA: 'Saturday', SU: 'Sunday' };
export const NTH_LABELS: [string, string][] = [
  ['1', 'first'],
  ['2', 'second'],
  ['3', 'third'],
  ['4', 'fourth'],
  ['5', 'fifth'],
  ['-1', 'last'],
];
