import { z } from './zod.ts';

// The national roster import (issue 45 #5, decision 0065): paid-through years from an organisation's
// own export, its columns mapped once and remembered.

const csv = z
  .string({ error: 'Choose a CSV file to import.' })
  .min(1, 'The file is empty.')
  .max(900_000, 'The file is too large to import at once (at most 900 KB). Split it into smaller files.');
const column = (what: string) =>
  z
    .string({ error: `Choose the column that holds the ${what}.` })
    .trim()
    .min(1, `Choose the column that holds the ${what}.`)
    .max(200, 'At most 200 characters');

/** Body of POST /api/admin/members/roster/columns: the roster file's text. */
export const RosterColumnsInput = z.object({ csv });
export type RosterColumnsInput = z.infer<typeof RosterColumnsInput>;

/** The file's own headers, and the mapping to pre-select: the remembered one when its headers are in the file, else a guess. */
export const RosterColumnsSchema = z.object({
  headers: z.array(z.string()),
  /** The first row's value under each header, to recognise the columns by. */
  sample: z.array(z.string()),
  rows: z.number().int(),
  numberColumn: z.string().nullable(),
  paidThroughColumn: z.string().nullable(),
  /** True when the pre-selected mapping is the one remembered from an earlier import. */
  remembered: z.boolean(),
  /** The headers the preview takes names from (first and last name, or one name column), if any. */
  nameColumns: z.array(z.string()),
});
export type RosterColumns = z.infer<typeof RosterColumnsSchema>;

/** Body of POST /api/admin/members/roster/import: the file, the chosen columns, and dryRun for the preview. */
export const RosterImportInput = z.object({
  csv,
  numberColumn: column('membership number'),
  paidThroughColumn: column('paid-through year'),
  /** Only check and list (the preview): nothing is stored, the mapping neither. */
  dryRun: z.boolean().optional(),
  /** Members renewed by the roster who are marked inactive, to make active again (the adjutant's answer to the preview's question). */
  reactivate: z.array(z.number().int().positive()).max(5000).optional(),
  /** Optional: the column with each member's continuous years (decision 0086). */
  continuousYearsColumn: z.string().trim().max(200).optional(),
});
export type RosterImportInput = z.infer<typeof RosterImportInput>;

const rowRef = {
  /** The spreadsheet's row number (the header is row 1). */
  row: z.number().int(),
  membershipNumber: z.string(),
  /** From the file's name columns, when it has any. */
  name: z.string().nullable(),
};

/** A paid-through change: ours (`from`, null when none recorded) and the roster's (`to`). */
export const RosterChangeSchema = z.object({
  ...rowRef,
  memberId: z.number().int(),
  from: z.number().int().nullable(),
  to: z.number().int(),
  /** Anniversary dues: the days paid through, ours and the roster's (decision 0098). */
  fromOn: z.string().nullable().optional(),
  toOn: z.string().optional(),
  /** The member is marked inactive: the preview asks whether to make them active again (decision 0086). */
  inactive: z.boolean(),
});
export type RosterChange = z.infer<typeof RosterChangeSchema>;

/**
 * Answer of the roster import or its preview: the changes (applied unless `dryRun`), rows that
 * change nothing, roster years lower than ours (shown, never applied), rows that match no member,
 * and rows that cannot be read (a bad year, no number, a number twice), each with why.
 */
export const RosterImportResultSchema = z.object({
  dryRun: z.boolean(),
  /** The columns used, as the file spells them. */
  numberColumn: z.string(),
  paidThroughColumn: z.string(),
  updated: z.array(RosterChangeSchema),
  /** How many matched members' continuous years the roster gives (set when applied). */
  continuousYears: z.number().int().optional(),
  lower: z.array(RosterChangeSchema),
  unchanged: z.array(z.object({ ...rowRef, memberId: z.number().int(), year: z.number().int().nullable(), note: z.string().nullable() })),
  unmatched: z.array(z.object({ ...rowRef, year: z.string() })),
  rejected: z.array(z.object({ ...rowRef, reason: z.string() })),
});
export type RosterImportResult = z.infer<typeof RosterImportResultSchema>;
