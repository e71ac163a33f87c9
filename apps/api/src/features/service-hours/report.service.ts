import { sql } from 'kysely';
import { stringify } from 'csv-stringify/sync';
import type { DB } from '@post/db';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { programYear, programYearBounds, programYearLabel } from '@post/contracts/rules/program-year';
import { serviceHoursMessages } from '@post/contracts/messages/service-hours';
import { roundHours, type ReportCategory, type ServiceReport } from '@post/contracts/service-hours';
import { attendanceHours, markedHours, needsConfirmation, plannedHours } from '../attendance/hours.ts';
import { listCategories } from './categories.service.ts';

/** One counted record: an attendance at an event or a ledger entry. */
export interface ServiceLine {
  kind: 'event' | 'entry';
  /** The event's id (attendance) or the entry's id. */
  id: number;
  date: string;
  title: string;
  person: string;
  /** Who, for counting volunteers once: the member, else the e-mail, else the name. */
  personKey: string;
  memberId: number | null;
  hours: number;
  miles: number;
  categoryId: number | null;
  approved: boolean;
  documented: boolean;
  /** Attendance whose marks run well past the planned length, not yet confirmed: its record, the planned and the marked hours. */
  unconfirmed?: { attendanceId: number; planned: number; marked: number };
}

/** What the report, the member's own page and the home page's total count from: every record of a program year. */
export async function serviceLines(db: DB, year: number, startMonth: number, timeZone: string, memberId?: number): Promise<ServiceLine[]> {
  const { start, end } = programYearBounds(year, startMonth, timeZone);
  const { from, next } = programYear(year, startMonth);
  let attendance = db
    .selectFrom('attendance as a')
    .innerJoin('events as e', 'e.id', 'a.eventId')
    .leftJoin('volunteers as v', 'v.id', 'a.volunteerId')
    // A sign-up's own shift, else the one a walk-in was added to.
    .leftJoin('volunteerShifts as s', (j) => j.on((eb) => eb('s.id', '=', eb.fn.coalesce('v.shiftId', 'a.shiftId'))))
    .select([
      's.startDate as shiftStart',
      's.endDate as shiftEnd',
      'a.id as attendanceId',
      'a.hoursConfirmedAt',
      'a.eventId',
      'e.title',
      'e.startDate',
      'e.endDate',
      'e.serviceCategoryId',
      'a.name',
      'a.email',
      'a.memberId',
      'a.hours',
      'a.checkedInAt',
      'a.checkedOutAt',
    ])
    .where('a.checkedInAt', 'is not', null)
    .where('e.startDate', '>=', start)
    .where('e.startDate', '<', end);
  let entries = db
    .selectFrom('serviceEntries as se')
    .select([
      'se.id',
      'se.name',
      'se.memberId',
      sql<string>`se.service_date::text`.as('serviceDate'),
      'se.hours',
      'se.miles',
      'se.categoryId',
      'se.note',
      'se.imageId',
      'se.approvedAt',
    ])
    .where(sql`se.service_date`, '>=', from)
    .where(sql`se.service_date`, '<', next);
  if (memberId !== undefined) {
    attendance = attendance.where('a.memberId', '=', memberId);
    entries = entries.where('se.memberId', '=', memberId);
  }
  const [a, s, categories] = await Promise.all([attendance.execute(), entries.execute(), listCategories(db)]);
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const lines: ServiceLine[] = a.map((r) => {
    const source = { ...r, startDate: r.shiftStart ?? r.startDate, endDate: r.shiftEnd ?? r.endDate };
    const line: ServiceLine = {
      kind: 'event',
      id: r.eventId,
      date: utcToZoned(r.startDate, timeZone).date,
      title: r.title,
      person: r.name,
      personKey: r.memberId ? `m${r.memberId}` : r.email ? `e${r.email.toLowerCase()}` : `n${r.name.toLowerCase()}`,
      memberId: r.memberId,
      hours: attendanceHours(source),
      miles: 0,
      categoryId: r.serviceCategoryId,
      approved: true,
      documented: true,
    };
    if (needsConfirmation(source)) line.unconfirmed = { attendanceId: r.attendanceId, planned: plannedHours(source), marked: markedHours(source) };
    return line;
  });
  for (const r of s) {
    lines.push({
      kind: 'entry',
      id: r.id,
      date: r.serviceDate,
      title: r.note ? r.note.split('\n')[0]!.slice(0, 120) : (categoryName.get(r.categoryId) ?? ''),
      person: r.name,
      personKey: r.memberId ? `m${r.memberId}` : `n${r.name.toLowerCase()}`,
      memberId: r.memberId,
      hours: Number(r.hours),
      miles: Number(r.miles),
      categoryId: r.categoryId,
      approved: r.approvedAt !== null,
      documented: r.imageId !== null || !!r.note,
    });
  }
  return lines.sort((x, y) => x.date.localeCompare(y.date) || x.title.localeCompare(y.title) || x.person.localeCompare(y.person));
}

/** The figures of a set of counted lines (approved ones only). */
function figures(lines: ServiceLine[], rate: number) {
  const counted = lines.filter((l) => l.approved);
  const sum = (ls: ServiceLine[], f: (l: ServiceLine) => number) => ls.reduce((t, l) => t + f(l), 0);
  const miles = Math.round(sum(counted, (l) => l.miles) * 10) / 10;
  return {
    hours: roundHours(sum(counted, (l) => l.hours)),
    volunteers: new Set(counted.map((l) => l.personKey)).size,
    memberHours: roundHours(
      sum(
        counted.filter((l) => l.memberId !== null),
        (l) => l.hours,
      ),
    ),
    nonMemberHours: roundHours(
      sum(
        counted.filter((l) => l.memberId === null),
        (l) => l.hours,
      ),
    ),
    events: new Set(counted.filter((l) => l.kind === 'event').map((l) => l.id)).size,
    entries: counted.length,
    miles,
    mileageValue: Math.round(miles * rate * 100) / 100,
  };
}

