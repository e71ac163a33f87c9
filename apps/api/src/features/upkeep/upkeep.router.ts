import { z } from 'zod';
import { BackupStatusSchema, DemoContentSchema } from '@post/contracts/upkeep';
import { demoContentCounts, removeDemoContent } from '@post/db/seed/demo-rows';
import { administratorProcedure, router } from '../../trpc.ts';
import { audited } from '../audit/audit.ts';
import { backupStatus, type BackupFile } from './backups.ts';

const tags = ['Upkeep'];

const total = (counts: Record<string, number>) => Object.values(counts).reduce((n, c) => n + c, 0);
const fileOut = (f: BackupFile) => ({ name: f.name, size: f.size, at: f.at.toISOString() });

/** The demo content and the nightly backups, for administrators (issue 57, decision 0082). */
export const upkeepRouter = router({
  demoContent: administratorProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/demo-content', tags, summary: 'What is left of the demo content' } })
    .input(z.void())
    .output(DemoContentSchema)
    .query(async ({ ctx }) => {
      const counts = await demoContentCounts(ctx.db);
      return { counts, total: total(counts) };
    }),
  removeDemoContent: administratorProcedure
    .meta({
      changesContent: true,
      audit: 'demo-content',
      openapi: { method: 'DELETE', path: '/admin/demo-content', tags, summary: 'Remove all demo content', protect: true },
    })
    .input(z.void())
    .output(DemoContentSchema)
    .mutation(async ({ ctx }) => {
      const counts = await audited<Record<string, number>>(
        ctx,
        {
          entity: 'demo-content',
          action: 'delete',
          id: null,
          changes: (removed) => Object.fromEntries(Object.entries(removed).map(([table, n]) => [table, { old: n, new: 0 }])),
        },
        (trx) => removeDemoContent(trx),
      );
      return { counts, total: total(counts) };
    }),
  backupStatus: administratorProcedure
    .meta({ openapi: { method: 'GET', path: '/admin/backups', tags, summary: 'The nightly backups: the last one, its warning, the files kept' } })
    .input(z.void())
    .output(BackupStatusSchema)
    .query(async ({ ctx }) => {
      const s = await backupStatus(ctx.db, ctx.env.dataDir);
      return { ...s, last: s.last && fileOut(s.last), files: s.files.map(fileOut) };
    }),
});
