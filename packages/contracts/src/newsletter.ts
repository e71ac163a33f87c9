import { z } from './zod.ts';
import { email, Timestamp } from './common.ts';
import { formMessages } from './messages/forms.ts';
import { newsletterMessages } from './messages/newsletter.ts';

/** Body of POST /api/newsletter/subscribe; `website` is a honeypot. */
export const SubscribeInput = z.object({
  email: z.string({ error: newsletterMessages.emailRequired }).trim().min(1, newsletterMessages.emailRequired).pipe(email(formMessages.emailInvalid)),
  website: z.string().max(500).optional(),
});
export type SubscribeInput = z.infer<typeof SubscribeInput>;

/** A newsletter subscriber (administrators). */
export const SubscriberSchema = z.object({ id: z.number().int(), email: z.string(), createdAt: Timestamp });
export type Subscriber = z.infer<typeof SubscriberSchema>;
