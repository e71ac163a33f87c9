import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { DEFAULT_MEMBERSHIP_SETTINGS, renewalCalendar } from '@post/contracts/membership-defaults';
import { duesOn, inGrace, windowOpen } from '@post/contracts/rules/dues';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { createTestDb } from './testing.ts';
import { migrations } from './migrations/index.ts';
import { migrateToLatest } from './migrate.ts';

// Migration 0017 turns the stored dues_status into paid_through (decision 0065): each member shows
// on migration day the status they showed before, read with the default calendar in the post's zone.
describe('0017: dues_status becomes paid_through', () => {
  it('keeps every member’s status, gives Life Members no year, and drops the column', async () => {
    const old = await createTestDb({ migrate: false });
    try {
      const migrator = new Migrator({ db: old.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0015_volunteers_one_event_index')).error).toBeUndefined();
      const rows: [string, string, string][] = [
        ['A-1', 'Annual Member', 'current'],
        ['A-2', 'Annual Member', 'due'],
        ['A-3', 'Annual Member', 'overdue'],
        ['A-4', 'Associate Member', 'exempt'],
        ['L-1', 'Life Member', 'exempt'],
        ['L-2', 'Life Member', 'overdue'],
      ];
      for (const [n, type, dues] of rows) {
        await sql`insert into members (membership_number, first_name, last_name, email, member_since, membership_type, dues_status)
                  values (${n}, 'Pat', ${n}, ${`${n.toLowerCase()}@example.org`}, now(), ${type}, ${dues})`.execute(old.db);
      }
      expect(await migrateToLatest(old.db)).toContain('0017_membership_year');

      const cal = renewalCalendar(DEFAULT_MEMBERSHIP_SETTINGS);
      const today = utcToZoned(new Date(), 'America/New_York').date;
      const members = await old.db.selectFrom('members').select(['membershipNumber', 'membershipType', 'paidThrough']).orderBy('membershipNumber').execute();
      // Read in migration 0017's words (decision 0086 renamed them): due is a renewal open, lapsed is suspended or dropped.
      const oldWord = (d: ReturnType<typeof duesOn>) =>
        d.status === 'life' || (d.status === 'current' && !d.renewalOpen) ? 'current' : d.status === 'current' || d.status === 'delinquent' ? 'due' : 'lapsed';
      const status = Object.fromEntries(members.map((m) => [m.membershipNumber, oldWord(duesOn(m, today, cal))]));
      // "due" can only be shown while a window or grace is on; in spring a member then unpaid has lapsed.
      const dueNow = windowOpen(today, cal) || inGrace(today, cal) ? 'due' : 'lapsed';
      expect(status).toEqual({ 'A-1': 'current', 'A-2': dueNow, 'A-3': 'lapsed', 'A-4': 'current', 'L-1': 'current', 'L-2': 'current' });
      expect(members.filter((m) => m.membershipType === 'Life Member').map((m) => m.paidThrough)).toEqual([null, null]);
      const columns = await sql<{ columnName: string }>`select column_name from information_schema.columns where table_name = 'members'`.execute(old.db);
      expect(columns.rows.map((c) => c.columnName)).not.toContain('dues_status');
      expect(columns.rows.map((c) => c.columnName)).toEqual(expect.arrayContaining(['paid_through', 'deceased_on', 'obituary', 'service_era', 'image_id']));
    } finally {
      await old.close();
    }
  });
});
