import { z } from './zod.ts';
import { V } from './messages.ts';
import { NewPassword } from './password.ts';

/** Body of POST /api/login (spec §5). */
export const LoginInput = z.object({
  username: z.string({ error: V.usernameRequired }).trim().min(1, V.usernameRequired).max(100, V.tooLong(100)),
  password: z.string({ error: V.passwordRequired }).min(1, V.passwordRequired).max(200, V.tooLong(200)),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** Answer of GET /api/auth/check. */
export const AuthCheckSchema = z.object({
  authenticated: z.boolean(),
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  role: z.string().nullable(),
  /** Signed in with a temporary password: change it (POST /api/change-password) before anything else. */
  mustChangePassword: z.boolean().optional(),
  /** Two-factor is required and this account has none: enrol before anything else. */
  mustEnrolTwoFactor: z.boolean().optional(),
  /** The password was right; POST /api/login/two-factor with a code finishes the sign-in. */
  twoFactorRequired: z.boolean().optional(),
});
export type AuthCheck = z.infer<typeof AuthCheckSchema>;

/** Body of POST /api/change-password (spec §5); also used for a member's own password. */
export const ChangePasswordInput = z
  .object({
    currentPassword: z.string({ error: V.currentPasswordRequired }).min(1, V.currentPasswordRequired).max(200, V.tooLong(200)),
    newPassword: NewPassword,
    confirmPassword: z.string({ error: V.confirmPasswordRequired }).min(1, V.confirmPasswordRequired).max(200, V.tooLong(200)),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: V.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

/** An administrator account as created by the CLI (spec §5 "User"). */
export const UserInput = z.object({
  username: z.string().trim().min(3, V.usernameMin).max(100, V.tooLong(100)),
  password: NewPassword,
  email: z.union([z.literal(''), z.email({ error: V.invalidEmail })]).optional(),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
});
export type UserInput = z.infer<typeof UserInput>;
