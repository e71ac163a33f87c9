import { sql } from 'kysely';
import { z } from 'zod';
import { TRPCError } from '@trpc/server';
import type { DB } from '@post/db';
import { zonedToUtc, utcToZoned } from '@post/contracts/rules/event-time';
import { programYearLabel } from '@post/contracts/rules/program-year';
import { roundHours } from '@post/contracts/service-hours';
import { reportingMessages } from '@post/contracts/messages/reporting';
import {
  FormLineSchema,
  GUEST_UNIT,
  type EventReportFigures,
  type Filing,
  type FormLine,
  type FormReport,
  type LineRecord,
  type ReportForm,
  type ReportLine,
} from '@post/contracts/reporting';
import type { SiteSettings } from '@post/contracts/site-settings';
import { notFound } from '../../errors.ts';
import { attendanceHours } from '../attendance/hours.ts';
import { listCategories } from '../service-hours/categories.service.ts';
import { countSources } from './count-sources.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';

/** A 400 naming its field, as a zod issue, so the answer's `issues` points at it (nothing stored). */
export function fieldError(path: (string | number)[], message: string): TRPCError {
  // A parse that fails gives a ZodError as the adapters know it (an Error with its issues).
  const failed = z
    .unknown()
    .superRefine((_v, ctx) => ctx.addIssue({ code: 'custom', path, message }))
    .safeParse(null);
  return new TRPCError({ code: 'BAD_REQUEST', message, cause: failed.error });
}

/** Refuses a unit or a count key the settings do not list. */
export function checkUnitAndCounts(settings: SiteSettings, v: { unit?: string | null; counts?: Record<string, number> }): void {
  const units = new Set(settings.reporting.units.map((u) => u.key));
  if (v.unit != null && !units.has(v.unit)) throw fieldError(['unit'], reportingMessages.unknownUnit(v.unit));
  const kinds = new Set(settings.reporting.countKinds.map((c) => c.key));
  for (const key of Object.keys(v.counts ?? {})) if (!kinds.has(key)) throw fieldError(['counts', key], reportingMessages.unknownCount(key));
}

/** Refuses a member's unit the settings do not list. */
export async function checkMemberUnit(db: DB, unit: string | undefined): Promise<void> {
  if (unit !== undefined) checkUnitAndCounts(await getSettings(db), { unit });
}

function toForm(r: {
  key: string;
  name: string;
  yearStartMonth: number;
  excludedCategoryIds: unknown[];
  capHours: number | null;
  lines: unknown[];
}): ReportForm {
  return {
    key: r.key,
    name: r.name,
    yearStartMonth: r.yearStartMonth,
    excludedCategoryIds: r.excludedCategoryIds as number[],
    capHours: r.capHours,
    lines: r.lines.map((l) => FormLineSchema.parse(l)),
  };
}

export async function listForms(db: DB): Promise<ReportForm[]> {
  return (await db.selectFrom('reportForms').selectAll().orderBy('key').execute()).map(toForm);
}

/** A form by key; an unknown key is a 400 on `form` (a request names a form). */
export async function formByKey(db: DB, key: string, field = 'form'): Promise<ReportForm> {
  const row = await db.selectFrom('reportForms').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row) throw fieldError([field], reportingMessages.formNotFound);
  return toForm(row);
}

/** Replaces a form's name, year start, exclusions and lines (a department's variant). */
export async function updateForm(db: DB, input: ReportForm, settings: SiteSettings): Promise<ReportForm> {
  const units = new Set(settings.reporting.units.map((u) => u.key));
  const kinds = new Set(settings.reporting.countKinds.map((c) => c.key));
  input.lines.forEach((l, i) => {
    const bad = (l.units ?? []).find((u) => !units.has(u));
    if (bad) throw fieldError(['lines', i, 'units'], reportingMessages.unknownUnit(bad));
    if (l.kind === 'count' && !kinds.has(l.count!)) throw fieldError(['lines', i, 'count'], reportingMessages.unknownCount(l.count!));
  });
  const row = await db
    .updateTable('reportForms')
    .set({
      name: input.name,
      yearStartMonth: input.yearStartMonth,
      excludedCategoryIds: JSON.stringify(input.excludedCategoryIds),
      capHours: input.capHours,
      lines: JSON.stringify(input.lines),
      updatedAt: new Date(),
    })
    .where('key', '=', input.key)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('Report form');
  return toForm(row);
}

