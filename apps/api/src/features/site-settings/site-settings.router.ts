import { z } from 'zod';
import { SiteSettingsInput, SiteSettingsOutput } from '@post/contracts/site-settings';
import { administratorProcedure, publicProcedure, router } from '../../trpc.ts';
import { getPublicSettings, getSettings, saveSettings } from './site-settings.service.ts';
import { checkTwoFactorRequirement } from '../officers/account.service.ts';
import { audited } from '../audit/audit.ts';

const tags = ['Site settings'];

/** The post's identity and settings (decisions §1). */
export const siteSettingsRouter = router({
  get: publicProcedure
    .meta({ cache: 'public', openapi: { method: 'GET', path: '/site-settings', tags, summary: "The post's identity and settings" } })
    .input(z.void())
    .output(SiteSettingsOutput)
    .query(({ ctx }) => getPublicSettings(ctx.db)),
  update: administratorProcedure
    .meta({
      changesContent: true,
      audit: 'settings',
      openapi: { method: 'PUT', path: '/admin/site-settings', tags, summary: "Replace the post's settings", protect: true },
    })
    .input(SiteSettingsInput)
    .output(SiteSettingsOutput)
    .mutation(async ({ ctx, input }) => {
      await checkTwoFactorRequirement(ctx.db, ctx.user, input.requireTwoFactor);
      return audited(ctx, { entity: 'settings', action: 'update', id: null, before: (trx) => getSettings(trx) }, (trx) => saveSettings(trx, input));
    }),
});
