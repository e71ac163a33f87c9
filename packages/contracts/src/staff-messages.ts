// Messages of the staff accounts, two-factor sign-in and sessions (issue 21). A module of their
// own, not in messages.ts: that one is in the public pages' first JavaScript, these are not.

/** Validation messages of the staff forms. */
export const SV = {
  usernameChars: 'Username may contain letters, digits and . _ @ - only',
  staffEmailRequired: 'E-mail is required',
  twoFactorCodeRequired: 'Enter the 6-digit code from your authenticator app, or a recovery code',
  authenticatorCodeRequired: 'Enter the 6-digit code from your authenticator app',
} as const;

/** Server-side error messages of the staff accounts. */
export const SE = {
  administratorOnly: 'Only an administrator can do this. Your account is an editor account.',
  mustChangePassword: 'Please change your temporary password before you continue.',
  mustEnrolTwoFactor: 'Two-factor sign-in is required for every administrator account. Please turn it on before you continue.',
  accountDisabled: 'This account is disabled. Ask an administrator of the post.',
  cannotChangeOwnAccount: 'You cannot remove, disable or change the role of your own account.',
  lastAdministrator: 'This is the last active administrator account: add or enable another administrator first.',
  invitationInvalid: 'This invitation link is not valid any more. It may have been used already or be older than 72 hours. Ask an administrator for a new one.',
  twoFactorCodeWrong: 'That code is not correct. Check the time on your phone and try again.',
  twoFactorNotStarted: 'Start two-factor setup first.',
  twoFactorAlreadyOn: 'Two-factor sign-in is already on for this account.',
  twoFactorOff: 'Two-factor sign-in is not on for this account.',
  twoFactorSignInExpired: 'Your sign-in took too long. Please enter your username and password again.',
  sessionNotFound: 'That session has already ended.',
  enrolBeforeRequiring: 'Turn on two-factor sign-in for your own account first, then require it for everyone.',
  resetNeedsEmail: 'This account has no email address: set a temporary password instead.',
  staffEmailTaken: 'That email address is already used by another account.',
} as const;
