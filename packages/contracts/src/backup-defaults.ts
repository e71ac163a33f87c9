// Without zod, like site-defaults.ts (decision 0063); backup-settings.ts holds the schema.

/** The nightly backup (issue 57 #3, decision 0082): when, in the post's time zone, and how many files to keep. */
export interface BackupSettings {
  /** 'HH:MM', 24-hour, in the post's time zone. */
  time: string;
  keep: number;
}

export const DEFAULT_BACKUP_SETTINGS: BackupSettings = { time: '03:00', keep: 14 };
