import { router } from './trpc.ts';
import { adminAuthRouter } from './features/admin-auth/admin-auth.router.ts';
import { memberAuthRouter } from './features/member-auth/member-auth.router.ts';
import { siteSettingsRouter } from './features/site-settings/site-settings.router.ts';
import { newsletterRouter } from './features/newsletter/newsletter.router.ts';
import { eventsRouter } from './features/events/events.router.ts';
import { volunteersRouter } from './features/volunteers/volunteers.router.ts';
import { newsRouter } from './features/news/news.router.ts';
import { resourcesRouter } from './features/resources/resources.router.ts';
import { commanderMessagesRouter } from './features/commander-messages/commander-messages.router.ts';
import { communityEngagementsRouter } from './features/community-engagements/community-engagements.router.ts';
import { membersRouter } from './features/members/members.router.ts';
import { memberCommunicationsRouter } from './features/member-communications/member-communications.router.ts';
import { memberResourcesRouter } from './features/member-resources/member-resources.router.ts';
import { memberPortalRouter } from './features/member-portal/member-portal.router.ts';
import { outboxRouter } from './features/mail/outbox.router.ts';
import { usersRouter } from './features/officers/users.router.ts';
import { accountRouter } from './features/officers/account.router.ts';
import { auditRouter } from './features/audit/audit.router.ts';
import { attendanceRouter } from './features/attendance/attendance.router.ts';
import { doorRouter } from './features/attendance/door.router.ts';
import { serviceHoursRouter } from './features/service-hours/service-hours.router.ts';
import { reportsRouter } from './features/reports/reports.router.ts';
import { honorRollRouter } from './features/honor-roll/honor-roll.router.ts';
import { renewalsRouter } from './features/renewals/renewals.router.ts';
import { honorsRouter } from './features/honors/honors.router.ts';
import { buddyCheckRouter } from './features/buddy-check/buddy-check.router.ts';
import { upkeepRouter } from './features/upkeep/upkeep.router.ts';

/** Every feature router; the web app's types come from here. */
export const appRouter = router({
  adminAuth: adminAuthRouter,
  memberAuth: memberAuthRouter,
  siteSettings: siteSettingsRouter,
  newsletter: newsletterRouter,
  events: eventsRouter,
  volunteers: volunteersRouter,
  news: newsRouter,
  resources: resourcesRouter,
  commanderMessages: commanderMessagesRouter,
  communityEngagements: communityEngagementsRouter,
  members: membersRouter,
  memberCommunications: memberCommunicationsRouter,
  memberResources: memberResourcesRouter,
  memberPortal: memberPortalRouter,
  outbox: outboxRouter,
  users: usersRouter,
  account: accountRouter,
  audit: auditRouter,
  attendance: attendanceRouter,
  door: doorRouter,
  serviceHours: serviceHoursRouter,
  reports: reportsRouter,
  honorRoll: honorRollRouter,
  renewals: renewalsRouter,
  honors: honorsRouter,
  buddyCheck: buddyCheckRouter,
  upkeep: upkeepRouter,
});

/** The API's type, for the web app's typed client. */
export type AppRouter = typeof appRouter;
