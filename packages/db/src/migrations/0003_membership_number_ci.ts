import { type Kysely, sql } from 'kysely';

// Membership numbers are one person's whatever their letter case: sign-in and the API match
// them case-insensitively, so the database's unique key does too (it was case-sensitive).
// A database that already holds numbers differing only in case (written around the API) is
// refused with the numbers to fix, instead of choosing which member to change.
export async function up(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ numbers: string }>`
    select string_agg(membership_number, ' / ' order by id) as numbers
    from members group by lower(membership_number) having count(*) > 1`.execute(db);
  if (rows.length > 0) {
    throw new Error(
      `Membership numbers must differ in more than letter case. Change all but one of each group, then start again: ${rows.map((r) => r.numbers).join('; ')}`,
    );
  }
  await sql`alter table members drop constraint members_membership_number_key`.execute(db);
  await sql`create unique index members_membership_number_uq on members (lower(membership_number))`.execute(db);
}

export async function down(): Promise<void> {
  // Forward-only: migrations are never undone in place.
}
