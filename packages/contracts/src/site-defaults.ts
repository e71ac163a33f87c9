import type { Image } from './images.ts';
import { DEFAULT_MEMBERSHIP_SETTINGS, type MembershipSettings } from './membership-defaults.ts';
import { DEFAULT_HONORS_SETTINGS, type HonorsSettings } from './honors-defaults.ts';
import { DEFAULT_REPORTING_SETTINGS, type ReportingSettings } from './reporting-defaults.ts';
import { DEFAULT_BACKUP_SETTINGS, type BackupSettings } from './backup-defaults.ts';
// Kept without zod so that public pages' first JavaScript stays in its budget (decision 0063); the
// zod modules re-export these, so each value has one source.

/** Neutral defaults: nothing identifies a real post. */
export const DEFAULT_SITE_SETTINGS: SiteDefaults = {
  postName: 'Hometown Veterans Post',
  postNumber: '0000',
  town: 'Hometown',
  state: 'USA',
  foundedYear: 1945,
  streetAddress: '100 Main Street, Hometown, USA 00000',
  phone: '(555) 010-0100',
  email: 'info@example.org',
  postHours: [
    { day: 'Sunday', hours: 'Closed' },
    { day: 'Monday', hours: 'Closed' },
    { day: 'Tuesday', hours: 'Closed' },
    { day: 'Wednesday', hours: 'Closed' },
    { day: 'Thursday', hours: '5:00 PM to close' },
    { day: 'Friday', hours: '5:00 PM to close' },
    { day: 'Saturday', hours: '10:00 AM to close' },
  ],
  socialLinks: [
    { label: 'Facebook', url: '' },
    { label: 'Instagram', url: '' },
  ],
  countyOffice: {
    name: 'County Veterans Service Office',
    address: '200 Court Street, Hometown, USA 00000',
    phone: '(555) 010-0200',
    hours: 'Monday to Friday, 8:00 AM to 4:30 PM',
    url: 'https://www.va.gov/',
  },
  stateOffice: {
    name: "State Department of Veterans' Affairs",
    address: '1 Capitol Avenue, Capital City, USA 00000',
    phone: '(555) 010-0300',
    hours: 'Monday to Friday, 8:00 AM to 5:00 PM',
    url: 'https://www.va.gov/',
  },
  nationalLinks: [
    { label: 'Financial assistance', url: 'https://www.va.gov/' },
    { label: 'Advocacy', url: 'https://www.va.gov/' },
    { label: 'Community service', url: 'https://www.va.gov/' },
    { label: 'Youth programs', url: 'https://www.va.gov/' },
    { label: 'VA claims help', url: 'https://www.va.gov/' },
    { label: 'Membership', url: 'https://www.va.gov/' },
    { label: 'Action alerts sign-up', url: 'https://www.va.gov/' },
  ],
  timeZone: 'America/New_York',
  logoImageId: null,
  logoAlt: '',
  requireTwoFactor: false,
  auditRetentionMonths: 24,
  serviceYearStartMonth: 6,
  mileageRate: 0.14,
  showServiceTotal: false,
  publicFullNames: false,
  membership: DEFAULT_MEMBERSHIP_SETTINGS,
  honors: DEFAULT_HONORS_SETTINGS,
  reporting: DEFAULT_REPORTING_SETTINGS,
  // Issue 57: the nightly backup.
  backups: DEFAULT_BACKUP_SETTINGS,
};

/** National hotlines: public facts (decisions §1). */
export const HOTLINES = {
  crisisCall: '988',
  crisisPress: '1',
  crisisText: '838255',
  healthcare: '877-222-8387',
  benefits: '800-827-1000',
} as const;

/** The shape of the post's settings (the zod schema in site-settings.ts checks it). */
export interface SiteDefaults {
  postName: string;
  postNumber: string;
  town: string;
  state: string;
  foundedYear: number;
  streetAddress: string;
  phone: string;
  email: string;
  postHours: { day: string; hours: string }[];
  socialLinks: { label: string; url: string }[];
  countyOffice: { name: string; address: string; phone: string; hours: string; url: string };
  stateOffice: { name: string; address: string; phone: string; hours: string; url: string };
  nationalLinks: { label: string; url: string }[];
  timeZone: string;
  logoImageId: number | null;
  logoAlt: string;
  /** The logo's picture, in the settings as read (`SiteSettingsOutput`); absent in the defaults. */
  logo?: Image | null;
  /** Every staff account must sign in with two-factor (decision 0032). */
  requireTwoFactor: boolean;
  /** Months the audit log keeps an entry (issue 21: two years by default). */
  auditRetentionMonths: number;
  /** Service report (decision 0066): the program year's first month, the value of a mile, the home page's total. */
  serviceYearStartMonth: number;
  mileageRate: number;
  showServiceTotal: boolean;
  /** Volunteers' full names in public; else first name and last initial (decision 0096). */
  publicFullNames: boolean;
  /** The membership year and the honor roll (decision 0065). */
  membership: MembershipSettings;
  /** Funeral honors: roles and the detail template (decision 0088). */
  honors: HonorsSettings;
  /** Units and count kinds of the report forms (decision 0085). */
  reporting: ReportingSettings;
  /** The nightly backup's time and how many to keep (decision 0082). */
  backups: BackupSettings;
}
