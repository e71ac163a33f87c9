/**
 * The toasts of signing in and out (spec §8), also part of T. The header and the admin area's
 * frame, which every page loads first, import these alone, so the other toasts stay with the
 * pages that show them (bundle budget, issue 16).
 */
export const SESSION_T = {
  adminLoginSuccess: { title: 'Login successful', description: 'You are now logged in to the admin portal.' },
  logoutFailed: 'Failed to log out. Please try again.',
  loggedOut: 'Logged out',
  signedOut: 'Signed out',
} as const;
