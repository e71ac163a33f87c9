import { readCsvRecords } from './csv-bounds.ts';
import { stringify } from 'csv-stringify/sync';
import type { DB } from '@post/db';
import { memberMessages } from '@post/contracts/messages/members';
import { BRANCHES } from '@post/contracts/enums/branch';
import { MEMBERSHIP_TYPES } from '@post/contracts/enums/membership-type';
import { POST_ROLES } from '@post/contracts/enums/post-role';
import {
  CreateMemberInput,
  MEMBER_CSV_COLUMNS,
  MEMBER_CSV_REQUIRED,
  MEMBER_FIELD_LABELS,
  MEMBER_IMPORT_MAX_ROWS,
  type MemberCsvColumn,
  type MemberImportResult,
} from '@post/contracts/members';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { badRequest } from '../../errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { duesClock } from './dues.ts';
import { mapUniqueViolation, memberValues, toMember } from './members.service.ts';

// The member CSV: export, and import with its preview (decision 0028).

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The directory as CSV (RFC 4180, UTF-8 with BOM for spreadsheets); cells that a spreadsheet would run as formulas are escaped. */
export async function membersCsv(db: DB): Promise<string> {
  const clock = await duesClock(db);
  const timeZone = clock.timeZone;
  const rows = await db.selectFrom('members').selectAll().orderBy('lastName').orderBy('firstName').orderBy('id').execute();
  const records = rows.map((r) => {
    const m = toMember(r, clock);
    const cells: Record<MemberCsvColumn, string> = {
      membershipNumber: m.membershipNumber,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      phone: m.phone ?? '',
      address: m.address ?? '',
      city: m.city ?? '',
      state: m.state ?? '',
      zipCode: m.zipCode ?? '',
      membershipType: m.membershipType,
      branchOfService: m.branchOfService,
      yearsOfService: String(m.yearsOfService),
      deployments: m.deployments ?? '',
      memberSince: utcToZoned(m.memberSince, timeZone).date,
      paidThrough: m.paidThrough === null ? '' : String(m.paidThrough),
      duesStatus: m.duesStatus,
      postRole: m.postRole,
      isActive: String(m.isActive),
      hasOnlineAccess: String(m.hasOnlineAccess),
    };
    return MEMBER_CSV_COLUMNS.map((c) => cells[c]);
  });
  const csv = stringify([[...MEMBER_CSV_COLUMNS], ...records], { escape_formulas: true, record_delimiter: 'windows' });
  return `\uFEFF${csv}`;
}

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

// Header names a spreadsheet may carry: ours, the dialog's labels, and a few everyday ones.
const HEADER_ALIASES = new Map<string, MemberCsvColumn>();
for (const c of MEMBER_CSV_COLUMNS) {
  HEADER_ALIASES.set(norm(c), c);
  HEADER_ALIASES.set(norm(MEMBER_FIELD_LABELS[c]), c);
}
for (const [alias, c] of [
  ['membership', 'membershipNumber'],
  ['membershipno', 'membershipNumber'],
  ['membernumber', 'membershipNumber'],
  ['emailaddress', 'email'],
  ['phonenumber', 'phone'],
  ['zip', 'zipCode'],
  ['branch', 'branchOfService'],
  ['role', 'postRole'],
  ['dues', 'duesStatus'],
  ['active', 'isActive'],
  ['onlineaccess', 'hasOnlineAccess'],
  ['deployments', 'deployments'],
  ['servicehistory', 'deployments'],
] as const) {
  HEADER_ALIASES.set(alias, c);
}

const BOOLEAN_WORDS = new Map<string, boolean>([
  ['true', true],
  ['yes', true],
  ['y', true],
  ['1', true],
  ['active', true],
  ['enabled', true],
  ['false', false],
  ['no', false],
  ['n', false],
  ['0', false],
  ['inactive', false],
  ['disabled', false],
]);

