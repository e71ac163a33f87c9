import { z } from './zod.ts';
import { Id, Timestamp } from './common.ts';
import { formMessages } from './messages/forms.ts';
import { ImageSchema } from './images.ts';

/** An event's documentation for the report forms (issue 60, decision 0094): texts. */
export const eventDocumentMessages = {
  imageRequired: 'Choose a photo of the work or of the receipt first.',
  descriptionRequired: 'Describe what the photo or receipt shows, for example: receipt for 40 lb of food for the pantry.',
  imageUnknown: 'That photo was not found. Upload it again.',
} as const;

/** Body of POST /api/admin/events/{id}/documents: an uploaded photo (or a photo of a receipt) and what it shows. */
export const AddEventDocumentInput = z.object({
  id: Id,
  imageId: Id,
  description: z
    .string({ error: eventDocumentMessages.descriptionRequired })
    .trim()
    .min(1, eventDocumentMessages.descriptionRequired)
    .max(500, formMessages.tooLong(500)),
});
export type AddEventDocumentInput = z.input<typeof AddEventDocumentInput>;

/** One document of an event, as read; its description is the photo's text alternative too. */
export const EventDocumentSchema = z.object({
  id: z.number().int(),
  eventId: z.number().int(),
  description: z.string(),
  image: ImageSchema,
  createdAt: Timestamp,
});
export type EventDocument = z.infer<typeof EventDocumentSchema>;
