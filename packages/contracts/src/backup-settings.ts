import { z } from './zod.ts';
import { DEFAULT_BACKUP_SETTINGS as D } from './backup-defaults.ts';

export { DEFAULT_BACKUP_SETTINGS, type BackupSettings } from './backup-defaults.ts';

/** The backup section of the site settings; each field has its default, so older records read whole. */
export const BackupSettingsSchema = z
  .object({
    time: z
      .string()
      .trim()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time such as 03:00 (24-hour)')
      .default(D.time),
    keep: z.coerce
      .number({ error: 'Keep from 1 to 365 backups' })
      .int('Keep from 1 to 365 backups')
      .min(1, 'Keep from 1 to 365 backups')
      .max(365, 'Keep from 1 to 365 backups')
      .default(D.keep),
  })
  .default(D);