/** A category's list: one line per event (its people together), one per ledger entry. */
function items(lines: ServiceLine[]): ReportCategory['items'] {
  const out: ReportCategory['items'] = [];
  const byEvent = new Map<number, ReportCategory['items'][number]>();
  for (const l of lines.filter((x) => x.approved)) {
    if (l.kind === 'entry') {
      out.push({ kind: 'entry', id: l.id, date: l.date, title: l.title, people: [l.person], hours: l.hours, miles: l.miles });
      continue;
    }
    let item = byEvent.get(l.id);
    if (!item) {
      item = { kind: 'event', id: l.id, date: l.date, title: l.title, people: [], hours: 0, miles: 0 };
      byEvent.set(l.id, item);
      out.push(item);
    }
    item.people.push(l.person);
    item.hours = roundHours(item.hours + l.hours);
  }
  return out;
}

/**
 * GET /api/admin/reports/service?year=: the program year's totals (reportable categories only),
 * each category in the report's order with its list, and the entries to look at before filing.
 */
export async function serviceReport(
  db: DB,
  year: number,
  settings: { serviceYearStartMonth: number; mileageRate: number; timeZone: string },
): Promise<ServiceReport> {
  const startMonth = settings.serviceYearStartMonth;
  const rate = settings.mileageRate;
  const lines = await serviceLines(db, year, startMonth, settings.timeZone);
  const categories = await listCategories(db);
  const known = new Set(categories.map((c) => c.id));
  const groups: { id: number | null; name: string; reportable: boolean }[] = categories.map((c) => ({ id: c.id, name: c.name, reportable: c.reportable }));
  // Attendance at an event with no category still happened: counted, and named so it gets one.
  if (lines.some((l) => l.categoryId === null || !known.has(l.categoryId))) groups.push({ id: null, name: serviceHoursMessages.noCategory, reportable: true });
  const inGroup = (g: { id: number | null }) => (l: ServiceLine) => (g.id === null ? l.categoryId === null || !known.has(l.categoryId) : l.categoryId === g.id);
  const reportable = lines.filter((l) => groups.find((g) => inGroup(g)(l))?.reportable);
  const { from, to } = programYear(year, startMonth);
  const nameOf = (id: number | null) => groups.find((g) => g.id === id)?.name ?? serviceHoursMessages.noCategory;
  return {
    year,
    label: programYearLabel(year, startMonth),
    from,
    to,
    startMonth,
    mileageRate: rate,
    totals: figures(reportable, rate),
    categories: groups.map((g) => {
      const own = lines.filter(inGroup(g));
      return { ...g, ...figures(own, rate), items: items(own) };
    }),
    attention: [
      ...lines.flatMap((l) =>
        l.unconfirmed
          ? [
              {
                kind: 'attendance' as const,
                id: l.unconfirmed.attendanceId,
                date: l.date,
                name: l.person,
                hours: l.unconfirmed.marked,
                category: nameOf(l.categoryId),
                reason: serviceHoursMessages.hoursBeyondShift(l.unconfirmed.planned),
              },
            ]
          : [],
      ),
      ...lines
        .filter((l) => l.kind === 'entry' && (!l.approved || !l.documented))
        .map((l) => ({
          kind: 'entry' as const,
          id: l.id,
          date: l.date,
          name: l.person,
          hours: l.hours,
          category: nameOf(l.categoryId),
          reason: !l.approved ? serviceHoursMessages.pendingApproval : serviceHoursMessages.noDocumentation,
        })),
    ],
  };
}

/** The CSV's column headings of the per-category table. */
export const REPORT_CSV_COLUMNS = [
  'Category',
  'Reportable',
  'Hours',
  'Volunteers',
  'Member hours',
  'Non-member hours',
  'Events',
  'Entries',
  'Miles',
  'Mileage value',
] as const;

/** The report as CSV (UTF-8 with BOM, formula-safe): the year, the per-category table with its total, then every line. */
export function serviceReportCsv(r: ServiceReport, postName: string): string {
  const row = (name: string, reportable: string, f: ServiceReport['totals']) => [
    name,
    reportable,
    f.hours,
    f.volunteers,
    f.memberHours,
    f.nonMemberHours,
    f.events,
    f.entries,
    f.miles,
    f.mileageValue.toFixed(2),
  ];
  const records: (string | number)[][] = [
    ['Service report', postName],
    ['Program year', r.label],
    ['From', r.from],
    ['To', r.to],
    ['Mileage rate', r.mileageRate],
    [],
    [...REPORT_CSV_COLUMNS],
    ...r.categories.map((c) => row(c.name, c.reportable ? 'yes' : 'no', c)),
    row('Total (reportable)', '', r.totals),
    [],
    ['Category', 'Kind', 'Date', 'Title', 'People', 'Hours', 'Miles'],
    ...r.categories.flatMap((c) => c.items.map((i) => [c.name, i.kind, i.date, i.title, i.people.join('; '), i.hours, i.miles])),
  ];
  if (r.attention.length) {
    records.push(
      [],
      ['Needs attention', 'Date', 'Name', 'Hours', 'Category', 'Reason'],
      ...r.attention.map((a) => ['', a.date, a.name, a.hours, a.category, a.reason]),
    );
  }
  return `\uFEFF${stringify(records, { escape_formulas: true, record_delimiter: 'windows' })}`;
}
