import { z } from './zod.ts';
import { accountMessages } from './messages/account.ts';
import { formMessages } from './messages/forms.ts';
import { NewPassword as password } from './password.ts';
import { StaffRole } from './enum-schemas.ts';

// Staff accounts, two-factor sign-in and sessions (issue 21, decisions 0031 and 0032).

const name = (required: string) => z.string({ error: required }).trim().min(1, required).max(100, formMessages.tooLong(100));

/** An account as the administrators' list shows it. */
export const StaffAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  role: StaffRole,
  twoFactor: z.boolean(),
  disabled: z.boolean(),
  mustChangePassword: z.boolean(),
  /** Invited and not yet accepted: no password of their own yet. */
  invitationPending: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof StaffAccountSchema>;

/** Body of POST /api/admin/users: without temporaryPassword an invitation is e-mailed. */
export const CreateStaffInput = z.object({
  username: z
    .string({ error: accountMessages.usernameMin })
    .trim()
    .min(3, accountMessages.usernameMin)
    .max(100, formMessages.tooLong(100))
    .regex(/^[A-Za-z0-9._@-]+$/, accountMessages.usernameChars),
  firstName: name(formMessages.firstNameRequired),
  lastName: name(formMessages.lastNameRequired),
  // An empty address is missing, not malformed (issue 46 #4).
  email: z.email({ error: (issue) => (issue.input ? formMessages.invalidEmail : accountMessages.staffEmailRequired) }).max(255, formMessages.tooLong(255)),
  role: StaffRole,
  temporaryPassword: password.optional(),
});
export type CreateStaffInput = z.infer<typeof CreateStaffInput>;

/** Body of PATCH /api/admin/users/{id}: only the fields given change. */
export const UpdateStaffInput = z.object({
  id: z.coerce.number().int().positive(),
  firstName: name(formMessages.firstNameRequired).optional(),
  lastName: name(formMessages.lastNameRequired).optional(),
  email: z.email({ error: formMessages.invalidEmail }).max(255, formMessages.tooLong(255)).optional(),
  role: StaffRole.optional(),
  disabled: z.boolean().optional(),
  /** Clears a lost second factor: the person enrols again. */
  resetTwoFactor: z.literal(true).optional(),
});
export type UpdateStaffInput = z.infer<typeof UpdateStaffInput>;

/** Body of POST /api/admin/users/{id}/reset-password: a temporary password, or else a link by e-mail. */
export const ResetStaffPasswordInput = z.object({
  id: z.coerce.number().int().positive(),
  temporaryPassword: password.optional(),
});
export type ResetStaffPasswordInput = z.infer<typeof ResetStaffPasswordInput>;

/** Query of GET /api/invitation: is this link still good, and for whom. */
export const InvitationQuery = z.object({ token: z.string().min(1).max(200) });
export const InvitationInfoSchema = z.object({ username: z.string(), firstName: z.string().nullable() });

/** Body of POST /api/invitation: the person sets their password. */
export const AcceptInvitationInput = z
  .object({
    token: z.string().min(1).max(200),
    newPassword: password,
    confirmPassword: z
      .string({ error: accountMessages.confirmPasswordRequired })
      .min(1, accountMessages.confirmPasswordRequired)
      .max(200, formMessages.tooLong(200)),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: accountMessages.passwordsDoNotMatch, path: ['confirmPassword'] });
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationInput>;

/** A six-digit code from the authenticator app, or a recovery code (spaces and dashes ignored). */
export const TwoFactorCodeInput = z.object({
  code: z.string({ error: accountMessages.twoFactorCodeRequired }).trim().min(6, accountMessages.twoFactorCodeRequired).max(40, formMessages.tooLong(40)),
});
export type TwoFactorCodeInput = z.infer<typeof TwoFactorCodeInput>;

/** Two-factor state of the signed-in account. */
export const TwoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number().int(),
  required: z.boolean(),
});

/** Enrolment start: the secret as a QR code (SVG data URL, drawn here) and for typing in. */
export const TwoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrSvg: z.string(),
});

/** The recovery codes, shown once. */
export const RecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** Body of turning two-factor off: the account's password. */
export const DisableTwoFactorInput = z.object({
  password: z.string({ error: accountMessages.passwordRequired }).min(1, accountMessages.passwordRequired).max(200, formMessages.tooLong(200)),
});

/** The signed-in account's own name and e-mail address (GET /api/admin/account). */
export const AccountDetailsSchema = z.object({
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
});
export type AccountDetails = z.infer<typeof AccountDetailsSchema>;

/** Body of PATCH /api/admin/account: one's own name (required) and e-mail address (empty for none, left out for unchanged). */
export const UpdateAccountDetailsInput = z.object({
  firstName: name(formMessages.firstNameRequired),
  lastName: name(formMessages.lastNameRequired),
  email: z
    .string({ error: formMessages.invalidEmail })
    .trim()
    .max(255, formMessages.tooLong(255))
    .pipe(z.union([z.literal(''), z.email({ error: formMessages.invalidEmail })], { error: formMessages.invalidEmail }))
    .optional(),
});
export type UpdateAccountDetailsInput = z.infer<typeof UpdateAccountDetailsInput>;

/** Body of making new recovery codes: a current code from the authenticator app. */
export const NewRecoveryCodesInput = z.object({
  code: z
    .string({ error: accountMessages.authenticatorCodeRequired })
    .trim()
    .regex(/^\d{3} ?\d{3}$/, accountMessages.authenticatorCodeRequired),
});
export type NewRecoveryCodesInput = z.infer<typeof NewRecoveryCodesInput>;

/** One of the account's own sessions. */
export const StaffSessionSchema = z.object({
  /** An opaque id (a hash of the session id), never the session id itself. */
  id: z.string(),
  device: z.string(),
  ip: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  signedInAt: z.string().nullable(),
  current: z.boolean(),
});
export type StaffSession = z.infer<typeof StaffSessionSchema>;

export const SessionIdInput = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, formMessages.invalidChoice) });
