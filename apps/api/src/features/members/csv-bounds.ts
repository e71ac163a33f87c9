import { parse } from 'csv-parse/sync';
import { memberMessages } from '@post/contracts/messages/members';
import { badRequest } from '../../errors.ts';

/** More columns than any roster or member file has; a wider file is refused before it is parsed (decision 0081). */
export const MAX_CSV_COLUMNS = 300;

/**
 * Whether some record of a CSV text has more than `max` fields, found in one pass over the text
 * (quotes respected). The CSV parser's time grows much faster than a record's width, so a very wide
 * file would hold the server: its width is measured here first, cheaply (decision 0081).
 */
function tooManyColumns(csv: string, max = MAX_CSV_COLUMNS): boolean {
  let fields = 1;
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv.charCodeAt(i);
    if (c === 34 /* " */) quoted = !quoted;
    else if (quoted) continue;
    else if (c === 44 /* , */) {
      if (++fields > max) return true;
    } else if (c === 10 /* \n */) fields = 1;
  }
  return false;
}

/** A member or roster file's records (trimmed, blank lines skipped), or a clear 400: too wide, or not readable as CSV. */
export function readCsvRecords(csv: string): string[][] {
  if (tooManyColumns(csv)) throw badRequest(memberMessages.importTooManyColumns(MAX_CSV_COLUMNS));
  try {
    return parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (err) {
    throw badRequest(memberMessages.importUnreadable(err instanceof Error ? err.message : String(err)));
  }
}
