import { test } from './fixtures.ts';
import assert from 'node:assert/strict';
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
    await page.getByRole('heading', { name: 'New Event', level: 1 }).waitFor();
    await field(page, 'Title').fill(TITLE);
    await field(page, 'Description').fill('The monthly meeting of the post.');
    await field(page, 'Location').fill('Post Home, 100 Main Street');
    await field(page, 'Start Date').fill(start);
    await field(page, 'Start Time').fill('19:00');
    await field(page, 'End Time').fill('21:00');

    const repeats = page.getByRole('group', { name: 'Repeats' });
    assert.equal(await repeats.getByText('Does not repeat.').count(), 1);
    await repeats.getByLabel('How often').selectOption('monthly-weekday');
    // Suggested from the start date.
    assert.equal(await repeats.getByLabel('Which one').inputValue(), '2');
    assert.equal(await repeats.getByLabel('Weekday').inputValue(), 'TU');
    await page.getByTestId('repeat-summary').getByText('Repeats: second Tuesday of every month', { exact: true }).waitFor();
    // A new start date moves the suggestion along: a week later is the third Tuesday.
    const weekLater = new Date(Date.parse(`${start}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    await field(page, 'Start Date').fill(weekLater);
    await page.getByTestId('repeat-summary').getByText('Repeats: third Tuesday of every month', { exact: true }).waitFor();
    assert.equal(await repeats.getByLabel('Which one').inputValue(), '3');
    await field(page, 'Start Date').fill(start);
    await page.getByTestId('repeat-summary').getByText('Repeats: second Tuesday of every month', { exact: true }).waitFor();
    await repeats.getByRole('radio', { name: 'Move it to the next day that is not a holiday' }).check();
    // Ending after 6 times: the summary follows.
    await repeats.getByRole('radio', { name: 'After a number of times' }).check();
    await repeats.getByRole('spinbutton', { name: 'Number of times' }).fill('6');
    await page.getByTestId('repeat-summary').getByText('Repeats: second Tuesday of every month, 6 times', { exact: true }).waitFor();
    assert.deepEqual(await axeViolations(page), []);

    // The choice is in the draft: a reload keeps it.
    await page.waitForTimeout(500);
    await page.reload();
    await page.getByText('Your unsaved changes were restored.').waitFor();
    assert.equal(await page.getByRole('group', { name: 'Repeats' }).getByLabel('How often').inputValue(), 'monthly-weekday');
    assert.equal(await page.getByRole('group', { name: 'Repeats' }).getByRole('spinbutton', { name: 'Number of times' }).inputValue(), '6');

    await page.getByRole('button', { name: 'Create Event' }).click();
    await toast(page, eventMessages.created);
    await page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }).waitFor();

    const events = await eventsTitled(page, TITLE);
    assert.equal(events.length, 6);
    assert.ok(events.every((e) => e.seriesId === events[0]!.seriesId && e.seriesId !== null));
    assert.equal(utcToZoned(new Date(events[0]!.startDate), ZONE).date, start);
    assert.ok(events.every((e) => utcToZoned(new Date(e.startDate), ZONE).time === '19:00'));

    // The calendar shows the second occurrence, and its popup the Repeats line.
    await page.goto(`/events?id=${events[1]!.id}`);
    const dialog = page.getByRole('dialog', { name: TITLE });
    await dialog.waitFor();
    assert.equal(await dialog.getByText('second Tuesday of every month, 6 times', { exact: true }).count(), 1);
    assert.equal(await dialog.getByText('Repeats', { exact: true }).count(), 1);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    const month = utcToZoned(new Date(events[1]!.startDate), ZONE).date.slice(0, 7);
    const day = page.locator(`[role=cell][data-date^="${month}"]`).filter({ hasText: TITLE });
    await day.first().waitFor();
    noErrors();
    await context.close();
  });

  test('edits one occurrence with "This event" and deletes "This and following"', async () => {
    const { page, context, noErrors } = await adminPage();
    const before = await eventsTitled(page, TITLE);
    const [first, second, third, fourth] = before as [ApiEvent, ApiEvent, ApiEvent, ApiEvent];

    await page.goto(`/admin/events/${second.id}`);
    await page.getByRole('heading', { name: 'Edit Event', level: 1 }).waitFor();
    assert.equal(await page.getByRole('group', { name: 'Repeats' }).getByLabel('How often').inputValue(), 'monthly-weekday');
    await page
      .getByRole('group', { name: 'Repeats' })
      .getByText(/one date of a recurring event/)
      .waitFor();
    await field(page, 'Title').fill(`${TITLE} (guest speaker)`);
    await page.getByRole('button', { name: 'Update Event' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Change a recurring event' });
    await ask.waitFor();
    const thisOne = ask.getByRole('radio', { name: 'This event', exact: true });
    assert.equal(await thisOne.isChecked(), true);
    await ask.getByRole('button', { name: 'Save' }).click();
    await toast(page, eventMessages.updated);

    const afterEdit = await eventsTitled(page, TITLE);
    const edited = afterEdit.find((e) => e.id === second.id)!;
    assert.equal(edited.title, `${TITLE} (guest speaker)`);
    assert.equal(edited.seriesId, null, 'the edited occurrence left the series');
    assert.equal(afterEdit.find((e) => e.id === third.id)!.title, TITLE, 'the others are unchanged');
    assert.equal(afterEdit.find((e) => e.id === third.id)!.seriesId, first.seriesId);

    // Delete the fourth and everything after it.
    await page.goto('/admin');
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Delete ${TITLE}` }) });
    await row.first().waitFor();
    const rows = page.getByRole('button', { name: `Delete ${TITLE}`, exact: true });
    // Rows are soonest first: first, third, fourth, fifth, sixth (the second is renamed).
    await rows.nth(2).click();
    const del = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this event?' });
    await del.waitFor();
    await del.getByRole('radio', { name: 'This and following events' }).check();
    await del.getByText(/this deletes 3 events and 0 volunteer sign-ups/).waitFor();
    await del.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Deleted 3 events');
    const afterDelete = await eventsTitled(page, TITLE);
    assert.deepEqual(
      afterDelete.map((e) => e.id),
      [first.id, second.id, third.id],
    );
    assert.ok(!afterDelete.some((e) => e.id === fourth.id));
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
    assert.equal(signup.status(), 200, await signup.text());

    await page.goto(`/admin/events/${first.id}`);
    await page.getByRole('heading', { name: 'Edit Event', level: 1 }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Duplicate' }).click();
    await page.getByRole('heading', { name: 'Duplicate Event', level: 1 }).waitFor();
    assert.equal(await field(page, 'Title').inputValue(), TITLE);
    assert.equal(await field(page, 'Location').inputValue(), 'Post Home, 100 Main Street');
    assert.equal(await field(page, 'Description').inputValue(), 'The monthly meeting of the post.');
    assert.equal(await field(page, 'Start Date').inputValue(), start);
    assert.equal(await field(page, 'Start Time').inputValue(), '19:00');
    assert.equal(await field(page, 'End Time').inputValue(), '21:00');
    assert.equal(await page.getByRole('group', { name: 'Repeats' }).getByLabel('How often').inputValue(), 'never');
    assert.equal(await page.getByRole('heading', { name: /Registered Volunteers/ }).count(), 0);
    await field(page, 'Title').fill('Special Post Meeting');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await toast(page, eventMessages.created);
    const [copy] = await eventsTitled(page, 'Special Post Meeting');
    assert.ok(copy);
    assert.equal(copy.description, first.description);
    assert.equal(copy.startDate, first.startDate);
    assert.equal(copy.volunteerCount, 0);
    assert.equal(copy.seriesId, null);

    // Deleting the first meeting says its sign-up goes with it (cancelled here).
    await page.goto('/admin');
    await page
      .getByRole('button', { name: `Delete ${TITLE}`, exact: true })
      .first()
      .click();
    const ask = page.getByRole('alertdialog');
    await ask.getByText('This deletes 1 volunteer sign-up.', { exact: false }).waitFor();
    await ask.getByRole('button', { name: 'Cancel' }).click();

    // The dashboard row has Duplicate too.
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Duplicate Special Post Meeting' }).click();
    await page.getByRole('heading', { name: 'Duplicate Event', level: 1 }).waitFor();
    assert.equal(await field(page, 'Title').inputValue(), 'Special Post Meeting');
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
    assert.equal(res.status(), 200, await res.text());
    const { body: all } = await api(page, '/api/events');
    const upcoming = (all as ApiEvent[]).filter((e) => Date.parse(e.startDate) > Date.now()).length;
    assert.ok(upcoming > 25);

    await page.goto('/admin');
    const events = page.getByRole('table', { name: 'Events' });
    await events.waitFor();
    await page.getByText(`Showing 1–25 of ${upcoming}`).waitFor();
    assert.deepEqual((await events.getByRole('columnheader').allInnerTexts()).slice(0, 5), ['Title', 'Date', 'Location', 'Type', 'Volunteers']);
    assert.equal(await events.getByRole('row').filter({ hasText: 'Special Post Meeting' }).getByRole('cell', { name: '0 of 10' }).count(), 1);

    await page.getByRole('searchbox', { name: 'Search events' }).fill('color guard');
    await page.getByRole('search', { name: 'Search events' }).getByRole('button', { name: 'Search' }).click();
    await page.getByText('Showing 1–25 of 30').waitFor();
    assert.equal(new URL(page.url()).searchParams.get('q'), 'color guard');
    await page.getByRole('navigation', { name: 'Events pages' }).getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 26–30 of 30').waitFor();
    assert.equal(new URL(page.url()).searchParams.get('page'), '2');
    assert.equal(await events.getByRole('row').count(), 6);
    // A reload (or a shared link) shows the same page.
    await page.reload();
    await page.getByText('Showing 26–30 of 30').waitFor();
    assert.equal(await page.getByRole('searchbox', { name: 'Search events' }).inputValue(), 'color guard');
    await page.goBack();
    await page.getByText('Showing 1–25 of 30').waitFor();

    // The public volunteer needs table: the practice once, with its other dates behind a link.
    await page.goto('/events');
    const needs = page.getByRole('region', { name: 'Upcoming Volunteer Needs' });
    const desktopTable = needs.getByRole('table');
    await desktopTable.getByRole('row').filter({ hasText: 'Color Guard Practice' }).first().waitFor();
    assert.equal(await desktopTable.getByRole('row').filter({ hasText: 'Color Guard Practice' }).count(), 1);
    await desktopTable.getByRole('link', { name: '29 more dates of Color Guard Practice' }).click();
    await page.waitForURL((u) => u.searchParams.has('series'));
    await page.getByRole('link', { name: /^Show every event.s next date$/ }).waitFor();
    assert.equal(await desktopTable.getByRole('row').filter({ hasText: 'Color Guard Practice' }).count(), 30);
    assert.equal(await desktopTable.getByRole('row').filter({ hasText: 'Monthly Post Meeting' }).count(), 0);
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('series'));

    await page.goto('/admin?q=color+guard');
    await page.getByText('Showing 1–25 of 30').waitFor();
    await page.getByLabel('Show', { exact: true }).selectOption('past');
    await page.getByText('No past events match “color guard”.').waitFor();
    assert.equal(new URL(page.url()).searchParams.get('when'), 'past');
    assert.deepEqual(await axeViolations(page), []);
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
      assert.equal(r.status(), 200, await r.text());
    }
    await page.goto('/admin?tab=resources');
    const resources = page.getByRole('table', { name: 'Resources' });
    await resources.waitFor();
    await page.getByText('Showing 1–25 of 27').waitFor();
    await page.getByRole('navigation', { name: 'Resources pages' }).getByRole('button', { name: 'Next' }).click();
    await page.getByText('Showing 26–27 of 27').waitFor();
    assert.equal(await resources.getByRole('row').count(), 3);
    await page.getByRole('searchbox', { name: 'Search resources' }).fill('office 07');
    await page.getByRole('search', { name: 'Search resources' }).getByRole('button', { name: 'Search' }).click();
    await page.getByText('Showing 1–1 of 1').waitFor();
    assert.equal(await resources.getByRole('row').filter({ hasText: 'Benefit office 07' }).count(), 1);
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
      assert.equal(r.status(), 200, await r.text());
    }
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Volunteer Roster' }).click();
    await page.getByRole('heading', { name: 'Volunteer Roster', level: 1 }).waitFor();
    const roster = page.getByRole('table', { name: 'Volunteers' });
    await roster.getByRole('cell', { name: 'Pat Doe', exact: true }).waitFor();
    assert.equal(await roster.getByRole('cell', { name: 'Quinn Flag', exact: true }).count(), 1);
    await page.getByText('Showing 1–3 of 3').waitFor();

    await page.getByLabel('Event', { exact: true }).selectOption(String(practice!.id));
    await page.getByText('Showing 1–2 of 2').waitFor();
    assert.equal(new URL(page.url()).searchParams.get('eventId'), String(practice!.id));
    assert.equal(await roster.getByRole('cell', { name: 'Pat Doe', exact: true }).count(), 0);
    await page.getByRole('searchbox', { name: 'Search volunteers' }).fill('rae');
    await page.getByRole('search', { name: 'Search volunteers' }).getByRole('button', { name: 'Search' }).click();
    await page.getByText('Showing 1–1 of 1').waitFor();
    const href = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    assert.equal(href, `/api/admin/volunteers.csv?eventId=${practice!.id}&q=rae`);
    const csv = await page.request.get(href!);
    assert.equal(csv.status(), 200);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    assert.equal(lines.length, 2);
    assert.match(lines[1]!, /^Color Guard Practice,\d{4}-\d{2}-\d{2},\d{2}:\d{2},Rae Rifle,rae@example.com,555-555-0142,Rifle,/);

    await roster.getByRole('button', { name: 'Remove Rae Rifle' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await toast(page, volunteerMessages.removed);
    await page.getByText('No sign-ups match this filter.').waitFor();
    assert.deepEqual(await axeViolations(page), []);
    assert.ok(meeting);
    noErrors();
    await context.close();
  });

  test('prints a one-page sign-in sheet with name, role, phone, blank time in, time out and signature columns', async () => {
    const { page, context, noErrors } = await adminPage();
    const [practice] = await eventsTitled(page, 'Color Guard Practice');
    await page.goto(`/admin/events/${practice!.id}`);
    await page.getByRole('heading', { name: 'Edit Event', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Print sign-in sheet' }).click();
    await page.getByRole('heading', { name: 'Sign-in Sheet', level: 1 }).waitFor();
    const sheet = page.getByRole('main').getByRole('article', { name: 'Sign-in sheet: Color Guard Practice' });
    await sheet.waitFor();
    assert.deepEqual(await sheet.getByRole('columnheader').allInnerTexts(), ['#', 'Name', 'Role', 'Phone', 'Time in', 'Time out', 'Signature']);
    const quinn = sheet.getByRole('row').filter({ hasText: 'Quinn Flag' });
    assert.deepEqual(await quinn.getByRole('cell').allInnerTexts(), ['1', 'Quinn Flag', 'Rifle', '555-555-0142', '', '', '']);
    assert.equal(await sheet.getByText('Drill Field').count(), 1);
    // Printed: only the sheet, on one page (25 lines).
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.locator('[data-slot=site-footer]').isVisible(), false);
    assert.equal(await page.locator('[data-sign-in-sheet]').isVisible(), true);
    assert.equal(await page.locator('[data-sign-in-sheet] tbody tr').count(), 25);
    const pdf = (await page.pdf({ format: 'Letter' })).toString('latin1');
    assert.equal(pdf.match(/\/Type\s*\/Page[^s]/g)?.length, 1, 'one printed page');
    await page.emulateMedia({ media: 'screen' });
    noErrors();
    await context.close();
  });
});
