import { beforeEach, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { useTestApp, patchSiteSettings, createTestApp } from '../../test-helpers.ts';
import { MAX_ATTEMPTS, MailWorker, NO_MAIL_SERVER } from './worker.ts';
import { enqueue } from './outbox.ts';
import { cancelToken } from '../../lib/cancel-link.ts';
import { queueReminders } from '../volunteers/volunteer-mail.ts';

const HOUR = 60 * 60 * 1000;

const t = useTestApp({
  admin: true,
  mail: true,
  env: { PUBLIC_URL: 'http://post.example.org' },
  settings: {
    postName: 'American Legion Post 123',
    streetAddress: '1 Main St',
    town: 'Springfield',
    state: 'IL',
    timeZone: 'America/Chicago',
  },
});

beforeEach(() => {
  t.sink.messages.length = 0;
  t.sink.reject.clear();
});

async function insertEvent(fields: { startInHours?: number; positions?: number; title?: string } = {}) {
  const start = new Date(Date.now() + (fields.startInHours ?? 48) * HOUR);
  start.setUTCSeconds(0, 0);
  const row = await t.db
    .insertInto('events')
    .values({
      title: fields.title ?? 'Cleanup Day',
      description: 'Park cleanup',
      location: 'Town Park, 2 Elm St',
      startDate: start,
      endDate: new Date(start.getTime() + 2 * HOUR),
      volunteerPositions: fields.positions ?? 10,
    })
    .returning(['id', 'startDate'])
    .executeTakeFirstOrThrow();
  return row;
}

const signUp = (body: Record<string, unknown>) => t.postAsVisitor('/api/volunteers', body);
const cancel = (token: unknown) => t.postAsVisitor('/api/volunteers/cancel', { token });

const tokenOf = (text: string) => /token=([A-Za-z0-9_.-]*[A-Za-z0-9_-])/.exec(text)?.[1];

const outboxFor = (to: string) => t.db.selectFrom('mailOutbox').selectAll().where('toAddress', '=', to).orderBy('id').execute();

describe('volunteer confirmation', () => {
  it('sends "You\'re signed up" with time in the post\'s zone, place, role, an .ics and a cancel link', async () => {
    const event = await insertEvent({ title: 'Flag Retirement' });
    const res = await signUp({ name: 'Grace Hopper', email: 'grace@example.org', role: 'Greeter', eventId: event.id });
    expect(res.statusCode).toBe(200);
    expect(await outboxFor('grace@example.org')).toHaveLength(1);
    expect(t.sink.messages).toHaveLength(0);
    const pass = await t.app.mailWorker.runOnce();
    expect(pass.sent).toBe(1);
    expect(t.sink.messages).toHaveLength(1);
    const m = t.sink.messages[0]!;
    expect(m.subject).toBe("You're signed up: Flag Retirement");
    expect(m.to && !Array.isArray(m.to) ? m.to.value[0]!.address : '').toBe('grace@example.org');
    expect(m.from?.value[0]?.address).toBe('post@example.org');
    const when = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit' }).format(new Date(event.startDate));
    expect(m.text).toContain(when);
    expect(m.text).toMatch(/C[SD]T/);
    expect(m.text).toContain('Town Park, 2 Elm St');
    expect(m.text).toContain('Greeter');
    expect(m.text).toContain('American Legion Post 123');
    expect(m.text).toContain('1 Main St, Springfield, IL');
    expect(m.html).toContain('Flag Retirement');
    // Nothing loads from elsewhere (decision 0019): the one picture, the check-in code, travels with the message.
    // (The test's mail parser shows a cid: picture inline as data:.)
    expect(m.html).not.toMatch(/<img[^>]*src="(?!cid:|data:)/i);
    expect(m.attachments.find((a) => a.contentType === 'image/png')?.cid).toMatch(/^check-in-\d+@post$/);
    const token = tokenOf(m.text ?? '');
    expect(token).toBeTruthy();
    expect(m.text).toContain(`http://post.example.org/volunteer/cancel?token=${token}`);
    // Signed from the sign-up's id (decision 0046): nothing of it is stored, and the same
    // link for another sign-up, or signed with another key, is refused.
    const [id] = token!.split('.');
    expect(await t.db.selectFrom('mailTokens').select('tokenHash').where('subjectId', '=', Number(id)).execute()).toEqual([]);
    expect(cancelToken(t.env.mail.linkSecret, Number(id))).toBe(token);
    for (const forged of [cancelToken('another key, at least thirty-two characters', Number(id)), `${Number(id) + 1}.${token!.split('.')[1]}`]) {
      expect((await cancel(forged)).statusCode).toBe(400);
    }
    expect(await t.db.selectFrom('volunteers').select('id').where('id', '=', Number(id)).execute()).toHaveLength(1);
    // The .ics is the event.
    const ics = m.attachments.find((a) => a.filename === 'event.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const vevent = new ICAL.Component(ICAL.parse(ics!.content.toString('utf8'))).getFirstSubcomponent('vevent')!;
    const ev = new ICAL.Event(vevent);
    expect(ev.summary).toBe('Flag Retirement');
    expect(ev.location).toBe('Town Park, 2 Elm St');
    expect(ev.startDate.toJSDate().getTime()).toBe(new Date(event.startDate).getTime());
    // Sent once: another pass sends nothing.
    expect((await t.app.mailWorker.runOnce()).sent).toBe(0);
    expect(t.sink.messages).toHaveLength(1);
    const [row] = await outboxFor('grace@example.org');
    expect(row?.state).toBe('sent');
    expect(row?.attempts).toBe(1);
  });

  it('cancels with the token once, freeing the position; a used, wrong or missing token changes nothing', async () => {
    const event = await insertEvent({ positions: 1 });
    expect((await signUp({ name: 'Ada Lovelace', email: 'ada@example.org', eventId: event.id })).statusCode).toBe(200);
    await t.app.mailWorker.runOnce();
    const token = tokenOf(t.sink.messages[0]!.text ?? '')!;
    // Full now.
    expect((await signUp({ name: 'Alan Turing', email: 'alan@example.org', eventId: event.id })).statusCode).toBe(409);
    const wrong = await cancel('x'.repeat(43));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(volunteerMessages.cancelLinkInvalid);
    expect((await cancel('')).statusCode).toBe(400);
    // The page shows the sign-up first: the preview reads without using the token.
    const preview = await t.app.inject({ method: 'GET', url: `/api/volunteers/cancel?token=${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ name: 'Ada Lovelace', eventTitle: 'Cleanup Day', location: 'Town Park, 2 Elm St' });
    expect(preview.json().when).toMatch(/C[SD]T$/);
    const unknown = await t.app.inject({ method: 'GET', url: `/api/volunteers/cancel?token=${'x'.repeat(43)}` });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toBeNull();
    const ok = await cancel(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ eventId: event.id, eventTitle: 'Cleanup Day' });
    expect((await t.db.selectFrom('volunteers').select('id').where('eventId', '=', event.id).execute()).length).toBe(0);
    const ev = await t.db.selectFrom('events').select('volunteerCount').where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(ev.volunteerCount).toBe(0);
    const again = await cancel(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(volunteerMessages.cancelLinkInvalid);
    expect((await t.app.inject({ method: 'GET', url: `/api/volunteers/cancel?token=${token}` })).json()).toBeNull();
    // The freed position can be taken.
    expect((await signUp({ name: 'Alan Turing', email: 'alan@example.org', eventId: event.id })).statusCode).toBe(200);
  });

  it('a cancel link stops working when the event has ended', async () => {
    const event = await insertEvent();
    await signUp({ name: 'Late Larry', email: 'larry@example.org', eventId: event.id });
    await t.app.mailWorker.runOnce();
    const token = tokenOf(t.sink.messages.find((m) => m.text?.includes('Late Larry'))!.text ?? '')!;
    await t.db
      .updateTable('events')
      .set({ startDate: new Date(Date.now() - 7200_000), endDate: new Date(Date.now() - 1000) })
      .where('id', '=', event.id)
      .execute();
    expect((await t.app.inject({ method: 'GET', url: `/api/volunteers/cancel?token=${token}` })).json()).toBeNull();
    expect((await cancel(token)).statusCode).toBe(400);
    expect((await t.db.selectFrom('volunteers').select('id').where('email', '=', 'larry@example.org').execute()).length).toBe(1);
  });

  it('a refused sign-up (full, duplicate) queues nothing; capacity holds with confirmations under concurrency', async () => {
    const event = await insertEvent({ positions: 3 });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => signUp({ name: `Racer ${i}`, email: `racer${i}@example.org`, eventId: event.id })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
    const rows = await t.db.selectFrom('mailOutbox').select('toAddress').where('toAddress', 'like', 'racer%').execute();
    expect(rows).toHaveLength(3);
    const ev = await t.db.selectFrom('events').select('volunteerCount').where('id', '=', event.id).executeTakeFirstOrThrow();
    expect(ev.volunteerCount).toBe(3);
    await t.app.mailWorker.runOnce();
  });
});

describe('rendered when sent (decision 0045)', () => {
  const setPostName = (postName: string) => patchSiteSettings(t.db, { postName });

  it('the sign-up queues a template naming it; the worker renders it with the sign-up, event and settings of send time and keeps what it sent', async () => {
    const event = await insertEvent({ title: 'Poppy Drive' });
    expect((await signUp({ name: 'Dorothy Vaughan', email: 'dorothy@example.org', role: 'Driver', eventId: event.id })).statusCode).toBe(200);
    const v = await t.db.selectFrom('volunteers').select('id').where('email', '=', 'dorothy@example.org').executeTakeFirstOrThrow();
    const [queued] = await outboxFor('dorothy@example.org');
    expect(queued).toMatchObject({ state: 'queued', template: 'volunteer-confirmation', subject: null, html: null, textBody: null });
    expect(queued!.attachments).toEqual([]);
    // The row names the sign-up, and holds nothing of it (decision 0049).
    expect(queued!.params).toEqual({ baseUrl: 'http://post.example.org', volunteerId: v.id });
    const signedToken = cancelToken(t.env.mail.linkSecret, v.id);
    // The Outbox lists it by the subject it will have (from the sign-up's event), and shows the
    // message rendered for display.
    const listed = (await t.admin.get('/api/admin/outbox?q=dorothy')).json();
    expect(listed.items[0]).toMatchObject({ subject: "You're signed up: Poppy Drive", state: 'queued' });
    const shown = (await t.admin.get(`/api/admin/outbox/${queued!.id}`)).json();
    expect(shown.subject).toBe("You're signed up: Poppy Drive");
    expect(shown.text).toContain('Dorothy Vaughan');
    expect(shown.text).toContain('Driver');
    // The link's token is masked for the administrator (decision 0059); the message sent carries it.
    expect(shown.text).toContain('http://post.example.org/volunteer/cancel?token=(hidden)');
    expect(`${shown.text}${shown.html}`).not.toContain(signedToken);
    expect(shown.attachments).toEqual([
      { filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
      { filename: expect.stringMatching(/^check-in-code-\d+\.png$/), contentType: 'image/png' },
    ]);
    expect((await outboxFor('dorothy@example.org'))[0]!.html).toBeNull();
    // Before the worker runs, the post renames itself and the event gets another place: the
    // message carries both as they are when it is sent.
    await t.db.updateTable('events').set({ location: 'Legion Hall, 9 Oak St' }).where('id', '=', event.id).execute();
    await setPostName('American Legion Post 321');
    try {
      expect((await t.app.mailWorker.runOnce()).sent).toBe(1);
    } finally {
      await setPostName('American Legion Post 123');
    }
    const m = t.sink.messages.find((x) => x.text?.includes('Dorothy Vaughan'))!;
    expect(m.subject).toBe("You're signed up: Poppy Drive");
    expect(m.text).toContain('American Legion Post 321');
    expect(m.text).toContain('Legion Hall, 9 Oak St');
    expect(m.text).not.toContain('Town Park');
    expect(m.text).toMatch(/C[SD]T/);
    const when = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit' }).format(new Date(event.startDate));
    expect(m.text).toContain(when);
    const token = tokenOf(m.text ?? '');
    expect(token).toBe(signedToken);
    expect(m.text).toContain(`http://post.example.org/volunteer/cancel?token=${token}`);
    const ics = m.attachments.find((a) => a.filename === 'event.ics');
    const icsText = ics!.content.toString('utf8');
    expect(icsText).toMatch(/^DTSTART;TZID=America\/Chicago:/m);
    const ev = new ICAL.Event(new ICAL.Component(ICAL.parse(icsText)).getFirstSubcomponent('vevent')!);
    expect(ev.summary).toBe('Poppy Drive');
    expect(ev.location).toBe('Legion Hall, 9 Oak St');
    expect(ev.startDate.toJSDate().getTime()).toBe(new Date(event.startDate).getTime());
    // The row now holds what was sent.
    const [sent] = await outboxFor('dorothy@example.org');
    expect(sent).toMatchObject({ state: 'sent', attempts: 1, subject: "You're signed up: Poppy Drive", lastError: null });
    // The same HTML, but for the check-in picture, which the test's parser inlines as data:.
    expect(sent!.html!.replace(/src="cid:[^"]+"/g, '')).toBe((m.html as string).replace(/src="data:[^"]+"/g, ''));
    expect(sent!.textBody).toContain('American Legion Post 321');
    expect(sent!.attachments.map((a) => a.filename)).toEqual(['event.ics', expect.stringMatching(/^check-in-code-\d+\.png$/)]);
    // And the cancel link in it works.
    expect((await cancel(token)).statusCode).toBe(200);
  });

  it('a confirmation whose sign-up goes before it is sent is cancelled, not sent: in the transaction, or by the worker', async () => {
    const event = await insertEvent({ title: 'Wreath Laying' });
    for (const name of ['Ursula Undone', 'Victor Vanished', 'Wanda Withdrawn'])
      expect((await signUp({ name, email: `${name.split(' ')[0]!.toLowerCase()}@example.org`, eventId: event.id })).statusCode).toBe(200);
    const idOf = async (email: string) => (await t.db.selectFrom('volunteers').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    // Cancelled with the link (signed from the id, so it works before the message is sent) and
    // removed by an administrator: their transactions cancel the queued confirmation.
    expect((await cancel(cancelToken(t.env.mail.linkSecret, await idOf('ursula@example.org')))).statusCode).toBe(200);
    expect((await t.admin.delete(`/api/volunteers/${await idOf('victor@example.org')}`)).statusCode).toBe(200);
    expect((await outboxFor('ursula@example.org')).map((r) => [r.kind, r.state, r.lastError])).toEqual([
      ['volunteer-confirmation', 'cancelled', 'sign-up cancelled'],
    ]);
    expect((await outboxFor('victor@example.org')).filter((r) => r.kind === 'volunteer-confirmation').map((r) => [r.state, r.lastError])).toEqual([
      ['cancelled', 'sign-up removed'],
    ]);
    // Gone some other way (deleted in the database): the worker finds no sign-up and cancels the row.
    await t.db.deleteFrom('volunteers').where('email', '=', 'wanda@example.org').execute();
    const pass = await t.app.mailWorker.runOnce();
    expect(pass).toMatchObject({ cancelled: 1, failed: 0, retried: 0 });
    expect((await outboxFor('wanda@example.org')).map((r) => [r.state, r.lastError, r.html])).toEqual([
      ['cancelled', 'the sign-up was cancelled before the message was sent', null],
    ]);
    // Listed without a subject: there is nothing left to take one from.
    expect((await t.admin.get('/api/admin/outbox?q=wanda')).json().items[0]).toMatchObject({ subject: '(written when sent)', state: 'cancelled' });
    expect(t.sink.messages.filter((m) => m.subject === "You're signed up: Wreath Laying")).toEqual([]);
    // Victor was told of his removal, and of nothing else.
    expect(t.sink.messages.filter((m) => m.text?.includes('Victor Vanished')).map((m) => m.subject)).toEqual(['Sign-up removed: Wreath Laying']);
  });

  it('a template that fails to render is a failed attempt with its error, retried, then failed; the others still go', async () => {
    const broken = [
      { idempotencyKey: 'test:render:unknown', template: 'retired-template', params: JSON.stringify({}) },
      { idempotencyKey: 'test:render:params', template: 'volunteer-confirmation', params: JSON.stringify({ name: 'No Event' }) },
    ];
    for (const b of broken)
      await t.db
        .insertInto('mailOutbox')
        .values({ ...b, kind: 'test', toAddress: 'broken@example.org', subject: 'Broken' })
        .execute();
    await enqueue(t.db, { idempotencyKey: 'test:render:fine', kind: 'test', to: 'fine@example.org', subject: 'Fine', html: '<p>Fine</p>', text: 'Fine' });
    // A worker with the real back-off (the test app's retries at once).
    const worker = new MailWorker({ db: t.db, mail: t.env.mail });
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 2, failed: 0, cancelled: 0 });
    expect(t.sink.messages.map((x) => x.subject)).toEqual(['Fine']);
    const rows = await outboxFor('broken@example.org');
    expect(rows.map((r) => [r.state, r.attempts, r.html])).toEqual([
      ['queued', 1, null],
      ['queued', 1, null],
    ]);
    expect(rows[0]!.lastError).toBe('could not render the message: unknown template "retired-template"');
    expect(rows[1]!.lastError).toMatch(/^could not render the message: parameters of template "volunteer-confirmation" not accepted/);
    // The Outbox says why it cannot show it yet.
    const shown = (await t.admin.get(`/api/admin/outbox/${rows[0]!.id}`)).json();
    expect(shown.text).toContain('(written when sent)');
    expect(shown.text).toContain('unknown template');
    // Retried like a temporary SMTP failure, and failed at the limit.
    expect(rows.every((r) => new Date(r.notBefore).getTime() > Date.now() + 20_000)).toBe(true);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, cancelled: 0 });
    await t.db
      .updateTable('mailOutbox')
      .set({ attempts: MAX_ATTEMPTS - 1, notBefore: new Date() })
      .where('toAddress', '=', 'broken@example.org')
      .execute();
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 2, cancelled: 0 });
    await worker.stop();
    expect((await outboxFor('broken@example.org')).map((r) => [r.state, r.attempts])).toEqual([
      ['failed', MAX_ATTEMPTS],
      ['failed', MAX_ATTEMPTS],
    ]);
    expect(t.sink.messages).toHaveLength(1);
    await t.db.deleteFrom('mailOutbox').where('toAddress', 'in', ['broken@example.org', 'fine@example.org']).execute();
  });

  it('a row holds its rendered content or a template', async () => {
    await expect(
      t.db.insertInto('mailOutbox').values({ idempotencyKey: 'test:neither', kind: 'test', toAddress: 'neither@example.org', subject: 'Neither' }).execute(),
    ).rejects.toThrow(/mail_outbox_rendered_or_template/);
  });
});

