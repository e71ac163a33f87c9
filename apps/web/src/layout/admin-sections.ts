/** One page of the admin area, as the header's Admin menu and the phone's drawer list it. */
export interface AdminSection {
  href: string;
  title: string;
  /** Shown to administrators only (decision 0031): editors manage content. */
  administratorOnly?: boolean;
}

/**
 * The admin area's sections, in the dashboard's order (its cards, Member Management then Site
 * Administration), so a signed-in officer reaches any of them from any page (decision 0096).
 */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { href: '/admin', title: 'Admin Dashboard' },
  { href: '/admin/renewals', title: 'Renewals', administratorOnly: true },
  { href: '/admin/buddy-checks', title: 'Buddy Check', administratorOnly: true },
  { href: '/admin/honor-roll', title: 'Honor Roll', administratorOnly: true },
  { href: '/admin/member-communications', title: 'Member Communications' },
  { href: '/admin/member-resources', title: 'Member Resources' },
  { href: '/admin/volunteers', title: 'Volunteer Roster' },
  { href: '/admin/honors', title: 'Funeral Honors' },
  { href: '/admin/service-hours', title: 'Service Hours' },
  { href: '/admin/reports/service', title: 'Service Report' },
  { href: '/admin/settings', title: 'Settings', administratorOnly: true },
  { href: '/admin/newsletter', title: 'Newsletter', administratorOnly: true },
  { href: '/admin/outbox', title: 'Outbox', administratorOnly: true },
  { href: '/admin/administrators', title: 'Administrators', administratorOnly: true },
  { href: '/admin/user-management', title: 'User Management', administratorOnly: true },
  { href: '/admin/audit', title: 'Audit log', administratorOnly: true },
  { href: '/admin/change-password', title: 'Change Password' },
];

/** The sections one role sees. */
export function adminSectionsFor(role: string | null | undefined): AdminSection[] {
  return ADMIN_SECTIONS.filter((s) => !s.administratorOnly || role === 'administrator');
}
