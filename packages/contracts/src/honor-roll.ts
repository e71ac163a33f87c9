import { z } from './zod.ts';
import { Branch } from './enum-schemas.ts';
import { ImageSchema } from './images.ts';

/**
 * A departed member as the public honor roll shows them (decision 0065): name, branch, era or war,
 * dates, obituary and photo. Never contact data, never the membership number.
 */
export const HonorRollEntrySchema = z
  .object({
    id: z.number().int(),
    firstName: z.string(),
    lastName: z.string(),
    branchOfService: Branch,
    serviceEra: z.string().nullable(),
    /** Year the member joined the post. */
    memberSinceYear: z.number().int(),
    /** Date of death, 'YYYY-MM-DD'. */
    deceasedOn: z.string(),
    obituary: z.string().nullable(),
    image: ImageSchema.nullable(),
    imageAlt: z.string().nullable(),
    /** Offices held, one a line ("Post Commander 1998-1999"), continuous years, and the Post Everlasting ceremony (decision 0086). */
    offices: z.array(z.string()),
    continuousYears: z.number().int().nullable(),
    ceremonyDate: z.string().nullable(),
  })
  .strict();
export type HonorRollEntry = z.infer<typeof HonorRollEntrySchema>;

/** An honor-roll entry as administrators see it: draft or published, with the private checklist (decision 0086). */
export const HonorRollDraftSchema = z.object({
  memberId: z.number().int(),
  name: z.string(),
  /** 'YYYY-MM-DD', or null when a Buddy Check call reported the death and no date is recorded yet. */
  deceasedOn: z.string().nullable(),
  published: z.boolean(),
  familyConsent: z.boolean(),
  ceremonyDate: z.string().nullable(),
  offices: z.string().nullable(),
  /** Continuous years of membership, as the member's record keeps them (decision 0095). */
  continuousYears: z.number().int().nullable(),
  nextOfKin: z.string().nullable(),
  /** The day the death was reported to National (the checklist's step), or null. */
  deathReportedOn: z.string().nullable(),
  obituaryWarnings: z.array(z.string()),
});
export type HonorRollDraft = z.infer<typeof HonorRollDraftSchema>;

const optionalDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
  .nullish()
  .or(z.literal('').transform(() => null));

/** Body of POST /api/admin/honor-roll/{memberId}/publish: the family's consent is required. */
export const PublishHonorInput = z.object({
  memberId: z.coerce.number().int().positive(),
  familyConsent: z.literal(true, { error: 'Publish only with the family’s consent: confirm that the family agrees' }),
  ceremonyDate: optionalDate,
});
export type PublishHonorInput = z.infer<typeof PublishHonorInput>;

/** Body of PATCH /api/admin/honor-roll/{memberId}: offices, continuous years, next of kin (private), report to National, ceremony. */
export const UpdateHonorInput = z.object({
  memberId: z.coerce.number().int().positive(),
  offices: z.string().trim().max(2000, 'At most 2000 characters').nullish(),
  /** The member's continuous years (the same figure as the member record's; decision 0095). */
  continuousYears: z
    .number({ error: 'Continuous years: enter a whole number from 0 to 150' })
    .int('Continuous years: enter a whole number from 0 to 150')
    .min(0, 'Continuous years: enter a whole number from 0 to 150')
    .max(150, 'Continuous years: enter a whole number from 0 to 150')
    .nullish(),
  nextOfKin: z.string().trim().max(1000, 'At most 1000 characters').nullish(),
  deathReportedOn: optionalDate,
  ceremonyDate: optionalDate,
});
export type UpdateHonorInput = z.infer<typeof UpdateHonorInput>;

/**
 * What identity-theft guidance says to leave out of an obituary, found in its text: a full birth
 * date, a street address (decision 0086). Each finding is a sentence to show before saving.
 */
export function obituaryWarnings(text: string | null | undefined): string[] {
  if (!text) return [];
  const out: string[] = [];
  const months = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
  const fullDate = new RegExp(
    `\\b(?:(?:${months})\\.?\\s+\\d{1,2},?\\s+(?:19|20)\\d{2}|\\d{1,2}/\\d{1,2}/(?:19|20)?\\d{2}|(?:19|20)\\d{2}-\\d{2}-\\d{2})\\b`,
    'i',
  );
  if (/\b(?:born|birth|b\.)\b/i.test(text) && fullDate.test(text))
    out.push('It seems to give a full date of birth: identity thieves use it. Give the year, or the age, instead.');
  if (/\b\d{1,6}\s+(?:[A-Z][a-z]+\s+){1,3}(?:street|st|avenue|ave|road|rd|lane|ln|drive|dr|court|ct|boulevard|blvd|way|place|pl)\b\.?/i.test(text))
    out.push('It seems to give a street address: leave it out, for the family’s safety.');
  if (/\bmaiden name\b|\bn[ée]e\s+[A-Z]/i.test(text)) out.push('It seems to give a maiden name: banks use it as a security question.');
  return out;
}
