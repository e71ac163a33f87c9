import { z } from 'zod';
import { SiteSettingsInput, SiteSettingsOutput } from '@post/contracts/site-settings';
import { adminProcedure, publicProcedure, router } from '../../trpc.ts';
import { getPublicSettings, saveSettings } from './site-settings.service.ts';

const tags = ['Site settings'];

/** The post's identity and settings (decisions §1). */
export const siteSettingsRouter = router({
  get: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/site-settings', tags, summary: "The post's identity and settings" } })
    .input(z.void())
    .output(SiteSettingsOutput)
    .query(({ ctx }) => getPublicSettings(ctx.db)),
  update: adminProcedure
    .meta({ changesContent: true, openapi: { method: 'PUT', path: '/admin/site-settings', tags, summary: "Replace the post's settings", protect: true } })
    .input(SiteSettingsInput)
    .output(SiteSettingsOutput)
    .mutation(({ ctx, input }) => saveSettings(ctx.db, input)),
});
