import type * as React from 'react';
import { memo, useDeferredValue } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  ClockIcon,
  FileBarChartIcon,
  FileTextIcon,
  FlagIcon,
  FolderOpenIcon,
  HandHeartIcon,
  HistoryIcon,
  InboxIcon,
  LogOutIcon,
  MailIcon,
  PhoneIcon,
  RefreshCwIcon,
  StarIcon,
  SettingsIcon,
  ShieldCheckIcon,
  UserCogIcon,
  UsersIcon,
} from 'lucide-react';
import { Button, buttonVariants } from '@post/ui/components/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@post/ui/components/tabs';
import { Page } from '../../../layout/page.tsx';
import { useAdminSession, useSignOut } from '../../../lib/use-session.ts';
import { useSiteSettings } from '../../../lib/use-site-settings.ts';
import { AdminTitle } from '../../../components/admin-title.tsx';
import { NoMailServerBanner } from '../../../components/mail-status.tsx';
import { NewHonorsRequests } from '../../honors/new-requests.tsx';
import { SiteUpkeep } from './site-upkeep.tsx';
import { DASHBOARD_TABS, type DashboardTab, type EventListSearch } from './tabs.ts';
import { CommanderMessagesTable, EventsTable, NewsTable, ResourcesTable } from '../tables/content-tables.tsx';
import { EngagementsTable } from '../tables/engagements-table.tsx';
import { MembershipPanel } from './membership-panel.tsx';

const TAB_LABELS: Record<DashboardTab, string> = {
  events: 'Events',
  news: 'News',
  resources: 'Resources',
  commander: 'Commander Messages',
  engagements: 'Community Engagements',
};

const TAB_CONTENT: Record<DashboardTab, (events: EventListSearch) => React.ReactNode> = {
  events: (events) => <EventsTable list={events} />,
  news: () => <NewsTable />,
  resources: () => <ResourcesTable />,
  commander: () => <CommanderMessagesTable />,
  engagements: () => <EngagementsTable />,
};

/** The admin dashboard: content tabs, member management and site administration (spec §2). */
export function AdminDashboard({ tab = 'events', events = {} }: { tab?: DashboardTab; events?: EventListSearch }) {
  const settings = useSiteSettings().data;
  const signOut = useSignOut();
  // Editors manage content only (decision 0031): the member directory and site administration are not shown to them.
  const isAdministrator = useAdminSession().data?.role === 'administrator';

  return (
    <Page
      title="Admin Dashboard"
      intro={`Manage the content and members of ${settings.postName}.`}
      actions={
        <>
          {isAdministrator ? (
            <Link to="/admin/user-management" className={buttonVariants({ variant: 'outline' })}>
              <UsersIcon aria-hidden="true" />
              User Management
            </Link>
          ) : null}
          <Link to="/admin/account" className={buttonVariants({ variant: 'outline' })}>
            <UserCogIcon aria-hidden="true" />
            Your Account
          </Link>
          <Button variant="outline" onClick={() => void signOut.admin()} disabled={signOut.pending}>
            <LogOutIcon aria-hidden="true" />
            Logout
          </Button>
        </>
      }
    >
      <AdminTitle text="Admin Dashboard" />
      {isAdministrator ? <NoMailServerBanner /> : null}
      <NewHonorsRequests />
      {isAdministrator ? <MembershipPanel /> : null}
      {isAdministrator ? <SiteUpkeep /> : null}
      <ContentTabs tab={tab} events={events} />
      <DashboardCards isAdministrator={isAdministrator} />
    </Page>
  );
}

/**
 * The content tabs. Only this part of the dashboard renders again when a tab is chosen (the
 * cards below keep their props); the chosen tab shows as selected in the tap's own render, and
 * its table renders after, in the background (interruptible), so the tap paints at once
 * (decision 0063).
 */
