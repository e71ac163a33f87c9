import { z } from './zod.ts';
import { formMessages } from './messages/forms.ts';
import { DEFAULT_REPORTING_SETTINGS, GUEST_UNIT } from './reporting-defaults.ts';
import { reportingMessages } from './messages/reporting.ts';

const Key = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,40}$/, reportingMessages.key);
const name = (max: number) => z.string().trim().min(1, reportingMessages.nameRequired).max(max, formMessages.tooLong(max));

/** One unit or count kind in Settings. */
export const KeyedNameSchema = z.object({ key: Key, name: name(100) });
/** The reporting block of the site settings: units and count kinds (defaults keep the pinned keys). */
const uniqueKeys = (list: { key: string }[]) => new Set(list.map((x) => x.key)).size === list.length;
export const ReportingSettingsSchema = z.object({
  units: z
    .array(KeyedNameSchema)
    .min(1, reportingMessages.unitsMin)
    .max(20, reportingMessages.unitsMax)
    .refine((u) => !u.some((x) => x.key === GUEST_UNIT), `"${GUEST_UNIT}" is kept for walk-ins without a unit.`)
    .refine(uniqueKeys, reportingMessages.duplicateKey),
  countKinds: z.array(KeyedNameSchema).max(50, reportingMessages.countKindsMax).refine(uniqueKeys, reportingMessages.duplicateKey),
});
export { DEFAULT_REPORTING_SETTINGS, GUEST_UNIT };

/** Whole dollars from 0 to 10,000,000. */
export const Dollars = z.coerce
  .number({ error: reportingMessages.dollars })
  .int(reportingMessages.dollars)
  .min(0, reportingMessages.dollars)
  .max(10_000_000, reportingMessages.dollars);
/** Count key to a whole number; the keys are checked against Settings by the service. */
export const Counts = z.record(
  z.string().max(40),
  z.number({ error: reportingMessages.count }).int(reportingMessages.count).min(0, reportingMessages.count).max(1_000_000, reportingMessages.count),
);
export const UnitKey = z.string().trim().min(1, reportingMessages.unitRequired).max(40);

/** Dollars, who benefited and counts an event or a ledger entry carries. */
export const ReportFiguresFields = {
  dollarsGiven: Dollars.default(0),
  dollarsCost: Dollars.default(0),
  inKindValue: Dollars.default(0),
  beneficiary: z.string().trim().max(200, formMessages.tooLong(200)).nullable().optional(),
  counts: Counts.default({}),
};
/** Body of PUT /api/admin/events/{id}/report-figures. */
export const EventReportFiguresInput = z.object({
  id: z.coerce.number().int().positive(),
  ...ReportFiguresFields,
  /** The unit the event's dollars and counts belong to (default the Post). */
  unit: UnitKey.default('post'),
  /** Round-trip miles check-out offers by default. */
  defaultMiles: z.coerce.number().min(0).max(5000).nullable().optional(),
});
export type EventReportFiguresInput = z.input<typeof EventReportFiguresInput>;
export const EventReportFiguresSchema = z.object({
  id: z.number().int(),
  dollarsGiven: z.number().int(),
  dollarsCost: z.number().int(),
  inKindValue: z.number().int(),
  beneficiary: z.string().nullable(),
  counts: z.record(z.string(), z.number()),
  unit: z.string(),
  defaultMiles: z.number().nullable(),
});
export type EventReportFigures = z.infer<typeof EventReportFiguresSchema>;

export const LineKind = z.enum(['hours', 'dollars', 'count', 'miles']);
export const DollarField = z.enum(['dollarsGiven', 'dollarsCost', 'inKindValue', 'milesValue']);

/**
 * One line of a form: its label and item number, a kind, and the rule that picks the records.
 * `categories`: 'all' (every reportable category the form does not exclude), 'rest' (those no
 * other hours line names), or a list of ids. `units`: keys, or null for every unit but guests.
 */
export const FormLineSchema = z
  .object({
    key: Key,
    item: z.string().trim().max(20, formMessages.tooLong(20)).default(''),
    label: z.string().trim().min(1, reportingMessages.labelRequired).max(200, formMessages.tooLong(200)),
    kind: LineKind,
    categories: z.union([z.literal('all'), z.literal('rest'), z.array(z.number().int().positive()).max(100)]),
    units: z.array(UnitKey).max(20).nullable(),
    membersOnly: z.boolean().default(false),
    fields: z.array(DollarField).max(4).default([]),
    count: z.string().max(40).nullable().default(null),
  })
  .refine((l) => l.kind !== 'count' || !!l.count, { message: reportingMessages.countRequired, path: ['count'] })
  .refine((l) => l.kind !== 'dollars' || l.fields.length > 0, { message: reportingMessages.fieldsRequired, path: ['fields'] });
