import { expect, test } from './fixtures.ts';
import { eventMessages } from '@post/contracts/messages/events';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { startSite, type TestSite } from './harness.ts';
import { api, axeViolations, collectErrors, field, signInAdmin, toast } from './admin-helpers.ts';

// Issue 20 in the browser: the Repeats control, "This event" / "This and following events",
// Duplicate, the dashboard's paging and search, the volunteer roster and the sign-in sheet.
const ZONE = 'America/New_York';
let site: TestSite;
test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser });
});
test.afterAll(async () => site?.close());

async function adminPage(width = 1280) {
  const { page, context } = await site.newPage({ width, height: width < 500 ? 844 : 900 });
  const noErrors = collectErrors(page);
  await signInAdmin(page);
  return { page, context, noErrors };
}

/** The second Tuesday of the month after the post's current one, YYYY-MM-DD. */
function secondTuesdayNextMonth(): string {
  const [y, m] = utcToZoned(new Date(), ZONE).date.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m, 1)); // month index m = next month
  const offset = (2 - first.getUTCDay() + 7) % 7; // days to the first Tuesday
  return new Date(Date.UTC(y, m, 1 + offset + 7)).toISOString().slice(0, 10);
}

interface ApiEvent {
  id: number;
  title: string;
  location: string;
  description: string;
  startDate: string;
  seriesId: number | null;
  repeats: string | null;
  volunteerCount: number;
  imageId: number | null;
}

async function eventsTitled(page: import('playwright-core').Page, prefix: string): Promise<ApiEvent[]> {
  const { body } = await api(page, '/api/events');
  return (body as ApiEvent[]).filter((e) => e.title.startsWith(prefix));
}

