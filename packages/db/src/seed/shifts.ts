import type { Kysely } from 'kysely';
import type { Database } from '../database.ts';

// Demo shifts (issue 43): two upcoming events get shifts so the screens show them, one shift
// full with people waiting. The event's demo sign-ups move to the shift named by their role.

interface ShiftPlan {
  role: string;
  /** Minutes from the event's start. */
  from: number;
  minutes: number;
  capacity: number;
  note?: string;
  /** Demo people waiting for a place, in order. */
  waiting?: { name: string; email: string }[];
}

const PLANS: Record<string, ShiftPlan[]> = {
  'Fish Fry Fundraiser': [
    { role: 'Setup crew', from: -60, minutes: 60, capacity: 2, note: 'Tables, chairs and the fryers.' },
    { role: 'Kitchen', from: -30, minutes: 210, capacity: 4 },
    {
      role: 'Serving',
      from: 0,
      minutes: 180,
      capacity: 3,
      waiting: [
        { name: 'Dorothy Hale', email: 'dorothy.hale@example.org' },
        { name: 'Marcus Webb', email: 'marcus.webb@example.org' },
      ],
    },
    { role: 'Cashier', from: 0, minutes: 180, capacity: 2 },
    { role: 'Cleanup', from: 180, minutes: 60, capacity: 3 },
  ],
  'Poppy Drive': [
    { role: 'Morning shift', from: 0, minutes: 120, capacity: 4, note: 'Poppies and cans are at the table by the market door.' },
    { role: 'Afternoon shift', from: 120, minutes: 120, capacity: 4 },
  ],
};

/** Adds the demo shifts to an event when its title has a plan and it has not started. */
export async function addDemoShifts(trx: Kysely<Database>, event: { id: number; title: string; startDate: Date }, now: Date): Promise<void> {
  const plan = PLANS[event.title];
  if (!plan || event.startDate.getTime() <= now.getTime()) return;
  const start = event.startDate.getTime();
  for (const [position, p] of plan.entries()) {
    const shift = await trx
      .insertInto('volunteerShifts')
      .values({
        eventId: event.id,
        role: p.role,
        startDate: new Date(start + p.from * 60_000),
        endDate: new Date(start + (p.from + p.minutes) * 60_000),
        capacity: p.capacity,
        note: p.note ?? null,
        position,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('volunteers').set({ shiftId: shift.id }).where('eventId', '=', event.id).where('role', '=', p.role).execute();
    for (const w of p.waiting ?? [])
      await trx
        .insertInto('volunteers')
        .values({ eventId: event.id, shiftId: shift.id, name: w.name, email: w.email, status: 'waitlisted', role: p.role })
        .execute();
  }
}
