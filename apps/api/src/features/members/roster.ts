import { readCsvRecords } from './csv-bounds.ts';
import { sql } from 'kysely';
import type { DB } from '@post/db';
import { memberMessages } from '@post/contracts/messages/members';
import { rosterImportMessages } from '@post/contracts/messages/roster-import';
import { MEMBER_IMPORT_MAX_ROWS } from '@post/contracts/members';
import type { RosterColumns, RosterImportInput, RosterImportResult } from '@post/contracts/roster-import';
import { badRequest } from '../../errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { recordAudit, type AuditActor } from '../audit/audit.ts';
import { cancelStaleReminders } from '../renewals/reminders.ts';
import { paidThroughDate } from '@post/contracts/rules/dues';
import { duesClock, type DuesClock } from './dues.ts';

// The national roster import (issue 45 #5, decision 0065): only paid-through years change, matched
// by membership number as the member import matches (trimmed, any case); the preview stores nothing.

/** Latest year a roster may carry, counted from this year: a later one is a typing slip. */
const YEARS_AHEAD = 5;

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const key = (s: string) => s.trim().toLowerCase();

// Headers a few organisations' exports use (myLegion's among them), for a first guess.
const NUMBER_HEADERS = ['memberid', 'membershipnumber', 'membershipno', 'membernumber', 'memberno', 'membershipid', 'membership'];
const YEAR_HEADERS = ['paidthru', 'paidthrough', 'paidthroughyear', 'duesyear', 'duespaidthru', 'expiration', 'expirationdate', 'expires', 'expiry'];
const FIRST_HEADERS = ['firstname', 'first', 'givenname', 'given', 'fname'];
const LAST_HEADERS = ['lastname', 'last', 'surname', 'familyname', 'family', 'lname'];
const FULL_HEADERS = ['name', 'fullname', 'membername'];

// A date may carry a time, as spreadsheets write it ("12/31/2027 0:00", "2027-12-31T00:00:00").
const TIME_PART = /(?:[T\s]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s*[AP]M)?(?:Z|[+-]\d{2}:?\d{2})?)$/i;

