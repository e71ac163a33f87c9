import { RosterColumnsInput, RosterColumnsSchema, RosterImportInput, RosterImportResultSchema } from '@post/contracts/roster-import';
import { administratorProcedure } from '../../trpc.ts';
import { audited, auditActor } from '../audit/audit.ts';
import { importRoster, rosterColumns } from './roster.ts';

const tags = ['Members'];

/** The national roster import: the file's columns, then preview and apply (administrators; decisions 0028, 0065). */
export const rosterProcedures = {
  rosterColumns: administratorProcedure
    .meta({
      changesContent: false,
      audit: { none: "it reads a file's header row and writes nothing (POST only for the file's size)" },
      openapi: {
        method: 'POST',
        path: '/admin/members/roster/columns',
        tags,
        summary: 'The headers of a national roster CSV, with the column mapping to pre-select (the remembered one when its headers are in the file)',
        protect: true,
      },
    })
    .input(RosterColumnsInput)
    .output(RosterColumnsSchema)
    .mutation(({ ctx, input }) => rosterColumns(ctx.db, input.csv)),
  importRoster: administratorProcedure
    .meta({
      changesContent: false,
      audit: 'member',
      openapi: {
        method: 'POST',
        path: '/admin/members/roster/import',
        tags,
        summary:
          'Update paid-through years from a national roster CSV, matched by membership number; lower years, unmatched and unreadable rows are listed and not applied; dryRun previews',
        protect: true,
      },
    })
    .input(RosterImportInput)
    .output(RosterImportResultSchema)
    .mutation(({ ctx, input }) =>
      // A preview changes nothing and is not recorded; applying records each member's change and one entry with the counts.
      input.dryRun
        ? importRoster(ctx.db, input)
        : audited(
            ctx,
            {
              entity: 'member',
              action: 'import',
              id: null,
              changes: (r) => ({
                nationalRoster: { old: null, new: `${r.numberColumn} / ${r.paidThroughColumn}` },
                updated: { old: null, new: r.updated.length },
                notLowered: { old: null, new: r.lower.length },
                unmatched: { old: null, new: r.unmatched.length },
                rejected: { old: null, new: r.rejected.length },
              }),
            },
            (trx) => importRoster(trx, { ...input, dryRun: false }, auditActor(ctx, ctx.user)),
          ),
    ),
};
