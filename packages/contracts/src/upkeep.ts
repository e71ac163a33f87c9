import { z } from './zod.ts';

/** What is left of the demo content, per kind of record (issue 57, decision 0082). */
export const DemoContentSchema = z.object({
  counts: z.record(z.string(), z.number().int()),
  total: z.number().int(),
});
export type DemoContent = z.infer<typeof DemoContentSchema>;

const BackupFileSchema = z.object({ name: z.string(), size: z.number().int(), at: z.string() });

/** The nightly backups as the dashboard shows them. */
export const BackupStatusSchema = z.object({
  last: BackupFileSchema.nullable(),
  lastRun: z.object({ attemptedAt: z.string(), error: z.string().nullable() }).nullable(),
  files: z.array(BackupFileSchema),
  warning: z.enum(['failed', 'stale']).nullable(),
  settings: z.object({ time: z.string(), keep: z.number().int() }),
});
export type BackupStatusOutput = z.infer<typeof BackupStatusSchema>;
