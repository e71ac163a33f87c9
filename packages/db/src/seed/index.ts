import { sql } from 'kysely';
import { DEFAULT_SITE_SETTINGS } from '@post/contracts/site-settings';
import type { DB } from '../client.ts';
import { hashPassword } from '../passwords.ts';
import { addDemoShifts } from './shifts.ts';
import {
  buildCommanderMessages,
  buildCommunications,
  buildEngagements,
  buildEvents,
  buildMemberResources,
  buildMembers,
  buildNews,
  buildResources,
  makeClock,
} from './content.ts';
import { seedService } from './service.ts';
import { seedReportFigures } from './report-figures.ts';
import { buildPayments, dateOf, demoCalendar } from './membership.ts';
import { demoHighWater, markDemoRows } from './demo-rows.ts';

/** Options of seedDemo. */
export interface SeedDemoOptions {
  /** The moment demo dates are placed around; defaults to the current time. */
  now?: Date;
  /** Portal password of the demo members that may sign in. */
  memberPassword: string;
  /** The post's IANA time zone, in which event times are meant; defaults to the site default. */
  timeZone?: string;
}

/** What seedDemo did. */
export interface SeedDemoResult {
  seeded: boolean;
  /** Demo members who can sign in to the member portal with the given password. */
  portalMembers: { membershipNumber: string; name: string }[];
}

// The tables whose rows an administrator would have entered; any row means the site is in use.
const CONTENT_TABLES = ['events', 'news', 'resources', 'commanderMessages', 'communityEngagements', 'members'] as const;

// Serializes concurrent seeders (several app nodes starting at once) on the same database.
const SEED_LOCK_KEY = 720_451_001;

/** Inserts the site settings row (id 1) with the neutral defaults unless it exists. */
export async function ensureSiteSettings(db: DB): Promise<void> {
  await db
    .insertInto('siteSettings')
    .values({ id: 1, data: JSON.stringify(DEFAULT_SITE_SETTINGS) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

async function hasContent(db: DB): Promise<boolean> {
  for (const table of CONTENT_TABLES) {
    const row = await db.selectFrom(table).select('id').limit(1).executeTakeFirst();
    if (row) return true;
  }
  return false;
}

/** Loads the demo content into an empty database in one transaction; does nothing if any content exists. */
export async function seedDemo(db: DB, opts: SeedDemoOptions): Promise<SeedDemoResult> {
  const none: SeedDemoResult = { seeded: false, portalMembers: [] };
  await ensureSiteSettings(db);
  // Checked before hashing too, so a start-up on a database in use does not pay for argon2.
  if (await hasContent(db)) return none;

  const clock = makeClock(opts.now ?? new Date(), opts.timeZone ?? DEFAULT_SITE_SETTINGS.timeZone);
  // One hash for everyone: argon2id is slow on purpose, and the demo password is shared anyway.
  const passwordHash = await hashPassword(opts.memberPassword);

  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    if (await hasContent(trx)) return none;
    const before = await demoHighWater(trx);

    for (const { volunteers, ...event } of buildEvents(clock)) {
      const { id } = await trx.insertInto('events').values(event).returning('id').executeTakeFirstOrThrow();
      if (volunteers.length > 0) {
        await trx
          .insertInto('volunteers')
          .values(volunteers.map((v) => ({ ...v, eventId: id })))
          .execute();
      }
      await addDemoShifts(trx, { id, title: event.title, startDate: event.startDate }, clock.now);
    }
    await trx.insertInto('news').values(buildNews(clock)).execute();
    await trx.insertInto('resources').values(buildResources()).execute();
    // The older, inactive message first, so the active one has the higher id as it would in use.
    await trx.insertInto('commanderMessages').values(buildCommanderMessages(clock).reverse()).execute();
    await trx.insertInto('communityEngagements').values(buildEngagements(clock).reverse()).execute();

    // A renewal window in progress on the day the demo is loaded (decision 0065).
    const calendar = demoCalendar(dateOf(clock.today));
    if (calendar.opensMonth !== DEFAULT_SITE_SETTINGS.membership.renewalOpensMonth) {
      const membership = { ...DEFAULT_SITE_SETTINGS.membership, renewalOpensMonth: calendar.opensMonth, renewalOpensDay: calendar.opensDay };
      await trx
        .updateTable('siteSettings')
        .set({ data: sql`data || ${JSON.stringify({ membership })}::jsonb` })
        .where('id', '=', 1)
        .execute();
    }
    const members = buildMembers(clock, passwordHash, calendar);
    const ids = await trx
      .insertInto('members')
      .values(members.map((m) => m.row))
      .returning(['id', 'paidThrough', 'deceasedOn'])
      .execute();
    const payments = buildPayments(ids, clock.today);
    if (payments.length) await trx.insertInto('memberPayments').values(payments).execute();
    await trx.insertInto('memberCommunications').values(buildCommunications(clock)).execute();
    await trx.insertInto('memberResources').values(buildMemberResources()).execute();
    await seedService(trx, clock);
    await seedReportFigures(trx, clock);
    await markDemoRows(trx, before);

    return {
      seeded: true,
      portalMembers: members.filter((m) => m.portal).map((m) => ({ membershipNumber: m.row.membershipNumber, name: `${m.row.firstName} ${m.row.lastName}` })),
    };
  });
}
