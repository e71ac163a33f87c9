import { z } from 'zod';
import { Branch, DuesStatus, MembershipType, PostRole } from './enums.ts';
import { email, Id, Timestamp } from './common.ts';
import { V } from './messages.ts';

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
  duesStatus: DuesStatus,
  postRole: PostRole,
  isActive: z.boolean(),
  hasOnlineAccess: z.boolean(),
  hasPortalPassword: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export type Member = z.infer<typeof MemberSchema>;

const opt = (max: number) =>
  z
    .string()
    .trim()
    .max(max, V.tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

/** Years of service: parsed as an integer, invalid becomes 0 (spec §5). */
export const YearsOfService = z.preprocess((v) => {
  const n = typeof v === 'number' ? v : Number.parseInt(String(v ?? ''), 10);
  return Number.isFinite(n) && n >= 0 ? Math.trunc(n) : 0;
}, z.number().int().min(0).max(100, 'Years of service must be at most 100'));

const memberFields = {
  firstName: z.string({ error: V.firstNameRequired }).trim().min(1, V.firstNameRequired).max(100, V.tooLong(100)),
  lastName: z.string({ error: V.lastNameRequired }).trim().min(1, V.lastNameRequired).max(100, V.tooLong(100)),
  email: email(V.emailInvalid, 255),
  phone: opt(20),
  address: opt(255),
  city: opt(100),
  state: opt(50),
  zipCode: opt(10),
  membershipNumber: z
    .string({ error: V.membershipNumberRequired })
    .trim()
    .min(1, V.membershipNumberRequired)
    .max(50, V.tooLong(50)),
  membershipType: MembershipType,
  branchOfService: Branch,
  yearsOfService: YearsOfService,
  deployments: opt(5000),
  memberSince: z
    .string()
    .refine((s) => s === '' || !Number.isNaN(Date.parse(s)), V.invalidDate)
    .nullish(),
  duesStatus: DuesStatus,
  postRole: PostRole,
  isActive: z.boolean(),
  hasOnlineAccess: z.boolean(),
  /** Write-only portal password (decisions §2). */
  loginPassword: z
    .string()
    .max(200, V.tooLong(200))
    .refine((s) => s === '' || s.length >= 8, V.portalPasswordMin)
    .optional(),
};
/** Body of POST /api/members; the spec's defaults fill what is left out (spec §9). */
export const CreateMemberInput = z.object({
  ...memberFields,
  membershipType: MembershipType.default('Annual Member'),
  branchOfService: Branch.default('unspecified'),
  yearsOfService: YearsOfService.default(0),
  duesStatus: DuesStatus.default('current'),
  postRole: PostRole.default('none'),
  isActive: z.boolean().default(true),
  hasOnlineAccess: z.boolean().default(false),
});
export type CreateMemberInput = z.infer<typeof CreateMemberInput>;
/** Body of PATCH /api/members/{id}: any subset of the fields. */
export const UpdateMemberInput = z.object({ id: Id }).extend(z.object(memberFields).partial().shape);
export type UpdateMemberInput = z.infer<typeof UpdateMemberInput>;

/** Answer of GET /api/members/post-commander. */
export const PostCommanderSchema = z.object({ fullName: z.string() });
