import { z } from './zod.ts';
import { Branch } from './enums.ts';
import { V } from './messages.ts';

/** Body of POST /api/member/login (spec §5). */
export const MemberLoginInput = z.object({
  membershipNumber: z.string({ error: V.membershipNumberRequired }).trim().min(1, V.membershipNumberRequired).max(50, V.tooLong(50)),
  password: z.string({ error: V.passwordRequired }).min(1, V.passwordRequired).max(200, V.tooLong(200)),
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

export { branchColor } from './branch.ts';
