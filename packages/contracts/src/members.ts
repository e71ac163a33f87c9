import { z } from './zod.ts';
import { UnitKey } from './reporting.ts';
import { Branch, DuesStatus, MembershipType, MemberStatus, PostRole } from './enum-schemas.ts';
import { Id, checkIsoDate, optionalPhone, Timestamp } from './common.ts';
import { PASSWORD_MIN } from './limits.ts';
import { accountMessages } from './messages/account.ts';
import { formMessages } from './messages/forms.ts';
import { memberMessages } from './messages/members.ts';
import { altGivenWithImage, altRequiredIssue, FormPictureSchema, imageFields, imageOutputFields } from './images.ts';

/** A member as administrators see it; the portal password is never returned. */
export const MemberSchema = z.object({
  id: z.number().int(),
  membershipNumber: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
  membershipType: MembershipType,
  branchOfService: Branch,
  yearsOfService: z.number().int(),
  deployments: z.string().nullable(),
  memberSince: Timestamp,
  /** The membership year paid through; null for a Life Member or when never recorded (decision 0065). */
  paidThrough: z.number().int().nullable(),
  /** Anniversary dues only: the day paid through ('YYYY-MM-DD'); null under the calendar year (decision 0098). */
  paidThroughOn: z.string().nullable(),
  /** Derived from paidThrough and the renewal calendar in Settings, never stored (decisions 0065, 0086). */
  duesStatus: DuesStatus,
  /** True when a renewal is wanted now: next year's is open and unpaid, or this year is unpaid (decision 0086). */
  renewalOpen: z.boolean(),
  /** Continuous years of membership, from payments or the national roster (decision 0086). */
  continuousYears: z.number().int().nullable(),
  postRole: PostRole,
  /** The member's unit: 'post' or a Legion Family unit's key from Settings (decision 0085). */
  unit: z.string(),
  isActive: z.boolean(),
  hasOnlineAccess: z.boolean(),
  hasPortalPassword: z.boolean(),
  /** Post Everlasting: the date of death ('YYYY-MM-DD'), or null while living. */
  deceasedOn: z.string().nullable(),
  obituary: z.string().nullable(),
  /** Era or war served in, as the honor roll shows it ("Vietnam War"). */
  serviceEra: z.string().nullable(),
  /** Honor-guard roles the member is qualified for: keys from the list in Settings (decision 0088). */
  honorGuardRoles: z.array(z.string()),
  /** The member's photo for the honor roll. */
  ...imageOutputFields,
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Member = z.infer<typeof MemberSchema>;

const opt = (max: number) =>
  z
    .string()
    .trim()
    .max(max, formMessages.tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

/** Years of service: parsed as an integer, invalid becomes 0 (spec §5). */
export const YearsOfService = z.preprocess(
  (v) => {
    const n = typeof v === 'number' ? v : Number.parseInt(String(v ?? ''), 10);
    return Number.isFinite(n) && n >= 0 ? Math.trunc(n) : 0;
  },
  z.number().int().min(0).max(100, 'Years of service must be at most 100'),
);

/** The membership year paid through: a year, or blank for none (a Life Member). */
export const PaidThrough = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: 'Paid through must be a year such as 2027' })
    .int('Paid through must be a year such as 2027')
    .min(1900, 'Paid through must be a year such as 2027')
    .max(2200, 'Paid through must be a year such as 2027')
    .nullable(),
);

/** Anniversary dues (decision 0098): the day paid through, or blank for none; its year becomes paidThrough. */
export const PaidThroughOn = checkIsoDate(z.string({ error: 'Paid through must be a date' }), true)
  .transform((v) => (v ? v : null))
  .nullable();

