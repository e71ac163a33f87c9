import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { formMessages } from '@post/contracts/messages/forms';
import { newsletterMessages } from '@post/contracts/messages/newsletter';
import { useTestApp } from '../../test-helpers.ts';
import { Migrator } from 'kysely/migration';
import { createTestDb } from '@post/db/testing';
import { migrations } from '@post/db/migrations/index';
import { migrateToLatest } from '@post/db/migrate';

const t = useTestApp({
  admin: true,
  mail: true,
  settings: { postName: 'American Legion Post 123', streetAddress: '1 Main St', town: 'Springfield', state: 'IL' },
});

beforeEach(() => {
  t.sink.messages.length = 0;
  t.sink.reject.clear();
});

const post = t.postAsVisitor;
const tokenOf = (text: string | undefined, path: string) => new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text ?? '')?.[1];
const recipient = (m: (typeof t.sink.messages)[number]) => (m.to && !Array.isArray(m.to) ? m.to.value[0]!.address!.toLowerCase() : '');
const rawHeader = (m: (typeof t.sink.messages)[number], key: string) => m.headerLines.find((l) => l.key === key)?.line.replace(/\r?\n\s+/g, ' ');
const subscribers = async () => ((await t.admin.get('/api/admin/newsletter/subscribers')).json() as { email: string }[]).map((s) => s.email);

/** Subscribes, delivers the confirmation and presses its button; returns the confirmation message. */
async function subscribeAndConfirm(email: string) {
  expect((await post('/api/newsletter/subscribe', { email })).statusCode).toBe(200);
  await t.app.mailWorker.runOnce();
  const m = t.sink.messages.find((x) => recipient(x) === email)!;
  const token = tokenOf(m.text, '/newsletter/confirm')!;
  expect((await post('/api/newsletter/confirm', { token })).statusCode).toBe(200);
  return m;
}

