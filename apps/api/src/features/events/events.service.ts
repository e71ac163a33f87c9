import type { DB } from '@post/db';
import type { CreateEventInput, Event, EventDetail, EventWithVolunteers, UpdateEventInput } from '@post/contracts/events';

// Stubs: the public-website issue implements these (with tests).
const todo = (): never => {
  throw new Error('not implemented yet');
};

/** Every event, soonest first. */
export async function listEvents(_db: DB): Promise<Event[]> {
  return todo();
}
/** Events that have not started, soonest first, with volunteers' public fields. */
export async function upcomingEvents(_db: DB): Promise<EventWithVolunteers[]> {
  return todo();
}
/** One event; volunteers' e-mail and phone only when `withContacts`. 404 when missing. */
export async function eventById(_db: DB, _id: number, _withContacts: boolean): Promise<EventDetail> {
  return todo();
}
/** Creates an event. */
export async function createEvent(_db: DB, _input: CreateEventInput, _userId: number): Promise<Event> {
  return todo();
}
/** Replaces an event (bumps its iCalendar SEQUENCE). 404 when missing. */
export async function updateEvent(_db: DB, _input: UpdateEventInput): Promise<Event> {
  return todo();
}
/** Deletes an event and its volunteers. 404 when missing. */
export async function deleteEvent(_db: DB, _id: number): Promise<void> {
  return todo();
}
