import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-helpers.ts';
import { waitlistPositions } from '../events/shifts.service.ts';

// Issue 56 item 7: the place in the queue a sign-up is told is the one the roster shows, also
// when many wait at once (decision 0081).
const t = useTestApp();

describe('the waitlist position answered at sign-up', () => {
  it('is the roster position for each of 40 people who join the waitlist at once', async () => {
    const start = new Date(Date.now() + 48 * 3_600_000);
    const e = await t.db
      .insertInto('events')
      .values({
        title: 'Honor guard',
        description: 'x',
        location: 'Cemetery',
        startDate: start,
        endDate: new Date(start.getTime() + 3_600_000),
        volunteerPositions: 100,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const shift = await t.db
      .insertInto('volunteerShifts')
      .values({ eventId: e.id, role: 'Rifle', startDate: start, endDate: new Date(start.getTime() + 3_600_000), capacity: 1, position: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answers = await Promise.all(
      Array.from({ length: 41 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/volunteers',
          remoteAddress: `10.56.${Math.floor(i / 200)}.${(i % 200) + 1}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ name: `Waiter ${i}`, email: `waiter${i}@example.org`, eventId: e.id, shiftId: shift.id, waitlist: true }),
        }),
      ),
    );
    const roster = await waitlistPositions(t.db, [e.id]);
    const told = answers.map((a) => a.json() as { id: number; status: string; position?: number }).filter((a) => a.status === 'waitlisted');
    expect(told).toHaveLength(40);
    expect(told.map((a) => [a.id, a.position])).toEqual(told.map((a) => [a.id, roster.get(a.id)]));
  });
});