describe('newsletter sign-up with consent', () => {
  it('sends a confirmation and stores nobody until the button is pressed; the token works once', async () => {
    const res = await post('/api/newsletter/subscribe', { email: 'Reader@Example.org' });
    expect(res.statusCode).toBe(200);
    expect(await subscribers()).not.toContain('Reader@Example.org');
    expect((await t.app.mailWorker.runOnce()).sent).toBe(1);
    const m = t.sink.messages[0]!;
    expect(recipient(m).toLowerCase()).toBe('reader@example.org');
    expect(m.subject).toBe('Confirm your subscription to the American Legion Post 123 newsletter');
    expect(m.text).toContain('1 Main St, Springfield, IL');
    const token = tokenOf(m.text, 'https://post.example.org/newsletter/confirm');
    expect(token).toBeTruthy();
    // Only its hash is stored.
    expect(await t.db.selectFrom('mailTokens').select('tokenHash').where('tokenHash', '=', token!).executeTakeFirst()).toBeUndefined();
    // A GET of the link (a mail scanner) is the web page, which changes nothing by itself.
    expect(await subscribers()).not.toContain('Reader@Example.org');
    const ok = await post('/api/newsletter/confirm', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ email: 'Reader@Example.org' });
    expect(await subscribers()).toContain('Reader@Example.org');
    const again = await post('/api/newsletter/confirm', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(newsletterMessages.confirmLinkInvalid);
    for (const bad of ['x'.repeat(43), '', 42]) expect((await post('/api/newsletter/confirm', { token: bad })).statusCode).toBe(400);
  });

  it('answers the same for a subscribed or pending address, and mails a pending one at most once per 10 minutes', async () => {
    await subscribeAndConfirm('same@example.org');
    t.sink.messages.length = 0;
    expect((await post('/api/newsletter/subscribe', { email: 'SAME@example.org' })).json()).toEqual({ ok: true });
    expect((await post('/api/newsletter/subscribe', { email: 'pending@example.org' })).json()).toEqual({ ok: true });
    expect((await post('/api/newsletter/subscribe', { email: 'pending@example.org' })).json()).toEqual({ ok: true });
    await t.app.mailWorker.runOnce();
    expect(t.sink.messages.map(recipient)).toEqual(['pending@example.org']);
    const invalid = await post('/api/newsletter/subscribe', { email: 'not-an-address' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(formMessages.emailInvalid);
  });

  it('an expired confirmation link does nothing', async () => {
    expect((await post('/api/newsletter/subscribe', { email: 'late@example.org' })).statusCode).toBe(200);
    await t.app.mailWorker.runOnce();
    const token = tokenOf(t.sink.messages[0]!.text, '/newsletter/confirm')!;
    await t.db
      .updateTable('mailTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('purpose', '=', 'newsletter-confirm')
      .execute();
    expect((await post('/api/newsletter/confirm', { token })).statusCode).toBe(400);
    expect(await subscribers()).not.toContain('late@example.org');
  });

  it('subscribers from before migration 0011 count as confirmed', async () => {
    const old = await createTestDb({ migrate: false });
    try {
      const migrator = new Migrator({ db: old.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo('0009_audit_log')).error).toBeUndefined();
      await sql`insert into newsletter_subscribers (email) values ('before@example.org')`.execute(old.db);
      expect(await migrateToLatest(old.db)).toContain('0011_newsletter_and_member_mail');
      const row = await old.db.selectFrom('newsletterSubscribers').selectAll().executeTakeFirstOrThrow();
      expect(row.confirmedAt).not.toBeNull();
      expect(new Date(row.confirmedAt!).getTime()).toBe(new Date(row.createdAt).getTime());
      expect(row.unsubscribedAt).toBeNull();
    } finally {
      await old.close();
    }
  });
});

describe('newsletter issues', () => {
  it('a test send goes to the administrator only; with no address it says so', async () => {
    const noEmail = await t.admin.post('/api/admin/newsletter/issues', { subject: 'Hello', content: 'Hi', testOnly: true });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().message).toBe(newsletterMessages.noAdminEmail);
    await t.db.updateTable('users').set({ email: 'adjutant@example.org' }).execute();
    const res = await t.admin.post('/api/admin/newsletter/issues', { subject: 'March news', content: '<b>Bold</b> and <script>x()</script>', testOnly: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ testOnly: true, recipients: 1, to: 'adjutant@example.org', issue: null });
    await t.app.mailWorker.runOnce();
    expect(t.sink.messages.map(recipient)).toEqual(['adjutant@example.org']);
    expect(t.sink.messages[0]!.subject).toBe('[Test] March news');
    expect(t.sink.messages[0]!.html).not.toContain('<script');
    expect((await t.admin.get('/api/admin/newsletter/issues')).json()).toEqual([]);
  });

  it('sends one copy per confirmed subscriber with its own unsubscribe link and RFC 8058 headers; counts sent, failed, unsubscribed', async () => {
    await subscribeAndConfirm('one@example.org');
    await subscribeAndConfirm('two@example.org');
    await subscribeAndConfirm('bounce@example.org');
    expect((await post('/api/newsletter/subscribe', { email: 'unconfirmed@example.org' })).statusCode).toBe(200);
    await t.app.mailWorker.runOnce();
    t.sink.messages.length = 0;
    t.sink.reject.add('bounce@example.org');
    const list = await subscribers();
    const res = await t.admin.post('/api/admin/newsletter/issues', {
      subject: 'April news',
      content: '<strong>Fish fry</strong> on <em>Friday</em>\nBring a <u>friend</u><img src=x onerror=alert(1)>',
    });
    expect(res.statusCode).toBe(200);
    const { issue } = res.json();
    expect(issue).toMatchObject({ subject: 'April news', recipients: list.length, sent: 0, failed: 0, unsubscribed: 0 });
    expect(issue.content).not.toContain('img');
    await t.app.mailWorker.runOnce();
    const copies = t.sink.messages.filter((m) => m.subject === 'April news');
    expect(copies.map(recipient).sort()).toEqual(
      list
        .filter((e) => e !== 'bounce@example.org')
        .map((e) => e.toLowerCase())
        .sort(),
    );
    expect(copies.map(recipient)).not.toContain('unconfirmed@example.org');
    const one = copies.find((m) => recipient(m) === 'one@example.org')!;
    expect(one.html).toContain('<strong>Fish fry</strong>');
    expect(one.html).toContain('<br>');
    expect(one.html).not.toMatch(/<img|onerror/);
    const token = tokenOf(one.text, 'https://post.example.org/newsletter/unsubscribe')!;
    expect(token).toBeTruthy();
    // Parsed by mailparser (its `list` header), and as the raw lines.
    const url = (one.headers.get('list') as { unsubscribe?: { url?: string } }).unsubscribe?.url;
    expect(url).toBe(`https://post.example.org/api/newsletter/one-click-unsubscribe?token=${token}`);
    expect(rawHeader(one, 'list-unsubscribe')).toBe(`List-Unsubscribe: <${url}>`);
    expect(rawHeader(one, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const two = copies.find((m) => recipient(m) === 'two@example.org')!;
    expect(tokenOf(two.text, '/newsletter/unsubscribe')).not.toBe(token);

    // The page's button unsubscribes at once; using it again answers the same.
    expect((await post('/api/newsletter/unsubscribe', { token })).json()).toEqual({ email: 'one@example.org' });
    expect((await post('/api/newsletter/unsubscribe', { token })).statusCode).toBe(200);
    expect(await subscribers()).not.toContain('one@example.org');
    expect((await post('/api/newsletter/unsubscribe', { token: 'y'.repeat(43) })).json().message).toBe(newsletterMessages.unsubscribeLinkInvalid);

    // The one-click POST of RFC 8058 at the header's address.
    const twoUrl = new URL((two.headers.get('list') as { unsubscribe: { url: string } }).unsubscribe.url);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${twoUrl.pathname}${twoUrl.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(await subscribers()).not.toContain('two@example.org');
    // The multipart form of the same body unsubscribes too (RFC 8058 allows both).
    const three = t.sink.messages.find((m) => recipient(m) === 'same@example.org' && m.subject === 'April news')!;
    const threeUrl = new URL((three.headers.get('list') as { unsubscribe: { url: string } }).unsubscribe.url);
    const boundary = 'xYzBoundary';
    const multipart = await t.app.inject({
      method: 'POST',
      url: `${threeUrl.pathname}${threeUrl.search}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(multipart.statusCode).toBe(200);
    expect(await subscribers()).not.toContain('same@example.org');
    const noBody = await t.app.inject({
      method: 'POST',
      url: `${twoUrl.pathname}${twoUrl.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'x=1',
    });
    expect(noBody.statusCode).toBe(400);

    const [counted] = (await t.admin.get('/api/admin/newsletter/issues')).json();
    expect(counted).toMatchObject({ id: issue.id, recipients: list.length, sent: list.length - 1, failed: 1, pending: 0, unsubscribed: 3 });

    // The next issue goes only to those still subscribed.
    t.sink.messages.length = 0;
    await t.admin.post('/api/admin/newsletter/issues', { subject: 'May news', content: 'Hello' });
    await t.app.mailWorker.runOnce();
    const may = t.sink.messages.filter((m) => m.subject === 'May news').map(recipient);
    expect(may).not.toContain('one@example.org');
    expect(may).not.toContain('two@example.org');
    expect(may).not.toContain('same@example.org');
  });

  it('refuses an empty issue and stores nothing; administrators only', async () => {
    const before = await t.db
      .selectFrom('mailOutbox')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect((await t.admin.post('/api/admin/newsletter/issues', { subject: '', content: 'x' })).json().message).toBe(newsletterMessages.subjectRequired);
    expect((await t.admin.post('/api/admin/newsletter/issues', { subject: 'S', content: '<p> </p>' })).statusCode).toBe(400);
    expect((await t.agent().post('/api/admin/newsletter/issues', { subject: 'S', content: 'x' })).statusCode).toBe(401);
    expect((await t.agent().get('/api/admin/newsletter/issues')).statusCode).toBe(401);
    const after = await t.db
      .selectFrom('mailOutbox')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('the CSV lists confirmed subscribers who have not unsubscribed', async () => {
    const csv = (await t.admin.get('/api/admin/newsletter/subscribers.csv')).body;
    expect(csv).toContain('Reader@Example.org');
    expect(csv).not.toContain('same@example.org');
    expect(csv).not.toContain('unconfirmed@example.org');
    expect(csv).not.toContain('pending@example.org');
  });
});
