import { sql } from 'kysely';
import type { DB } from '../client.ts';
import type { SeedClock } from './content.ts';
import { fromDayNumber } from './day-numbers.ts';

// A year of service for the demo (issue 44, decision 0066): the events' categories, a monthly food
// pantry day and a quarterly honor guard over the past year with their attendance, marks on the
// past demo events, and ledger entries (rides to the VA, coaching, flag talks), so the service
// report is meaningful on first start. Everything is placed by day offsets from the clock.

const CATEGORY_OF: [RegExp, string][] = [
  [/meeting|fish fry|breakfast|dinner|canteen|bingo|raffle/i, 'Post fundraisers, canteen and meetings'],
  [/flag|memorial|veterans day|independence|parade|constitution/i, 'Americanism'],
  [/youth|scout|baseball|school|oratorical/i, 'Children & youth'],
  [/blood/i, 'Blood donation'],
  [/honor guard|funeral/i, 'Funeral honors'],
  [/workshop|benefits|va |claims|crisis/i, 'Veterans affairs & rehabilitation'],
];

const NEIGHBOURS = ['Emily Carter', 'Jacob Morales', 'Hannah Walsh', 'Owen Mitchell', 'Rachel Kim', 'Grace Thompson'];

const LEDGER: { category: string; note: string | null; hours: number; miles: number }[] = [
  { category: 'Veterans affairs & rehabilitation', note: 'Drove a veteran to his appointment at the VA medical center', hours: 4, miles: 68 },
  { category: 'Children & youth', note: 'Coached the post-sponsored youth baseball team', hours: 2.5, miles: 6 },
  { category: 'Americanism', note: 'Flag etiquette talk for the fourth grade at Hometown Elementary', hours: 1.5, miles: 4 },
  { category: 'Community service', note: 'Delivered groceries to homebound veterans and seniors', hours: 3, miles: 22 },
  { category: 'Veterans affairs & rehabilitation', note: 'Visited residents of the state veterans home', hours: 2, miles: 41 },
  { category: 'Emergency aid', note: 'Helped a veteran family clear storm damage', hours: 5, miles: 12 },
  { category: 'Funeral honors', note: null, hours: 2, miles: 18 },
];

/** The titles of the past year's service events (the demo calendar around today is the rest). */
export const SERVICE_HISTORY_TITLES = ['Food Pantry Day', 'Honor Guard: Military Funeral Honors'];

/** Which demo category an event's title suggests. */
export function categoryForTitle(title: string): string {
  return CATEGORY_OF.find(([re]) => re.test(title))?.[1] ?? 'Community service';
}

/** Loads the demo year of service; run inside the demo seed's transaction, after events and members. */
export async function seedService(trx: DB, clock: SeedClock): Promise<void> {
  const categories = await trx.selectFrom('serviceCategories').select(['id', 'name']).execute();
  const cat = (name: string) => categories.find((c) => c.name === name)?.id ?? categories[0]!.id;
  const members = await trx
    .selectFrom('members')
    .select(['id', 'firstName', 'lastName', 'email'])
    .where('isActive', '=', true)
    .orderBy('id')
    .limit(8)
    .execute();

  // The demo events' categories, and marks on those already over.
  const events = await trx.selectFrom('events').select(['id', 'title', 'startDate', 'endDate']).execute();
  for (const e of events) {
    await trx
      .updateTable('events')
      .set({ serviceCategoryId: cat(categoryForTitle(e.title)) })
      .where('id', '=', e.id)
      .execute();
  }
  const past = events.filter((e) => new Date(e.endDate).getTime() < clock.now.getTime());
  for (const e of past) {
    const signUps = await trx.selectFrom('volunteers').select(['id', 'name', 'email', 'phone']).where('eventId', '=', e.id).execute();
    for (const [i, v] of signUps.entries()) {
      if (i % 5 === 4) continue; // someone always fails to come
      const start = new Date(e.startDate).getTime();
      await trx
        .insertInto('attendance')
        .values({
          eventId: e.id,
          volunteerId: v.id,
          name: v.name,
          email: v.email,
          phone: v.phone,
          checkedInAt: new Date(start - (i % 3) * 5 * 60_000),
          checkedOutAt: i % 2 === 0 ? new Date(e.endDate) : null,
        })
        .execute();
    }
  }

  // Sign-ups made with a member's address count as the member's hours.
  await sql`update attendance a set member_id = m.id from members m where a.member_id is null and lower(a.email) = lower(m.email)`.execute(trx);

  // A food pantry day each month of the past year (second Saturday), an honor guard each quarter.
  for (let month = 1; month <= 12; month++) {
    const offset = -month * 30 - ((fromDayNumber(clock.today - month * 30).weekday + 1) % 7);
    const pantry = await pastEvent(
      trx,
      clock,
      offset,
      'Food Pantry Day',
      'Sorting donations and packing boxes at the Hometown Food Pantry.',
      9,
      3,
      cat('Community service'),
    );
    const people: { name: string; email: string | null; memberId: number | null }[] = [
      ...members.slice(month % 3, (month % 3) + 3).map((m) => ({ name: `${m.firstName} ${m.lastName}`, email: m.email, memberId: m.id })),
    ];
    people.push(...NEIGHBOURS.slice(month % 4, (month % 4) + 2).map((name) => ({ name, email: null, memberId: null })));
    for (const [i, p] of people.entries()) {
      await trx
        .insertInto('attendance')
        .values({
          eventId: pantry.id,
          name: p.name,
          email: p.email,
          memberId: p.memberId,
          checkedInAt: pantry.start,
          checkedOutAt: new Date(pantry.start.getTime() + (2 + (i % 2) * 0.5) * 3_600_000),
        })
        .execute();
    }
    if (month % 3 === 0) {
      const guard = await pastEvent(
        trx,
        clock,
        offset + 4,
        'Honor Guard: Military Funeral Honors',
        'Rifle squad and flag folding at Hometown Cemetery.',
        10,
        2,
        cat('Funeral honors'),
      );
      for (const m of members.slice(0, 4)) {
        await trx
          .insertInto('attendance')
          .values({ eventId: guard.id, name: `${m.firstName} ${m.lastName}`, email: m.email, memberId: m.id, checkedInAt: guard.start })
          .execute();
      }
    }
  }

  // Ledger entries through the year; the three newest are members' own, waiting for approval.
  for (let i = 0; i < 36; i++) {
    const plan = LEDGER[i % LEDGER.length]!;
    const member = members[i % members.length]!;
    const pending = i < 3;
    await trx
      .insertInto('serviceEntries')
      .values({
        memberId: member.id,
        name: `${member.firstName} ${member.lastName}`,
        serviceDate: isoDay(clock.today - 3 - i * 10),
        hours: plan.hours,
        miles: plan.miles,
        categoryId: cat(plan.category),
        note: plan.note,
        loggedByMember: pending,
        approvedAt: pending ? null : clock.at(-2 - i * 10, 12),
      })
      .execute();
  }
}

async function pastEvent(trx: DB, clock: SeedClock, offset: number, title: string, description: string, hour: number, hours: number, categoryId: number) {
  const start = clock.at(offset, hour);
  const row = await trx
    .insertInto('events')
    .values({
      title,
      description,
      location: 'Hometown',
      startDate: start,
      endDate: new Date(start.getTime() + hours * 3_600_000),
      volunteerPositions: 0,
      serviceCategoryId: categoryId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, start };
}

function isoDay(day: number): string {
  const d = fromDayNumber(day);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}
