import { z } from 'zod';
import { SubscribeInput, SubscriberSchema } from '@post/contracts/newsletter';
import { Ok } from '@post/contracts/common';
import { administratorProcedure, publicProcedure, router } from '../../trpc.ts';
import { isBot, limitPublicForm } from '../../lib/public-forms.ts';
import * as service from './newsletter.service.ts';

const tags = ['Newsletter'];

/** Newsletter sign-up (public) and the subscriber list (administrators). */
export const newsletterRouter = router({
  subscribe: publicProcedure
    .meta({ changesContent: false, openapi: { method: 'POST', path: '/newsletter/subscribe', tags, summary: 'Subscribe an e-mail address to the newsletter' } })
    .input(SubscribeInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      await limitPublicForm(ctx, 'newsletter', 10, 10 * 60 * 1000);
      if (!isBot(input)) await service.subscribe(ctx.db, input.email);
      return { ok: true as const };
    }),
  list: administratorProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/newsletter/subscribers', tags, summary: 'Newsletter subscribers', protect: true } })
    .input(z.void())
    .output(z.array(SubscriberSchema))
    .query(({ ctx }) => service.listSubscribers(ctx.db)),
});
