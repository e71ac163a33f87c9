import type { DB } from '@post/db';
import { buddyCheckReachedCount } from '../buddy-check/buddy-check.service.ts';

/**
 * Something else a post counts (Buddy Check calls): a period's figure by count key, added to a
 * count line of that key (decision 0085). `from` and `to` are the period's first and last day
 * ('YYYY-MM-DD') in the post's calendar; `timeZone` is the post's.
 */
export type CountSource = (db: DB, from: string, to: string, timeZone: string) => Promise<Record<string, number>>;

/** A feature adds its source here in one line; events' and entries' own counts are always counted. */
export const countSources: CountSource[] = [async (db, from, to) => ({ buddyChecks: await buddyCheckReachedCount(db, from, to) })];
