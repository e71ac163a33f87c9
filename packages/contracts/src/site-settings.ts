import { z } from 'zod';
import { V } from './messages.ts';

const text = (max: number) => z.string().trim().max(max, V.tooLong(max));
const url = z
  .string()
  .trim()
  .max(500, V.tooLong(500))
  .refine((s) => s === '' || /^https?:\/\/\S+$/i.test(s), V.urlInvalid);

/** An office in the local resources block. */
export const OfficeSchema = z.object({
  name: text(200),
  address: text(300),
  phone: text(30),
  hours: text(200),
  url,
});
export type Office = z.infer<typeof OfficeSchema>;

/** A labelled link. */
export const LinkSchema = z.object({ label: text(100).min(1, 'Label is required'), url });
export type Link = z.infer<typeof LinkSchema>;

/** Checks an IANA time zone name with the runtime's own list. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The post's identity and settings (decisions §1). */
export const SiteSettingsSchema = z.object({
  postName: text(200).min(1, 'Post name is required'),
  postNumber: text(20),
  town: text(100),
  state: text(50),
  foundedYear: z.coerce.number().int().min(1800).max(2100),
  streetAddress: text(300),
  phone: text(30),
  email: z.union([z.literal(''), z.email({ error: V.invalidEmail })]),
  postHours: z.array(z.object({ day: text(20), hours: text(50) })).max(7),
  socialLinks: z.array(LinkSchema).max(10),
  countyOffice: OfficeSchema,
  stateOffice: OfficeSchema,
  nationalLinks: z.array(LinkSchema).max(20),
  timeZone: text(64).refine(isTimeZone, 'Please choose a valid time zone'),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/** Neutral defaults: nothing identifies a real post. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
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
};

/** National hotlines: public facts (decisions §1). */
export const HOTLINES = {
  crisisCall: '988',
  crisisPress: '1',
  crisisText: '838255',
  healthcare: '877-222-8387',
  benefits: '800-827-1000',
} as const;
