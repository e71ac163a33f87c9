import type { Event } from '@post/contracts/events';

/** A public event for unit tests: a two-hour regular event with ten positions, changed by `over`. */
export function testEvent(over: Partial<Event>): Event {
  return {
    id: 1,
    title: 'E',
    description: 'd',
    location: 'l',
    startDate: '2026-11-22T14:00:00Z',
    endDate: '2026-11-22T16:00:00Z',
    type: 'regular',
    createdBy: 1,
    volunteerPositions: 10,
    volunteerCount: 0,
    updatedAt: '2026-11-01T00:00:00Z',
    imageId: null,
    imageAlt: null,
    image: null,
    seriesId: null,
    recurrence: null,
    repeats: null,
    shifts: [],
    ...over,
  };
}
