import { expect, test } from './fixtures.ts';
import { serviceHoursMessages } from '@post/contracts/messages/service-hours';
import { eventDocumentMessages } from '@post/contracts/event-documents';
import { reportingMessages } from '@post/contracts/messages/reporting';
import type { BrowserContext } from '@playwright/test';
import { startSite, waitForApp, type TestSite } from './harness.ts';
import { toast } from './admin-helpers.ts';
import { createEventStartingAt } from './setup.ts';

// The rest of issue 60 (decision 0094): a ledger edit asks why, an event's documentation, miles and
// a walk-in's unit at the door, and the settings for units, count kinds and a form's lines.
let site: TestSite;
test.beforeAll(async ({ browser }) => {
  site = await startSite({ browser, seed: true });
});
test.afterAll(async () => site?.close());

async function newEvent(context: BrowserContext, title: string): Promise<number> {
  const start = new Date(Date.now() - 30 * 60_000);
  return (await createEventStartingAt(context, { title, description: 'For the report forms.', start, minutes: 180, volunteerPositions: 10 })).id;
}

test('a ledger edit asks for a reason and keeps it in the audit log', async ({ asAdmin: { page, context } }) => {
  const categoryId = (await (await context.request.get('/api/admin/service-categories')).json())[0].id;
  const made = await context.request.post('/api/admin/service-hours', { data: { name: 'Edna Edit', serviceDate: '2026-03-05', hours: 2, categoryId } });
  expect(made.status(), await made.text()).toBe(200);
  await page.goto('/admin/service-hours?q=Edna');
  await waitForApp(page);
  await page.getByRole('button', { name: /^Edit Edna Edit/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Hours', { exact: false }).first().fill('3');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog.getByText(serviceHoursMessages.reasonRequired)).toBeVisible();
  await dialog.getByLabel(/^Reason for the change/).fill('Stayed to load the truck');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await toast(page, 'Service updated');
  const audit = await (await context.request.get('/api/admin/audit?entity=service-entry&pageSize=5')).json();
  expect(audit.items[0].changes).toMatchObject({ hours: { old: 2, new: 3 }, reason: { old: null, new: 'Stayed to load the truck' } });
});

test('an event carries documentation: a photo of a receipt with what it shows', async ({ asAdmin: { page, context } }) => {
  const id = await newEvent(context, 'Food drive');
  const news = await (await context.request.get('/api/news')).json();
  const photo = news.find((n: { image: unknown }) => n.image).image;
  const jpeg = await (await context.request.get(photo.urls.jpeg[0].url)).body();
  await page.goto(`/admin/events/${id}`);
  await waitForApp(page);
  await expect(page.getByText('No documentation yet.')).toBeVisible();
  const add = page.getByRole('form', { name: 'Add documentation' });
  await add.getByRole('button', { name: 'Add documentation' }).click();
  await expect(add.getByText(eventDocumentMessages.imageRequired)).toBeVisible();
  await page.getByLabel('Add a photo or a receipt').setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  const description = add.getByLabel(/^Description of the photo/);
  await expect(description).toBeVisible({ timeout: 30_000 });
  await add.getByRole('button', { name: 'Add documentation' }).click();
  await expect(add.getByText(eventDocumentMessages.descriptionRequired)).toBeVisible();
  await description.fill('Receipt: 40 lb of food for the pantry');
  await add.getByRole('button', { name: 'Add documentation' }).click();
  await toast(page, 'Documentation added');
  await expect(
    page.getByRole('list', { name: 'Documentation of this event' }).getByRole('img', { name: 'Receipt: 40 lb of food for the pantry' }),
  ).toBeVisible();
  const docs = await (await context.request.get(`/api/admin/events/${id}/documents`)).json();
  expect(docs).toMatchObject([{ description: 'Receipt: 40 lb of food for the pantry' }]);
});

test("the door records a walk-in's unit and round-trip miles at check-out", async ({ asAdmin: { page, context } }) => {
  const id = await newEvent(context, 'Riders escort');
  const now = new Date();
  const year = now.getMonth() + 1 >= 6 ? now.getFullYear() : now.getFullYear() - 1;
  const riders = async () => {
    const r = await (await context.request.get(`/api/admin/reports/service?year=${year}&form=legion-cpr`)).json();
    return r.lines.find((l: { key: string }) => l.key === 'riders-miles') as { value: number; items: { kind: string; id: number }[] };
  };
  const before = (await riders()).value;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/events/${id}/check-in`);
  await waitForApp(page);
  const walkIn = page.getByRole('form', { name: 'Add a walk-in' });
  await walkIn.getByLabel(/^Name/).fill('Rita Rider');
  await walkIn.getByLabel('Unit (optional)').selectOption({ label: 'Legion Riders' });
  await walkIn.getByRole('button', { name: 'Add and check in' }).click();
  await expect(walkIn.getByLabel('Unit (optional)')).toHaveValue('');
  await page.getByLabel('Round-trip miles at check-out (optional)').fill('-3');
  await expect(page.getByText(`${serviceHoursMessages.milesRange} Until it is corrected`)).toBeVisible();
  await page.getByLabel('Round-trip miles at check-out (optional)').fill('42');
  await page.getByRole('button', { name: 'Check out Rita Rider' }).click();
  await expect.poll(async () => (await riders()).value, { timeout: 20_000 }).toBe(before + 42);
  expect((await riders()).items).toContainEqual(expect.objectContaining({ kind: 'event', id }));
});

test('Settings edits the units and a report form’s lines, with a message for each bad input', async ({ asAdmin: { page, context } }) => {
  await page.goto('/admin/settings');
  await waitForApp(page);
  const units = page.getByRole('list', { name: 'Units', exact: true });
  await expect(units.getByRole('listitem')).toHaveCount(4);
  await page.getByRole('button', { name: 'Add a unit' }).click();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(units.getByRole('listitem').nth(4).getByText(reportingMessages.nameRequired)).toBeVisible();
  await page.getByLabel('Name (unit 5)').fill('Ladies Auxiliary');
  await page.getByLabel('Key (unit 5)').fill('ladies');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await toast(page, 'Settings saved');
  expect(await (await context.request.get('/api/admin/units')).json()).toContainEqual({ key: 'ladies', name: 'Ladies Auxiliary' });

  const editor = page.getByRole('form', { name: 'Lines of American Legion Consolidated Post Report' });
  // Held by its place: the summary shows the label, which the test empties.
  const summaries = await editor.locator('details > summary').allInnerTexts();
  const line = editor.locator('details').nth(summaries.findIndex((t) => t.includes('Community service hours')));
  await line.locator('summary').click();
  await line.getByLabel(/^Label/).fill('');
  await editor.getByRole('button', { name: 'Save this form' }).click();
  await expect(line.getByText(reportingMessages.labelRequired)).toBeVisible();
  await line.getByLabel(/^Label/).fill('Hours of community service');
  await line.getByLabel(/^Item number/).fill('83a');
  await editor.getByRole('button', { name: 'Save this form' }).click();
  await toast(page, 'Report form saved');
  const forms = await (await context.request.get('/api/admin/reports/forms')).json();
  const cpr = forms.find((f: { key: string }) => f.key === 'legion-cpr');
  expect(cpr.lines.find((l: { key: string }) => l.key === 'community-service-hours')).toMatchObject({ item: '83a', label: 'Hours of community service' });
});
