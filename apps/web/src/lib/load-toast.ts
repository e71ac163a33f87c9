/**
 * sonner's `toast`, loaded when there is something to say. Code in a page's first JavaScript
 * (the header's sign-out, the footer, the sign-in forms, the dashboard and its tables) imports
 * this, not sonner, which would bring its toaster and its CSS with it (decisions 0063, 0067, 0106).
 */
export const loadToast = () => import('sonner').then((m) => m.toast);