const pad = (n: number) => String(n).padStart(2, '0');
function monthStart(year: number, month0: number): string {
  const d = new Date(Date.UTC(year, month0, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-01`;
}
function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** The days a period covers: the program year starting in `startMonth` of `year`, a quarter or a month of it. */
export function periodDays(year: number, startMonth: number, period: string): { from: string; to: string; next: string } {
  let offset = 0;
  let length = 12;
  if (period.startsWith('q')) [offset, length] = [(Number(period.slice(1)) - 1) * 3, 3];
  else if (period.startsWith('m')) [offset, length] = [Number(period.slice(1)) - 1, 1];
  const from = monthStart(year, startMonth - 1 + offset);
  const next = monthStart(year, startMonth - 1 + offset + length);
  return { from, to: dayBefore(next), next };
}

/** What a line can count in one record: one person's attendance, an event's own figures, or an entry. */
interface Atom {
  kind: 'event' | 'entry';
  id: number;
  date: string;
  title: string;
  categoryId: number | null;
  unit: string;
  member: boolean;
  beneficiary: string | null;
  hours: number;
  miles: number;
  dollarsGiven: number;
  dollarsCost: number;
  inKindValue: number;
  counts: Record<string, number>;
}

async function atoms(db: DB, from: string, next: string, timeZone: string): Promise<Atom[]> {
  const start = zonedToUtc(from, '00:00', timeZone);
  const end = zonedToUtc(next, '00:00', timeZone);
  const [attendance, events, entries] = await Promise.all([
    db
      .selectFrom('attendance as a')
      .innerJoin('events as e', 'e.id', 'a.eventId')
      .leftJoin('volunteers as v', 'v.id', 'a.volunteerId')
      .leftJoin('volunteerShifts as s', (j) => j.on((eb) => eb('s.id', '=', eb.fn.coalesce('v.shiftId', 'a.shiftId'))))
      .leftJoin('members as m', 'm.id', 'a.memberId')
      .select([
        'a.eventId',
        'e.title',
        'e.startDate',
        'e.endDate',
        'e.serviceCategoryId',
        'e.beneficiary',
        's.startDate as shiftStart',
        's.endDate as shiftEnd',
        'a.memberId',
        'm.unit as memberUnit',
        'a.unit',
        'a.hours',
        'a.miles',
        'a.checkedInAt',
        'a.checkedOutAt',
      ])
      .where('a.checkedInAt', 'is not', null)
      .where('e.startDate', '>=', start)
      .where('e.startDate', '<', end)
      .execute(),
    db
      .selectFrom('events as e')
      .select([
        'e.id',
        'e.title',
        'e.startDate',
        'e.serviceCategoryId',
        'e.beneficiary',
        'e.unit',
        'e.dollarsGiven',
        'e.dollarsCost',
        'e.inKindValue',
        'e.counts',
      ])
      .where('e.startDate', '>=', start)
      .where('e.startDate', '<', end)
      .where((eb) => eb.or([eb('e.dollarsGiven', '>', 0), eb('e.dollarsCost', '>', 0), eb('e.inKindValue', '>', 0), eb(sql`e.counts`, '<>', sql`'{}'::jsonb`)]))
      .execute(),
    db
      .selectFrom('serviceEntries as se')
      .leftJoin('members as m', 'm.id', 'se.memberId')
      .select([
        'se.id',
        'se.name',
        'se.note',
        sql<string>`se.service_date::text`.as('serviceDate'),
        'se.categoryId',
        'se.memberId',
        'm.unit as memberUnit',
        'se.unit',
        'se.beneficiary',
        'se.hours',
        'se.miles',
        'se.dollarsGiven',
        'se.dollarsCost',
        'se.inKindValue',
        'se.counts',
      ])
      .where('se.approvedAt', 'is not', null)
      .where(sql`se.service_date`, '>=', from)
      .where(sql`se.service_date`, '<', next)
      .execute(),
  ]);
  const zero = { dollarsGiven: 0, dollarsCost: 0, inKindValue: 0, counts: {} };
  const out: Atom[] = attendance.map((r) => ({
    kind: 'event',
    id: r.eventId,
    date: utcToZoned(r.startDate, timeZone).date,
    title: r.title,
    categoryId: r.serviceCategoryId,
    // A member's unit is the member's; a walk-in's is the one chosen for them, else a guest (decision 0085).
    unit: r.memberId !== null ? (r.memberUnit ?? 'post') : (r.unit ?? GUEST_UNIT),
    member: r.memberId !== null,
    beneficiary: r.beneficiary,
    hours: attendanceHours({ ...r, startDate: r.shiftStart ?? r.startDate, endDate: r.shiftEnd ?? r.endDate }),
    miles: Number(r.miles),
    ...zero,
  }));
  for (const r of events) {
    out.push({
      kind: 'event',
      id: r.id,
      date: utcToZoned(r.startDate, timeZone).date,
      title: r.title,
      categoryId: r.serviceCategoryId,
      unit: r.unit ?? 'post',
      // The post's own money and counts: a members-only line counts them.
      member: true,
      beneficiary: r.beneficiary,
      hours: 0,
      miles: 0,
      dollarsGiven: r.dollarsGiven,
      dollarsCost: r.dollarsCost,
      inKindValue: r.inKindValue,
      counts: r.counts,
    });
  }
  for (const r of entries) {
    out.push({
      kind: 'entry',
      id: r.id,
      date: r.serviceDate,
      title: r.note ? r.note.split('\n')[0]!.slice(0, 120) : r.name,
      categoryId: r.categoryId,
      unit: r.memberId !== null ? (r.memberUnit ?? 'post') : (r.unit ?? GUEST_UNIT),
      member: r.memberId !== null,
      beneficiary: r.beneficiary,
      hours: Number(r.hours),
      miles: Number(r.miles),
      dollarsGiven: r.dollarsGiven,
      dollarsCost: r.dollarsCost,
      inKindValue: r.inKindValue,
      counts: r.counts,
    });
  }
  return out.sort((x, y) => x.date.localeCompare(y.date) || x.title.localeCompare(y.title));
}

const roundMiles = (m: number) => Math.round(m * 10) / 10;
const round = (kind: FormLine['kind'], v: number) => (kind === 'hours' ? roundHours(v) : kind === 'miles' ? roundMiles(v) : Math.round(v));

/**
 * GET /api/admin/reports/service?year=&form=: each line of the form with its value, how many
 * events and entries it comes from, and those records (decision 0085).
 */
export async function formReport(
  db: DB,
  formKey: string,
  year: number,
  period: string,
  settings: Pick<SiteSettings, 'mileageRate' | 'timeZone'>,
): Promise<FormReport> {
  const form = await formByKey(db, formKey);
  const { from, to, next } = periodDays(year, form.yearStartMonth, period);
  const [all, categories] = await Promise.all([atoms(db, from, next, settings.timeZone), listCategories(db)]);
  const excluded = new Set(form.excludedCategoryIds);
  const reportable = new Set(categories.filter((c) => c.reportable && !excluded.has(c.id)).map((c) => c.id));
  const known = new Set(categories.map((c) => c.id));
  // "rest" is what no other hours line names, so each record lands in one hours bucket only.
  const named = new Set(form.lines.filter((l) => l.kind === 'hours' && Array.isArray(l.categories)).flatMap((l) => l.categories as number[]));
  const inAll = (c: number | null) => c === null || !known.has(c) || reportable.has(c);
  const categoryOk = (l: FormLine, c: number | null) =>
    l.categories === 'all' ? inAll(c) : l.categories === 'rest' ? inAll(c) && (c === null || !named.has(c)) : c !== null && l.categories.includes(c);
  const picks = (l: FormLine, a: Atom) =>
    categoryOk(l, a.categoryId) && (l.units === null ? a.unit !== GUEST_UNIT : l.units.includes(a.unit)) && (!l.membersOnly || a.member);
  const rate = settings.mileageRate;
  const valueOf = (l: FormLine, a: Atom): number => {
    if (l.kind === 'hours') return a.hours;
    if (l.kind === 'miles') return a.miles;
    if (l.kind === 'count') return a.counts[l.count!] ?? 0;
    return l.fields.reduce((t, f) => t + (f === 'milesValue' ? Math.round(a.miles * rate * 100) / 100 : a[f]), 0);
  };
  const needsSources = form.lines.some((l) => l.kind === 'count');
  const sourced = needsSources ? await Promise.all(countSources.map((s) => s(db, from, to, settings.timeZone))) : [];
  const lines: ReportLine[] = form.lines.map((l) => {
    const byRecord = new Map<string, LineRecord>();
    let total = 0;
    for (const a of all) {
      if (!picks(l, a)) continue;
      const v = valueOf(l, a);
      if (!v) continue;
      total += v;
      const k = `${a.kind}${a.id}`;
      const r = byRecord.get(k);
      if (r) r.value += v;
      else byRecord.set(k, { kind: a.kind, id: a.id, date: a.date, title: a.title, value: v });
    }
    if (l.kind === 'count') for (const s of sourced) total += s[l.count!] ?? 0;
    const items = [...byRecord.values()].map((r) => ({ ...r, value: round(l.kind, r.value) }));
    return { key: l.key, item: l.item, label: l.label, kind: l.kind, value: round(l.kind, total), records: items.length, items };
  });
  const overCap: FormReport['overCap'] = [];
  if (form.capHours) {
    const byBeneficiary = new Map<string, { beneficiary: string; hours: number }>();
    for (const a of all) {
      const b = a.beneficiary?.trim();
      if (!b || !a.hours || !inAll(a.categoryId) || a.unit === GUEST_UNIT) continue;
      const row = byBeneficiary.get(b.toLowerCase()) ?? { beneficiary: b, hours: 0 };
      row.hours += a.hours;
      byBeneficiary.set(b.toLowerCase(), row);
    }
    for (const r of byBeneficiary.values()) if (r.hours > form.capHours) overCap.push({ beneficiary: r.beneficiary, hours: roundHours(r.hours) });
  }
  return {
    form: form.key,
    name: form.name,
    year,
    label: programYearLabel(year, form.yearStartMonth),
    period,
    from,
    to,
    mileageRate: rate,
    lines,
    overCap,
  };
}

/** "Mark as filed": the lines as they stand now, kept as they are whatever changes later. */
export async function fileReport(db: DB, input: { year: number; form: string; period: string }, userId: number, settings: SiteSettings): Promise<Filing> {
  const r = await formReport(db, input.form, input.year, input.period, settings);
  const lines = r.lines.map(({ items: _items, ...l }) => l);
  const row = await db
    .insertInto('reportFilings')
    .values({
      formKey: r.form,
      year: r.year,
      period: r.period,
      dateFrom: r.from,
      dateTo: r.to,
      filedBy: userId,
      formName: r.name,
      lines: JSON.stringify(lines),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return filingById(db, row.id, settings.timeZone);
}

/** A filing as filed, and the records of its period changed after it was filed. */
export async function filingById(db: DB, id: number, timeZone: string): Promise<Filing> {
  const f = await db
    .selectFrom('reportFilings')
    .select(['id', 'formKey', 'formName', 'year', 'period', sql<string>`date_from::text`.as('from'), sql<string>`date_to::text`.as('to'), 'filedAt', 'lines'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!f) throw notFound('Filing');
  const start = zonedToUtc(f.from, '00:00', timeZone);
  const end = zonedToUtc(nextDay(f.to), '00:00', timeZone);
  const [entries, events, attendance] = await Promise.all([
    db
      .selectFrom('serviceEntries')
      .select(['id', 'name as title', sql<string>`service_date::text`.as('date'), 'updatedAt'])
      .where('updatedAt', '>', f.filedAt)
      .where(sql`service_date`, '>=', f.from)
      .where(sql`service_date`, '<=', f.to)
      .execute(),
    db
      .selectFrom('events')
      .select(['id', 'title', 'startDate', 'updatedAt'])
      .where('updatedAt', '>', f.filedAt)
      .where('startDate', '>=', start)
      .where('startDate', '<', end)
      .execute(),
    db
      .selectFrom('attendance as a')
      .innerJoin('events as e', 'e.id', 'a.eventId')
      .select(['a.id', 'a.name', 'e.title', 'e.startDate', 'a.updatedAt'])
      .where('a.updatedAt', '>', f.filedAt)
      .where('e.startDate', '>=', start)
      .where('e.startDate', '<', end)
      .execute(),
  ]);
  const iso = (d: Date | string) => new Date(d).toISOString();
  return {
    id: f.id,
    form: f.formKey,
    name: f.formName,
    year: f.year,
    period: f.period,
    from: f.from,
    to: f.to,
    filedAt: iso(f.filedAt),
    lines: f.lines as Filing['lines'],
    changedSince: [
      ...entries.map((r) => ({ kind: 'entry' as const, id: r.id, title: r.title, date: r.date, changedAt: iso(r.updatedAt) })),
      ...events.map((r) => ({ kind: 'event' as const, id: r.id, title: r.title, date: utcToZoned(r.startDate, timeZone).date, changedAt: iso(r.updatedAt) })),
      ...attendance.map((r) => ({
        kind: 'attendance' as const,
        id: r.id,
        title: `${r.title}: ${r.name}`,
        date: utcToZoned(r.startDate, timeZone).date,
        changedAt: iso(r.updatedAt),
      })),
    ].sort((a, b) => a.changedAt.localeCompare(b.changedAt)),
  };
}

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A form's filings, newest first. */
export async function listFilings(db: DB, form?: string) {
  let q = db
    .selectFrom('reportFilings')
    .select(['id', 'formKey', 'formName', 'year', 'period', sql<string>`date_from::text`.as('from'), sql<string>`date_to::text`.as('to'), 'filedAt'])
    .orderBy('filedAt', 'desc')
    .orderBy('id', 'desc');
  if (form) q = q.where('formKey', '=', form);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    form: r.formKey,
    name: r.formName,
    year: r.year,
    period: r.period,
    from: r.from,
    to: r.to,
    filedAt: new Date(r.filedAt).toISOString(),
  }));
}

/** An event's report figures; 404 when missing. */
export async function eventFigures(db: DB, id: number): Promise<EventReportFigures> {
  const r = await db
    .selectFrom('events')
    .select(['id', 'dollarsGiven', 'dollarsCost', 'inKindValue', 'beneficiary', 'counts', 'unit', 'defaultMiles'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound('Event');
  return { ...r, unit: r.unit ?? 'post', defaultMiles: r.defaultMiles === null ? null : Number(r.defaultMiles) };
}

/** Sets an event's dollars, who benefited, counts, unit and default miles. */
export async function setEventFigures(
  db: DB,
  input: Omit<EventReportFigures, 'beneficiary' | 'defaultMiles'> & { beneficiary?: string | null; defaultMiles?: number | null },
  settings: SiteSettings,
): Promise<EventReportFigures> {
  checkUnitAndCounts(settings, input);
  const row = await db
    .updateTable('events')
    .set({
      dollarsGiven: input.dollarsGiven,
      dollarsCost: input.dollarsCost,
      inKindValue: input.inKindValue,
      beneficiary: input.beneficiary || null,
      counts: JSON.stringify(input.counts),
      unit: input.unit,
      defaultMiles: input.defaultMiles ?? null,
      updatedAt: new Date(),
    })
    .where('id', '=', input.id)
    .returning('id')
    .executeTakeFirst();
  if (!row) throw notFound('Event');
  return eventFigures(db, input.id);
}
