import type { DB } from '@post/db';
import { currentProgramYear, programYear, programYearLabel } from '@post/contracts/rules/program-year';
import { roundHours, type MyService } from '@post/contracts/service-hours';
import type { SiteSettings } from '@post/contracts/site-settings';
import { listCategories } from './categories.service.ts';
import { serviceLines } from './report.service.ts';

type YearSettings = Pick<SiteSettings, 'serviceYearStartMonth' | 'timeZone'>;

/** GET /api/member/service: the member's hours this program year (approved ones) and every record of it. */
export async function myService(db: DB, memberId: number, settings: YearSettings, now = new Date()): Promise<MyService> {
  const year = currentProgramYear(now, settings.serviceYearStartMonth, settings.timeZone);
  const [lines, categories] = await Promise.all([serviceLines(db, year, settings.serviceYearStartMonth, settings.timeZone, memberId), listCategories(db)]);
  const name = new Map(categories.map((c) => [c.id, c.name]));
  const { from, to } = programYear(year, settings.serviceYearStartMonth);
  return {
    label: programYearLabel(year, settings.serviceYearStartMonth),
    from,
    to,
    hours: roundHours(lines.filter((l) => l.approved).reduce((t, l) => t + l.hours, 0)),
    items: lines
      .map((l) => ({
        kind: l.kind,
        id: l.id,
        date: l.date,
        title: l.title,
        category: l.categoryId ? (name.get(l.categoryId) ?? '') : '',
        hours: l.hours,
        approved: l.approved,
      }))
      .reverse(),
  };
}

/** The home page's total: reportable, approved hours of this program year, or null while the switch is off. */
export async function publicTotal(db: DB, settings: YearSettings & Pick<SiteSettings, 'showServiceTotal'>, now = new Date()) {
  if (!settings.showServiceTotal) return null;
  const year = currentProgramYear(now, settings.serviceYearStartMonth, settings.timeZone);
  const [lines, categories] = await Promise.all([serviceLines(db, year, settings.serviceYearStartMonth, settings.timeZone), listCategories(db)]);
  const excluded = new Set(categories.filter((c) => !c.reportable).map((c) => c.id));
  const hours = lines.filter((l) => l.approved && !(l.categoryId !== null && excluded.has(l.categoryId))).reduce((t, l) => t + l.hours, 0);
  return { hours: roundHours(hours), label: programYearLabel(year, settings.serviceYearStartMonth) };
}
