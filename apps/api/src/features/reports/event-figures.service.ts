import type { DB } from '@post/db';
import type { EventReportFigures } from '@post/contracts/reporting';
import type { SiteSettings } from '@post/contracts/site-settings';
import { notFound } from '../../errors.ts';
import { checkUnitAndCounts } from './reporting.service.ts';

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
