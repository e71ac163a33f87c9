import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { T } from '@post/contracts/messages';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { startSite, type TestSite } from './harness.ts';
import { api, axeViolations, collectErrors, field, signInAdmin, toast } from './admin-helpers.ts';

// Issue 20 in the browser: the Repeats control, "This event" / "This and following events",
// Duplicate, the dashboard's paging and search, the volunteer roster and the sign-in sheet.
const ZONE = 'America/New_York';
let site: TestSite;
before(async () => {
  site = await startSite();
});
after(async () => site?.close());

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

describe('recurring events in the browser (issue 20)', () => {
  const TITLE = 'Monthly Post Meeting';
  const start = secondTuesdayNextMonth();

  it('creates a "second Tuesday" series with the Repeats control; the popup says how it repeats', async () => {
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
    await toast(page, T.eventCreated);
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

  it('edits one occurrence with "This event" and deletes "This and following"', async () => {
    const { page, context, noErrors } = await adminPage();
    const before = await eventsTitled(page, TITLE);
    const [first, second, third, fourth] = before as [ApiEvent, ApiEvent, ApiEvent, ApiEvent];

    await page.goto(`/admin/events/${second.id}`);
    await page.getByRole('heading', { name: 'Edit Event', level: 1 }).waitFor();
    assert.equal(await page.getByRole('group', { name: 'Repeats' }).getByLabel('How often').inputValue(), 'monthly-weekday');
    await field(page, 'Title').fill(`${TITLE} (guest speaker)`);
    await page.getByRole('button', { name: 'Update Event' }).click();
    const ask = page.getByRole('alertdialog', { name: 'Change a recurring event' });
    await ask.waitFor();
    const thisOne = ask.getByRole('radio', { name: 'This event', exact: true });
    assert.equal(await thisOne.isChecked(), true);
    await ask.getByRole('button', { name: 'Save' }).click();
    await toast(page, T.eventUpdated);

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
    await del.getByText(/every later date/).waitFor();
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

  it('duplicates an event: everything but its volunteers, on the same day', async () => {
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
    await toast(page, T.eventCreated);
    const [copy] = await eventsTitled(page, 'Special Post Meeting');
    assert.ok(copy);
    assert.equal(copy.description, first.description);
    assert.equal(copy.startDate, first.startDate);
    assert.equal(copy.volunteerCount, 0);
    assert.equal(copy.seriesId, null);

    // The dashboard row has Duplicate too.
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Duplicate Special Post Meeting' }).click();
    await page.getByRole('heading', { name: 'Duplicate Event', level: 1 }).waitFor();
    assert.equal(await field(page, 'Title').inputValue(), 'Special Post Meeting');
    noErrors();
    await context.close();
  });
});