function ContentTabs({ tab, events }: { tab: DashboardTab; events: EventListSearch }) {
  const navigate = useNavigate();
  const shownTab = useDeferredValue(tab);
  return (
    <section aria-labelledby="content-heading">
      <h2 id="content-heading" className="sr-only">
        Website content
      </h2>
      <Tabs value={tab} onValueChange={(v) => void navigate({ to: '/admin', search: { tab: v as DashboardTab }, replace: true })}>
        <TabsList className="w-full! justify-start! max-sm:grid max-sm:grid-cols-2 sm:w-fit!">
          {DASHBOARD_TABS.map((t) => (
            <TabsTrigger key={t} value={t} className="max-sm:last:col-span-2 max-sm:whitespace-normal">
              {TAB_LABELS[t]}
            </TabsTrigger>
          ))}
        </TabsList>
        {DASHBOARD_TABS.map((t) => (
          <TabsContent key={t} value={t} className="pt-4">
            {t === shownTab ? <TabTable tab={t} when={events.when} q={events.q} page={events.page} /> : null}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

/** A tab's table; the same props render nothing again (the table being left, while the chosen one renders). */
const TabTable = memo(function TabTable({ tab, ...events }: { tab: DashboardTab } & EventListSearch) {
  return TAB_CONTENT[tab](events);
});

/** Member management and site administration (administrators only, decision 0031). */
const DashboardCards = memo(function DashboardCards({ isAdministrator }: { isAdministrator: boolean }) {
  return (
    <div className="mt-12 grid gap-10 lg:grid-cols-2">
      <CardSection id="members-heading" title="Member Management">
        {isAdministrator ? (
          <>
            <NavCard to="/admin/renewals" icon={<RefreshCwIcon aria-hidden="true" />} title="Renewals">
              Who to call about renewing, former members to invite back, reminders.
            </NavCard>
            <NavCard to="/admin/buddy-checks" icon={<PhoneIcon aria-hidden="true" />} title="Buddy Check">
              Call campaigns to members and former members.
            </NavCard>
            <NavCard to="/admin/honor-roll" icon={<StarIcon aria-hidden="true" />} title="Honor Roll">
              Departed members: drafts, the family&apos;s consent, Post Everlasting.
            </NavCard>
          </>
        ) : null}
        <NavCard to="/admin/member-communications" icon={<FileTextIcon aria-hidden="true" />} title="Member Communications">
          Announcements, newsletters and minutes for members.
        </NavCard>
        <NavCard to="/admin/member-resources" icon={<FolderOpenIcon aria-hidden="true" />} title="Member Resources">
          Bylaws, forms and documents in the member portal.
        </NavCard>
        <NavCard to="/admin/volunteers" icon={<HandHeartIcon aria-hidden="true" />} title="Volunteer Roster">
          Who signed up for upcoming events, as a list or CSV.
        </NavCard>
        <NavCard to="/admin/honors" icon={<FlagIcon aria-hidden="true" />} title="Funeral Honors">
          Requests from families, the detail's roles and the call-out.
        </NavCard>
        <NavCard to="/admin/service-hours" icon={<ClockIcon aria-hidden="true" />} title="Service Hours">
          Service without an event; approve members&apos; own entries.
        </NavCard>
        <NavCard to="/admin/reports/service" icon={<FileBarChartIcon aria-hidden="true" />} title="Service Report">
          The program year&apos;s hours for the Consolidated Post Report.
        </NavCard>
      </CardSection>
      {isAdministrator ? (
        <CardSection id="site-heading" title="Site Administration">
          <NavCard to="/admin/settings" icon={<SettingsIcon aria-hidden="true" />} title="Settings">
            Post name, address, hours, links and time zone.
          </NavCard>
          <NavCard to="/admin/newsletter" icon={<MailIcon aria-hidden="true" />} title="Newsletter">
            Write and send issues; subscribers as a list or CSV.
          </NavCard>
          <NavCard to="/admin/outbox" icon={<InboxIcon aria-hidden="true" />} title="Outbox">
            Every e-mail the site sends, with its state; retry failed ones.
          </NavCard>
          <NavCard to="/admin/administrators" icon={<ShieldCheckIcon aria-hidden="true" />} title="Administrators">
            Officers' accounts: add, change role, disable, reset a password.
          </NavCard>
          <NavCard to="/admin/audit" icon={<HistoryIcon aria-hidden="true" />} title="Audit log">
            Who changed what, and when.
          </NavCard>
        </CardSection>
      ) : null}
    </div>
  );
});

/** A headed group of cards. */
function CardSection({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-4 text-2xl font-bold text-navy-800">
        {title}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** A card whose title is the link; the whole card is clickable. */
function NavCard({
  to,
  icon,
  title,
  children,
}: {
  to:
    | '/admin/member-communications'
    | '/admin/member-resources'
    | '/admin/service-hours'
    | '/admin/honors'
    | '/admin/reports/service'
    | '/admin/settings'
    | '/admin/newsletter'
    | '/admin/volunteers'
    | '/admin/administrators'
    | '/admin/audit'
    | '/admin/outbox'
    | '/admin/renewals'
    | '/admin/buddy-checks'
    | '/admin/honor-roll';
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <div className="relative flex gap-3 rounded-xl border bg-card p-4 shadow-sm transition-colors focus-within:ring-[3px] focus-within:ring-ring/50 hover:border-navy-400 hover:bg-navy-50">
      <span className="mt-0.5 flex size-10 shrink-0 items-center justify-center rounded-full bg-navy-100 text-navy-800 [&_svg]:size-5">{icon}</span>
      <div>
        <h3 className="text-lg font-semibold">
          <Link to={to} className="text-navy-800 outline-none after:absolute after:inset-0 after:rounded-xl hover:underline">
            {title}
          </Link>
        </h3>
        <p className="text-base text-muted-foreground">{children}</p>
      </div>
    </div>
  );
}