function validDay(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** The paid-through year a roster cell names: a year (2027), or a date (12/31/2027, 2027-12-31) read as its year. */
export function rosterYear(raw: string, latest: number): { ok: true; year: number } | { ok: false; reason: string } {
  const r = rosterDay(raw, latest);
  return r.ok ? { ok: true, year: r.year } : r;
}

/** The same with the day, which anniversary dues keep: a date's, or December 31 of a year alone (decision 0098). */
export function rosterDay(raw: string, latest: number): { ok: true; year: number; day: string } | { ok: false; reason: string } {
  const v = raw.trim().replace(TIME_PART, '');
  if (v === '') return { ok: false, reason: rosterImportMessages.noYear };
  let ymd: [number, number, number] | null = null;
  const us = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
  const iso = /^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$/.exec(v);
  if (/^\d{4}$/.test(v)) ymd = [Number(v), 12, 31];
  else if (us && validDay(Number(us[3]), Number(us[1]), Number(us[2]))) ymd = [Number(us[3]), Number(us[1]), Number(us[2])];
  else if (iso && validDay(Number(iso[1]), Number(iso[2]), Number(iso[3]))) ymd = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  if (ymd === null) return { ok: false, reason: rosterImportMessages.badYear(raw.trim()) };
  const [year, month, day] = ymd;
  if (year < 1900 || year > latest) return { ok: false, reason: rosterImportMessages.implausibleYear(year, latest) };
  return { ok: true, year, day: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` };
}

interface RosterFile {
  /** The header row, trimmed. */
  headers: string[];
  rows: string[][];
}

function readRoster(csv: string): RosterFile {
  const [header, ...rows] = readCsvRecords(csv);
  if (!header || header.filter((h) => h !== '').length < 2) throw badRequest(rosterImportMessages.noHeader);
  const data = rows.filter((r) => r.some((c) => c !== ''));
  if (data.length === 0) throw badRequest(rosterImportMessages.noRows);
  if (data.length > MEMBER_IMPORT_MAX_ROWS) throw badRequest(memberMessages.importTooManyRows(MEMBER_IMPORT_MAX_ROWS));
  return { headers: header, rows: data };
}

/** The headers the preview takes a row's name from: first and last name, or one name column. */
function nameColumns(headers: string[]): number[] {
  const find = (names: string[]) => headers.findIndex((h) => names.includes(norm(h)));
  const parts = [find(FIRST_HEADERS), find(LAST_HEADERS)].filter((i) => i >= 0);
  if (parts.length) return parts;
  const full = find(FULL_HEADERS);
  return full >= 0 ? [full] : [];
}

/** The column of a chosen header (any case); 400 when the file has none, or has it twice. */
function columnOf(headers: string[], name: string): number {
  const at = headers.flatMap((h, i) => (key(h) === key(name) ? [i] : []));
  if (at.length === 0) throw badRequest(rosterImportMessages.columnMissing(name.trim()));
  if (at.length > 1) throw badRequest(rosterImportMessages.duplicateHeaders([headers[at[0]!]!]));
  return at[0]!;
}

/**
 * The file's headers and the mapping to pre-select: the latest remembered one whose two headers
 * are both in the file, else a guess from everyday header names, else none.
 */
export async function rosterColumns(db: DB, csv: string): Promise<RosterColumns> {
  const file = readRoster(csv);
  const firstAt = new Map<string, number>();
  file.headers.forEach((h, i) => {
    if (h !== '' && !firstAt.has(key(h))) firstAt.set(key(h), i);
  });
  const headers = [...firstAt.values()].map((i) => file.headers[i]!);
  const sample = [...firstAt.values()].map((i) => (file.rows[0]![i] ?? '').trim());
  const spelled = new Map(headers.map((h) => [key(h), h]));
  const names = nameColumns(file.headers).map((i) => file.headers[i]!);
  const mappings = await db
    .selectFrom('rosterMappings')
    .select(['numberColumn', 'paidThroughColumn'])
    .orderBy('usedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  const known = mappings.find((m) => spelled.has(key(m.numberColumn)) && spelled.has(key(m.paidThroughColumn)));
  if (known) {
    const numberColumn = spelled.get(key(known.numberColumn))!;
    const paidThroughColumn = spelled.get(key(known.paidThroughColumn))!;
    return { headers, sample, rows: file.rows.length, numberColumn, paidThroughColumn, remembered: true, nameColumns: names };
  }
  const guess = (names: string[]) => headers.find((h) => names.includes(norm(h))) ?? null;
  return {
    headers,
    sample,
    rows: file.rows.length,
    numberColumn: guess(NUMBER_HEADERS),
    paidThroughColumn: guess(YEAR_HEADERS),
    remembered: false,
    nameColumns: names,
  };
}

/**
 * Reads a national roster with the chosen columns and lists, per row, the paid-through change, no
 * change, a roster year lower than ours (never applied), no matching member, or why it cannot be
 * read. Unless `dryRun`, raises the changed years (never lowers one, even if it rose since the
 * preview), records each change in the audit log, and remembers the mapping: all in one transaction.
 */
export async function importRoster(db: DB, input: RosterImportInput, actor?: AuditActor): Promise<RosterImportResult> {
  const file = readRoster(input.csv);
  const numberAt = columnOf(file.headers, input.numberColumn);
  const yearAt = columnOf(file.headers, input.paidThroughColumn);
  if (numberAt === yearAt) throw badRequest(rosterImportMessages.sameColumn);
  const yearsAt = input.continuousYearsColumn ? columnOf(file.headers, input.continuousYearsColumn) : null;
  const nameAt = nameColumns(file.headers).filter((i) => i !== numberAt && i !== yearAt && i !== yearsAt);
  const continuous = new Map<number, number>();

  const clock = await duesClock(db);
  const latest = clock.year + YEARS_AHEAD;
  const anniversary = clock.cal.basis === 'anniversary';
  const members = await db.selectFrom('members').select(['id', 'membershipNumber', 'membershipType', 'paidThrough', 'paidThroughOn', 'isActive']).execute();
  const byNumber = new Map(members.map((m) => [key(m.membershipNumber), m]));
  const seen = new Map<string, number>();
  const result: RosterImportResult = {
    dryRun: input.dryRun === true,
    numberColumn: file.headers[numberAt]!,
    paidThroughColumn: file.headers[yearAt]!,
    updated: [],
    lower: [],
    unchanged: [],
    unmatched: [],
    rejected: [],
  };

  file.rows.forEach((cells, i) => {
    const row = i + 2;
    const membershipNumber = (cells[numberAt] ?? '').trim();
    const name =
      nameAt
        .map((j) => cells[j] ?? '')
        .join(' ')
        .replace(/\s+/g, ' ')
        .trim() || null;
    const rawYear = cells[yearAt] ?? '';
    if (!membershipNumber) return void result.rejected.push({ row, membershipNumber, name, reason: rosterImportMessages.noNumber });
    const earlier = seen.get(key(membershipNumber));
    if (earlier !== undefined) return void result.rejected.push({ row, membershipNumber, name, reason: rosterImportMessages.duplicateNumber(earlier) });
    seen.set(key(membershipNumber), row);
    const member = byNumber.get(key(membershipNumber));
    if (!member) return void result.unmatched.push({ row, membershipNumber, name, year: rawYear.trim() });
    const years = yearsAt === null ? '' : (cells[yearsAt] ?? '').trim();
    if (/^\d{1,3}$/.test(years) && Number(years) <= 150) continuous.set(member.id, Number(years));
    const parsed = rosterDay(rawYear, latest);
    if (!parsed.ok) return void result.rejected.push({ row, membershipNumber, name, reason: parsed.reason });
    const ref = { row, membershipNumber: member.membershipNumber, name, memberId: member.id };
    // A Life Member is never due (decision 0065): a roster's year for them is not kept.
    if (member.membershipType === 'Life Member') return void result.unchanged.push({ ...ref, year: member.paidThrough, note: rosterImportMessages.lifeMember });
    if (anniversary) {
      // Anniversary dues compare the days paid through (decision 0098).
      const from = paidThroughDate(member, clock.cal);
      if (from === parsed.day) return void result.unchanged.push({ ...ref, year: parsed.year, note: null });
      const change = { ...ref, from: member.paidThrough, to: parsed.year, fromOn: from, toOn: parsed.day, inactive: !member.isActive };
      return void (from !== null && parsed.day < from ? result.lower : result.updated).push(change);
    }
    if (member.paidThrough === parsed.year) return void result.unchanged.push({ ...ref, year: parsed.year, note: null });
    const change = { ...ref, from: member.paidThrough, to: parsed.year, inactive: !member.isActive };
    if (member.paidThrough !== null && parsed.year < member.paidThrough) result.lower.push(change);
    else result.updated.push(change);
  });

  if (yearsAt !== null) result.continuousYears = continuous.size;
  if (result.dryRun) return result;
  const reactivate = new Set(input.reactivate ?? []);
  await inTransaction(db, async (trx) => {
    for (const u of result.updated) {
      if (u.toOn && !(await laterDay(trx, u.memberId, u.toOn, clock))) continue;
      await trx
        .updateTable('members')
        .set({
          ...(u.toOn ? { paidThrough: u.to, paidThroughOn: u.toOn } : { paidThrough: sql<number>`greatest(coalesce(paid_through, ${u.to}), ${u.to})` }),
          // Made active again only when the adjutant said so in the preview (decision 0086).
          ...(u.inactive && reactivate.has(u.memberId) ? { isActive: true } : {}),
          updatedAt: new Date(),
        })
        .where('id', '=', u.memberId)
        .execute();
      const activated: Record<string, { old: unknown; new: unknown }> = u.inactive && reactivate.has(u.memberId) ? { isActive: { old: false, new: true } } : {};
      if (actor)
        await recordAudit(trx, actor, {
          entity: 'member',
          entityId: u.memberId,
          action: 'update',
          changes: { paidThrough: { old: u.fromOn ?? u.from, new: u.toOn ?? u.to }, ...activated },
        });
    }
    for (const [id, years] of continuous) await trx.updateTable('members').set({ continuousYears: years }).where('id', '=', id).execute();
    await rememberMapping(trx, result.numberColumn, result.paidThroughColumn, actor?.userId ?? null);
  });
  // Reminders queued for members the roster renewed are no longer true (decision 0086).
  await cancelStaleReminders(
    db,
    result.updated.map((u) => u.memberId),
  );
  return result;
}

/** Anniversary dues: whether the roster's day is still later than the member's (never lowered, even if it rose since the preview). */
async function laterDay(db: DB, memberId: number, day: string, clock: DuesClock): Promise<boolean> {
  const m = await db.selectFrom('members').select(['paidThrough', 'paidThroughOn', 'membershipType']).where('id', '=', memberId).forUpdate().executeTakeFirst();
  const from = m ? paidThroughDate(m, clock.cal) : null;
  return from === null || from < day;
}

/** Stores the mapping as the latest used: one row per pair of headers, any case (two applies at once meet on the unique index). */
async function rememberMapping(db: DB, numberColumn: string, paidThroughColumn: string, usedBy: number | null): Promise<void> {
  await sql`
    insert into roster_mappings (number_column, paid_through_column, used_by) values (${numberColumn}, ${paidThroughColumn}, ${usedBy})
    on conflict ((lower(number_column)), (lower(paid_through_column)))
    do update set number_column = excluded.number_column, paid_through_column = excluded.paid_through_column, used_at = now(), used_by = excluded.used_by`.execute(
    db,
  );
}
