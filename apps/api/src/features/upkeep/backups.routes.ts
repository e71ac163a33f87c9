import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DB } from '@post/db';
import type { Env } from '../../env.ts';
import { staffRefusal } from '../../trpc.ts';
import { auditActor, recordAudit } from '../audit/audit.ts';
import { BACKUP_FILE, backupDir } from './backups.ts';

/**
 * GET /api/admin/backups/{name}: one of the nightly backup files, for an administrator to keep off
 * the machine (issue 57 #3, decision 0082). Only names the schedule writes are served.
 */
export async function backupFileRoutes(app: FastifyInstance, deps: { db: DB; env: Env }): Promise<void> {
  app.get<{ Params: { name: string } }>('/api/admin/backups/:name', async (req, reply) => {
    const check = await staffRefusal({ db: deps.db, req }, 'administrator');
    if (check.status) return reply.code(check.status).header('Cache-Control', 'no-store').send({ message: check.message });
    const { name } = req.params;
    const file = path.join(backupDir(deps.env.dataDir), name);
    const found = BACKUP_FILE.test(name) ? await stat(file).catch(() => null) : null;
    if (!found?.isFile()) return reply.code(404).send({ message: 'This backup is not on the server (only the newest ones are kept).' });
    await recordAudit(deps.db, auditActor({ req }, check.user), { entity: 'backup', entityId: name, action: 'export' });
    return reply
      .type('application/gzip')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Content-Length', found.size)
      .header('Cache-Control', 'no-store')
      .send(createReadStream(file));
  });
}
