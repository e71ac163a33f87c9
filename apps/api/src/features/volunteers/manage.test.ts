import { describe, expect, it } from 'vitest';
import { shiftMessages } from '@post/contracts/messages/shifts';
import { volunteerMessages } from '@post/contracts/messages/volunteers';
import { createEventWithShifts, useTestApp } from '../../test-helpers.ts';
import { manageToken } from '../../lib/manage-link.ts';

// The page behind a confirmation's link (issue 43): the signed link is the key to one person's
// sign-ups for one event; cancel one (its place goes to the first waiting), or add a shift.

const t = useTestApp({ admin: true, mail: true });

const post = t.postAsVisitor;

describe('my sign-ups', () => {
  it('lists, cancels and adds with the signed link only; the confirmation carries it', async () => {
    const ev = await createEventWithShifts(
      t.admin,
      [
        { role: 'Morning', capacity: 1, from: 48, to: 50 },
        { role: 'Afternoon', capacity: 3, from: 50, to: 52 },
        { role: 'Evening', capacity: 1, from: 52, to: 54 },
      ],
      { location: 'Main Street Market' },
    );
    const [morning, afternoon, evening] = ev.shifts;
    expect((await post('/api/volunteers', { name: 'Ann Able', email: 'ann@example.org', eventId: ev.id, shiftId: morning!.id })).statusCode).toBe(200);
    expect((await post('/api/volunteers', { name: 'Ed Early', email: 'ed@example.org', eventId: ev.id, shiftId: evening!.id })).statusCode).toBe(200);
    expect(
      (await post('/api/volunteers', { name: 'Wes Wait', email: 'wes@example.org', eventId: ev.id, shiftId: morning!.id, waitlist: true })).statusCode,
    ).toBe(201);

    await t.app.mailWorker.runOnce();
    const token = manageToken(t.env.mail.linkSecret, ev.id, 'ANN@example.org');
    const mail = t.sink.messages.find((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '').includes('ann@example.org'))!;
    expect(mail.text).toContain(`/volunteer/manage?token=${token}`);

    const mine = await t.agent().get(`/api/volunteers/mine?token=${token}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({
      name: 'Ann Able',
      event: { id: ev.id, location: 'Main Street Market' },
      signUps: [{ role: 'Morning', status: 'confirmed' }],
    });
    expect(mine.json().shifts).toHaveLength(3);
    // A forged or foreign link shows nothing.
    expect((await t.agent().get(`/api/volunteers/mine?token=${ev.id}.${'A'.repeat(43)}`)).json()).toBeNull();

    // Add a shift with room, and a full one's waitlist.
    const added = await post('/api/volunteers/mine', { token, action: 'add', shiftId: afternoon!.id });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().added).toMatchObject({ status: 'confirmed', shiftId: afternoon!.id });
    const waiting = await post('/api/volunteers/mine', { token, action: 'add', shiftId: evening!.id });
    expect(waiting.json().added).toMatchObject({ status: 'waitlisted', position: 1 });

    // Only one's own sign-ups can be cancelled.
    const edId = (await t.db.selectFrom('volunteers').select('id').where('email', '=', 'ed@example.org').executeTakeFirstOrThrow()).id;
    const foreign = await post('/api/volunteers/mine', { token, action: 'cancel', volunteerId: edId });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ message: shiftMessages.notOnEvent });

    // Cancelling the morning gives it to Wes, with one "You're in".
    const morningId = mine.json().signUps[0].id as number;
    expect((await post('/api/volunteers/mine', { token, action: 'cancel', volunteerId: morningId })).statusCode).toBe(200);
    expect((await t.db.selectFrom('volunteers').select('status').where('email', '=', 'wes@example.org').executeTakeFirstOrThrow()).status).toBe('confirmed');
    const promoted = await t.db
      .selectFrom('mailOutbox')
      .select('id')
      .where('toAddress', '=', 'wes@example.org')
      .where('kind', '=', 'volunteer-promoted')
      .execute();
    expect(promoted).toHaveLength(1);
    const after = (await t.agent().get(`/api/volunteers/mine?token=${token}`)).json();
    expect(after.signUps.map((s: { role: string; status: string; position?: number }) => [s.role, s.status, s.position])).toEqual([
      ['Afternoon', 'confirmed', undefined],
      ['Evening', 'waitlisted', 1],
    ]);
    // A confirmed place has its check-in code (issue 44), whose picture the site draws; a place in the queue has none yet.
    const [confirmed, queued] = after.signUps as { checkInCode?: string }[];
    expect(queued!.checkInCode).toBeUndefined();
    const png = await t.app.inject(`/check-in/${confirmed!.checkInCode}/qr.png`);
    expect([png.statusCode, png.headers['content-type']]).toEqual([200, 'image/png']);
    const bad = await post('/api/volunteers/mine', { token: 'x'.repeat(30), action: 'cancel', volunteerId: edId });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: volunteerMessages.manageLinkInvalid });
  });
});