test.describe('recurring events in the browser (issue 20)', () => {
  const TITLE = 'Monthly Post Meeting';
  const start = secondTuesdayNextMonth();

  test('creates a "second Tuesday" series with the Repeats control; the popup says how it repeats', async () => {
    const { page, context, noErrors } = await adminPage();
    await page.goto('/admin/events/new');
    await expect(page.getByRole('heading', { name: 'New Event', level: 1 })).toBeVisible();
    await field(page, 'Title').fill(TITLE);
    await field(page, 'Description').fill('The monthly meeting of the post.');
    await field(page, 'Location').fill('Post Home, 100 Main Street');
    await field(page, 'Start Date').fill(start);
    await field(page, 'Start Time').fill('19:00');
    await field(page, 'End Time').fill('21:00');

    const repeats = page.getByRole('group', { name: 'Repeats' });
    await expect(repeats.getByText('Does not repeat.')).toHaveCount(1);
    await repeats.getByLabel('How often').selectOption('monthly-weekday');
    // Suggested from the start date.
    await expect(repeats.getByLabel('Which one')).toHaveValue('2');
    await expect(repeats.getByLabel('Weekday')).toHaveValue('TU');
    await expect(page.getByTestId('repeat-summary').getByText('Repeats: second Tuesday of every month', { exact: true })).toBeVisible();
    // A new start date moves the suggestion along: a week later is the third Tuesday.
    const weekLater = new Date(Date.parse(`${start}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    await field(page, 'Start Date').fill(weekLater);
    await expect(page.getByTestId('repeat-summary').getByText('Repeats: third Tuesday of every month', { exact: true })).toBeVisible();
    await expect(repeats.getByLabel('Which one')).toHaveValue('3');
    await field(page, 'Start Date').fill(start);
    await expect(page.getByTestId('repeat-summary').getByText('Repeats: second Tuesday of every month', { exact: true })).toBeVisible();
    await repeats.getByRole('radio', { name: 'Move it to the next day that is not a holiday' }).check();
    // Ending after 6 times: the summary follows.
    await repeats.getByRole('radio', { name: 'After a number of times' }).check();
    await repeats.getByRole('spinbutton', { name: 'Number of times' }).fill('6');
    await expect(page.getByTestId('repeat-summary').getByText('Repeats: second Tuesday of every month, 6 times', { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // The choice is in the draft (written a moment after the last change): a reload keeps it.
    await expect.poll(() => page.evaluate(() => Object.values(sessionStorage).some((v) => v.includes('monthly-weekday')))).toBe(true);
    await page.reload();
    await expect(page.getByText('Your unsaved changes were restored.')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Repeats' }).getByLabel('How often')).toHaveValue('monthly-weekday');
    await expect(page.getByRole('group', { name: 'Repeats' }).getByRole('spinbutton', { name: 'Number of times' })).toHaveValue('6');

    await page.getByRole('button', { name: 'Create Event' }).click();
    await toast(page, eventMessages.created);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();

    const events = await eventsTitled(page, TITLE);
    expect(events.length).toBe(6);
    expect(events.every((e) => e.seriesId === events[0]!.seriesId && e.seriesId !== null)).toBeTruthy();
    expect(utcToZoned(new Date(events[0]!.startDate), ZONE).date).toBe(start);
    expect(events.every((e) => utcToZoned(new Date(e.startDate), ZONE).time === '19:00')).toBeTruthy();

    // The calendar shows the second occurrence, and its popup the Repeats line.
    await page.goto(`/events?id=${events[1]!.id}`);
    const dialog = page.getByRole('dialog', { name: TITLE });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('second Tuesday of every month, 6 times', { exact: true })).toHaveCount(1);
    await expect(dialog.getByText('Repeats', { exact: true })).toHaveCount(1);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    const month = utcToZoned(new Date(events[1]!.startDate), ZONE).date.slice(0, 7);
    const day = page.locator(`[role=cell][data-date^="${month}"]`).filter({ hasText: TITLE });
    await expect(day.first()).toBeVisible();
    noErrors();
    await context.close();
  });

  test('edits one occurrence with "This event" and deletes "This and following"', async () => {
    const { page, context, noErrors } = await adminPage();
    const before = await eventsTitled(page, TITLE);
    const [first, second, third, fourth] = before as [ApiEvent, ApiEvent, ApiEvent, ApiEvent];

    await page.goto(`/admin/events/${second.id}`);
    await expect(page.getByRole('heading', { name: 'Edit Event', level: 1 })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Repeats' }).getByLabel('How often')).toHaveValue('monthly-weekday');
    await expect(page.getByRole('group', { name: 'Repeats' }).getByText(/one date of a recurring event/)).toBeVisible();
    await field(page, 'Title').fill(`${TITLE} (guest speaker)`);
    await page.getByRole('button', { name: 'Update Event' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Change a recurring event' });
    await expect(ask).toBeVisible();
    const thisOne = ask.getByRole('radio', { name: 'This event', exact: true });
    await expect(thisOne).toBeChecked();
    await ask.getByRole('button', { name: 'Save' }).click();
    await toast(page, eventMessages.updated);

    const afterEdit = await eventsTitled(page, TITLE);
    const edited = afterEdit.find((e) => e.id === second.id)!;
    expect(edited.title).toBe(`${TITLE} (guest speaker)`);
    expect(edited.seriesId, 'the edited occurrence left the series').toBe(null);
    expect(afterEdit.find((e) => e.id === third.id)!.title, 'the others are unchanged').toBe(TITLE);
    expect(afterEdit.find((e) => e.id === third.id)!.seriesId).toBe(first.seriesId);

    // Delete the fourth and everything after it.
    await page.goto('/admin');
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Delete ${TITLE}` }) });
    await expect(row.first()).toBeVisible();
    const rows = page.getByRole('button', { name: `Delete ${TITLE}`, exact: true });
    // Rows are soonest first: first, third, fourth, fifth, sixth (the second is renamed).
    await rows.nth(2).click();
    const del = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this event?' });
    await expect(del).toBeVisible();
    await del.getByRole('radio', { name: 'This and following events' }).check();
    await expect(del.getByText(/this deletes 3 events and 0 volunteer sign-ups/)).toBeVisible();
    await del.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Deleted 3 events');
    const afterDelete = await eventsTitled(page, TITLE);
    expect(afterDelete.map((e) => e.id)).toEqual([first.id, second.id, third.id]);
    expect(afterDelete.some((e) => e.id === fourth.id)).toBeFalsy();
    noErrors();
    await context.close();
  });

  test('duplicates an event: everything but its volunteers, on the same day', async () => {
    const { page, context, noErrors } = await adminPage();
    const [first] = (await eventsTitled(page, TITLE)) as [ApiEvent];
    // A volunteer on the original does not come along.
    const signup = await page.request.post('/api/volunteers', {
      data: { eventId: first.id, name: 'Pat Doe', email: 'pat@example.com', phone: '', role: '' },
    });
    expect(signup.status(), await signup.text()).toBe(200);

    await page.goto(`/admin/events/${first.id}`);
    await expect(page.getByRole('heading', { name: 'Edit Event', level: 1 })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Duplicate' }).click();
    await expect(page.getByRole('heading', { name: 'Duplicate Event', level: 1 })).toBeVisible();
    await expect(field(page, 'Title')).toHaveValue(TITLE);
    await expect(field(page, 'Location')).toHaveValue('Post Home, 100 Main Street');
    await expect(field(page, 'Description')).toHaveValue('The monthly meeting of the post.');
    await expect(field(page, 'Start Date')).toHaveValue(start);
    await expect(field(page, 'Start Time')).toHaveValue('19:00');
    await expect(field(page, 'End Time')).toHaveValue('21:00');
    await expect(page.getByRole('group', { name: 'Repeats' }).getByLabel('How often')).toHaveValue('never');
    await expect(page.getByRole('heading', { name: /Registered Volunteers/ })).toHaveCount(0);
    await field(page, 'Title').fill('Special Post Meeting');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await toast(page, eventMessages.created);
    const [copy] = await eventsTitled(page, 'Special Post Meeting');
    expect(copy).toBeTruthy();
    expect(copy.description).toBe(first.description);
    expect(copy.startDate).toBe(first.startDate);
    expect(copy.volunteerCount).toBe(0);
    expect(copy.seriesId).toBe(null);

    // Deleting the first meeting says its sign-up goes with it (cancelled here).
    await page.goto('/admin');
    await page
      .getByRole('button', { name: `Delete ${TITLE}`, exact: true })
      .first()
      .click();
    const ask = page.getByRole('alertdialog');
    await expect(ask.getByText('This deletes 1 volunteer sign-up.', { exact: false })).toBeVisible();
    await ask.getByRole('button', { name: 'Cancel' }).click();

    // The dashboard row has Duplicate too.
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Duplicate Special Post Meeting' }).click();
    await expect(page.getByRole('heading', { name: 'Duplicate Event', level: 1 })).toBeVisible();
    await expect(field(page, 'Title')).toHaveValue('Special Post Meeting');
    noErrors();
    await context.close();
  });
});

