import { Link } from '@tanstack/react-router';
import { buttonVariants } from '@post/ui/components/button';
import { useSiteSettings } from '../../lib/use-site-settings.ts';
import { BranchesStrip } from './branch-emblems.tsx';
import { CommanderMessageSection, PostUpdatesSection, UpcomingEventsSection } from './home-sections.tsx';
import { ServiceTotal } from './service-total.tsx';

/** The home page (spec §2): hero, branches, upcoming events, commander's message, post updates. */
export function HomePage() {
  const s = useSiteSettings().data;
  return (
    <>
      <section className="bg-navy-800 text-white">
        <div className="mx-auto max-w-6xl px-4 py-14 text-center">
          <h1 className="text-3xl font-bold sm:text-4xl">Welcome to {s.postName}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-navy-100">Serving those who served, and the community we call home, since {s.foundedYear}.</p>
          <ServiceTotal />
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/events" className={buttonVariants({ variant: 'destructive', size: 'lg' })}>
              View Upcoming Events
            </Link>
            <Link to="/resources" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
              Veteran Resources
            </Link>
          </div>
        </div>
      </section>
      <BranchesStrip />
      <UpcomingEventsSection />
      <CommanderMessageSection />
      <PostUpdatesSection />
    </>
  );
}