function enumValue(values: readonly string[], raw: string, extra: Record<string, string> = {}): string {
  const n = norm(raw);
  return values.find((v) => norm(v) === n) ?? extra[n] ?? raw;
}

// Undo the export's formula escape ('=..., '+..., '-..., '@...), so a file round-trips unchanged.
function unescapeFormula(v: string): string {
  return /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(v) ? v.slice(1) : v;
}

type Parsed = { ok: true; value: CreateMemberInput } | { ok: false; reason: string };

function parseRow(cells: Partial<Record<MemberCsvColumn, string>>): Parsed {
  const raw: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(cells) as [MemberCsvColumn, string][]) {
    // A blank paid-through year is "none", as the export writes it (decision 0065).
    if (k === 'paidThrough' && v === '') raw[k] = null;
    if (v === '') continue;
    switch (k) {
      case 'isActive':
      case 'hasOnlineAccess': {
        const b = BOOLEAN_WORDS.get(v.toLowerCase());
        if (b === undefined) return { ok: false, reason: `${MEMBER_FIELD_LABELS[k]}: must be yes or no (found "${v}")` };
        raw[k] = b;
        break;
      }
      case 'membershipType':
        raw[k] = enumValue(MEMBERSHIP_TYPES, v);
        break;
      case 'branchOfService':
        raw[k] = enumValue(['unspecified', ...BRANCHES], v, { notspecified: 'unspecified', marinecorps: 'Marines', usmc: 'Marines' });
        break;
      case 'postRole':
        raw[k] = enumValue(['none', ...POST_ROLES], v, { norole: 'none', noroleassigned: 'none' });
        break;
      case 'duesStatus':
        // Derived from paidThrough (decision 0065): the export writes it, the import reads past it.
        break;
      case 'memberSince':
        if (!DATE_ONLY.test(v) && Number.isNaN(Date.parse(v))) {
          return { ok: false, reason: `${MEMBER_FIELD_LABELS.memberSince}: not a date (found "${v}"); use YYYY-MM-DD` };
        }
        raw[k] = v;
        break;
      default:
        raw[k] = v;
    }
  }
  const parsed = CreateMemberInput.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const reason = parsed.error.issues
    .map((i) => {
      const field = i.path[0] as MemberCsvColumn | undefined;
      return field && field in MEMBER_FIELD_LABELS ? `${MEMBER_FIELD_LABELS[field]}: ${i.message}` : i.message;
    })
    .join('; ');
  return { ok: false, reason };
}

// Columns where a blank cell means "none" (the export writes blanks for them); elsewhere a
// blank cell in a row that updates a member leaves the stored value as it is.
const CLEARABLE = new Set<MemberCsvColumn>(['phone', 'address', 'city', 'state', 'zipCode', 'deployments']);

/**
 * Imports members from CSV text (issue 23 #8). Every row is checked as the member dialog checks
 * it. A row whose membership number is in the directory updates that member (the columns the file
 * has; identical rows count as unchanged); other rows add members. Rows that fail, and rows whose
 * e-mail belongs to another member (in the directory or earlier in the file), are reported and
 * none of them is stored. The rest is stored together in one transaction, unless `dryRun` (the
 * preview). Row numbers are the spreadsheet's (the header is row 1).
 */
