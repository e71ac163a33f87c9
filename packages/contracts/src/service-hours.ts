import { z } from './zod.ts';
import { checkIsoDate, Id, optionalText, Timestamp } from './common.ts';
import { altGivenWithImage, altRequiredIssue, FormPictureSchema, imageFields, ImageSchema } from './images.ts';
import { pageOf, PageNumber, SearchText } from './paging.ts';
import { formMessages } from './messages/forms.ts';
import { serviceHoursMessages } from './messages/service-hours.ts';
import { ServiceEntryStatusFilter } from './enum-schemas.ts';
import { Dollars, ReportFiguresFields, UnitKey } from './reporting.ts';
import { reportingMessages } from './messages/reporting.ts';

/** A category of the ledger. */
export const ServiceCategorySchema = z.object({ id: z.number().int(), name: z.string(), position: z.number().int(), reportable: z.boolean() });
export type ServiceCategory = z.infer<typeof ServiceCategorySchema>;

/** Body of POST /api/admin/service-categories and PUT /api/admin/service-categories/{id}. */
export const ServiceCategoryInput = z.object({
  name: z
    .string({ error: serviceHoursMessages.categoryNameRequired })
    .trim()
    .min(1, serviceHoursMessages.categoryNameRequired)
    .max(100, formMessages.tooLong(100)),
  position: z.coerce.number().int().min(0).max(1000),
  reportable: z.boolean(),
});
export const UpdateServiceCategoryInput = ServiceCategoryInput.extend({ id: Id });

const ServiceDate = checkIsoDate(
  z.string({ error: serviceHoursMessages.dateRequired }).trim().min(1, { error: serviceHoursMessages.dateRequired, abort: true }),
).refine((s) => /^\d{4}-\d{2}-\d{2}$/.test(s), formMessages.invalidDate);
const Hours = z.coerce
  .number({ error: serviceHoursMessages.hoursRange })
  .gt(0, serviceHoursMessages.hoursRange)
  .max(24, serviceHoursMessages.hoursRange)
  .multipleOf(0.25, 'Hours go in quarters of an hour.');
const Miles = z.coerce
  .number({ error: serviceHoursMessages.milesRange })
  .min(0, serviceHoursMessages.milesRange)
  .max(5000, serviceHoursMessages.milesRange)
  .default(0);

/** The fields of a ledger entry (service without an event). */
export const ServiceEntryFields = z.object({
  memberId: Id.nullable().optional(),
  /** The person when they are not a member; a member's name is taken from the directory. */
  name: z.string().trim().max(100, formMessages.tooLong(100)).optional(),
  serviceDate: ServiceDate,
  hours: Hours,
  miles: Miles,
  categoryId: Id,
  note: optionalText(2000),
  /** A photo as documentation, with its alt text (required with it). */
  ...imageFields,
});
/** What an officer's entry adds for the report forms: dollars, who benefited, counts, a non-member's unit (decision 0085). */
const AdminEntryFields = ServiceEntryFields.extend({ ...ReportFiguresFields, unit: UnitKey.nullable().optional() });
/** Body of POST /api/admin/service-hours. */
export const CreateServiceEntryInput = AdminEntryFields.refine((v) => v.memberId != null || (v.name ?? '').length >= 2, {
  message: serviceHoursMessages.whoRequired,
  path: ['name'],
}).refine(altGivenWithImage, altRequiredIssue);
export type CreateServiceEntryInput = z.input<typeof CreateServiceEntryInput>;
/** Body of PUT /api/admin/service-hours/{id}. */
export const UpdateServiceEntryInput = AdminEntryFields.extend({
  id: Id,
  /** Why the entry is changed, kept in the audit log as attendance edits keep theirs (issue 60, decision 0094). */
  reason: z.string({ error: serviceHoursMessages.reasonRequired }).trim().min(1, serviceHoursMessages.reasonRequired).max(500, formMessages.tooLong(500)),
})
  .refine((v) => v.memberId != null || (v.name ?? '').length >= 2, {
    message: serviceHoursMessages.whoRequired,
    path: ['name'],
  })
  .refine(altGivenWithImage, altRequiredIssue);
/** Body of POST /api/member/service: a member's own service (who is the member). */
export const LogOwnServiceInput = ServiceEntryFields.omit({ memberId: true, name: true, imageId: true, imageAlt: true });
export type LogOwnServiceInput = z.input<typeof LogOwnServiceInput>;

/** Body of PUT /api/admin/events/{id}/service-category: the event's default category (null: none). */
export const EventCategoryInput = z.object({ id: Id, categoryId: Id.nullable() });
export const EventCategorySchema = z.object({ id: z.number().int(), serviceCategoryId: z.number().int().nullable() });

