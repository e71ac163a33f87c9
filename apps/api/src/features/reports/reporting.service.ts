import type { DB } from '@post/db';
import { z } from 'zod';
import { TRPCError } from '@trpc/server';
import { reportingMessages } from '@post/contracts/messages/reporting';
import { FormLineSchema, type ReportForm } from '@post/contracts/reporting';
import type { SiteSettings } from '@post/contracts/site-settings';
import { notFound } from '../../errors.ts';
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
