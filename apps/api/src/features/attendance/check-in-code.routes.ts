import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { DB } from '@post/db';
import type { Env } from '../../env.ts';
import { checkInUrl, volunteerOfCode } from './check-in-code.ts';

/**
 * GET /check-in/{code}/qr.png: a confirmed place's check-in code as a picture, for the confirmation
 * mail and the volunteer's pages (issue 44, decision 0066). The code is the key; a code this site
 * did not sign, or of a place gone or on the waitlist, is a 404.
 */
export async function checkInCodeRoutes(app: FastifyInstance, deps: { db: DB; env: Env }): Promise<void> {
  app.get<{ Params: { code: string } }>('/check-in/:code/qr.png', async (req, reply) => {
    const id = volunteerOfCode(deps.env.mail.linkSecret, req.params.code);
    const place = id === null ? undefined : await deps.db.selectFrom('volunteers').select('status').where('id', '=', id).executeTakeFirst();
    if (id === null || place?.status !== 'confirmed') return reply.code(404).send({ message: 'This check-in code is not valid.' });
    const png = await QRCode.toBuffer(checkInUrl(deps.env.siteUrl, deps.env.mail.linkSecret, id), {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 360,
    });
    return reply.type('image/png').header('Cache-Control', 'private, max-age=3600').send(png);
  });
}
