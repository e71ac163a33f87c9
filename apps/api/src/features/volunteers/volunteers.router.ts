import { z } from 'zod';
import { CreateVolunteerInput, VolunteerPublicSchema, VolunteersByEventInput, VolunteerViewSchema } from '@post/contracts/volunteers';
import { currentAdmin, publicProcedure, router } from '../../trpc.ts';
import { CancelSignUpInput, CancelSignUpResult } from '@post/contracts/mail';
import * as service from './volunteers.service.ts';

const tags = ['Volunteers'];

/** Volunteer sign-ups: public sign-up and list (contact details for administrators only). */
export const volunteersRouter = router({
  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/volunteers', tags, summary: "An event's volunteers" } })
    .input(VolunteersByEventInput)
    .output(z.array(VolunteerViewSchema))
    .query(async ({ ctx, input }) => service.listVolunteers(ctx.db, input.eventId, Boolean(await currentAdmin(ctx)))),
  create: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/volunteers', tags, summary: 'Sign up to volunteer for an event' } })
    .input(CreateVolunteerInput)
    .output(VolunteerPublicSchema)
    .mutation(({ ctx, input }) => service.signUp(ctx, input)),
  cancel: publicProcedure
    .meta({ openapi: { method: 'POST', path: '/volunteers/cancel', tags, summary: 'Cancel a sign-up with the token from its confirmation e-mail' } })
    .input(CancelSignUpInput)
    .output(CancelSignUpResult)
    .mutation(({ ctx, input }) => service.cancelByToken(ctx, input.token)),
});