describe('the outbox pipeline', () => {
  it('an idempotency key is queued and sent once', async () => {
    const m = { idempotencyKey: 'test:once', kind: 'test', to: 'once@example.org', subject: 'Once', html: '<p>Once</p>', text: 'Once' };
    expect(await enqueue(t.db, m)).toBe(true);
    expect(await enqueue(t.db, m)).toBe(false);
    await t.app.mailWorker.runOnce();
    await t.app.mailWorker.runOnce();
    expect(t.sink.messages.filter((x) => x.subject === 'Once')).toHaveLength(1);
  });

  it('two workers at once never send one message twice (FOR UPDATE SKIP LOCKED)', async () => {
    for (let i = 0; i < 12; i++)
      await enqueue(t.db, { idempotencyKey: `test:pair:${i}`, kind: 'test', to: `pair${i}@example.org`, subject: `Pair ${i}`, html: 'x', text: 'x' });
    const other = new MailWorker({ db: t.db, mail: { ...t.env.mail, rate: 6 } });
    const mine = new MailWorker({ db: t.db, mail: { ...t.env.mail, rate: 6 } });
    await Promise.all([other.runOnce(), mine.runOnce()]);
    await Promise.all([other.stop(), mine.stop()]);
    const subjects = t.sink.messages.map((x) => x.subject).filter((s) => s?.startsWith('Pair '));
    expect(subjects).toHaveLength(12);
    expect(new Set(subjects).size).toBe(12);
  });

  it('SMTP down: the message stays queued, and goes out once when the server is back', async () => {
    const event = await insertEvent();
    await t.sink.stop();
    try {
      expect((await signUp({ name: 'Outage Olive', email: 'olive@example.org', eventId: event.id })).statusCode).toBe(200);
      const pass = await t.app.mailWorker.runOnce();
      expect(pass).toEqual({ sent: 0, retried: 1, failed: 0, cancelled: 0 });
      const [row] = await outboxFor('olive@example.org');
      expect(row?.state).toBe('queued');
      expect(row?.lastError).toBeTruthy();
      await t.app.mailWorker.runOnce();
    } finally {
      await t.sink.start();
    }
    await t.app.mailWorker.runOnce();
    await t.app.mailWorker.runOnce();
    expect(t.sink.messages.filter((m) => m.subject === "You're signed up: Cleanup Day" && m.text?.includes('Outage Olive'))).toHaveLength(1);
    expect((await outboxFor('olive@example.org'))[0]?.state).toBe('sent');
  });

  it('a 5xx for one recipient fails that message only', async () => {
    const event = await insertEvent();
    t.sink.reject.add('bounce@example.org');
    await signUp({ name: 'Bounce Bob', email: 'bounce@example.org', eventId: event.id });
    await signUp({ name: 'Fine Fran', email: 'fran@example.org', eventId: event.id });
    const pass = await t.app.mailWorker.runOnce();
    expect(pass).toEqual({ sent: 1, retried: 0, failed: 1, cancelled: 0 });
    const [bad] = await outboxFor('bounce@example.org');
    expect(bad?.state).toBe('failed');
    expect(bad?.lastError).toMatch(/550/);
    // Its subject, rendered for the attempt, is kept: the Outbox lists the failed message by it.
    expect(bad?.subject).toBe("You're signed up: Cleanup Day");
    expect(bad?.html).toBeNull();
    expect((await outboxFor('fran@example.org'))[0]?.state).toBe('sent');
    // An administrator can queue it again once the address is fixed on the other side.
    t.sink.reject.clear();
    const retry = await t.admin.post(`/api/admin/outbox/${bad!.id}/retry`);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ id: Number(bad!.id), state: 'queued' });
    await t.app.mailWorker.runOnce();
    expect((await outboxFor('bounce@example.org'))[0]?.state).toBe('sent');
    expect((await t.admin.post(`/api/admin/outbox/${bad!.id}/retry`)).statusCode).toBe(400);
  });

  it('holds MAIL_RATE', async () => {
    for (let i = 0; i < 6; i++)
      await enqueue(t.db, { idempotencyKey: `test:rate:${i}`, kind: 'test', to: `rate${i}@example.org`, subject: `Rate ${i}`, html: 'x', text: 'x' });
    const worker = new MailWorker({ db: t.db, mail: { ...t.env.mail, rate: 5 } });
    const started = Date.now();
    expect((await worker.runOnce()).sent).toBe(6);
    // Six messages at 5 per second: the sixth waits for the second second.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    await worker.stop();
  });

  it('without SMTP_URL messages stay queued, untouched, and the Outbox shows them as "not sent: no mail server configured"', async () => {
    const plain = await createTestApp();
    try {
      const key = (n: number) => `test:nosmtp:${n}`;
      for (const n of [1, 2, 3])
        await enqueue(plain.db, { idempotencyKey: key(n), kind: 'test', to: 'nosmtp@example.org', subject: `No server ${n}`, html: 'x', text: 'x' });
      // One kept after a failure of its own (a server since removed), one sent before.
      await plain.db.updateTable('mailOutbox').set({ lastError: '451 try again later', attempts: 1 }).where('idempotencyKey', '=', key(2)).execute();
      await plain.db.updateTable('mailOutbox').set({ state: 'sent', sentAt: new Date() }).where('idempotencyKey', '=', key(3)).execute();
      const before = await plain.db.selectFrom('mailOutbox').selectAll().orderBy('id').execute();
      const lines: string[] = [];
      const worker = new MailWorker({ db: plain.db, mail: plain.env.mail, log: (l) => lines.push(l), pollMs: 10_000 });
      expect(worker.configured).toBe(false);
      worker.start();
      await worker.stop();
      expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0, cancelled: 0 });
      expect(lines.filter((l) => l.includes(NO_MAIL_SERVER))).toHaveLength(1);
      // Nothing is written: not a second write per message while the post has no mail server.
      expect(await plain.db.selectFrom('mailOutbox').selectAll().orderBy('id').execute()).toEqual(before);
      const staff = plain.agent();
      await staff.loginAdmin();
      const list = (await staff.get('/api/admin/outbox')).json() as { items: { subject: string; state: string; lastError: string | null }[] };
      // Newest first.
      expect(list.items.map((m) => [m.subject, m.state, m.lastError])).toEqual([
        ['No server 3', 'sent', null],
        ['No server 2', 'queued', '451 try again later'],
        ['No server 1', 'queued', NO_MAIL_SERVER],
      ]);
      const one = (await staff.get(`/api/admin/outbox/${before[0]!.id}`)).json() as { lastError: string | null };
      expect(one.lastError).toBe(NO_MAIL_SERVER);
      // Anyone can ask, so a visitor told "Check your e-mail" is told the truth instead.
      expect((await plain.app.inject('/api/mail/status')).json()).toEqual({ configured: false });
    } finally {
      await plain.close();
    }
    // With a mail server, a queued message not tried yet has no error to show.
    await enqueue(t.db, {
      idempotencyKey: 'test:later',
      kind: 'test',
      to: 'later@example.org',
      subject: 'Later',
      html: 'x',
      text: 'x',
      notBefore: new Date(Date.now() + HOUR),
    });
    expect((await t.app.inject('/api/mail/status')).json()).toEqual({ configured: true });
    const later = (await t.admin.get('/api/admin/outbox?q=later%40example.org')).json() as { items: { state: string; lastError: string | null }[] };
    expect(later.items).toEqual([expect.objectContaining({ state: 'queued', lastError: null })]);
    await t.db.deleteFrom('mailOutbox').where('toAddress', '=', 'later@example.org').execute();
  });
});

