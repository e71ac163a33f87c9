import { expect, test } from './fixtures.ts';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { accountMessages } from '@post/contracts/messages/account';
import { formMessages } from '@post/contracts/messages/forms';
import { newsletterMessages } from '@post/contracts/messages/newsletter';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { linkIn, mailEnv, mailTo, recipient, startMailSink, type SmtpSink } from './mail-sink.ts';
import { holdScripts, startSite, type TestSite } from './harness.ts';
import { createCommunityEvent } from './setup.ts';
import { axeViolations, collectErrors, field, postDate, settled, signInAdmin, toast } from './admin-helpers.ts';

// E-mail as people meet it (issue 19): the site sends through a real SMTP server started here
// (smtp-server, messages parsed by mailparser), and each test follows the links in the
// messages it received to the pages behind them.
let site: TestSite;
let sink: SmtpSink;
const shots = process.env.MAIL_SHOTS;

test.beforeAll(async ({ browser }) => {
  sink = await startMailSink();
  site = await startSite({ browser, seed: false, env: mailEnv(sink) });
});
test.afterAll(async () => {
  await site?.close();
  await sink?.stop();
});

/** Full-page pictures at 390 and 1280 px when MAIL_SHOTS names a folder (looked at by hand). */
async function shot(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  const size = page.viewportSize()!;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await settled(page);
    await page.screenshot({ path: path.join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}

test.describe('newsletter', () => {
  test('keeps an address typed before the page has hydrated, and sends it', async () => {
    const { page, context } = await site.newPage();
    const noErrors = collectErrors(page);
    // The app's code arrives late, as on a slow phone: the footer's field is already on the page.
    const release = await holdScripts(page, /\/assets\/index-[^/]*\.js$/);
    // The harness's goto settles once the page has run.
    const loaded = page.goto('/');
    const button = page.getByRole('button', { name: 'Subscribe' });
    await expect(button).toBeVisible();
    await expect(button, 'the page has not hydrated yet').toBeDisabled();
    await page.getByLabel('Your email address').fill('early.reader@example.org');
    release();
    await loaded;
    await button.click();
    await toast(page, 'Check your e-mail');
    await mailTo(sink, 'early.reader@example.org', /^Confirm your subscription/);
    await expect(page.getByLabel('Your email address'), 'the field is emptied after signing up').toHaveValue('');
    noErrors();
    await context.close();
  });

  test('a missing or malformed address is named under the field, which takes the focus, and nothing is sent', async () => {
    const { page, context } = await site.newPage();
    await page.goto('/');
    const form = page.getByRole('form', { name: 'Newsletter sign-up' });
    const input = form.getByLabel('Your email address');
    const mails = sink.messages.length;
    const subscribe = form.getByRole('button', { name: 'Subscribe' });
    for (const [typed, message] of [
      ['', newsletterMessages.emailRequired],
      ['not-an-address', formMessages.emailInvalid],
    ] as const) {
      await input.fill(typed);
      await subscribe.click();
      await expect(form.getByRole('alert').getByText(message)).toBeVisible();
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(await input.evaluate((el) => el === document.activeElement), 'the field in error has the focus').toBeTruthy();
    }
    // Corrected, the message goes and the address is signed up.
    await input.fill('late.reader@example.org');
    await subscribe.click();
    await toast(page, 'Check your e-mail');
    await expect(form.getByRole('alert')).toHaveCount(0);
    await mailTo(sink, 'late.reader@example.org', /^Confirm your subscription/);
    expect(sink.messages.filter((m) => /not-an-address/.test(recipient(m))).length).toBe(0);
    expect(sink.messages.length).toBeGreaterThan(mails);
    await context.close();
  });

  test('subscribe in the footer, confirm on the page, send an issue, see its counts, unsubscribe on the page', async () => {
    const { page, context } = await site.newPage();
    const noErrors = collectErrors(page);
    for (const email of ['reader.one@example.org', 'reader.two@example.org']) {
      await page.goto('/');
      await page.getByLabel('Your email address').fill(email);
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await toast(page, 'Check your e-mail');
      const confirmation = await mailTo(sink, email, /^Confirm your subscription/);
      const link = linkIn(confirmation.text, '/newsletter/confirm');
      // Opening the link changes nothing: the button does.
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Confirm Your Subscription', level: 1 })).toBeVisible();
      if (email === 'reader.one@example.org') {
        expect(await axeViolations(page)).toEqual([]);
        await shot(page, 'newsletter-confirm');
      }
      await page.getByRole('button', { name: 'Confirm my subscription' }).click();
      await expect(page.getByRole('status').getByText('You are subscribed.')).toBeVisible();
      await expect(page.getByText(`The newsletter will come to ${email}.`, { exact: false })).toBeVisible();
      if (email === 'reader.one@example.org') await shot(page, 'newsletter-confirmed');
      // The link works once.
      await page.goto(link);
      await page.getByRole('button', { name: 'Confirm my subscription' }).click();
      await expect(page.getByRole('alert').getByText(newsletterMessages.confirmLinkInvalid)).toBeVisible();
    }
    // A pending address is not listed.
    await page.goto('/');
    await page.getByLabel('Your email address').fill('never.confirmed@example.org');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await toast(page, 'Check your e-mail');

    await signInAdmin(page);
    await page.goto('/admin/newsletter');
    await expect(page.getByRole('heading', { name: 'Newsletter', level: 1 })).toBeVisible();
    const subscribers = page.getByRole('table', { name: 'Newsletter subscribers' });
    await expect(subscribers.getByText('reader.two@example.org')).toBeVisible();
    await expect(subscribers.getByText('never.confirmed@example.org')).toHaveCount(0);
    await expect(page.getByText('No issues sent yet.')).toBeVisible();

    // Empty fields are refused at the form.
    await page.getByRole('button', { name: 'Send to 2 subscribers' }).click();
    await expect(page.getByText(newsletterMessages.subjectRequired)).toBeVisible();
    await field(page, 'Subject').fill('Spring Newsletter');
    const message = field(page, 'Message');
    await message.fill('Fish fry on Friday\nBring a friend');
    await message.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(0, 8));
    await page.getByRole('button', { name: 'Bold' }).click();
    await expect(page.getByTestId('issue-preview').locator('strong', { hasText: 'Fish fry' })).toBeVisible();
    await shot(page, 'admin-newsletter');

    // The test goes to the administrator's own address; this one has none, and is told so.
    await page.getByRole('button', { name: 'Send a test to me' }).click();
    await expect(page.getByRole('main').getByRole('alert').getByText(newsletterMessages.noAdminEmail)).toBeVisible();
    await expect(page.getByRole('main').getByRole('alert').getByRole('link', { name: 'Add your e-mail address' })).toHaveAttribute(
      'href',
      '/admin/account#details',
    );

    await page.getByRole('button', { name: 'Send to 2 subscribers' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Send to 2 subscribers?' });
    await expect(dialog).toBeVisible();
    await shot(page, 'admin-newsletter-confirm');
    await dialog.getByRole('button', { name: 'Send now' }).click();
    await toast(page, 'Newsletter sent');
    await expect(field(page, 'Subject')).toHaveValue('');

    const copy = await mailTo(sink, 'reader.one@example.org', /^Spring Newsletter$/);
    expect(copy.html || '').toMatch(/<strong>Fish fry<\/strong> on Friday<br>/);
    expect((copy.headerLines.find((l) => l.key === 'list-unsubscribe-post')?.line ?? '').trim()).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    await mailTo(sink, 'reader.two@example.org', /^Spring Newsletter$/);
    const issues = page.getByRole('table', { name: 'Sent issues' });
    const row = issues.getByRole('row', { name: /Spring Newsletter/ });
    // Delivered 2 once the worker has sent both (the table follows while copies wait).
    await expect(row.getByRole('cell').nth(3).filter({ hasText: /^2$/ })).toBeVisible({ timeout: 20_000 });

    // The unsubscribe link of a copy: a page with a button.
    await page.goto(linkIn(copy.text, '/newsletter/unsubscribe'));
    await expect(page.getByRole('heading', { name: 'Unsubscribe', level: 1 })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'newsletter-unsubscribe');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status').getByText('You are unsubscribed.')).toBeVisible();
    await shot(page, 'newsletter-unsubscribed');

    await page.goto('/admin/newsletter');
    await expect(row.getByRole('cell').nth(6).filter({ hasText: /^1$/ })).toBeVisible();
    await expect(subscribers.getByText('reader.one@example.org')).toHaveCount(0);
    await shot(page, 'admin-newsletter-sent');
    await page.goto('/newsletter/confirm');
    await expect(page.getByRole('alert').getByText('The link is incomplete', { exact: false })).toBeVisible();
    noErrors();
    await context.close();
  });
});

test.describe('member password reset', () => {
  test('"Forgot your password?" on the Member Portal tab mails a link; its page sets the password once; the old one stops working', async () => {
    const admin = await site.newPage();
    await signInAdmin(admin.page);
    const created = await admin.page.request.post('/api/members', {
      data: {
        firstName: 'Rosa',
        lastName: 'Diaz',
        email: 'rosa@example.org',
        membershipNumber: 'RD-7',
        hasOnlineAccess: true,
        loginPassword: 'old-portal-pass',
        branchOfService: 'Navy',
      },
    });
    expect(created.status(), await created.text()).toBe(200);
    await admin.context.close();

    const { page, context } = await site.newPage({ width: 390, height: 844 });
    await page.goto('/login?tab=member');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot Your Password?', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(page.getByText(accountMessages.forgotNeedsOne)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'member-forgot-password');
    // An unknown account gets the very same answer.
    await field(page, 'Membership number or e-mail address').fill('NOBODY-1');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    const answer = page.getByRole('status');
    await expect(answer.getByText('Check your e-mail.')).toBeVisible();
    const unknownText = await answer.textContent();
    await page.goto('/member/forgot-password');
    await field(page, 'Membership number or e-mail address').fill('rd-7');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await expect(answer.getByText('Check your e-mail.')).toBeVisible();
    await expect(answer).toHaveText(unknownText ?? '');
    await shot(page, 'member-forgot-password-sent');

    const mail = await mailTo(sink, 'rosa@example.org', /^Reset your member portal password$/);
    const link = linkIn(mail.text, '/member/reset-password');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a New Password', level: 1 })).toBeVisible();
    await field(page, 'New password').fill('short');
    await field(page, 'Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText(accountMessages.passwordMin)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'member-reset-password');
    await field(page, 'New password').fill('new-portal-pass');
    await field(page, 'Confirm new password').fill('new-portal-pass');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('status').getByText('Your password is changed.')).toBeVisible();
    await shot(page, 'member-reset-password-done');

    // The link works once.
    await page.goto(link);
    await field(page, 'New password').fill('another-pass-1');
    await field(page, 'Confirm new password').fill('another-pass-1');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert').getByText(accountMessages.resetLinkInvalid)).toBeVisible();

    // Signing in: the old password fails, the new one opens the portal.
    const old = await page.request.post('/api/member/login', { data: { membershipNumber: 'RD-7', password: 'old-portal-pass' } });
    expect(old.status()).toBe(401);
    await page.goto('/login?tab=member');
    await page.getByLabel('Membership Number').fill('RD-7');
    await page.getByLabel('Password').fill('new-portal-pass');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL((u) => u.pathname === '/member');
    await context.close();
  });
});

test.describe('notices to members', () => {
  test('a member turns e-mail off in the portal; a normal notice skips them, an urgent one (asked in a dialog) reaches them', async () => {
    const admin = await site.newPage();
    await signInAdmin(admin.page);
    for (const [number, email] of [
      ['NT-1', 'keeps.mail@example.org'],
      ['NT-2', 'no.mail@example.org'],
    ] as const) {
      const res = await admin.page.request.post('/api/members', {
        data: { firstName: 'Pat', lastName: number, email, membershipNumber: number, hasOnlineAccess: true, loginPassword: 'portal-pass-1' },
      });
      expect(res.status(), await res.text()).toBe(200);
    }

    const member = await site.newPage({ width: 390, height: 844 });
    await member.page.goto('/login?tab=member');
    await member.page.getByLabel('Membership Number').fill('NT-2');
    await member.page.getByLabel('Password').fill('portal-pass-1');
    await member.page.getByRole('button', { name: 'Sign In' }).click();
    await expect(member.page).toHaveURL((u) => u.pathname === '/member');
    const choice = member.page.getByRole('switch', { name: 'E-mail me post communications' });
    await expect(choice).toBeVisible();
    await member.page.waitForFunction(() => !document.querySelector('[role=switch][disabled]'));
    await expect(choice).toHaveAttribute('aria-checked', 'true');
    await choice.click();
    await toast(member.page, 'Post communications will no longer come by e-mail.');
    await member.page.reload();
    await member.page.waitForFunction(() => !document.querySelector('[role=switch][disabled]'));
    await expect(choice).toHaveAttribute('aria-checked', 'false');
    expect(await axeViolations(member.page)).toEqual([]);
    await shot(member.page, 'member-portal-email-choice');
    await member.context.close();

    const page = admin.page;
    await page.goto('/admin/member-communications');
    const create = async (title: string, urgent: boolean) => {
      await page.getByRole('link', { name: 'New Communication' }).click();
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Content').fill('Line one.\nLine two.');
      if (urgent) await page.getByLabel('Priority').selectOption('urgent');
      await page.getByRole('switch', { name: 'Published' }).click();
      if (!urgent) await page.getByRole('checkbox', { name: 'Also send by e-mail' }).click();
      await page.getByRole('button', { name: 'Create Communication' }).click();
    };
    await create('Dues reminder', false);
    await toast(page, 'Communication created');
    await mailTo(sink, 'keeps.mail@example.org', /^Dues reminder$/);

    await create('Hall closed today', true);
    const ask = page.getByRole('alertdialog', { name: 'Send this urgent notice by e-mail too?' });
    await expect(ask).toBeVisible();
    await shot(page, 'admin-urgent-notice-dialog');
    await ask.getByRole('button', { name: 'Post and e-mail' }).click();
    await toast(page, 'Communication created');
    const urgent = await mailTo(sink, 'no.mail@example.org', /^Urgent: Hall closed today$/);
    expect(urgent.text ?? '').toMatch(/Line one\.\s*\n?\s*Line two\./);
    await mailTo(sink, 'keeps.mail@example.org', /^Urgent: Hall closed today$/);
    expect(sink.messages.filter((m) => recipient(m) === 'no.mail@example.org' && m.subject === 'Dues reminder').length).toBe(0);
    await admin.context.close();
  });
});

test.describe('volunteer mail pages', () => {
  test('the cancel link shows the sign-up and cancels it only on the button; a used link says so', async () => {
    const admin = await site.newPage();
    await signInAdmin(admin.page);
    const eventId = await createCommunityEvent(admin.context, 'Park Cleanup', 'Bring gloves.', postDate(10), 'America/New_York');
    await admin.context.close();
    const { page, context } = await site.newPage({ width: 390, height: 844 });
    const res = await page.request.post('/api/volunteers', { data: { eventId, name: 'Vera Vol', email: 'vera@example.org', role: 'Greeter' } });
    expect(res.status(), await res.text()).toBe(200);
    const confirmation = await mailTo(sink, 'vera@example.org', /^You're signed up: Park Cleanup$/);
    const link = linkIn(confirmation.text, '/volunteer/cancel');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Cancel Your Sign-Up', level: 1 })).toBeVisible();
    await expect(page.getByText('Park Cleanup')).toBeVisible();
    await expect(page.getByText('Greeter')).toBeVisible();
    await expect(page.getByText('Post Home, 100 Main Street')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'volunteer-cancel');
    // Opening the page cancelled nothing.
    const before = await (await page.request.get(`/api/volunteers?eventId=${eventId}`)).json();
    expect(before.length).toBe(1);
    await page.getByRole('button', { name: 'Cancel my sign-up' }).click();
    await expect(page.getByRole('status').getByText('Your sign-up is cancelled.')).toBeVisible();
    await shot(page, 'volunteer-cancelled');
    const after = await (await page.request.get(`/api/volunteers?eventId=${eventId}`)).json();
    expect(after.length).toBe(0);
    await page.goto(link);
    await expect(page.getByRole('alert').getByText(volunteerMessages.cancelLinkInvalid)).toBeVisible();
    await shot(page, 'volunteer-cancel-used');
    await context.close();
  });

  test('the event form and the delete confirmation offer "Tell volunteers by e-mail", on by default', async () => {
    const { page, context } = await site.newPage();
    await signInAdmin(page);
    const eventId = await createCommunityEvent(context, 'Fish Fry', 'Friday fish fry.', postDate(12), 'America/New_York');
    await page.goto(`/admin/events/${eventId}`);
    await expect(page.getByRole('heading', { name: 'Edit Event', level: 1 })).toBeVisible();
    // No volunteers: nothing to offer.
    await expect(page.getByRole('checkbox', { name: 'Tell volunteers by e-mail' })).toHaveCount(0);
    const signUp = await page.request.post('/api/volunteers', { data: { eventId, name: 'Fred Fry', email: 'fred@example.org' } });
    expect(signUp.status()).toBe(200);
    await page.reload();
    const tell = page.getByRole('checkbox', { name: 'Tell volunteers by e-mail' });
    await expect(tell).toBeVisible();
    await expect(tell).toHaveAttribute('aria-checked', 'true');
    await field(page, 'Location').fill('Town Hall, 5 Oak St');
    await shot(page, 'admin-event-tell-volunteers');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect(page).toHaveURL((u) => u.pathname === '/admin');
    const changed = await mailTo(sink, 'fred@example.org', /^Changed: Fish Fry$/);
    expect(changed.text ?? '').toMatch(/Town Hall, 5 Oak St/);

    // The delete confirmation: untick, and the volunteer hears nothing.
    await page.goto('/admin?tab=events');
    await page.getByRole('button', { name: 'Delete Fish Fry' }).click();
    const dialog = page.getByRole('alertdialog');
    const tellOnDelete = dialog.getByRole('checkbox', { name: 'Tell volunteers by e-mail' });
    await expect(tellOnDelete).toBeVisible();
    await expect(tellOnDelete).toHaveAttribute('aria-checked', 'true');
    await shot(page, 'admin-event-delete-tell-volunteers');
    await tellOnDelete.click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    // The toast counts the sign-ups that went with the event (issue 20).
    await toast(page, 'Deleted (and 1 volunteer sign-up)');
    await new Promise((r) => setTimeout(r, 3000));
    expect(sink.messages.filter((m) => recipient(m) === 'fred@example.org' && /^Cancelled:/.test(m.subject ?? '')).length).toBe(0);
    await context.close();
  });
});

/** Reloads until `shown` is there (the mail worker's state is read at load), each time once `row` (there in every state) has rendered. */
async function reloadUntil(page: Page, row: Locator, shown: Locator): Promise<void> {
  await expect(async () => {
    if (await shown.count()) return;
    await page.reload();
    await expect(row).toBeVisible();
    expect(await shown.count()).toBeGreaterThan(0);
  }).toPass({ intervals: [500], timeout: 60_000 });
}

test.describe('admin outbox', () => {
  test('lists, searches and pages in the URL, opens a message (text and sandboxed HTML), retries a failed one', async () => {
    const { page, context } = await site.newPage();
    const noErrors = collectErrors(page);
    await signInAdmin(page);
    const eventId = await createCommunityEvent(context, 'Bake Sale', 'Cakes.', postDate(14), 'America/New_York');
    sink.reject.add('bounce.me@example.org');
    const res = await page.request.post('/api/volunteers', { data: { eventId, name: 'Bo Bounce', email: 'bounce.me@example.org' } });
    expect(res.status()).toBe(200);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Outbox' }).click();
    await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Outbox messages' });
    await expect(table).toBeVisible();
    await page.getByLabel('Search', { exact: true }).fill('bounce.me@');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=bounce\.me/);
    const row = table.getByRole('row', { name: /bounce\.me@example\.org/ });
    // The sink refuses it with a 550: failed for good, with the server's answer.
    await reloadUntil(page, row, row.getByText('Failed'));
    await expect(row.getByText('Failed')).toBeVisible();
    await expect(row.getByText(/550/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'admin-outbox');
    await row.getByRole('button', { name: "You're signed up: Bake Sale" }).click();
    await expect(page).toHaveURL(/id=\d+/);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('outbox-text').getByText('Thank you, Bo Bounce', { exact: false })).toBeVisible();
    await shot(page, 'admin-outbox-message');
    await dialog.getByRole('button', { name: 'As the recipient sees it' }).click();
    const frame = dialog.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', '');
    await expect(page.frameLocator('iframe').getByText('Thank you, Bo Bounce', { exact: false })).toBeVisible();
    // Reloading keeps the open message (it is in the URL).
    await page.reload();
    await expect(dialog.getByTestId('outbox-text')).toBeVisible();
    sink.reject.delete('bounce.me@example.org');
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await toast(page, 'Queued again');
    await mailTo(sink, 'bounce.me@example.org', /^You're signed up: Bake Sale$/);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL((u) => !u.searchParams.has('id'));
    await reloadUntil(page, row, row.getByText('Sent'));
    await expect(row.getByText('Sent')).toBeVisible();
    // Paging: a notice to 26 members makes more than one page of 25; the page is in the URL.
    for (let i = 0; i < 26; i++) {
      const m = await page.request.post('/api/members', {
        data: { firstName: 'Page', lastName: `Member ${i}`, email: `page.${i}@example.org`, membershipNumber: `PG-${i}` },
      });
      expect(m.status(), await m.text()).toBe(200);
    }
    const notice = await page.request.post('/api/admin/member-communications', {
      data: { title: 'Paging notice', content: 'Hello.', isPublished: true, sendEmail: true },
    });
    expect(notice.status(), await notice.text()).toBe(200);
    await page.goto('/admin/outbox?q=Paging%20notice');
    // The 26 new members, and the earlier tests' members who take e-mail.
    const summary = page.getByText(/^\d+ messages, page 1 of 2$/);
    await expect(summary).toBeVisible();
    const total = Number(/^(\d+)/.exec((await summary.textContent()) ?? '')![1]);
    expect(total > 25 && total <= 50, String(total)).toBeTruthy();
    await expect(table.getByRole('row')).toHaveCount(26);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(`${total} messages, page 2 of 2`)).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(total - 25 + 1);
    await page.reload();
    await expect(page.getByText(`${total} messages, page 2 of 2`)).toBeVisible();
    noErrors();
    await context.close();
  });
});