export async function importMembers(db: DB, csv: string, opts: { dryRun?: boolean } = {}): Promise<MemberImportResult> {
  const [header, ...rows] = readCsvRecords(csv);
  if (!header || rows.length === 0) throw badRequest(memberMessages.importNoRows);
  if (rows.length > MEMBER_IMPORT_MAX_ROWS) throw badRequest(memberMessages.importTooManyRows(MEMBER_IMPORT_MAX_ROWS));
  const columns = header.map((h) => HEADER_ALIASES.get(norm(h)));
  const unknown = header.filter((h, i) => !columns[i] && h.trim() !== '');
  if (unknown.length) throw badRequest(memberMessages.importUnknownColumns(unknown));
  const missing = MEMBER_CSV_REQUIRED.filter((c) => !columns.includes(c)).map((c) => MEMBER_FIELD_LABELS[c]);
  if (missing.length) throw badRequest(memberMessages.importMissingColumns(missing));
  const present = [...new Set(columns.filter((c): c is MemberCsvColumn => c !== undefined))];

  const clock = await duesClock(db);
  const timeZone = clock.timeZone;
  const existing = await db.selectFrom('members').selectAll().execute();
  const byNumber = new Map(existing.map((r) => [r.membershipNumber.toLowerCase(), r]));
  const emailOwner = new Map(existing.map((r) => [r.email.toLowerCase(), r.id]));
  const numberRow = new Map<string, number>();
  const emailRow = new Map<string, number>();

  const good: CreateMemberInput[] = [];
  const updates: { id: number; set: Record<string, unknown> }[] = [];
  let unchanged = 0;
  const rejected: MemberImportResult['rejected'] = [];
  rows.forEach((cellsOfRow, i) => {
    const row = i + 2;
    const cells: Partial<Record<MemberCsvColumn, string>> = {};
    columns.forEach((c, j) => {
      if (c) cells[c] = unescapeFormula(cellsOfRow[j] ?? '');
    });
    const parsed = parseRow(cells);
    if (!parsed.ok) return void rejected.push({ row, reason: parsed.reason });
    const m = parsed.value;
    const number = m.membershipNumber.toLowerCase();
    const email = m.email.toLowerCase();
    const current = byNumber.get(number);
    const reasons: string[] = [];
    if (numberRow.has(number)) reasons.push(memberMessages.importDuplicateNumber(numberRow.get(number)!));
    if (emailRow.has(email)) reasons.push(memberMessages.importDuplicateEmail(emailRow.get(email)!));
    else if (emailOwner.has(email) && emailOwner.get(email) !== current?.id) reasons.push(memberMessages.emailTaken);
    if (!numberRow.has(number)) numberRow.set(number, row);
    if (!emailRow.has(email)) emailRow.set(email, row);
    if (reasons.length) return void rejected.push({ row, reason: reasons.join(' ') });
    if (!current) return void good.push(m);
    const values = memberValues(m, clock) as Record<string, unknown>;
    const set: Record<string, unknown> = {};
    for (const c of present) {
      if (c === 'membershipNumber' || c === 'duesStatus' || (cells[c] === '' && !CLEARABLE.has(c))) continue;
      const before = (current as Record<string, unknown>)[c];
      const same =
        c === 'memberSince'
          ? utcToZoned(new Date(before as Date), timeZone).date === utcToZoned(values[c] as Date, timeZone).date
          : (before ?? null) === (values[c] ?? null);
      if (!same) set[c] = values[c];
    }
    if (Object.keys(set).length === 0) unchanged += 1;
    else updates.push({ id: current.id, set });
  });

  if (!opts.dryRun && (good.length || updates.length)) {
    const values = good.map((m) => ({ ...memberValues(m, clock), loginPassword: null }));
    try {
      await inTransaction(db, async (trx) => {
        for (let i = 0; i < values.length; i += 500)
          await trx
            .insertInto('members')
            .values(values.slice(i, i + 500))
            .execute();
        for (const u of updates) {
          await trx
            .updateTable('members')
            .set({ ...u.set, updatedAt: new Date() })
            .where('id', '=', u.id)
            .execute();
          // As in the dialog: deactivating or turning off online access ends portal sign-ins.
          if (u.set.isActive === false || u.set.hasOnlineAccess === false) await trx.deleteFrom('memberSessions').where('memberId', '=', u.id).execute();
        }
      });
    } catch (err) {
      throw mapUniqueViolation(err);
    }
  }
  return { imported: good.length, updated: updates.length, unchanged, rejected, dryRun: opts.dryRun === true };
}
