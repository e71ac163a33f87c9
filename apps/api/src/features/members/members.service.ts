import { sql, type Selectable } from 'kysely';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { hashPassword, type DB, type MembersTable } from '@post/db';
import { E } from '@post/contracts/messages';
import { BRANCHES, DUES_STATUSES, MEMBERSHIP_TYPES, POST_ROLES } from '@post/contracts/enums';
import {
  CreateMemberInput,
  MEMBER_CSV_COLUMNS,
  MEMBER_CSV_REQUIRED,
  MEMBER_FIELD_LABELS,
  MEMBER_IMPORT_MAX_ROWS,
  type Member,
  type MemberCsvColumn,
  type MemberImportResult,
  type MemberListInput,
  type UpdateMemberInput,
} from '@post/contracts/members';
import { utcToZoned, zonedToUtc } from '@post/contracts/rules/event-time';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { inTransaction } from '../../lib/transaction.ts';

type MemberRow = Selectable<MembersTable>;

/** A stored member as administrators see it: never the password, only whether there is one. */
export function toMember(r: MemberRow): Member {
  return {
    id: r.id,
    membershipNumber: r.membershipNumber,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    phone: r.phone,
    address: r.address,
    city: r.city,
    state: r.state,
    zipCode: r.zipCode,
    membershipType: r.membershipType as Member['membershipType'],
    branchOfService: r.branchOfService as Member['branchOfService'],
    yearsOfService: r.yearsOfService,
    deployments: r.deployments,
    memberSince: new Date(r.memberSince).toISOString(),
    duesStatus: r.duesStatus as Member['duesStatus'],
    postRole: r.postRole as Member['postRole'],
    isActive: r.isActive,
    hasOnlineAccess: r.hasOnlineAccess,
    hasPortalPassword: r.loginPassword !== null,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The instant stored for "member since": today when missing (spec §5); a bare date is noon of that
 * day in the post's time zone, so it reads as the same day wherever it is shown.
 */
function memberSinceInstant(value: string | null | undefined, timeZone: string): Date {
  const v = value?.trim();
  // A date, not a moment: "now" is noon of today in the post's time zone.
  if (!v) return zonedToUtc(utcToZoned(new Date(), timeZone).date, '12:00', timeZone);
  if (DATE_ONLY.test(v)) return zonedToUtc(v, '12:00', timeZone);
  return new Date(v);
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The directory, by last then first name; the filters narrow it in SQL. */
export async function listMembers(db: DB, filter: MemberListInput = {}): Promise<Member[]> {
  let q = db.selectFrom('members').selectAll();
  const text = filter.q?.trim().toLowerCase();
  if (text) {
    const like = `%${escapeLike(text)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(first_name || ' ' || last_name)`, 'like', like),
        eb(sql`lower(last_name || ', ' || first_name)`, 'like', like),
        eb(sql`lower(membership_number)`, 'like', like),
        eb(sql`lower(email)`, 'like', like),
      ]),
    );
  }
  if (filter.status) q = q.where('isActive', '=', filter.status === 'active');
  if (filter.postRole === 'any') q = q.where('postRole', '<>', 'none');
  else if (filter.postRole) q = q.where('postRole', '=', filter.postRole);
  if (filter.duesStatus) q = q.where('duesStatus', '=', filter.duesStatus);
  const rows = await q.orderBy('lastName').orderBy('firstName').orderBy('id').execute();
  return rows.map(toMember);
}

/** 409 with the message that says which value is taken (case is ignored, as sign-in ignores it). */
async function assertUnique(db: DB, membershipNumber: string | undefined, email: string | undefined, exceptId?: number) {
  if (membershipNumber === undefined && email === undefined) return;
  const rows = await db
    .selectFrom('members')
    .select(['membershipNumber', 'email'])
    .where((eb) =>
      eb.or([
        ...(membershipNumber !== undefined ? [eb(sql`lower(membership_number)`, '=', membershipNumber.toLowerCase())] : []),
        ...(email !== undefined ? [eb(sql`lower(email)`, '=', email.toLowerCase())] : []),
      ]),
    )
    .$if(exceptId !== undefined, (qb) => qb.where('id', '<>', exceptId!))
    .execute();
  if (membershipNumber !== undefined && rows.some((r) => r.membershipNumber.toLowerCase() === membershipNumber.toLowerCase())) {
    throw conflict(E.membershipNumberTaken);
  }
  if (email !== undefined && rows.some((r) => r.email.toLowerCase() === email.toLowerCase())) throw conflict(E.memberEmailTaken);
}

/** A unique violation that slipped past the check (two saves at once) still says which value. */
export function mapUniqueViolation(err: unknown): unknown {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e?.code !== '23505') return err;
  const which = e.constraint ?? e.message ?? '';
  if (which.includes('members_membership_number_uq')) return conflict(E.membershipNumberTaken);
  if (which.includes('members_email_uq')) return conflict(E.memberEmailTaken);
  return err;
}

async function timeZoneOf(db: DB): Promise<string> {
  return (await getSettings(db)).timeZone;
}

