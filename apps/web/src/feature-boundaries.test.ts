import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A feature uses components/, lib/ and layout/, never another feature's files (issue 42, decision 0071).
const src = import.meta.dirname;
const features = path.join(src, 'features');

/**
 * The few places where one feature's page is deliberately made of another's parts, by importing
 * file (relative to features/) and the files it may import. A new entry needs its reason.
 */
const ALLOWED: { from: string; to: string[]; why: string }[] = [
  {
    from: 'home/home-sections.tsx',
    to: ['commander-message/commander-message.tsx', 'community/engagement-highlight.tsx', 'events/event-card.tsx', 'news/news-list-page.tsx'],
    why: 'The home page is made of the other pages’ summaries.',
  },
  {
    from: 'member-portal/member-portal-page.tsx',
    to: ['member-communications/labels.ts', 'member-resources/labels.tsx', 'service-hours/my-service.tsx'],
    why: 'The member portal gathers what each member feature shows a member.',
  },
  {
    from: 'events/events-page.tsx',
    to: ['volunteers/volunteer-signup-dialog.tsx'],
    why: 'The calendar offers the volunteer sign-up beside each event.',
  },
  {
    from: 'events/events-body.tsx',
    to: ['volunteers/volunteer-needs.tsx'],
    why: 'The events page lists the upcoming volunteer needs under the calendar.',
  },
  {
    from: 'events/event-form-page.tsx',
    to: ['service-hours/event-service-section.tsx'],
    why: 'Editing an event shows the service hours recorded for it.',
  },
  {
    from: 'events/event-form.tsx',
    to: ['service-hours/service-category-field.tsx'],
    why: 'The event form sets the service category its hours count under.',
  },
  {
    from: 'site-settings/service-settings.tsx',
    to: ['service-hours/categories-editor.tsx'],
    why: 'The settings page edits the service-hours categories.',
  },
  {
    from: 'renewals/renewals-page.tsx',
    to: ['members/roster-import.tsx'],
    why: 'The Renewals screen offers the national roster import.',
  },
  {
    from: 'honors/honors-answer.tsx',
    to: ['mail-links/link-action.tsx'],
    why: 'A call-out link acts on its button, as every mailed link does.',
  },
  {
    from: 'admin/dashboard/admin-dashboard.tsx',
    to: ['honors/new-requests.tsx'],
    why: 'New funeral honors requests show on the dashboard until answered.',
  },
  {
    from: 'member-portal/member-portal-page.tsx',
    to: ['honors/portal-details.tsx'],
    why: 'Members answer open funeral honors details in the portal.',
  },
  {
    from: 'admin/dashboard/membership-panel.tsx',
    to: ['renewals/renewal-progress.tsx'],
    why: 'The dashboard shows the renewal progress against the department’s targets.',
  },
  {
    from: 'member-portal/member-portal-page.tsx',
    to: ['buddy-check/my-calls.tsx'],
    why: 'Callers record their Buddy Check calls in the portal.',
  },
  {
    from: 'member-portal/dues-banner.tsx',
    to: ['members/labels.ts'],
    why: 'The portal names a member’s standing with the directory’s status words.',
  },
  {
    from: 'admin/tables/content-tables.tsx',
    to: ['events/event-row-actions.tsx'],
    why: 'The dashboard’s events table has the same row actions as the event form.',
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const IMPORT = /(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every import of a file in another feature's folder, as 'from -> to' (paths relative to features/). */
function crossFeatureImports(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(features)) {
    const from = path.relative(features, file).split(path.sep).join('/');
    const own = from.split('/')[0];
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = path
        .relative(features, path.resolve(path.dirname(file), m[1]!))
        .split(path.sep)
        .join('/');
      if (target.startsWith('..')) continue;
      if (target.split('/')[0] !== own) found.push(`${from} -> ${target}`);
    }
  }
  return [...new Set(found)].sort();
}

describe('feature boundaries', () => {
  const crossing = crossFeatureImports();

  it('no feature imports another feature’s files, but for the listed compositions', () => {
    const allowed = new Set(ALLOWED.flatMap((a) => a.to.map((to) => `${a.from} -> ${to}`)));
    const unexpected = crossing.filter((c) => !allowed.has(c));
    // A shared piece belongs in components/ (components/form/ for form parts) or lib/.
    expect(unexpected, 'move what both features use to components/ or lib/').toEqual([]);
  });

  it('every allowed crossing is still used, and says why', () => {
    for (const a of ALLOWED) {
      expect(a.why.length, a.from).toBeGreaterThan(10);
      for (const to of a.to) expect(crossing, `${a.from} no longer imports ${to}: remove it from ALLOWED`).toContain(`${a.from} -> ${to}`);
    }
  });

  it('sees imports across features (the check itself works)', () => {
    expect(crossing).toContain('home/home-sections.tsx -> events/event-card.tsx');
  });
});
