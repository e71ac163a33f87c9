import { describe, expect, it } from 'vitest';
import { useTestApp, patchSiteSettings } from '../../test-helpers.ts';

// Issue 63 (decision 0096): the Outbox's preview shows the check-in QR, and the footer names the town once.

// The street address written whole, as Settings suggests: it names the town already.
const t = useTestApp({
  admin: true,
  mail: true,
  env: { PUBLIC_URL: 'http://post.example.org' },
  settings: { postName: 'Hometown Veterans Post', streetAddress: '100 Main Street, Hometown, NY 12345', town: 'Hometown', state: 'NY' },
});

async function signUpFor(email: string) {
  const start = new Date(Date.now() + 48 * 3600_000);
  const event = await t.db
    .insertInto('events')
    .values({
      title: 'Fish Fry',
      description: 'Fish',
      location: 'Post Home',
      startDate: start,
      endDate: new Date(start.getTime() + 7200_000),
      volunteerPositions: 5,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/volunteers',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ name: 'Quinn Preview', email, eventId: event.id }),
    remoteAddress: '10.63.0.1',
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = await t.db.selectFrom('mailOutbox').select('id').where('toAddress', '=', email).executeTakeFirstOrThrow();
  return Number(row.id);
}

describe('the Outbox preview', () => {
  it('shows the check-in code as a picture, queued and sent, not as a cid: address a browser cannot open', async () => {
    const id = await signUpFor('quinn@example.org');
    const queued = (await t.admin.get(`/api/admin/outbox/${id}`)).json() as { html: string };
    expect(queued.html).not.toContain('cid:');
    expect(queued.html).toMatch(/<img[^>]*alt="Check-in code"[^>]*>/);
    expect(queued.html).toMatch(/src="data:image\/png;base64,[A-Za-z0-9+/=]{200,}"/);
    expect((await t.app.mailWorker.runOnce()).sent).toBe(1);
    const sent = (await t.admin.get(`/api/admin/outbox/${id}`)).json() as { html: string; state: string };
    expect(sent.state).toBe('sent');
    expect(sent.html).not.toContain('cid:');
    expect(sent.html).toMatch(/src="data:image\/png;base64,/);
    // What was mailed keeps its inline picture by Content-ID (decision 0019).
    expect(t.sink.messages.at(-1)!.attachments.some((a) => a.cid?.startsWith('check-in-'))).toBe(true);
  });

  it('names the town once in the footer when the street address already has it', async () => {
    const message = t.sink.messages.at(-1)!;
    expect(message.text).toContain('100 Main Street, Hometown, NY 12345');
    expect((message.text ?? '').match(/Hometown(?! Veterans)/g)).toHaveLength(1);
    // A street address without the town still gets it.
    await patchSiteSettings(t.db, { streetAddress: '1 Elm Street' });
    const id = await signUpFor('rae@example.org');
    const shown = (await t.admin.get(`/api/admin/outbox/${id}`)).json() as { text: string };
    expect(shown.text).toContain('1 Elm Street, Hometown, NY');
  });
});
