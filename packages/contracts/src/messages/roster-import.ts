/** What the roster import says when a whole file is refused, and why a row is not applied. */
export const rosterImportMessages = {
  noRows: 'The file has no rows below its header row.',
  noHeader: 'The file has no header row naming its columns.',
  duplicateHeaders: (names: string[]) => `The file names these columns twice: ${names.join(', ')}. Rename one of each in the file.`,
  columnMissing: (name: string) => `The file has no column named "${name}". Choose one of its own columns.`,
  sameColumn: 'Choose different columns for the membership number and the paid-through year.',
  noNumber: 'No membership number in this row.',
  duplicateNumber: (row: number) => `The same membership number is already on row ${row} of this file.`,
  noYear: 'No paid-through year in this row.',
  badYear: (value: string) => `"${value}" is not a year: use a year such as 2027, or a date such as 12/31/2027 or 2027-12-31.`,
  implausibleYear: (year: number, latest: number) => `${year} is not a plausible paid-through year (1900 to ${latest}).`,
  lifeMember: 'Life Member: never due, so no year is kept.',
} as const;
