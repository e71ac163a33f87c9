import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_volunteer_count.ts';
import * as m0003 from './0003_membership_number_ci.ts';
import * as m0005 from './0005_mail_outbox.ts';
import * as m0006 from './0006_event_series.ts';
import * as m0007 from './0007_images.ts';
import * as m0008 from './0008_officers.ts';
import * as m0009 from './0009_audit_log.ts';
import * as m0011 from './0011_newsletter_and_member_mail.ts';
import * as m0012 from './0012_calendar.ts';
import * as m0013 from './0013_mail_rendered_when_sent.ts';
import * as m0014 from './0014_outbox_by_id.ts';
import * as m0015 from './0015_volunteers_one_event_index.ts';
import * as m0016 from './0016_volunteer_shifts.ts';
import * as m0017 from './0017_membership_year.ts';
import * as m0018 from './0018_service_hours.ts';
import * as m0019 from './0019_roster_mappings.ts';
import * as m0020 from './0020_walk_in_shift_and_series_category.ts';
import * as m0021 from './0021_hours_kept_and_confirmed.ts';
import * as m0022 from './0022_demo_rows.ts';
import * as m0025 from './0025_report_forms.ts';
import * as m0026 from './0026_membership_standing_buddy_check_honor_roll.ts';
import * as m0028 from './0028_funeral_honors.ts';
import * as m0029 from './0029_paid_through_on.ts';

/** Every migration, by name; add new ones at the end, never edit a landed one. */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_volunteer_count': m0002,
  '0003_membership_number_ci': m0003,
  '0005_mail_outbox': m0005,
  '0006_event_series': m0006,
  '0007_images': m0007,
  '0008_officers': m0008,
  '0009_audit_log': m0009,
  '0011_newsletter_and_member_mail': m0011,
  '0012_calendar': m0012,
  '0013_mail_rendered_when_sent': m0013,
  '0014_outbox_by_id': m0014,
  '0015_volunteers_one_event_index': m0015,
  '0016_volunteer_shifts': m0016,
  '0017_membership_year': m0017,
  '0018_service_hours': m0018,
  '0019_roster_mappings': m0019,
  '0020_walk_in_shift_and_series_category': m0020,
  '0021_hours_kept_and_confirmed': m0021,
  '0022_demo_rows': m0022,
  '0025_report_forms': m0025,
  '0026_membership_standing_buddy_check_honor_roll': m0026,
  '0028_funeral_honors': m0028,
  '0029_paid_through_on': m0029,
};
