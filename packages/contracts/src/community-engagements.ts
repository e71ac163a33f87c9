import { z } from './zod.ts';
import { Id, checkIsoDate, optionalHttpUrl, requiredText, Timestamp } from './common.ts';
import { communityMessages } from './messages/community.ts';
import { formMessages } from './messages/forms.ts';
import { altGivenWithImage, altRequiredIssue, imageFields, imageOutputFields } from './images.ts';

/** A community engagement highlight. */
export const CommunityEngagementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  date: Timestamp,
  imageUrl: z.string().nullable(),
  tags: z.array(z.string()),
  active: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  ...imageOutputFields,
});
export type CommunityEngagement = z.infer<typeof CommunityEngagementSchema>;

/** Splits comma-separated tags, trimming and dropping empty entries (spec §5). */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}

const fields = {
  title: requiredText(formMessages.titleRequired, 255),
  description: requiredText(formMessages.descriptionRequired, 5000),
  date: checkIsoDate(z.string()).optional(),
  imageUrl: optionalHttpUrl(255),
  tags: z
    .array(z.string().trim().max(50, formMessages.tooLong(50)))
    .transform((a) => a.filter((t) => t.length > 0))
    .refine((a) => a.length > 0, communityMessages.tagsRequired)
    .refine((a) => a.length <= 20, 'At most 20 tags'),
  active: z.boolean().default(true),
  ...imageFields,
};
/** Body of POST /api/community-engagements. */
export const CreateEngagementInput = z.object(fields).refine(altGivenWithImage, altRequiredIssue);
export type CreateEngagementInput = z.infer<typeof CreateEngagementInput>;
/** Body of PUT /api/community-engagements/{id}. */
export const UpdateEngagementInput = z.object({ id: Id, ...fields }).refine(altGivenWithImage, altRequiredIssue);
export type UpdateEngagementInput = z.infer<typeof UpdateEngagementInput>;
/** The engagement form: tags typed as comma-separated text. */
export const EngagementFormSchema = z.object({
  title: requiredText(formMessages.titleRequired, 255),
  description: requiredText(formMessages.descriptionRequired, 5000),
  date: z.string(),
  imageUrl: z.string().trim().max(255, formMessages.tooLong(255)),
  tags: z.string().refine((s) => parseTags(s).length > 0, communityMessages.tagsRequired),
  active: z.boolean(),
});
export type EngagementFormValues = z.infer<typeof EngagementFormSchema>;
