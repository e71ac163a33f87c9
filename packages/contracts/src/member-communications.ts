import { z } from './zod.ts';
import { CommunicationType, Priority, TargetAudience } from './enum-schemas.ts';
import { Id, checkIsoDate, optionalHttpUrl, requiredText, Timestamp } from './common.ts';
import { formMessages } from './messages/forms.ts';
import { strictBoolean } from './mail.ts';

/** A member communication. */
export const MemberCommunicationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  type: CommunicationType,
  authorId: z.number().int().nullable(),
  priority: Priority,
  targetAudience: TargetAudience,
  isPublished: z.boolean(),
  publishDate: Timestamp.nullable(),
  expiryDate: Timestamp.nullable(),
  attachmentUrl: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** After a save with `sendEmail`: how many members the e-mail goes to. */
  emailedTo: z.number().int().optional(),
});
export type MemberCommunication = z.infer<typeof MemberCommunicationSchema>;

const optionalDate = checkIsoDate(z.string(), true)
  .nullish()
  .transform((v) => (v ? v : null));

const fields = {
  title: requiredText(formMessages.titleRequired, 255),
  content: requiredText(formMessages.contentRequired, 50_000),
  type: CommunicationType.default('announcement'),
  priority: Priority.default('normal'),
  targetAudience: TargetAudience.default('all_members'),
  publishDate: optionalDate,
  expiryDate: optionalDate,
  isPublished: z.boolean().default(false),
  attachmentUrl: optionalHttpUrl(500),
  /** Also send it by e-mail to the members its audience reaches (issue 19 #5). */
  sendEmail: strictBoolean('sendEmail must be true or false').default(false),
};
const expiryAfterPublish = (v: { publishDate: string | null; expiryDate: string | null }) =>
  !v.publishDate || !v.expiryDate || Date.parse(v.expiryDate) > Date.parse(v.publishDate);
const expiryMessage = { message: 'Expiry date must be after the publish date', path: ['expiryDate'] };
/** Body of POST /api/admin/member-communications. */
export const CreateCommunicationInput = z.object(fields).refine(expiryAfterPublish, expiryMessage);
export type CreateCommunicationInput = z.infer<typeof CreateCommunicationInput>;
/** Body of PUT /api/admin/member-communications/{id}. */
export const UpdateCommunicationInput = z.object({ id: Id, ...fields }).refine(expiryAfterPublish, expiryMessage);
export type UpdateCommunicationInput = z.infer<typeof UpdateCommunicationInput>;
