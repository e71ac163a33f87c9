import { z } from 'zod';
import { SiteSettingsSchema } from '@post/contracts/site-settings';
import { adminProcedure, publicProcedure, router } from '../../trpc.ts';
import { getSettings, saveSettings } from './site-settings.service.ts';
import { audited } from '../audit/audit.ts';

const tags = ['Site settings'];

/** The post's identity and settings (decisions §1). */
export const siteSettingsRouter = router({
  get: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/site-settings', tags, summary: "The post's identity and settings" } })
    .input(z.void())
    .output(SiteSettingsSchema)
    .query(({ ctx }) => getSettings(ctx.db)),
  update: adminProcedure
    .meta({ changesContent: true, openapi: { method: 'PUT', path: '/admin/site-settings', tags, summary: "Replace the post's settings", protect: true } })
    .input(SiteSettingsSchema)
    .output(SiteSettingsSchema)
    .mutation(({ ctx, input }) =>
      audited(ctx, { entity: 'settings', action: 'update', id: null, before: (trx) => getSettings(trx) }, (trx) => saveSettings(trx, input)),
    ),
});