/** Adds a member; the spec's defaults fill what is left out, the portal password is stored hashed. */
export async function createMember(db: DB, input: CreateMemberInput): Promise<Member> {
  await assertUnique(db, input.membershipNumber, input.email);
  const timeZone = await timeZoneOf(db);
  const loginPassword = input.loginPassword ? await hashPassword(input.loginPassword) : null;
  try {
    const row = await db
      .insertInto('members')
      .values({ ...memberValues(input, timeZone), loginPassword })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toMember(row);
  } catch (err) {
    throw mapUniqueViolation(err);
  }
}

function memberValues(input: Omit<CreateMemberInput, 'loginPassword'>, timeZone: string) {
  return {
    membershipNumber: input.membershipNumber,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone ?? null,
    address: input.address ?? null,
    city: input.city ?? null,
    state: input.state ?? null,
    zipCode: input.zipCode ?? null,
    membershipType: input.membershipType,
    branchOfService: input.branchOfService,
    yearsOfService: input.yearsOfService,
    deployments: input.deployments ?? null,
    memberSince: memberSinceInstant(input.memberSince, timeZone),
    duesStatus: input.duesStatus,
    postRole: input.postRole,
    isActive: input.isActive,
    hasOnlineAccess: input.hasOnlineAccess,
  };
}

/**
 * Changes the fields the input names. Turning off online access, deactivating the member or
 * resetting their portal password ends their portal sign-ins at once.
 */
export async function updateMember(db: DB, input: UpdateMemberInput): Promise<Member> {
  const { id, loginPassword, memberSince, ...fields } = input;
  const existing = await db.selectFrom('members').select(['id']).where('id', '=', id).executeTakeFirst();
  if (!existing) throw notFound('Member');
  await assertUnique(db, fields.membershipNumber, fields.email, id);
  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) set[k] = v;
  // Present but blank means "now" (spec §5); absent means unchanged.
  if (memberSince !== undefined) set.memberSince = memberSinceInstant(memberSince, await timeZoneOf(db));
  // A blank portal password leaves the stored one as it is (decisions §2: never shown back).
  const passwordChanged = Boolean(loginPassword);
  if (passwordChanged) set.loginPassword = await hashPassword(loginPassword!);
  const endSessions = passwordChanged || set.isActive === false || set.hasOnlineAccess === false;
  try {
    const row = await inTransaction(db, async (trx) => {
      const updated = await trx
        .updateTable('members')
        .set({ ...set, updatedAt: new Date() })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw notFound('Member');
      if (endSessions) await trx.deleteFrom('memberSessions').where('memberId', '=', id).execute();
      return updated;
    });
    return toMember(row);
  } catch (err) {
    throw mapUniqueViolation(err);
  }
}

/** Deletes a member (their sign-ins go with them); 404 when there is no such member. */
export async function deleteMember(db: DB, id: number): Promise<void> {
  const row = await db.deleteFrom('members').where('id', '=', id).returning('id').executeTakeFirst();
  if (!row) throw notFound('Member');
}

// ---------------------------------------------------------------------------------------
// CSV export and import
// ---------------------------------------------------------------------------------------

/** The directory as CSV (RFC 4180, UTF-8 with BOM for spreadsheets); cells that a spreadsheet would run as formulas are escaped. */
export async function membersCsv(db: DB): Promise<string> {
  const timeZone = await timeZoneOf(db);
  const rows = await db.selectFrom('members').selectAll().orderBy('lastName').orderBy('firstName').orderBy('id').execute();
  const records = rows.map((r) => {
    const m = toMember(r);
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
        raw[k] = enumValue(DUES_STATUSES, v);
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
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (err) {
    throw badRequest(E.importUnreadable(err instanceof Error ? err.message : String(err)));
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw badRequest(E.importNoRows);
  if (rows.length > MEMBER_IMPORT_MAX_ROWS) throw badRequest(E.importTooManyRows(MEMBER_IMPORT_MAX_ROWS));
  const columns = header.map((h) => HEADER_ALIASES.get(norm(h)));
  const unknown = header.filter((h, i) => !columns[i] && h.trim() !== '');
  if (unknown.length) throw badRequest(E.importUnknownColumns(unknown));
  const missing = MEMBER_CSV_REQUIRED.filter((c) => !columns.includes(c)).map((c) => MEMBER_FIELD_LABELS[c]);
  if (missing.length) throw badRequest(E.importMissingColumns(missing));
  const present = [...new Set(columns.filter((c): c is MemberCsvColumn => c !== undefined))];

  const timeZone = await timeZoneOf(db);
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
    if (numberRow.has(number)) reasons.push(E.importDuplicateNumber(numberRow.get(number)!));
    if (emailRow.has(email)) reasons.push(E.importDuplicateEmail(emailRow.get(email)!));
    else if (emailOwner.has(email) && emailOwner.get(email) !== current?.id) reasons.push(E.memberEmailTaken);
    if (!numberRow.has(number)) numberRow.set(number, row);
    if (!emailRow.has(email)) emailRow.set(email, row);
    if (reasons.length) return void rejected.push({ row, reason: reasons.join(' ') });
    if (!current) return void good.push(m);
    const values = memberValues(m, timeZone) as Record<string, unknown>;
    const set: Record<string, unknown> = {};
    for (const c of present) {
      if (c === 'membershipNumber' || (cells[c] === '' && !CLEARABLE.has(c))) continue;
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
    const values = good.map((m) => ({ ...memberValues(m, timeZone), loginPassword: null }));
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