export type FormLine = z.infer<typeof FormLineSchema>;

export const ReportFormSchema = z.object({
  key: z.string(),
  name: z.string(),
  yearStartMonth: z.number().int(),
  excludedCategoryIds: z.array(z.number().int()),
  capHours: z.number().int().nullable(),
  lines: z.array(FormLineSchema),
});
export type ReportForm = z.infer<typeof ReportFormSchema>;
/** Body of PUT /api/admin/reports/forms/{key}: a department's variant. */
export const UpdateReportFormInput = z.object({
  key: Key,
  name: name(200),
  yearStartMonth: z.coerce.number().int().min(1, reportingMessages.yearStart).max(12, reportingMessages.yearStart),
  excludedCategoryIds: z.array(z.number().int().positive()).max(100).default([]),
  capHours: z.number().int().positive().nullable().default(null),
  lines: z
    .array(FormLineSchema)
    .min(1)
    .max(200)
    .refine((ls) => new Set(ls.map((l) => l.key)).size === ls.length, reportingMessages.duplicateLine),
});
export type UpdateReportFormInput = z.input<typeof UpdateReportFormInput>;

/** ?period=: the program year, one of its quarters, or one of its months (counted from its first). */
export const ReportPeriod = z
  .string()
  .regex(/^(year|q[1-4]|m([1-9]|1[0-2]))$/, reportingMessages.period)
  .default('year');

/** One record behind a line. */
export const LineRecordSchema = z.object({ kind: z.enum(['event', 'entry']), id: z.number().int(), date: z.string(), title: z.string(), value: z.number() });
export type LineRecord = z.infer<typeof LineRecordSchema>;
/** One computed line: its value and how many events and entries it comes from. */
export const ReportLineSchema = z.object({
  key: z.string(),
  item: z.string(),
  label: z.string(),
  kind: LineKind,
  value: z.number(),
  records: z.number().int(),
  items: z.array(LineRecordSchema),
});
export type ReportLine = z.infer<typeof ReportLineSchema>;
/** GET /api/admin/reports/service?year=&form=. */
export const FormReportSchema = z.object({
  form: z.string(),
  name: z.string(),
  year: z.number().int(),
  label: z.string(),
  period: z.string(),
  from: z.string(),
  to: z.string(),
  mileageRate: z.number(),
  lines: z.array(ReportLineSchema),
  /** Outside organisations over the form's cap of hours in the year (VFW: 1,000). */
  overCap: z.array(z.object({ beneficiary: z.string(), hours: z.number() })),
});
export type FormReport = z.infer<typeof FormReportSchema>;

/** Body of POST /api/admin/reports/service/filings. */
export const FileReportInput = z.object({
  year: z.coerce.number({ error: 'Choose a year.' }).int('Choose a year.').min(1900, 'Choose a year.').max(2200, 'Choose a year.'),
  form: Key,
  period: ReportPeriod,
});
/** A filing: the lines as they stood, and what changed in its records since. */
export const FilingSchema = z.object({
  id: z.number().int(),
  form: z.string(),
  name: z.string(),
  year: z.number().int(),
  period: z.string(),
  from: z.string(),
  to: z.string(),
  filedAt: z.string(),
  lines: z.array(ReportLineSchema.omit({ items: true })),
  /** Records of the period changed after filing (empty when answering the filing itself). */
  changedSince: z.array(
    z.object({ kind: z.enum(['event', 'entry', 'attendance']), id: z.number().int(), title: z.string(), date: z.string(), changedAt: z.string() }),
  ),
});
export type Filing = z.infer<typeof FilingSchema>;
export const FilingsListSchema = z.array(FilingSchema.omit({ lines: true, changedSince: true }));

/** The event figures' form as typed (numbers as text; blank counts are none). */
export const EventFiguresFormSchema = z.object({
  dollarsGiven: Dollars,
  dollarsCost: Dollars,
  inKindValue: Dollars,
  beneficiary: z.string().trim().max(200, formMessages.tooLong(200)),
  unit: UnitKey,
  defaultMiles: z.union([z.literal(''), z.coerce.number().min(0).max(5000)]),
  counts: z.record(
    z.string(),
    z.union([z.literal(''), z.coerce.number().int(reportingMessages.count).min(0, reportingMessages.count).max(1_000_000, reportingMessages.count)]),
  ),
});
export type EventFiguresFormIn = z.input<typeof EventFiguresFormSchema>;
export type EventFiguresFormOut = z.output<typeof EventFiguresFormSchema>;
