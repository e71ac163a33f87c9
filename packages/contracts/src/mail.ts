import { z } from './zod.ts';

/** Messages of the e-mail features (issue 19). */
export const MAIL_E = {
  cancelLinkInvalid: 'This cancel link is not valid any more: it was used already, or the event has ended.',
  tokenRequired: 'The link is incomplete: please open it again from your e-mail.',
  outboxNotFound: 'Message not found.',
  onlyFailedRetry: 'Only a failed or cancelled message can be sent again.',
} as const;

/** A token from a link in a message. */
export const MailToken = z.string({ error: MAIL_E.tokenRequired }).trim().min(20, MAIL_E.tokenRequired).max(200, MAIL_E.tokenRequired);

/** Body of POST /api/volunteers/cancel. */
export const CancelSignUpInput = z.object({ token: MailToken });
export const CancelSignUpResult = z.object({ eventId: z.number().int(), eventTitle: z.string() });

/** Whether an event's volunteers are told of a change of time or place, or of its deletion (default yes). */
export const NotifyVolunteers = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: 'notifyVolunteers must be true or false' })
  .optional()
  .transform((v) => v === undefined || v === true || v === 'true');

/** States of an outbox message. */
export const OutboxState = z.enum(['queued', 'sending', 'sent', 'failed', 'cancelled']);

/** A message as the admin Outbox lists it. */
export const OutboxItemSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  state: OutboxState,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  notBefore: z.string(),
});
export type OutboxItem = z.infer<typeof OutboxItemSchema>;

/** One message with its content. */
export const OutboxMessageSchema = OutboxItemSchema.extend({
  text: z.string(),
  html: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
});

/** Query of GET /api/admin/outbox. */
export const OutboxListInput = z.object({
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  state: OutboxState.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const OutboxListSchema = z.object({ items: z.array(OutboxItemSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export const OutboxIdInput = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});