test.describe('the dashboard that scales (issue 20)', () => {
  test('pages 25 events at a time, searches and filters, all in the URL', async () => {
    const { page, context, noErrors } = await adminPage();
    // 30 weekly practices (a series with COUNT=30) on top of the meetings.
    const day = utcToZoned(new Date(Date.now() + 2 * 86_400_000), ZONE).date;
    const res = await page.request.post('/api/events', {
      data: {
        title: 'Color Guard Practice',
        description: 'Practice.',
        location: 'Drill Field',
        startDate: new Date(`${day}T23:00:00Z`).toISOString(),
        endDate: new Date(`${day}T23:45:00Z`).toISOString(),
        recurrence: { rule: 'FREQ=WEEKLY;COUNT=30', onHoliday: 'keep' },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { body: all } = await api(page, '/api/events');
    const upcoming = (all as ApiEvent[]).filter((e) => Date.parse(e.startDate) > Date.now()).length;
    expect(upcoming).toBeGreaterThan(25);

    await page.goto('/admin');
    const events = page.getByRole('table', { name: 'Events' });
    await expect(events).toBeVisible();
    await expect(page.getByText(`Showing 1–25 of ${upcoming}`)).toBeVisible();
    expect((await events.getByRole('columnheader').allInnerTexts()).slice(0, 5)).toEqual(['Title', 'Date', 'Location', 'Type', 'Volunteers']);
    await expect(events.getByRole('row').filter({ hasText: 'Special Post Meeting' }).getByRole('cell', { name: '0 of 10' })).toHaveCount(1);

    await page.getByRole('searchbox', { name: 'Search events' }).fill('color guard');
    await page.getByRole('search', { name: 'Search events' }).getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Showing 1–25 of 30')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('q')).toBe('color guard');
    await page.getByRole('navigation', { name: 'Events pages' }).getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 26–30 of 30')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await expect(events.getByRole('row')).toHaveCount(6);
    // A reload (or a shared link) shows the same page.
    await page.reload();
    await expect(page.getByText('Showing 26–30 of 30')).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Search events' })).toHaveValue('color guard');
    await page.goBack();
    await expect(page.getByText('Showing 1–25 of 30')).toBeVisible();

    // The public volunteer needs table: the practice once, with its other dates behind a link.
    await page.goto('/events');
    const needs = page.getByRole('region', { name: 'Upcoming Volunteer Needs' });
    const desktopTable = needs.getByRole('table');
    await expect(desktopTable.getByRole('row').filter({ hasText: 'Color Guard Practice' }).first()).toBeVisible();
    await expect(desktopTable.getByRole('row').filter({ hasText: 'Color Guard Practice' })).toHaveCount(1);
    await desktopTable.getByRole('link', { name: '29 more dates of Color Guard Practice' }).click();
    await expect(page).toHaveURL((u) => u.searchParams.has('series'));
    await expect(page.getByRole('link', { name: /^Show every event.s next date$/ })).toBeVisible();
    await expect(desktopTable.getByRole('row').filter({ hasText: 'Color Guard Practice' })).toHaveCount(30);
    await expect(desktopTable.getByRole('row').filter({ hasText: 'Monthly Post Meeting' })).toHaveCount(0);
    await page.goBack();
    await expect(page).toHaveURL((u) => !u.searchParams.has('series'));

    await page.goto('/admin?q=color+guard');
    await expect(page.getByText('Showing 1–25 of 30')).toBeVisible();
    await page.getByLabel('Show', { exact: true }).selectOption('past');
    await expect(page.getByText('No past events match “color guard”.')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('when')).toBe('past');
    expect(await axeViolations(page)).toEqual([]);
    noErrors();
    await context.close();
  });
});

test.describe('search and paging on the other tabs (issue 20)', () => {
  test('gives a list longer than 25 rows a search box and pages', async () => {
    const { page, context, noErrors } = await adminPage();
    for (let i = 1; i <= 27; i++) {
      const r = await page.request.post('/api/resources', {
        data: { title: `Benefit office ${String(i).padStart(2, '0')}`, description: 'Help.', url: `https://example.org/${i}`, order: i },
      });
      expect(r.status(), await r.text()).toBe(200);
    }
    await page.goto('/admin?tab=resources');
    const resources = page.getByRole('table', { name: 'Resources' });
    await expect(resources).toBeVisible();
    await expect(page.getByText('Showing 1–25 of 27')).toBeVisible();
    await page.getByRole('navigation', { name: 'Resources pages' }).getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Showing 26–27 of 27')).toBeVisible();
    await expect(resources.getByRole('row')).toHaveCount(3);
    await page.getByRole('searchbox', { name: 'Search resources' }).fill('office 07');
    await page.getByRole('search', { name: 'Search resources' }).getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
    await expect(resources.getByRole('row').filter({ hasText: 'Benefit office 07' })).toHaveCount(1);
    noErrors();
    await context.close();
  });
});

test.describe('the volunteer roster and the sign-in sheet (issue 20)', () => {
  test('filters by event, searches, downloads the CSV and removes a sign-up', async () => {
    const { page, context, noErrors } = await adminPage();
    const [meeting] = await eventsTitled(page, 'Monthly Post Meeting');
    const [practice] = await eventsTitled(page, 'Color Guard Practice');
    for (const [eventId, name, email] of [
      [practice!.id, 'Quinn Flag', 'quinn@example.com'],
      [practice!.id, 'Rae Rifle', 'rae@example.com'],
    ] as const) {
      const r = await page.request.post('/api/volunteers', { data: { eventId, name, email, phone: '555-555-0142', role: 'Rifle' } });
      expect(r.status(), await r.text()).toBe(200);
    }
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Volunteer Roster' }).click();
    await expect(page.getByRole('heading', { name: 'Volunteer Roster', level: 1 })).toBeVisible();
    const roster = page.getByRole('table', { name: 'Volunteers' });
    await expect(roster.getByRole('cell', { name: 'Pat Doe', exact: true })).toBeVisible();
    await expect(roster.getByRole('cell', { name: 'Quinn Flag', exact: true })).toHaveCount(1);
    await expect(page.getByText('Showing 1–3 of 3')).toBeVisible();

    await page.getByLabel('Event', { exact: true }).selectOption(String(practice!.id));
    await expect(page.getByText('Showing 1–2 of 2')).toBeVisible();
    expect(new URL(page.url()).searchParams.get('eventId')).toBe(String(practice!.id));
    await expect(roster.getByRole('cell', { name: 'Pat Doe', exact: true })).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search volunteers' }).fill('rae');
    await page.getByRole('search', { name: 'Search volunteers' }).getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
    const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    expect(href).toBe(`/api/admin/volunteers.csv?eventId=${practice!.id}&q=rae`);
    const csv = await page.request.get(href!);
    expect(csv.status()).toBe(200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines.length).toBe(2);
    expect(lines[1]!).toMatch(/^Color Guard Practice,\d{4}-\d{2}-\d{2},\d{2}:\d{2},Rae Rifle,rae@example.com,555-555-0142,Rifle,/);

    await roster.getByRole('button', { name: 'Remove Rae Rifle' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await toast(page, volunteerMessages.removed);
    await expect(page.getByText('No sign-ups match this filter.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(meeting).toBeTruthy();
    noErrors();
    await context.close();
  });

  test('prints a one-page sign-in sheet with name, role, phone, blank time in, time out and signature columns', async () => {
    const { page, context, noErrors } = await adminPage();
    const [practice] = await eventsTitled(page, 'Color Guard Practice');
    await page.goto(`/admin/events/${practice!.id}`);
    await expect(page.getByRole('heading', { name: 'Edit Event', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Print sign-in sheet' }).click();
    await expect(page.getByRole('heading', { name: 'Sign-in Sheet', level: 1 })).toBeVisible();
    const sheet = page.getByRole('main').getByRole('article', { name: 'Sign-in sheet: Color Guard Practice' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('columnheader')).toHaveText(['#', 'Name', 'Role', 'Phone', 'Time in', 'Time out', 'Signature'], { useInnerText: true });
    const quinn = sheet.getByRole('row').filter({ hasText: 'Quinn Flag' });
    await expect(quinn.getByRole('cell')).toHaveText(['1', 'Quinn Flag', 'Rifle', '555-555-0142', '', '', ''], { useInnerText: true });
    await expect(sheet.getByText('Drill Field')).toHaveCount(1);
    // Printed: only the sheet, on one page (25 lines).
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('[data-slot=site-footer]')).toBeHidden();
    await expect(page.locator('[data-sign-in-sheet]')).toBeVisible();
    await expect(page.locator('[data-sign-in-sheet] tbody tr')).toHaveCount(25);
    const pdf = (await page.pdf({ format: 'Letter' })).toString('latin1');
    expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length, 'one printed page').toBe(1);
    await page.emulateMedia({ media: 'screen' });
    noErrors();
    await context.close();
  });
});
