import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { load, modulesFor } from './entry-server.tsx';
import { DEFAULT_SITE_SETTINGS } from '@post/contracts/site-defaults';
import type { AppRouter } from './lib/trpc.ts';

// What the server names in a signed-in page (decision 0101): each matched route's own chunk.
describe('modulesFor', () => {
  it("names the check-in page's routes, from the admin area's guard down to the page, with their loaders' chunks", () => {
    expect(modulesFor('/admin/events/5/check-in')).toEqual([
      'src/routes/admin/route.tsx?tsr-split=component',
      'src/routes/admin/route.tsx?tsr-split=loader',
      'src/routes/admin/events/$id_.check-in.tsx?tsr-split=component',
      'src/routes/admin/events/$id_.check-in.tsx?tsr-split=loader',
    ]);
  });

  it('names route files that exist, for the dashboard and a member page', () => {
    for (const page of ['/admin', '/member']) {
      const keys = modulesFor(page);
      expect(keys.length, page).toBeGreaterThan(0);
      for (const key of keys) expect(existsSync(path.join(import.meta.dirname, '..', key.split('?')[0]!)), key).toBe(true);
    }
  });
});

/** A tRPC link that answers from `answers` by procedure path (anything else fails), after a moment, and records every call. */
function answering(answers: Record<string, unknown>, calls: string[]): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        calls.push(op.path);
        // A moment later, as a database would: the data is there only if it was waited for.
        const timer = setTimeout(() => {
          if (op.path in answers) {
            observer.next({ result: { type: 'data', data: answers[op.path] } });
            observer.complete();
          } else observer.error(TRPCClientError.from(new Error(`no answer for ${op.path}`)));
        }, 20);
        return () => clearTimeout(timer);
      });
}

const ADMINISTRATOR = { authenticated: true, role: 'administrator', username: 'adjutant', mustChangePassword: false, mustEnrolTwoFactor: false };
const SETTINGS = { ...DEFAULT_SITE_SETTINGS, postName: 'Post 1' };
const RENEWALS = {
  year: 2026,
  progress: { forYear: 2027, base: 10, renewed: 4, percent: 40, targets: [], next: null },
  due: [],
  lapsedThisYear: [],
  lapsedLastYear: [],
};
/** What the dashboard reads, but the sign-in check (each test says whose) and the panels left unanswered. */
const answers = {
  'siteSettings.get': SETTINGS,
  'memberAuth.session': null,
  'honors.list': [],
  'events.adminList': { items: [], total: 0 },
  'renewals.list': RENEWALS,
};
const readKeys = (dehydrated: unknown) => (dehydrated as { queries: { queryKey: [string[], unknown?] }[] }).queries.map((q) => q.queryKey[0].join('.'));

// A signed-in page's data comes with its shell (decision 0103): what the page reads, for the visitor the session says.
describe('load', () => {
  it("brings the door page's list and figures, read for that event, with the sign-in check", async () => {
    const calls: string[] = [];
    const link = answering(
      { 'siteSettings.get': SETTINGS, 'adminAuth.check': ADMINISTRATOR, 'memberAuth.session': null, 'door.list': { people: [] }, 'reports.eventFigures': {} },
      calls,
    );
    const { dehydrated } = await load({ url: '/admin/events/5/check-in', link, origin: 'http://post.test' });
    expect(readKeys(dehydrated)).toEqual(expect.arrayContaining(['adminAuth.check', 'door.list', 'reports.eventFigures']));
    const door = (dehydrated as { queries: { queryKey: [string[], { input?: unknown }]; state: { data: unknown } }[] }).queries.find(
      (q) => q.queryKey[0].join('.') === 'door.list',
    )!;
    expect(door.queryKey[1].input).toEqual({ id: 5 });
    expect(door.state.data).toEqual({ people: [] });
  });

  it("reads nothing of the page's for a visitor who is not signed in (the sign-in page shows instead)", async () => {
    const calls: string[] = [];
    const link = answering({ 'siteSettings.get': SETTINGS, 'adminAuth.check': { authenticated: false }, 'memberAuth.session': null }, calls);
    const { dehydrated } = await load({ url: '/admin/renewals', link, origin: 'http://post.test' });
    expect(calls.filter((c) => c.startsWith('renewals.'))).toEqual([]);
    expect(readKeys(dehydrated)).toContain('adminAuth.check');
  });

  it("reads the dashboard's administrator panels for an administrator only, and a failed read is left to the browser", async () => {
    const calls: string[] = [];
    await load({ url: '/admin', link: answering({ ...answers, 'adminAuth.check': { ...ADMINISTRATOR, role: 'editor' } }, calls), origin: 'http://post.test' });
    expect(calls).toEqual(expect.arrayContaining(['honors.list', 'events.adminList']));
    expect(calls).not.toContain('renewals.list');
    calls.length = 0;
    const { dehydrated } = await load({
      url: '/admin?tab=news',
      link: answering({ ...answers, 'adminAuth.check': ADMINISTRATOR }, calls),
      origin: 'http://post.test',
    });
    expect(calls).toEqual(expect.arrayContaining(['renewals.list', 'upkeep.backupStatus']));
    expect(calls).not.toContain('events.adminList');
    // upkeep.backupStatus had no answer: not in the data, so the browser asks for it itself.
    expect(readKeys(dehydrated)).toContain('renewals.list');
    expect(readKeys(dehydrated)).not.toContain('upkeep.backupStatus');
  });
});

// A page marked `renderOnServer` comes rendered to the visitor allowed to see it; the browser hydrates it (decision 0108).
describe('load, a page rendered on the server', () => {
  it('renders the dashboard for an administrator, from the data it brings, with no part left to the browser', async () => {
    const errors = vi.spyOn(console, 'error');
    const { dehydrated, rendered } = await load({
      url: '/admin',
      link: answering({ ...answers, 'adminAuth.check': ADMINISTRATOR }, []),
      origin: 'http://post.test',
    });
    expect(rendered?.html).toContain('Admin Dashboard');
    expect(rendered?.html).toContain('Post 1');
    expect(rendered?.head).toContain('<title>');
    expect(readKeys(dehydrated)).toEqual(expect.arrayContaining(['adminAuth.check', 'events.adminList']));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('renders nothing for a visitor who is not signed in, or an editor on an administrators-only page', async () => {
    const nobody = await load({ url: '/admin', link: answering({ ...answers, 'adminAuth.check': { authenticated: false } }, []), origin: 'http://post.test' });
    expect(nobody.rendered).toBeUndefined();
    const editor = await load({
      url: '/admin/renewals',
      link: answering({ ...answers, 'adminAuth.check': { ...ADMINISTRATOR, role: 'editor' } }, []),
      origin: 'http://post.test',
    });
    expect(editor.rendered).toBeUndefined();
  });

  it("renders nothing for a page not marked, such as the door's (it reads the phone's own list)", async () => {
    const link = answering({ ...answers, 'adminAuth.check': ADMINISTRATOR, 'door.list': { people: [] }, 'reports.eventFigures': {} }, []);
    const { dehydrated, rendered } = await load({ url: '/admin/events/5/check-in', link, origin: 'http://post.test' });
    expect(rendered).toBeUndefined();
    expect(readKeys(dehydrated)).toContain('door.list');
  });
});
