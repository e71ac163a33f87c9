import { z } from './zod.ts';
import { accountMessages } from './messages/account.ts';
import { formMessages } from './messages/forms.ts';
import { mailMessages } from './messages/mail.ts';
import { newsletterMessages } from './messages/newsletter.ts';
import { NewPassword } from './password.ts';
import { OutboxState } from './enum-schemas.ts';

/**
 * A true/false field that stays strict through the REST adapter (trpc-to-openapi turns every
 * plain z.boolean() of an input into a coercing one, so "no" would read as true); "true" and
 * "false" as text are accepted, anything else is refused with `message`.
 */
export const strictBoolean = (message: string) =>
  z.union([z.boolean(), z.enum(['true', 'false'])], { error: message }).transform((v) => v === true || v === 'true');

/** A token from a link in a message. */
export const MailToken = z.string({ error: mailMessages.linkIncomplete }).trim().min(20, mailMessages.linkIncomplete).max(200, mailMessages.linkIncomplete);

/** Body of POST /api/volunteers/cancel. */
export const CancelSignUpInput = z.object({ token: MailToken });
export const CancelSignUpResult = z.object({ eventId: z.number().int(), eventTitle: z.string() });
/** Answer of GET /api/volunteers/cancel?token=: the sign-up a cancel link is for (the link is not used). */
export const CancelPreviewSchema = z.object({
  name: z.string(),
  role: z.string().nullable(),
  eventTitle: z.string(),
  when: z.string(),
  location: z.string(),
  /** A waiting place's position (1 is next): the link takes the person off the waitlist. */
  waitlistPosition: z.number().int().positive().optional(),
});
/** What a cancel link is for, as the page shows it before asking. */
export type CancelPreview = z.infer<typeof CancelPreviewSchema>;

/** Whether an event's volunteers are told of a change of time or place, or of its deletion (default yes). */
export const NotifyVolunteers = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: 'notifyVolunteers must be true or false' })
  .optional()
  .transform((v) => v === undefined || v === true || v === 'true');

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
/** Whether this site can send e-mail now: with no mail server set up, messages wait in the Outbox (issue 46). */
export const MailStatusSchema = z.object({ configured: z.boolean() });
export const OutboxIdInput = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});

/** Body of POST /api/newsletter/confirm and /api/newsletter/unsubscribe. */
export const NewsletterTokenInput = z.object({ token: MailToken });

/** Body of POST /api/admin/newsletter/issues; `content` follows the commander message rules (strong, em, u, p, br). */
export const NewsletterIssueInput = z.object({
  subject: z
    .string({ error: newsletterMessages.subjectRequired })
    .trim()
    .min(1, newsletterMessages.subjectRequired)
    .max(200, 'Subject must be at most 200 characters'),
  content: z
    .string({ error: formMessages.messageContentRequired })
    .max(50_000, formMessages.tooLong(50_000))
    .refine((s) => s.trim().length > 0, formMessages.messageContentRequired),
  testOnly: strictBoolean('testOnly must be true or false').default(false),
});
export type NewsletterIssueInput = z.infer<typeof NewsletterIssueInput>;

/** A sent issue with what became of its messages. */
export const NewsletterIssueSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  content: z.string(),
  sentBy: z.string().nullable(),
  createdAt: z.string(),
  recipients: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  unsubscribed: z.number().int(),
});
export type NewsletterIssue = z.infer<typeof NewsletterIssueSchema>;

/** Answer of POST /api/admin/newsletter/issues: a test (to the administrator) or the issue sent. */
export const SendIssueResult = z.object({
  testOnly: z.boolean(),
  recipients: z.number().int(),
  to: z.string().nullable(),
  issue: NewsletterIssueSchema.nullable(),
});

/** Body of POST /api/member/forgot-password: a membership number or an e-mail address. */
export const ForgotPasswordInput = z
  .object({
    membershipNumber: z.string().trim().max(50, formMessages.tooLong(50)).optional(),
    email: z.string().trim().max(255, formMessages.tooLong(255)).optional(),
  })
  .refine((v) => Boolean(v.membershipNumber || v.email), accountMessages.forgotNeedsOne);
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInput>;

/** Body of POST /api/member/reset-password. */
export const ResetPasswordInput = z.object({
  token: MailToken,
  password: NewPassword,
});

/** A member's own e-mail choice (GET/POST /api/member/mail-preferences). */
export const MailPreferencesSchema = z.object({ emailNotices: z.boolean(), renewalReminders: z.boolean() });
/** Each choice left out stays as it is; renewalReminders: renewal reminders by e-mail (decision 0065). */
export const MailPreferencesInput = z.object({
  emailNotices: strictBoolean('emailNotices must be true or false').optional(),
  renewalReminders: strictBoolean('renewalReminders must be true or false').optional(),
});
