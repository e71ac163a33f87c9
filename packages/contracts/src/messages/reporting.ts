/** Report forms, units and counts (issue 60, decision 0085). */
export const reportingMessages = {
  dollars: 'Enter whole dollars from 0 to 10,000,000.',
  unknownCount: (key: string) => `"${key}" is not one of the count kinds in Settings.`,
  count: 'Counts are whole numbers from 0 to 1,000,000.',
  unknownUnit: (key: string) => `"${key}" is not one of the units in Settings.`,
  unknownForm: 'Choose legion-cpr, vfw or another form in Settings.',
  formNotFound: 'That report form does not exist.',
  key: 'A key is letters, digits and dashes, up to 40.',
  labelRequired: 'Give the line a label.',
  duplicateLine: 'Two lines have the same key.',
  countRequired: 'A count line names its count kind.',
  fieldsRequired: 'A dollars line names at least one field.',
  period: 'Choose the year, a quarter (q1-q4) or a month (m1-m12) of the program year.',
  unitRequired: 'Choose a unit.',
  nameRequired: 'A name is required.',
  yearStart: 'Choose the month the year starts in.',
} as const;
