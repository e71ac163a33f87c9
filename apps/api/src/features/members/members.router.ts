import { z } from 'zod';
import { IdInput, Ok } from '@post/contracts/common';
import { CreateMemberInput, MemberImportInput, MemberImportResult, MemberListInput, MemberSchema, UpdateMemberInput } from '@post/contracts/members';
import { administratorProcedure, router } from '../../trpc.ts';
import { postCommanderProcedure } from './post-commander.router.ts';
import * as service from './members.service.ts';
import { importMembers } from './members.csv.ts';
import { paymentProcedures } from './payments.router.ts';
import { rosterProcedures } from './roster.router.ts';
import type { DB } from '@post/db';
import type { AuditChanges } from '@post/db';
import { checkMemberUnit } from '../reports/reporting.service.ts';
import { audited, diffFields } from '../audit/audit.ts';

const memberById = (db: DB, id: number) => service.memberById(db, id);

/** A new portal password is recorded as changed, never its value. */
function withPassword(changes: AuditChanges, password: string | null | undefined): AuditChanges {
  return password ? { ...changes, loginPassword: { old: '(hidden)', new: '(hidden)' } } : changes;
}

const tags = ['Members'];

/** The member directory (administrators) and the public Post Commander name. */
export const membersRouter = router({
  postCommander: postCommanderProcedure,
  ...paymentProcedures,
  ...rosterProcedures,
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
      audit: 'member',
      openapi: { method: 'POST', path: '/members', tags, summary: 'Add a member (409 when the membership number or e-mail is taken)', protect: true },
    })
    .input(CreateMemberInput)
    .output(MemberSchema)
    .mutation(async ({ ctx, input }) => {
      // A unit the settings do not list is a 400 on `unit` (decision 0085).
      await checkMemberUnit(ctx.db, input.unit);
      return audited(ctx, { entity: 'member', action: 'create', changes: (m) => withPassword(diffFields(null, m), input.loginPassword) }, (trx) =>
        service.createMember(trx, input),
      );
    }),
  update: administratorProcedure
    .meta({
      changesContent: true,
      audit: 'member',
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
    .mutation(async ({ ctx, input }) => {
      await checkMemberUnit(ctx.db, input.unit);
      return audited(
        ctx,
        {
          entity: 'member',
          action: 'update',
          before: (trx) => memberById(trx, input.id),
          changes: (after, before) => withPassword(diffFields(before, after), input.loginPassword),
        },
        (trx) => service.updateMember(trx, input),
      );
    }),
  remove: administratorProcedure
    .meta({ changesContent: true, audit: 'member', openapi: { method: 'DELETE', path: '/members/{id}', tags, summary: 'Delete a member', protect: true } })
    .input(IdInput)
    .output(Ok)
    .mutation(async ({ ctx, input }) => {
      const before = (trx: DB) => memberById(trx, input.id);
      await audited(ctx, { entity: 'member', action: 'delete', id: input.id, before }, (trx) => service.deleteMember(trx, input.id));
      return { ok: true as const };
    }),
  import: administratorProcedure
    .meta({
      changesContent: true,
      audit: 'member',
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
    .mutation(({ ctx, input }) =>
      // A preview changes nothing and is not recorded; an import is one entry with its counts (decision 0034).
      input.dryRun
        ? importMembers(ctx.db, input.csv, { dryRun: true })
        : audited(
            ctx,
            {
              entity: 'member',
              action: 'import',
              id: null,
              changes: (r) => ({
                imported: { old: null, new: r.imported },
                updated: { old: null, new: r.updated },
                rejected: { old: null, new: r.rejected.length },
              }),
            },
            (trx) => importMembers(trx, input.csv, { dryRun: false }),
          ),
    ),
});
