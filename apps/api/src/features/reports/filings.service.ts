import { sql } from 'kysely';
import type { DB } from '@post/db';
import { zonedToUtc, utcToZoned } from '@post/contracts/rules/event-time';
import type { Filing } from '@post/contracts/reporting';
import type { SiteSettings } from '@post/contracts/site-settings';
import { notFound } from '../../errors.ts';
import { formReport } from './form-report.service.ts';

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
