import { Link } from '@tanstack/react-router';
import type * as React from 'react';
import { BuildingIcon, ExternalLinkIcon, FileTextIcon, FlagIcon, HeartPulseIcon, LifeBuoyIcon, MessageSquareIcon, PhoneIcon } from 'lucide-react';
import type { ResourceCategory } from '@post/contracts/enums/resource-category';
import { resourceMessages } from '@post/contracts/messages/resources';
import type { Resource } from '@post/contracts/resources';
import { HOTLINES } from '@post/contracts/site-defaults';
import type { Office } from '@post/contracts/site-settings';
import { Skeleton } from '@post/ui/components/skeleton';
import { cn } from '@post/ui/lib/utils';
import { ErrorState, loadStatus, type QueryLike } from '../../components/load-state.tsx';
import { Page } from '../../layout/page.tsx';
import { trpc } from '../../lib/trpc.ts';
import { useSiteSettings } from '../../lib/use-site-settings.ts';

const linkClass = 'font-semibold text-navy-800 underline underline-offset-4 hover:decoration-2';

/** A phone number as a tel: link target. */
function tel(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** The Veteran Resources page (spec §2): three cards, local offices and national links. */
export function ResourcesPage() {
  const settings = useSiteSettings().data;
  const resources = trpc.resources.list.useQuery();
  const of = (c: ResourceCategory) => (resources.data ?? []).filter((r) => r.category === c).sort((a, b) => a.order - b.order);
  const has = (c: ResourceCategory) => of(c).length > 0;

  return (
    <Page title="Veteran Resources" intro="Health care, benefits and crisis support for veterans and their families.">
      {resources.isError ? <ErrorState className="mb-6" onRetry={() => resources.refetch()} retrying={resources.isFetching} /> : null}
      <div className="grid gap-6 lg:grid-cols-3">
        {/* The crisis line comes first, on a phone above all (issue 46 #6). */}
        <ResourceCard title="Crisis Support" icon={<LifeBuoyIcon aria-hidden="true" />} emergency>
          <div className="rounded-lg bg-flag-red-700 p-4 text-white">
            <p className="text-lg font-bold">Veterans Crisis Line</p>
            <p className="text-base">Free, confidential support, 24 hours a day.</p>
            <div className="mt-3 flex flex-col gap-2">
              <a
                href={`tel:${HOTLINES.crisisCall}`}
                className="flex items-center gap-2 rounded-md bg-white px-3 py-2 font-bold text-flag-red-800 hover:bg-flag-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                <PhoneIcon aria-hidden="true" className="size-5" />
                Call {HOTLINES.crisisCall} then press {HOTLINES.crisisPress}
              </a>
              <a
                href={`sms:${HOTLINES.crisisText}`}
                className="flex items-center gap-2 rounded-md bg-white px-3 py-2 font-bold text-flag-red-800 hover:bg-flag-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                <MessageSquareIcon aria-hidden="true" className="size-5" />
                Text {HOTLINES.crisisText}
              </a>
            </div>
          </div>
          <ResourceList query={resources} items={of('crisis')} />
        </ResourceCard>
        <ResourceCard title="Healthcare" icon={<HeartPulseIcon aria-hidden="true" />}>
          {has('healthcare') ? <Hotline label="VA health care" phone={HOTLINES.healthcare} /> : null}
          <ResourceList query={resources} items={of('healthcare')} />
        </ResourceCard>
        <ResourceCard title="Benefits & Claims" icon={<FileTextIcon aria-hidden="true" />}>
          {has('benefits') ? <Hotline label="VA benefits" phone={HOTLINES.benefits} /> : null}
          <ResourceList query={resources} items={of('benefits')} />
        </ResourceCard>
      </div>

      <p className="mt-8 rounded-xl border bg-card p-5 text-lg shadow-sm">
        <strong>Funeral honors:</strong> the post&apos;s honor guard can stand at a veteran&apos;s service.{' '}
        <Link to="/funeral-honors" className={linkClass}>
          Request funeral honors
        </Link>
      </p>

      <div className="mt-10 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="local-resources" className="rounded-xl border bg-card p-6 shadow-sm">
          <h2 id="local-resources" className="mb-4 flex items-center gap-2 text-2xl font-bold text-navy-800">
            <BuildingIcon aria-hidden="true" className="size-6" />
            Local Resources
          </h2>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
            <OfficeBlock office={settings.countyOffice} />
            <OfficeBlock office={settings.stateOffice} />
          </div>
          {has('local') ? <ResourceLinks items={of('local')} className="mt-6 border-t pt-4" /> : null}
        </section>
        <section aria-labelledby="national-resources" className="rounded-xl border bg-card p-6 shadow-sm">
          <h2 id="national-resources" className="mb-4 flex items-center gap-2 text-2xl font-bold text-navy-800">
            <FlagIcon aria-hidden="true" className="size-6" />
            National Organization Resources
          </h2>
          {settings.nationalLinks.some((l) => l.url) ? (
            <ul className="grid gap-2 sm:grid-cols-2">
              {settings.nationalLinks
                .filter((l) => l.url)
                .map((l) => (
                  <li key={`${l.label}-${l.url}`}>
                    <a href={l.url} rel="noopener noreferrer" className={cn(linkClass, 'inline-flex items-center gap-1.5')}>
                      {l.label}
                      <ExternalLinkIcon aria-hidden="true" className="size-4" />
                    </a>
                  </li>
                ))}
            </ul>
          ) : null}
          {has('vfw') ? <ResourceLinks items={of('vfw')} className="mt-6 border-t pt-4" /> : null}
        </section>
      </div>
    </Page>
  );
}

function ResourceCard({ title, icon, emergency, children }: { title: string; icon: React.ReactNode; emergency?: boolean; children: React.ReactNode }) {
  const id = `resources-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      data-slot="resource-card"
      className={cn('flex flex-col gap-4 rounded-xl p-6 shadow-sm', emergency ? 'border-2 border-flag-red-600 bg-flag-red-50' : 'border bg-card')}
    >
      <h2 id={id} className={cn('flex items-center gap-2 text-2xl font-bold [&_svg]:size-7', emergency ? 'text-flag-red-800' : 'text-navy-800')}>
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function Hotline({ label, phone }: { label: string; phone: string }) {
  return (
    <p className="rounded-lg border border-navy-200 bg-navy-50 p-3">
      <span className="block text-base text-muted-foreground">{label} hotline</span>
      <a href={tel(phone)} className={cn(linkClass, 'inline-flex min-h-11 items-center gap-2 text-xl')}>
        <PhoneIcon aria-hidden="true" className="size-5" />
        {phone}
      </a>
    </p>
  );
}

function ResourceList({ query, items }: { query: QueryLike<Resource[]>; items: Resource[] }) {
  const status = loadStatus(query);
  if (status === 'loading') {
    return (
      <div className="space-y-4" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-full" />
          </div>
        ))}
      </div>
    );
  }
  if (status === 'error') return null;
  if (items.length === 0) return <p className="text-muted-foreground">{resourceMessages.noneAvailable}</p>;
  return <ResourceLinks items={items} />;
}

function ResourceLinks({ items, className }: { items: Resource[]; className?: string }) {
  return (
    <ul className={cn('space-y-4', className)}>
      {items.map((r) => (
        <li key={r.id}>
          <a href={r.url} rel="noopener noreferrer" className={linkClass}>
            {r.title}
            <ExternalLinkIcon aria-hidden="true" className="ml-1.5 inline-block size-4 align-[-0.125em]" />
          </a>
          <p className="text-base text-muted-foreground">{r.description}</p>
        </li>
      ))}
    </ul>
  );
}

function OfficeBlock({ office }: { office: Office }) {
  if (!office.name && !office.address && !office.phone) return null;
  return (
    <div>
      <h3 className="text-lg font-semibold text-navy-800">{office.name}</h3>
      <address className="space-y-1 text-base not-italic">
        {office.address ? <p>{office.address}</p> : null}
        {office.phone ? (
          <p>
            <a href={tel(office.phone)} className={cn(linkClass, 'inline-flex min-h-11 items-center')}>
              {office.phone}
            </a>
          </p>
        ) : null}
        {office.hours ? <p className="text-muted-foreground">{office.hours}</p> : null}
        {office.url ? (
          <p>
            <a href={office.url} rel="noopener noreferrer" className={cn(linkClass, 'inline-flex items-center gap-1.5')}>
              Website<span className="sr-only"> of {office.name}</span>
              <ExternalLinkIcon aria-hidden="true" className="size-4" />
            </a>
          </p>
        ) : null}
      </address>
    </div>
  );
}
