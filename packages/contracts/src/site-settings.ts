import { z } from './zod.ts';
import { formMessages } from './messages/forms.ts';
import { imageMessages } from './messages/images.ts';
import { ImageSchema } from './images.ts';
import { Id } from './common.ts';
import { serviceSettingsFields } from './service-settings.ts';
import { DEFAULT_REPORTING_SETTINGS, ReportingSettingsSchema } from './reporting.ts';
import { DEFAULT_MEMBERSHIP_SETTINGS, MembershipSettingsSchema } from './membership-settings.ts';
import { HonorsSettingsSchema } from './honors-settings.ts';
import { BackupSettingsSchema } from './backup-settings.ts';

const text = (max: number) => z.string().trim().max(max, formMessages.tooLong(max));
const url = z
  .string()
  .trim()
  .max(500, formMessages.tooLong(500))
  .refine((s) => s === '' || /^https?:\/\/\S+$/i.test(s), formMessages.urlInvalid);

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
  email: z.union([z.literal(''), z.email({ error: formMessages.invalidEmail })]),
  postHours: z.array(z.object({ day: text(20), hours: text(50) })).max(7),
  socialLinks: z.array(LinkSchema).max(10),
  countyOffice: OfficeSchema,
  stateOffice: OfficeSchema,
  nationalLinks: z.array(LinkSchema).max(20),
  timeZone: text(64).refine(isTimeZone, 'Please choose a valid time zone'),
  /**
   * The post's logo (issue 22): an uploaded picture's id and its text alternative. Left out of
   * an update, the logo stays as it is (clients from before logos); null removes it.
   */
  logoImageId: Id.nullable().optional(),
  logoAlt: text(500).optional(),
  /** "Require two-factor sign-in for every administrator account" (decision 0032). */
  requireTwoFactor: z.boolean().default(false),
  // Issue 21: entries of the audit log older than this are pruned (default two years).
  auditRetentionMonths: z.coerce
    .number({ error: 'Keep the audit log for 1 to 120 months' })
    .int('Keep the audit log for 1 to 120 months')
    .min(1, 'Keep the audit log for 1 to 120 months')
    .max(120, 'Keep the audit log for 1 to 120 months')
    .default(24),
  ...serviceSettingsFields,
  /** The membership year and the honor roll (decision 0065). */
  membership: MembershipSettingsSchema.default(DEFAULT_MEMBERSHIP_SETTINGS),
  /** Funeral honors: the honor-guard roles and the detail template (decision 0088). */
  honors: HonorsSettingsSchema,
  /** Units and count kinds of the report forms (decision 0085). */
  reporting: ReportingSettingsSchema.default(DEFAULT_REPORTING_SETTINGS),
  /** The nightly backup (issue 57, decision 0082). */
  backups: BackupSettingsSchema,
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/**
 * Body of PUT /api/admin/site-settings: a logo needs its text alternative. `confirmReminders` is
 * the number of renewal reminders the administrator was told the save queues (decision 0095).
 */
export const SiteSettingsInput = SiteSettingsSchema.extend({
  confirmReminders: z.number({ error: 'confirmReminders: the number of reminders you were told about' }).int().min(0).optional(),
}).refine((s) => s.logoImageId == null || !!s.logoAlt, {
  message: imageMessages.altRequired,
  path: ['logoAlt'],
});
/** The settings as read: with the logo's picture (its files and size), or null. */
export const SiteSettingsOutput = SiteSettingsSchema.extend({ logo: ImageSchema.nullable() });
export type SiteSettingsOutput = z.infer<typeof SiteSettingsOutput>;

/** Body of POST /api/admin/site-settings/reminders-on-save: the membership settings about to be saved. */
export const RemindersOnSaveInput = z.object({ membership: MembershipSettingsSchema });

export { DEFAULT_SITE_SETTINGS, HOTLINES } from './site-defaults.ts';
