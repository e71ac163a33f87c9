import { z } from 'zod';
import { IdInput, Ok } from '@post/contracts/common';
import { CreateMemberInput, MemberImportInput, MemberImportResult, MemberListInput, MemberSchema, UpdateMemberInput } from '@post/contracts/members';
import { administratorProcedure, router } from '../../trpc.ts';
import { postCommanderProcedure } from './post-commander.router.ts';
import * as service from './members.service.ts';

const tags = ['Members'];

/** The member directory (administrators) and the public Post Commander name. */
export const membersRouter = router({
  postCommander: postCommanderProcedure,
  list: administratorProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/members',
        tags,
        summary: 'The member directory, optionally searched (q: name, membership number or e-mail) and filtered',
        protect: true,
      },
    })
    .input(MemberListInput)
    .output(z.array(MemberSchema))
    .query(({ ctx, input }) => service.listMembers(ctx.db, input)),
  create: administratorProcedure
    .meta({
      changesContent: true,
      openapi: { method: 'POST', path: '/members', tags, summary: 'Add a member (409 when the membership number or e-mail is taken)', protect: true },
    })
    .input(CreateMemberInput)
    .output(MemberSchema)
    .mutation(({ ctx, input }) => service.createMember(ctx.db, input)),
  update: administratorProcedure
    .meta({
      changesContent: true,
      openapi: {
        method: 'PATCH',
        path: '/members/{id}',
        tags,
        summary: 'Change a member (only the fields given; a blank loginPassword keeps the old one)',
        protect: true,
      },
    })
    .input(UpdateMemberInput)
    .output(MemberSchema)
    .mutation(({ ctx, input }) => service.updateMember(ctx.db, input)),
  remove: administratorProcedure
    .meta({ changesContent: true, openapi: { method: 'DELETE', path: '/members/{id}', tags, summary: 'Delete a member', protect: true } })
    .input(IdInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      await service.deleteMember(ctx.db, input.id);
      return { ok: true as const };
    }),
  import: administratorProcedure
    .meta({
      changesContent: true,
      openapi: {
        method: 'POST',
        path: '/admin/members/import',
        tags,
        summary:
          'Import members from CSV text: new membership numbers are added, known ones updated; bad rows are reported and none of them is stored; dryRun previews',
        protect: true,
      },
    })
    .input(MemberImportInput)
    .output(MemberImportResult)
    .mutation(({ ctx, input }) => service.importMembers(ctx.db, input.csv, { dryRun: input.dryRun })),
});
