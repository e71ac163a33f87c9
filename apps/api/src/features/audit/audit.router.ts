import { AuditListInput, AuditListSchema } from '@post/contracts/audit';
import { administratorProcedure, router } from '../../trpc.ts';
import { listAudit } from './audit.service.ts';

const tags = ['Audit log'];

/**
 * The audit log, read-only: entries are written only by `recordAudit` inside the transaction of
 * the change they record, and deleted only by the retention prune. There is no update or delete.
 */
export const auditRouter = router({
  list: administratorProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/audit',
        tags,
        summary:
          'Who changed what, newest first: filters person (user id or name), entity, action, from/to (days in the post time zone), page, pageSize (25, at most 100)',
        protect: true,
      },
    })
    .input(AuditListInput)
    .output(AuditListSchema)
    .query(({ ctx, input }) => listAudit(ctx.db, input)),
});