describe('reminders', () => {
  it('queues one reminder per volunteer within REMINDER_HOURS, follows a moved event, none after cancelling', async () => {
    const event = await insertEvent({ startInHours: 10, title: 'Pancake Breakfast' });
    await signUp({ name: 'Remy Reminded', email: 'remy@example.org', eventId: event.id });
    await signUp({ name: 'Cathy Cancel', email: 'cathy@example.org', eventId: event.id });
    await t.app.mailWorker.runOnce();
    const cathyToken = tokenOf(t.sink.messages.find((m) => m.text?.includes('Cathy Cancel'))!.text ?? '')!;
    // Signed up days ago (inside the window one is not reminded: the confirmation just came).
    await t.db
      .updateTable('volunteers')
      .set({ createdAt: new Date(Date.now() - 72 * HOUR) } as any)
      .where('eventId', '=', event.id)
      .execute();
    expect((await cancel(cathyToken)).statusCode).toBe(200);
    t.sink.messages.length = 0;
    // Two nodes' passes and a restart's pass: one reminder.
    await Promise.all([queueReminders(t.db, t.env), queueReminders(t.db, t.env)]);
    await queueReminders(t.db, t.env);
    await t.app.mailWorker.runOnce();
    expect(t.sink.messages.map((m) => m.subject)).toEqual(['Reminder: Pancake Breakfast']);
    expect(t.sink.messages[0]!.to && !Array.isArray(t.sink.messages[0]!.to) ? t.sink.messages[0]!.to.text : '').toContain('remy@example.org');
    // Moved to another time inside the window: reminded again for the new time.
    await t.db
      .updateTable('events')
      .set({ startDate: new Date(new Date(event.startDate).getTime() + 3 * HOUR), endDate: new Date(new Date(event.startDate).getTime() + 5 * HOUR) })
      .where('id', '=', event.id)
      .execute();
    expect(await queueReminders(t.db, t.env)).toBe(1);
    expect(await queueReminders(t.db, t.env)).toBe(0);
    // Outside the window: nothing.
    const later = await insertEvent({ startInHours: 30 });
    await signUp({ name: 'Far Fred', email: 'fred@example.org', eventId: later.id });
    await t.db
      .updateTable('volunteers')
      .set({ createdAt: new Date(Date.now() - 72 * HOUR) } as any)
      .where('eventId', '=', later.id)
      .execute();
    expect(await queueReminders(t.db, t.env)).toBe(0);
    await t.app.mailWorker.runOnce();
  });
});

