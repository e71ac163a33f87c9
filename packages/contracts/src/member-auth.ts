import { z } from './zod.ts';
import { Branch } from './enum-schemas.ts';
import { accountMessages } from './messages/account.ts';
import { formMessages } from './messages/forms.ts';
import { memberMessages } from './messages/members.ts';

/** Body of POST /api/member/login (spec §5). */
export const MemberLoginInput = z.object({
  membershipNumber: z
    .string({ error: memberMessages.membershipNumberRequired })
    .trim()
    .min(1, memberMessages.membershipNumberRequired)
    .max(50, formMessages.tooLong(50)),
  password: z.string({ error: accountMessages.passwordRequired }).min(1, accountMessages.passwordRequired).max(200, formMessages.tooLong(200)),
});
export type MemberLoginInput = z.infer<typeof MemberLoginInput>;

/** The signed-in member as the header and portal need it. */
export const SessionMemberSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  membershipNumber: z.string(),
  branchOfService: Branch,
  postRole: z.string(),
  membershipType: z.string(),
});
export type SessionMember = z.infer<typeof SessionMemberSchema>;

/** Answer of GET /api/member/auth/check (401 when not signed in). */
export const MemberAuthCheckSchema = z.object({
  authenticated: z.literal(true),
  member: SessionMemberSchema,
});
export type MemberAuthCheck = z.infer<typeof MemberAuthCheckSchema>;
