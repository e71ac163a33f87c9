import { sql } from 'kysely';
import type { DB } from '../client.ts';
import type { SeedClock } from './content.ts';
import { fromDayNumber } from './day-numbers.ts';

// A year of dollars, counts and units for the demo (issue 60, decision 0085): so both report
// forms, the CPR and the VFW's, show real-looking figures on first start. Runs after seedService,
// on its events and entries; everything is placed by day offsets from the clock.

const isoDay = (day: number) => {
  const d = fromDayNumber(day);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
};

/** Loads the demo year's report figures; run inside the demo seed's transaction, after seedService. */
export async function seedReportFigures(trx: DB, clock: SeedClock): Promise<void> {
  const categories = await trx.selectFrom('serviceCategories').select(['id', 'name']).execute();
  const cat = (name: string) => categories.find((c) => c.name === name)?.id ?? categories[0]!.id;
  const members = await trx.selectFrom('members').select(['id', 'firstName', 'lastName']).where('isActive', '=', true).orderBy('id').limit(10).execute();

  // The Legion Family: two Riders, a Son and an Auxiliary member among the demo members.
  const unitOf: [number, string][] = [
    [5, 'riders'],
    [6, 'riders'],
    [7, 'sons'],
    [8, 'auxiliary'],
  ];
  for (const [i, unit] of unitOf) if (members[i]) await trx.updateTable('members').set({ unit }).where('id', '=', members[i].id).execute();

  // Round-trip miles on every check-out; two of the food pantry's neighbours came with the Auxiliary.
  await sql`update attendance set miles = 6 + (id % 5) * 4 where checked_out_at is not null`.execute(trx);
  await sql`update attendance set unit = 'auxiliary' where member_id is null and name in ('Hannah Walsh', 'Grace Thompson')`.execute(trx);

  // The food pantry days: money and food given, what the post spent, who benefited.
  await trx
    .updateTable('events')
    .set({ dollarsGiven: 150, inKindValue: 420, dollarsCost: 35, beneficiary: 'Hometown Food Pantry', defaultMiles: 12 })
    .where('title', '=', 'Food Pantry Day')
    .execute();
  // Each honor guard: a funeral's honors and the flag presented to the family.
  await trx
    .updateTable('events')
    .set({ dollarsCost: 60, counts: JSON.stringify({ funeralHonors: 1, flagsPresented: 1 }), beneficiary: 'Hometown Cemetery' })
    .where('title', '=', 'Honor Guard: Military Funeral Honors')
    .execute();

  const entry = async (
    m: { id: number; firstName: string; lastName: string } | undefined,
    day: number,
    categoryName: string,
    hours: number,
    miles: number,
    note: string,
    figures: { dollarsGiven?: number; dollarsCost?: number; inKindValue?: number; beneficiary?: string; counts?: Record<string, number> },
  ) => {
    if (!m) return;
    await trx
      .insertInto('serviceEntries')
      .values({
        memberId: m.id,
        name: `${m.firstName} ${m.lastName}`,
        serviceDate: isoDay(clock.today + day),
        hours,
        miles,
        categoryId: cat(categoryName),
        note,
        approvedAt: clock.at(day + 1, 12),
        ...figures,
        counts: JSON.stringify(figures.counts ?? {}),
      })
      .execute();
  };

  for (let month = 1; month <= 12; month++) {
    const day = -month * 30 + 7;
    // The service officer's cases, and a volunteer morning at the VA medical center.
    await entry(members[1], day, 'Veterans affairs & rehabilitation', 3, 30, 'Service officer hours: claims and referrals', {
      counts: { serviceOfficerCases: 2 + (month % 4) },
    });
    await entry(members[month % 4], day + 3, 'VA hospital volunteering', 4, 64, 'Volunteered at the VA medical center', {
      inKindValue: month % 3 === 0 ? 120 : 0,
      beneficiary: 'VA Medical Center',
    });
    if (month % 2 === 0) {
      // The Riders' charity ride: their miles, and the entry fees given.
      await entry(members[5], day + 10, 'Community service', 5, 180, 'Legion Riders charity ride', {
        dollarsGiven: 100,
        beneficiary: 'Hometown Children’s Fund',
      });
      await entry(members[6], day + 10, 'Community service', 5, 180, 'Legion Riders charity ride', {
        dollarsGiven: 100,
        beneficiary: 'Hometown Children’s Fund',
      });
    }
  }
  // Twice a year a blood drive at the post.
  for (const day of [-60, -240]) {
    await entry(members[2], day, 'Blood donation', 4, 4, 'Blood drive at the post', { dollarsCost: 80, counts: { bloodPints: 27, bloodDonors: 24 } });
  }
  // Boys State delegates, a scholarship, flags for the school, the patriotic holidays.
  await entry(members[3], -200, 'Children & youth', 2, 10, 'Sponsored two Boys State delegates', { dollarsCost: 700, counts: { youthSponsored: 2 } });
  await entry(members[3], -150, 'Children & youth', 1, 6, 'Post scholarship awarded', { dollarsGiven: 1000, beneficiary: 'Hometown High School' });
  await entry(members[0], -120, 'Americanism', 2, 5, 'Presented flags to Hometown Elementary', { dollarsCost: 240, counts: { flagsPresented: 12 } });
  await entry(members[0], -100, 'Americanism', 3, 5, 'Veterans Day ceremony', { dollarsCost: 150, counts: { ceremonies: 1 } });
  await entry(members[0], -280, 'Americanism', 3, 5, 'Memorial Day ceremony', { dollarsCost: 150, counts: { ceremonies: 1 } });
  // The Sons' squadron's own cleanup (their hours stay out of the post's CPR).
  await entry(members[7], -90, 'Community service', 4, 14, 'Sons of the American Legion highway cleanup', {});
}
