import { z } from './zod.ts';
import { Id, checkIsoDate, Timestamp } from './common.ts';
import { formMessages } from './messages/forms.ts';

export { COMMANDER_MESSAGE_TAGS, COMMANDER_PREVIEW_CHARS } from './commander-constants.ts';

/** A commander message. */
export const CommanderMessageSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  publishDate: Timestamp,
  publishedBy: z.number().int(),
  active: z.boolean(),
});
export type CommanderMessage = z.infer<typeof CommanderMessageSchema>;

/** The active message with the commander's name when one is known. */
export const ActiveCommanderMessageSchema = CommanderMessageSchema.extend({ commanderName: z.string().nullable() });

const content = z
  .string({ error: formMessages.messageContentRequired })
  .max(20_000, formMessages.tooLong(20_000))
  .refine((s) => s.trim().length > 0, formMessages.messageContentRequired);

const fields = {
  content,
  publishedBy: z.coerce.number().int().positive().optional(),
  publishDate: checkIsoDate(z.string()).optional(),
  active: z.boolean().default(true),
};
/** Body of POST /api/commander-messages. */
export const CreateCommanderMessageInput = z.object(fields);
export type CreateCommanderMessageInput = z.infer<typeof CreateCommanderMessageInput>;
/** Body of PATCH /api/commander-messages/{id}. */
export const UpdateCommanderMessageInput = z.object({ id: Id, ...fields });
export type UpdateCommanderMessageInput = z.infer<typeof UpdateCommanderMessageInput>;
