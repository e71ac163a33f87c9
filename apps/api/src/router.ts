import { router } from './trpc.ts';
import { adminAuthRouter } from './features/admin-auth/admin-auth.router.ts';
import { memberAuthRouter } from './features/member-auth/member-auth.router.ts';
import { newsletterRouter } from './features/newsletter/newsletter.router.ts';
import { siteSettingsRouter } from './features/site-settings/site-settings.router.ts';

/** Every feature router; the web app's types come from here. */
export const appRouter = router({
  adminAuth: adminAuthRouter,
  memberAuth: memberAuthRouter,
  siteSettings: siteSettingsRouter,
  newsletter: newsletterRouter,
});

/** The API's type, for the web app's typed client. */
export type AppRouter = typeof appRouter;