/** A ledger entry as read. */
export const ServiceEntrySchema = z.object({
  id: z.number().int(),
  memberId: z.number().int().nullable(),
  name: z.string(),
  serviceDate: z.string(),
  hours: z.number(),
  miles: z.number(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  note: z.string().nullable(),
  imageId: z.number().int().nullable(),
  imageAlt: z.string().nullable(),
  image: ImageSchema.nullable(),
  loggedByMember: z.boolean(),
  dollarsGiven: z.number().int(),
  dollarsCost: z.number().int(),
  inKindValue: z.number().int(),
  beneficiary: z.string().nullable(),
  counts: z.record(z.string(), z.number()),
  /** A non-member's unit as given; a member's entry counts under the member's own. */
  unit: z.string().nullable(),
  approved: z.boolean(),
  approvedAt: Timestamp.nullable(),
  createdAt: Timestamp,
});
export type ServiceEntry = z.infer<typeof ServiceEntrySchema>;

/** GET /api/admin/service-hours: filter by text, category, state and program year; 25 a page. */
export const ServiceEntriesInput = z.object({
  q: SearchText,
  categoryId: Id.optional(),
  status: ServiceEntryStatusFilter.default('all'),
  year: z.coerce.number().int().min(1900).max(2200).optional(),
  page: PageNumber,
});
export type ServiceEntriesInput = z.input<typeof ServiceEntriesInput>;
export const ServiceEntriesPage = pageOf(ServiceEntrySchema);
export type ServiceEntriesPage = z.infer<typeof ServiceEntriesPage>;

/** ?year= of the report: the year the program year starts in. */
export const ReportInput = z.object({
  year: z.coerce.number({ error: 'Choose a year.' }).int('Choose a year.').min(1900, 'Choose a year.').max(2200, 'Choose a year.'),
});

/** One line of a category's list: an event's attendance or a ledger entry. */
export const ReportItemSchema = z.object({
  kind: z.enum(['event', 'entry']),
  id: z.number().int(),
  date: z.string(),
  title: z.string(),
  people: z.array(z.string()),
  hours: z.number(),
  miles: z.number(),
});
const Figures = {
  hours: z.number(),
  volunteers: z.number().int(),
  memberHours: z.number(),
  nonMemberHours: z.number(),
  events: z.number().int(),
  entries: z.number().int(),
  miles: z.number(),
  mileageValue: z.number(),
};
/** One category of the report (in the report's order); `reportable` false: not in the totals. */
export const ReportCategorySchema = z.object({
  id: z.number().int().nullable(),
  name: z.string(),
  reportable: z.boolean(),
  ...Figures,
  items: z.array(ReportItemSchema),
});
export type ReportCategory = z.infer<typeof ReportCategorySchema>;
/** An entry the report flags: not approved yet (not counted) or without documentation; or attendance with unconfirmed long hours. */
export const ReportAttentionSchema = z.object({
  /** A ledger entry, or an attendance whose hours from its marks wait for an administrator's confirmation (decision 0081). */
  kind: z.enum(['entry', 'attendance']),
  id: z.number().int(),
  date: z.string(),
  name: z.string(),
  hours: z.number(),
  category: z.string(),
  reason: z.string(),
});

/** GET /api/admin/reports/service?year=YYYY. */
export const ServiceReportSchema = z.object({
  year: z.number().int(),
  label: z.string(),
  from: z.string(),
  to: z.string(),
  startMonth: z.number().int(),
  mileageRate: z.number(),
  totals: z.object(Figures),
  categories: z.array(ReportCategorySchema),
  attention: z.array(ReportAttentionSchema),
});
export type ServiceReport = z.infer<typeof ServiceReportSchema>;

/** GET /api/member/service: the member's hours this program year and their records. */
export const MyServiceSchema = z.object({
  label: z.string(),
  from: z.string(),
  to: z.string(),
  hours: z.number(),
  items: z.array(
    z.object({
      kind: z.enum(['event', 'entry']),
      id: z.number().int(),
      date: z.string(),
      title: z.string(),
      category: z.string(),
      hours: z.number(),
      approved: z.boolean(),
    }),
  ),
});
export type MyService = z.infer<typeof MyServiceSchema>;

/** GET /api/service-hours/total: the public total of this program year, or null when the switch is off. */
export const PublicServiceTotalSchema = z.object({ hours: z.number(), label: z.string() }).nullable();

/** "2,140 volunteer hours served this year". */
export function publicTotalText(hours: number): string {
  return `${Math.round(hours).toLocaleString('en-US')} volunteer hours served this year`;
}

/** Hours rounded to hundredths, as stored and shown. */
export function roundHours(h: number): number {
  return Math.round(h * 100) / 100;
}

/** The entry form's fields as typed: who is a member's id or '' (then the name), numbers as text. */
export const ServiceEntryFormSchema = z
  .object({
    memberId: z.string(),
    name: z.string().trim().max(100, formMessages.tooLong(100)),
    serviceDate: ServiceDate,
    hours: Hours,
    miles: Miles,
    categoryId: z.string().min(1, serviceHoursMessages.categoryRequired),
    note: z.string().trim().max(2000, formMessages.tooLong(2000)),
    /** The picture is a field of the form, so its draft keeps it (as in the other content forms). */
    picture: FormPictureSchema,
    /** For the report forms (decision 0085): a non-member's unit ('' a guest), dollars, who benefited, counts as typed. */
    unit: z.string().max(40),
    dollarsGiven: Dollars,
    dollarsCost: Dollars,
    inKindValue: Dollars,
    beneficiary: z.string().trim().max(200, formMessages.tooLong(200)),
    counts: z.record(
      z.string(),
      z.union([z.literal(''), z.coerce.number().int(reportingMessages.count).min(0, reportingMessages.count).max(1_000_000, reportingMessages.count)]),
    ),
    /** Why an entry is changed; the dialog asks it when editing (decision 0094). */
    reason: z.string().trim().max(500, formMessages.tooLong(500)),
  })
  .refine((v) => v.memberId !== '' || v.name.length >= 2, { message: serviceHoursMessages.whoRequired, path: ['name'] });
export type ServiceEntryFormIn = z.input<typeof ServiceEntryFormSchema>;
export type ServiceEntryFormOut = z.output<typeof ServiceEntryFormSchema>;
/** A member's own entry: the same without who. */
export const OwnServiceFormSchema = z.object({
  serviceDate: ServiceDate,
  hours: Hours,
  miles: Miles,
  categoryId: z.string().min(1, serviceHoursMessages.categoryRequired),
  note: z.string().trim().max(2000, formMessages.tooLong(2000)),
});
export type OwnServiceFormIn = z.input<typeof OwnServiceFormSchema>;
export type OwnServiceFormOut = z.output<typeof OwnServiceFormSchema>;
