import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { LogOutIcon } from 'lucide-react';
import { branchColor } from '@post/contracts/enums/branch';
import { Button, buttonVariants } from '@post/ui/components/button';
import { cn } from '@post/ui/lib/utils';
import { useAdminSession, useMemberSession, useSignOut } from '../lib/use-session.ts';
import { useSiteSettings } from '../lib/use-site-settings.ts';
import { Picture } from '../components/picture.tsx';
import { Logo } from './logo.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { adminSectionsFor } from './admin-sections.ts';

// Only signed-in staff see the Admin menu: a visitor's pages do not carry its code (decision 0096).
const AdminMenu = lazy(() => import('./admin-menu.tsx').then((m) => ({ default: m.AdminMenu })));

const MEMBER_BUTTON: Record<ReturnType<typeof branchColor>, string> = {
  army: 'bg-[#4b5320] hover:bg-[#3d4419] text-white',
  marines: 'bg-flag-red-700 hover:bg-flag-red-800 text-white',
  navy: 'bg-navy-800 hover:bg-navy-900 text-white',
};

interface NavItem {
  key: string;
  node: React.ReactNode;
}

const linkBase = 'rounded-md py-2 font-medium whitespace-nowrap text-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring';
const activeProps = { className: 'bg-accent text-accent-foreground', 'aria-current': 'page' as const };

/** The sticky site header with the post's name and the navigation of spec §2. */
export function Header() {
  const settings = useSiteSettings().data;
  const admin = useAdminSession().data;
  const member = useMemberSession().data;
  const signOut = useSignOut();

  // The links fit in one row on wide screens only, and with a member's links (a little tighter) on
  // the widest only (issue 46 #8): below that the drawer serves, and no link breaks over two lines.
  // An administrator's pages are under one Admin menu, so the public links keep their row at
  // desktop widths (decision 0096).
  const long = Boolean(member);
  const sections = admin?.authenticated ? adminSectionsFor(admin.role) : [];
  const linkClass = cn(linkBase, long ? 'px-2.5 text-base' : 'px-3');

  const items: NavItem[] = [
    {
      key: 'home',
      node: (
        <Link to="/" className={linkClass} activeOptions={{ exact: true }} activeProps={activeProps}>
          Home
        </Link>
      ),
    },
    {
      key: 'events',
      node: (
        <Link to="/events" className={linkClass} activeProps={activeProps}>
          Events Calendar
        </Link>
      ),
    },
    {
      key: 'resources',
      node: (
        <Link to="/resources" className={linkClass} activeProps={activeProps}>
          Resources
        </Link>
      ),
    },
    // News and Community were reachable only from the home page (issue 46 #8).
    {
      key: 'news',
      node: (
        <Link to="/news" className={linkClass} activeProps={activeProps}>
          News
        </Link>
      ),
    },
    {
      key: 'community',
      node: (
        <Link to="/community" className={linkClass} activeProps={activeProps}>
          Community
        </Link>
      ),
    },
  ];
  if (member)
    items.push({
      key: 'portal',
      node: (
        <Link to="/member" className={linkClass} activeProps={activeProps}>
          Member Portal
        </Link>
      ),
    });
  if (member) {
    items.push({
      key: 'hi',
      node: (
        <Button
          onClick={() => void signOut.member()}
          variant={null}
          className={cn('shadow-xs', MEMBER_BUTTON[branchColor(member.member.branchOfService)])}
          aria-label={`Hi ${member.member.firstName}: sign out of the member portal`}
          title="Sign out of the member portal"
        >
          Hi {member.member.firstName}
          <LogOutIcon aria-hidden="true" className="size-4" />
        </Button>
      ),
    });
  } else if (!admin?.authenticated) {
    items.push({
      key: 'login',
      node: (
        <Link to="/login" search={{ tab: 'member' }} className={cn(buttonVariants({ variant: 'default' }))}>
          Member Login
        </Link>
      ),
    });
  }

  const subtitle = [settings.postNumber ? `Post ${settings.postNumber}` : '', [settings.town, settings.state].filter(Boolean).join(', ')]
    .filter(Boolean)
    .join(' · ');

  return (
    <header data-slot="site-header" className="sticky top-0 z-40 border-b-4 border-flag-red-600 bg-background/95 backdrop-blur print:static">
      <div className={cn('mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-2', long && '2xl:max-w-7xl')}>
        <Link to="/" className="flex min-w-0 items-center gap-3 rounded-md focus-visible:outline-2 focus-visible:outline-ring">
          {settings.logo ? (
            // The post's own logo (Settings), in place of the emblem: small, loaded at once, sized so nothing shifts.
            <Picture image={settings.logo} alt={settings.logoAlt ?? ''} sizes="44px" eager className="size-11 shrink-0 object-contain" />
          ) : (
            <Logo className="size-11 shrink-0" />
          )}
          <span className="min-w-0">
            <span className="line-clamp-2 block text-lg font-bold leading-tight text-balance text-navy-800">{settings.postName}</span>
            <span className="block truncate text-sm text-muted-foreground">{subtitle}</span>
          </span>
        </Link>
        <nav aria-label="Main" className={cn('hidden items-center gap-1', long ? '2xl:flex' : 'xl:flex')}>
          {items.map((i) => (
            <span key={i.key}>{i.node}</span>
          ))}
          {sections.length ? (
            <Suspense fallback={null}>
              <AdminMenu sections={sections} onLogout={() => void signOut.admin()} />
            </Suspense>
          ) : null}
        </nav>
        <MobileMenu upTo={long ? '2xl' : 'xl'}>
          {items.map((i) => (
            <span key={i.key} className="flex flex-col">
              {i.node}
            </span>
          ))}
          {sections.length ? (
            // The drawer lists the admin area's sections too (decision 0096).
            <div role="group" aria-labelledby="drawer-admin" className="mt-3 flex flex-col gap-1 border-t pt-3">
              <p id="drawer-admin" className="px-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
                Admin
              </p>
              {sections.map((s) => (
                <a key={s.href} href={s.href} className={cn(linkBase, 'px-3 text-base')}>
                  {s.title}
                </a>
              ))}
              <button type="button" onClick={() => void signOut.admin()} className={cn(linkBase, 'min-h-11 px-3 text-left text-base')}>
                Logout
              </button>
            </div>
          ) : null}
        </MobileMenu>
      </div>
    </header>
  );
}
