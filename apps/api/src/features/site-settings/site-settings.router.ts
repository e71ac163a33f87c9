import { z } from 'zod';
import { RemindersOnSaveInput, SiteSettingsInput, SiteSettingsOutput } from '@post/contracts/site-settings';
import { RenewalReminderPreviewSchema } from '@post/contracts/renewals';
import { administratorProcedure, publicProcedure, router } from '../../trpc.ts';
import { getPublicSettings, getSettings, saveSettings } from './site-settings.service.ts';
import { checkTwoFactorRequirement } from '../officers/account.service.ts';
import { audited } from '../audit/audit.ts';
import { conflict } from '../../errors.ts';
import { queueRenewalReminders, remindersOnSave } from '../renewals/reminders.ts';

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
      const { confirmReminders, ...settings } = input;
      await checkTwoFactorRequirement(ctx.db, ctx.user, settings.requireTwoFactor);
      // Saving never queues mail unasked: the count must be the one the administrator saw (decision 0095).
      const { count } = await remindersOnSave(ctx.db, ctx.env, settings.membership);
      if (count > 0 && confirmReminders !== count)
        throw conflict(
          `Saving these settings sends ${count} renewal ${count === 1 ? 'reminder' : 'reminders'} now. Check the message, then save again with confirmReminders: ${count} to send ${count === 1 ? 'it' : 'them'}.`,
        );
      const saved = await audited(ctx, { entity: 'settings', action: 'update', id: null, before: (trx) => getSettings(trx) }, (trx) =>
        saveSettings(trx, settings),
      );
      // What was confirmed goes at once, not at the worker's next pass.
      if (count > 0) await queueRenewalReminders(ctx.db, ctx.env);
      return saved;
    }),
  remindersOnSave: administratorProcedure
    .meta({
      changesContent: false,
      audit: { none: 'it counts the reminders a settings change would send and writes nothing (POST only for the nested settings)' },
      openapi: {
        method: 'POST',
        path: '/admin/site-settings/reminders-on-save',
        tags,
        summary: 'How many renewal reminders saving these membership settings would send now, and the first as it would be written',
        protect: true,
      },
    })
    .input(RemindersOnSaveInput)
    .output(RenewalReminderPreviewSchema)
    .mutation(async ({ ctx, input }) => {
      const { keys: _keys, ...preview } = await remindersOnSave(ctx.db, ctx.env, input.membership);
      return preview;
    }),
});
