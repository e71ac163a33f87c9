import { z } from 'zod';
import { SubscribeInput, SubscriberSchema } from '@post/contracts/newsletter';
import { NewsletterIssueInput, NewsletterIssueSchema, NewsletterTokenInput, SendIssueResult } from '@post/contracts/mail';
import { Ok } from '@post/contracts/common';
import { administratorProcedure, publicProcedure, router } from '../../trpc.ts';
import { isBot, limitPublicForm } from '../../lib/public-forms.ts';
import { clientIp } from '../../lib/session.ts';
import * as service from './newsletter.service.ts';
import { audited, diffFields } from '../audit/audit.ts';

const tags = ['Newsletter'];
const EmailResult = z.object({ email: z.string() });

/** Newsletter sign-up with confirmation, unsubscribe (public), subscribers and issues (administrators). */
export const newsletterRouter = router({
  subscribe: publicProcedure
    .meta({
      changesContent: false,
      audit: { none: "a visitor's own subscription; the subscriber's row keeps when and how it was confirmed" },
      openapi: { method: 'POST', path: '/newsletter/subscribe', tags, summary: 'Ask for the newsletter: sends a confirmation message to the address' },
    })
    .input(SubscribeInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      await limitPublicForm(ctx.db, clientIp(ctx.req), 'newsletter', 10, 10 * 60 * 1000);
      if (!isBot(input)) await service.subscribe(ctx.db, ctx.env.siteUrl, input.email);
      return { ok: true as const };
    }),
  confirm: publicProcedure
    .meta({
      changesContent: false,
      audit: { none: "a visitor's own subscription; the subscriber's row keeps when and how it was confirmed" },
      openapi: { method: 'POST', path: '/newsletter/confirm', tags, summary: 'Confirm a subscription with the token of the confirmation message (single use)' },
    })
    .input(NewsletterTokenInput)
    .output(EmailResult)
    .mutation(async ({ ctx, input }) => {
      await limitPublicForm(ctx.db, clientIp(ctx.req), 'newsletter-token', 30, 10 * 60 * 1000);
      return service.confirm(ctx.db, input.token);
    }),
  unsubscribe: publicProcedure
    .meta({
      changesContent: false,
      audit: { none: "a visitor's own subscription; the subscriber's row keeps when and how it was confirmed" },
      openapi: { method: 'POST', path: '/newsletter/unsubscribe', tags, summary: 'Unsubscribe at once with the token of a newsletter copy' },
    })
    .input(NewsletterTokenInput)
    .output(EmailResult)
    .mutation(async ({ ctx, input }) => {
      await limitPublicForm(ctx.db, clientIp(ctx.req), 'newsletter-token', 30, 10 * 60 * 1000);
      return service.unsubscribe(ctx.db, input.token);
    }),
  list: administratorProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/newsletter/subscribers', tags, summary: 'Confirmed newsletter subscribers', protect: true } })
    .input(z.void())
    .output(z.array(SubscriberSchema))
    .query(({ ctx }) => service.listSubscribers(ctx.db)),
  sendIssue: administratorProcedure
    .meta({
      changesContent: false,
      audit: 'newsletter-issue',
      openapi: {
        method: 'POST',
        path: '/admin/newsletter/issues',
        tags,
        summary: 'Send a newsletter issue to every confirmed subscriber, or with testOnly to the signed-in administrator',
        protect: true,
      },
    })
    .input(NewsletterIssueInput)
    .output(SendIssueResult)
    .mutation(({ ctx, input }) =>
      // Recorded with its subject and how many it went to (a test send too), in the send's transaction.
      audited(
        ctx,
        {
          entity: 'newsletter-issue',
          action: input.testOnly ? 'test-send' : 'send',
          changes: (r) => ({ subject: { old: null, new: input.subject }, ...diffFields(null, r) }),
        },
        (trx) => service.sendIssue(trx, ctx.env.siteUrl, ctx.user, input),
      ),
    ),
  issues: administratorProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/newsletter/issues', tags, summary: 'Sent issues with sent, failed and unsubscribed counts', protect: true },
    })
    .input(z.void())
    .output(z.array(NewsletterIssueSchema))
    .query(({ ctx }) => service.listIssues(ctx.db)),
});