describe('notices of an edited or deleted event', () => {
  const eventBody = (start: Date, location: string) => ({
    title: 'Memorial Service',
    description: 'At the monument',
    location,
    startDate: start.toISOString(),
    endDate: new Date(start.getTime() + 2 * HOUR).toISOString(),
    volunteerPositions: 10,
  });

  it('tells volunteers of a new time or place, not of other edits, and not when unticked', async () => {
    const start = new Date(Date.now() + 96 * HOUR);
    const created = await t.admin.post('/api/events', eventBody(start, 'Monument'));
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    await signUp({ name: 'Nora Notice', email: 'nora@example.org', eventId: id });
    await t.app.mailWorker.runOnce();
    t.sink.messages.length = 0;
    // A new description only: no notice.
    expect((await t.admin.put(`/api/events/${id}`, { ...eventBody(start, 'Monument'), description: 'Bring a chair' })).statusCode).toBe(200);
    await t.app.mailWorker.runOnce();
    expect(t.sink.messages).toHaveLength(0);
    // A new place: a notice with the new place.
    expect((await t.admin.put(`/api/events/${id}`, eventBody(start, 'Town Hall'))).statusCode).toBe(200);
    await t.app.mailWorker.runOnce();
    expect(t.sink.messages.map((m) => m.subject)).toEqual(['Changed: Memorial Service']);
    expect(t.sink.messages[0]!.text).toContain('Town Hall');
    // Moved, but the administrator unticked "Tell volunteers".
    const res = await t.admin.put(`/api/events/${id}`, { ...eventBody(new Date(start.getTime() + HOUR), 'Town Hall'), notifyVolunteers: false });
    expect(res.statusCode).toBe(200);
    await t.app.mailWorker.runOnce();
    expect(t.sink.messages).toHaveLength(1);
  });

  it('tells volunteers of a deletion (default), and not with notifyVolunteers=false', async () => {
    const start = new Date(Date.now() + 96 * HOUR);
    const a = (await t.admin.post('/api/events', eventBody(start, 'Monument'))).json().id;
    const b = (await t.admin.post('/api/events', eventBody(start, 'Monument'))).json().id;
    await signUp({ name: 'Dora Deleted', email: 'dora@example.org', eventId: a });
    await signUp({ name: 'Quinn Quiet', email: 'quinn@example.org', eventId: b });
    await t.app.mailWorker.runOnce();
    t.sink.messages.length = 0;
    expect((await t.admin.delete(`/api/events/${a}`)).statusCode).toBe(200);
    expect((await t.admin.delete(`/api/events/${b}?notifyVolunteers=false`)).statusCode).toBe(200);
    await t.app.mailWorker.runOnce();
    expect(t.sink.messages.map((m) => m.subject)).toEqual(['Cancelled: Memorial Service']);
    expect(t.sink.messages[0]!.text).toContain('Dora Deleted');
    expect((await t.admin.delete(`/api/events/${a}`)).statusCode).toBe(404);
  });

  it('a deletion cancels the confirmations not sent yet in its transaction: the volunteer hears only that it is cancelled', async () => {
    const start = new Date(Date.now() + 96 * HOUR);
    const id = (await t.admin.post('/api/events', eventBody(start, 'Monument'))).json().id;
    await signUp({ name: 'Early Eddie', email: 'eddie@example.org', eventId: id });
    t.sink.messages.length = 0;
    expect((await t.admin.delete(`/api/events/${id}`)).statusCode).toBe(200);
    expect((await outboxFor('eddie@example.org')).map((r) => [r.kind, r.state, r.lastError])).toEqual([
      ['volunteer-confirmation', 'cancelled', 'event deleted'],
      ['event-deleted', 'queued', null],
    ]);
    await t.app.mailWorker.runOnce();
    expect(t.sink.messages.map((m) => m.subject)).toEqual(['Cancelled: Memorial Service']);
  });
});

