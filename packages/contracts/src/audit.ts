import { z } from './zod.ts';

export { AUDIT_ACTIONS, AUDIT_ENTITIES, formatAuditChanges, formatAuditValue, type AuditAction, type AuditEntity } from './audit-format.ts';

/** A calendar date 'YYYY-MM-DD' (a day in the post's time zone). */
const Day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a date as YYYY-MM-DD')
  .refine(
    (s) => s >= '1970-01-01' && s <= '2999-12-31' && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'Please enter a valid date',
  );

const filterText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((s) => (s ? s : undefined));

/**
 * Filters of GET /api/admin/audit and /api/admin/audit.csv: person (user id or name), entity,
 * action, from/to (days in the post's time zone, both included), paging. Newest first.
 */
export const AuditListInput = z
  .object({
    person: filterText(100),
    entity: filterText(50),
    action: filterText(50),
    from: Day.optional().or(z.literal('').transform(() => undefined)),
    to: Day.optional().or(z.literal('').transform(() => undefined)),
    page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1, 'Page size must be 1 to 100').max(100, 'Page size must be 1 to 100').default(25),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'The "from" date must not be after the "to" date', path: ['to'] });
export type AuditListInput = z.input<typeof AuditListInput>;
export type AuditFilter = z.output<typeof AuditListInput>;

/** One recorded change. */
export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorUserId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  ip: z.string().nullable(),
  entity: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  changes: z.record(z.string(), z.object({ old: z.unknown(), new: z.unknown() })).nullable(),
});
/** An entry as the API answers it (old and new may be absent in the answer's JSON when undefined). */
export type AuditEntryView = Omit<z.infer<typeof AuditEntrySchema>, 'changes'> & { changes: Record<string, { old?: unknown; new?: unknown }> | null };

export const AuditListSchema = z.object({
  items: z.array(AuditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditList = z.infer<typeof AuditListSchema>;

/** Retention of the audit log, in months (site setting `auditRetentionMonths`). */
export const AUDIT_RETENTION_DEFAULT_MONTHS = 24;
