import { sql } from 'kysely';
import type { DB } from '@post/db';
import { zonedToUtc, utcToZoned } from '@post/contracts/rules/event-time';
import { programYearLabel } from '@post/contracts/rules/program-year';
import { roundHours } from '@post/contracts/service-hours';
import { GUEST_UNIT, type FormLine, type FormReport, type LineRecord, type ReportLine } from '@post/contracts/reporting';
import type { SiteSettings } from '@post/contracts/site-settings';
import { attendanceHours } from '../attendance/hours.ts';
import { listCategories } from '../service-hours/categories.service.ts';
import { countSources } from './count-sources.ts';
import { formByKey } from './reporting.service.ts';

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
