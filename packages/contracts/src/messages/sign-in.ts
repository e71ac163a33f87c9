// The header and the data layer of every page show some of these, so they load with every page:
// keep them to signing in and out.

/** Signing in and out, and a session that ended (spec §8). */
export const signInMessages = {
  loginHelp: 'Need help accessing your account? Contact Post Leadership',
  adminLoginSuccess: { title: 'Login successful', description: 'You are now logged in to the admin portal.' },
  adminLoginFailed: { title: 'Login failed', description: 'Invalid username or password. Please try again.' },
  memberLoginSuccess: { title: 'Welcome', description: 'You have successfully logged in to the member portal.' },
  memberLoginFailed: { title: 'Login Failed', description: 'Invalid membership number or password. Please try again.' },
  invalidCredentials: 'Invalid username or password.',
  invalidMemberCredentials: 'Invalid membership number or password.',
  signInBusy: 'Many sign-ins are waiting right now. Please try again in a few seconds.',
  twoFactorSignInExpired: 'Your sign-in took too long. Please enter your username and password again.',
  sessionExpired: 'Your session has expired. Please sign in again; what you typed has been kept.',
  logoutFailed: 'Failed to log out. Please try again.',
  loggedOut: 'Logged out',
  signedOut: 'Signed out',
} as const;