const memberFields = {
  firstName: z.string({ error: formMessages.firstNameRequired }).trim().min(1, formMessages.firstNameRequired).max(100, formMessages.tooLong(100)),
  lastName: z.string({ error: formMessages.lastNameRequired }).trim().min(1, formMessages.lastNameRequired).max(100, formMessages.tooLong(100)),
  email: z
    .string({ error: memberMessages.emailRequired })
    .trim()
    .min(1, { error: memberMessages.emailRequired, abort: true })
    .max(255, formMessages.tooLong(255))
    .pipe(z.email({ error: formMessages.emailInvalid })),
  phone: optionalPhone(20)
    .nullish()
    .transform((v) => (v ? v : null)),
  address: opt(255),
  city: opt(100),
  state: opt(50),
  zipCode: opt(10),
  membershipNumber: z
    .string({ error: memberMessages.membershipNumberRequired })
    .trim()
    .min(1, memberMessages.membershipNumberRequired)
    .max(50, formMessages.tooLong(50)),
  membershipType: MembershipType,
  branchOfService: Branch,
  yearsOfService: YearsOfService,
  deployments: opt(5000),
  memberSince: checkIsoDate(z.string(), true).nullish(),
  paidThrough: PaidThrough.optional(),
  paidThroughOn: PaidThroughOn.optional(),
  postRole: PostRole,
  /** Checked against the units in Settings by the API (decision 0085). */
  unit: UnitKey.optional(),
  isActive: z.boolean(),
  hasOnlineAccess: z.boolean(),
  /** Write-only portal password (decisions §2). */
  loginPassword: z
    .string()
    .max(200, formMessages.tooLong(200))
    .refine((s) => s === '' || s.length >= PASSWORD_MIN, accountMessages.passwordMin)
    .optional(),
  /** Honor-guard role keys (decision 0088); each must be in Settings' list, checked by the service. */
  honorGuardRoles: z
    .array(z.string().trim().min(1).max(30), { error: 'Honor guard roles must be a list of role keys' })
    .max(30)
    .transform((keys) => [...new Set(keys)]),
};
/** Post Everlasting fields: date of death, obituary, era; blank means none. */
const everlastingFields = {
  deceasedOn: checkIsoDate(z.string(), true)
    .nullish()
    .transform((v) => (v ? v : null)),
  obituary: opt(10_000),
  serviceEra: opt(100),
};
const createFields = {
  ...memberFields,
  membershipType: MembershipType.default('Annual Member'),
  branchOfService: Branch.default('unspecified'),
  yearsOfService: YearsOfService.default(0),
  postRole: PostRole.default('none'),
  unit: UnitKey.default('post'),
  isActive: z.boolean().default(true),
  hasOnlineAccess: z.boolean().default(false),
  honorGuardRoles: memberFields.honorGuardRoles.default([]),
  ...everlastingFields,
};
/** Body of POST /api/members; the spec's defaults fill what is left out (spec §9); paidThrough left out is this year. */
export const CreateMemberInput = z.object({ ...createFields, ...imageFields }).refine(altGivenWithImage, altRequiredIssue);
export type CreateMemberInput = z.infer<typeof CreateMemberInput>;
/** The member dialog's form: the photo is a picture field (decision 0044), sent as imageId and imageAlt. */
export const MemberFormSchema = z.object({ ...createFields, photo: FormPictureSchema });
/** Body of PATCH /api/members/{id}: any subset of the fields. */
export const UpdateMemberInput = z
  .object({
    id: Id,
    /** Lowering paid-through below a recorded payment's year is refused (409) unless this says the adjutant was warned (decision 0086). */
    confirmLowerPaidThrough: z.boolean().optional(),
    continuousYears: z.coerce
      .number({ error: 'Continuous years must be a whole number' })
      .int('Continuous years must be a whole number')
      .min(0)
      .max(150)
      .nullable()
      .optional(),
  })
  .extend(z.object({ ...memberFields, ...everlastingFields, ...imageFields }).partial().shape)
  .refine(altGivenWithImage, altRequiredIssue);
export type UpdateMemberInput = z.infer<typeof UpdateMemberInput>;

/** Answer of GET /api/members/post-commander. */
export const PostCommanderSchema = z.object({ fullName: z.string() });

/** Post role filter: a role, 'none' (no role) or 'any' (any role, i.e. officers). */
export const PostRoleFilter = z.union([PostRole, z.literal('any')], { error: formMessages.invalidChoice });

/** Query of GET /api/members: every part optional; without any, the whole directory. */
export const MemberListInput = z
  .object({
    /** Matches first or last name (or both, "First Last"), membership number or e-mail, ignoring case. */
    q: z.string().trim().max(200, formMessages.tooLong(200)).optional(),
    status: MemberStatus.optional(),
    postRole: PostRoleFilter.optional(),
    duesStatus: DuesStatus.optional(),
  })
  .optional();
export type MemberListInput = z.infer<typeof MemberListInput>;

/** Columns of the member CSV, in order; export writes them and import reads them (header names). */
export const MEMBER_CSV_COLUMNS = [
  'membershipNumber',
  'firstName',
  'lastName',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zipCode',
  'membershipType',
  'branchOfService',
  'yearsOfService',
  'deployments',
  'memberSince',
  'paidThrough',
  'duesStatus',
  'postRole',
  'isActive',
  'hasOnlineAccess',
] as const;
export type MemberCsvColumn = (typeof MEMBER_CSV_COLUMNS)[number];
/** Columns an imported file must have. */
export const MEMBER_CSV_REQUIRED: readonly MemberCsvColumn[] = ['membershipNumber', 'firstName', 'lastName', 'email'];
/** Most rows one import may carry. */
export const MEMBER_IMPORT_MAX_ROWS = 5000;

/** Body of POST /api/admin/members/import: the CSV file's text. */
export const MemberImportInput = z.object({
  csv: z
    .string({ error: 'Choose a CSV file to import.' })
    .min(1, 'The file is empty.')
    .max(900_000, 'The file is too large to import at once (at most 900 KB). Split it into smaller files.'),
  /** Only check and count (the preview): nothing is stored. */
  dryRun: z.boolean().optional(),
});
export type MemberImportInput = z.infer<typeof MemberImportInput>;

/**
 * Answer of the import (or of its preview, `dryRun`): new members added, existing ones (same
 * membership number) updated or already identical, and each row that was not taken, with why.
 */
export const MemberImportResult = z.object({
  imported: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  dryRun: z.boolean(),
  rejected: z.array(z.object({ row: z.number().int(), reason: z.string() })),
});
export type MemberImportResult = z.infer<typeof MemberImportResult>;

/** The member dialog's label of each field (import reasons and the CSV header use them too). */
export const MEMBER_FIELD_LABELS: Record<MemberCsvColumn | 'loginPassword', string> = {
  membershipNumber: 'Membership Number',
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  address: 'Street Address',
  city: 'City',
  state: 'State',
  zipCode: 'ZIP Code',
  membershipType: 'Membership Type',
  branchOfService: 'Branch of Service',
  yearsOfService: 'Years of Service',
  deployments: 'Deployments/Service History',
  memberSince: 'Member Since',
  paidThrough: 'Paid Through',
  duesStatus: 'Dues Status',
  postRole: 'Post Role',
  isActive: 'Active Member',
  hasOnlineAccess: 'Online Portal Access',
  loginPassword: 'Portal Password',
};
