import { z } from 'zod';
import { IdInput } from '@post/contracts/common';
import { HonorRollDraftSchema, HonorRollEntrySchema, PublishHonorInput, UpdateHonorInput } from '@post/contracts/honor-roll';
import { administratorProcedure, publicProcedure, router } from '../../trpc.ts';
import { audited } from '../audit/audit.ts';
import { honorRollDrafts, honorRollEntry, listHonorRoll, publishHonor, unpublishHonor, updateHonor } from './honor-roll.service.ts';

const MemberRef = z.object({ memberId: z.coerce.number().int().positive() });

const tags = ['Honor roll'];

/** Post Everlasting: the public honor roll of departed members (decision 0065). */
export const honorRollRouter = router({
  list: publicProcedure
    .meta({
      cache: 'public',
      openapi: { method: 'GET', path: '/honor-roll', tags, summary: 'Departed members, most recent first (404 when the honor roll is turned off)' },
    })
    .input(z.void())
    .output(z.array(HonorRollEntrySchema))
    .query(({ ctx }) => listHonorRoll(ctx.db)),
  byId: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/honor-roll/{id}', tags, summary: 'One departed member, with the obituary' } })
    .input(IdInput)
    .output(HonorRollEntrySchema)
    .query(({ ctx, input }) => honorRollEntry(ctx.db, input.id)),
  // Decision 0086: a date of death makes a draft; publishing asks for the family's consent.
  drafts: administratorProcedure
    .meta({
      openapi: { method: 'GET', path: '/admin/honor-roll', tags, summary: 'Every honor-roll entry, draft or published, with its checklist', protect: true },
    })
    .input(z.void())
    .output(z.array(HonorRollDraftSchema))
    .query(({ ctx }) => honorRollDrafts(ctx.db)),
  publish: administratorProcedure
    .meta({
      changesContent: true,
      audit: 'honor-roll',
      openapi: {
        method: 'POST',
        path: '/admin/honor-roll/{memberId}/publish',
        tags,
        summary: 'Publish an entry with the family’s consent (400 without it)',
        protect: true,
      },
    })
    .input(PublishHonorInput)
    .output(HonorRollDraftSchema)
    .mutation(({ ctx, input }) => audited(ctx, { entity: 'honor-roll', action: 'publish', id: () => input.memberId }, (trx) => publishHonor(trx, input))),
  unpublish: administratorProcedure
    .meta({
      changesContent: true,
      audit: 'honor-roll',
      openapi: { method: 'POST', path: '/admin/honor-roll/{memberId}/unpublish', tags, summary: 'Take an entry off the public honor roll', protect: true },
    })
    .input(MemberRef)
    .output(HonorRollDraftSchema)
    .mutation(({ ctx, input }) =>
      audited(ctx, { entity: 'honor-roll', action: 'unpublish', id: () => input.memberId }, (trx) => unpublishHonor(trx, input.memberId)),
    ),
  update: administratorProcedure
    .meta({
      changesContent: true,
      audit: 'honor-roll',
      openapi: {
        method: 'PATCH',
        path: '/admin/honor-roll/{memberId}',
        tags,
        summary: 'Offices held, next of kin (private), the report to National, the ceremony date',
        protect: true,
      },
    })
    .input(UpdateHonorInput)
    .output(HonorRollDraftSchema)
    .mutation(({ ctx, input }) => audited(ctx, { entity: 'honor-roll', action: 'update', id: () => input.memberId }, (trx) => updateHonor(trx, input))),
});
