import { z } from './zod.ts';
import { email, Timestamp } from './common.ts';
import { V } from './messages.ts';

/** Body of POST /api/newsletter/subscribe; `website` is a honeypot. */
export const SubscribeInput = z.object({
  email: z.string({ error: V.newsletterEmailRequired }).trim().min(1, V.newsletterEmailRequired).pipe(email(V.emailInvalid)),
  website: z.string().max(500).optional(),
});
export type SubscribeInput = z.infer<typeof SubscribeInput>;

/** A newsletter subscriber (administrators). */
export const SubscriberSchema = z.object({ id: z.number().int(), email: z.string(), createdAt: Timestamp });
export type Subscriber = z.infer<typeof SubscriberSchema>;