describe('removing a sign-up', () => {
  it("tells the volunteer by e-mail, once, in the removal's transaction; a refused removal sends nothing", async () => {
    const event = await insertEvent({ title: 'Flag Retirement' });
    expect((await signUp({ name: 'Rita Removed', email: 'rita@example.org', eventId: event.id })).statusCode).toBe(200);
    const v = await t.db.selectFrom('volunteers').select('id').where('email', '=', 'rita@example.org').executeTakeFirstOrThrow();
    await t.app.mailWorker.runOnce();
    t.sink.messages.length = 0;
    expect((await t.admin.delete(`/api/volunteers/${v.id}`)).statusCode).toBe(200);
    expect((await t.admin.delete(`/api/volunteers/${v.id}`)).statusCode).toBe(404);
    await t.app.mailWorker.runOnce();
    expect(t.sink.messages.map((m) => m.subject)).toEqual(['Sign-up removed: Flag Retirement']);
    const to = t.sink.messages[0]!.to;
    expect(to && !Array.isArray(to) ? to.value[0]!.address : '').toBe('rita@example.org');
    expect(t.sink.messages[0]!.text).toContain('Rita Removed');
    expect(t.sink.messages[0]!.text).toContain('Town Park, 2 Elm St');
    expect((await outboxFor('rita@example.org')).filter((m) => m.kind === 'volunteer-removed')).toHaveLength(1);
  });
});

describe('admin outbox', () => {
  it('lists with search and paging, shows one, 404 for none', async () => {
    const list = await t.admin.get('/api/admin/outbox?q=grace&pageSize=5');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.total).toBe(1);
    expect(body.items[0]).toMatchObject({ to: 'grace@example.org', kind: 'volunteer-confirmation', state: 'sent', attempts: 1 });
    const page = await t.admin.get('/api/admin/outbox?page=1&pageSize=2');
    expect(page.json().items).toHaveLength(2);
    expect(page.json().total).toBeGreaterThan(2);
    const one = await t.admin.get(`/api/admin/outbox/${body.items[0].id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().text).toContain('Grace Hopper');
    expect(one.json().attachments).toEqual([
      { filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
      { filename: expect.stringMatching(/^check-in-code-\d+\.png$/), contentType: 'image/png' },
    ]);
    expect((await t.admin.get('/api/admin/outbox/999999')).statusCode).toBe(404);
    expect((await t.agent().get('/api/admin/outbox')).statusCode).toBe(401);
  });
});
