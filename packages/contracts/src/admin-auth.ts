import { z } from './zod.ts';
import { accountMessages } from './messages/account.ts';
import { formMessages } from './messages/forms.ts';
import { NewPassword } from './password.ts';

/** Body of POST /api/login (spec §5). */
export const LoginInput = z.object({
  username: z.string({ error: accountMessages.usernameRequired }).trim().min(1, accountMessages.usernameRequired).max(100, formMessages.tooLong(100)),
  password: z.string({ error: accountMessages.passwordRequired }).min(1, accountMessages.passwordRequired).max(200, formMessages.tooLong(200)),
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
    currentPassword: z
      .string({ error: accountMessages.currentPasswordRequired })
      .min(1, accountMessages.currentPasswordRequired)
      .max(200, formMessages.tooLong(200)),
    newPassword: NewPassword,
    confirmPassword: z
      .string({ error: accountMessages.confirmPasswordRequired })
      .min(1, accountMessages.confirmPasswordRequired)
      .max(200, formMessages.tooLong(200)),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: accountMessages.passwordsDoNotMatch, path: ['confirmPassword'] });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

/** An administrator account as created by the CLI (spec §5 "User"). */
export const UserInput = z.object({
  username: z.string().trim().min(3, accountMessages.usernameMin).max(100, formMessages.tooLong(100)),
  password: NewPassword,
  email: z.union([z.literal(''), z.email({ error: formMessages.invalidEmail })]).optional(),
  firstName: z.string().max(100).optional(),
  lastName: z.string().max(100).optional(),
});
export type UserInput = z.infer<typeof UserInput>;
