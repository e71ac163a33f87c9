import { describe, expect, it } from 'vitest';
import { testEvent as event } from '../../test-fixtures.ts';
import { upcomingForVolunteers, volunteerNeedRows } from './volunteer-needs.tsx';

describe('events that need volunteers', () => {
  it('lists only future events, soonest first', () => {
    const now = Date.parse('2026-11-20T00:00:00Z');
    const list = upcomingForVolunteers(
      [
        event({ id: 1, startDate: '2026-12-01T00:00:00Z' }),
        event({ id: 2, startDate: '2026-11-19T00:00:00Z' }),
        event({ id: 3, startDate: '2026-11-21T00:00:00Z' }),
      ],
      now,
    );
    expect(list.map((e) => e.id)).toEqual([3, 1]);
  });

  it('shows only the next date of each series, with how many more it has (issue 20)', () => {
    const now = Date.parse('2026-11-20T00:00:00Z');
    const list = [
      event({ id: 1, seriesId: 7, startDate: '2026-11-21T00:00:00Z' }),
      event({ id: 2, seriesId: 7, startDate: '2026-11-28T00:00:00Z' }),
      event({ id: 3, startDate: '2026-11-29T00:00:00Z' }),
      event({ id: 4, seriesId: 7, startDate: '2026-12-05T00:00:00Z' }),
      event({ id: 5, seriesId: 7, startDate: '2026-11-14T00:00:00Z' }),
      event({ id: 6, seriesId: 8, startDate: '2026-12-10T00:00:00Z' }),
    ];
    expect(volunteerNeedRows(list, now).map((r) => [r.event.id, r.moreDates])).toEqual([
      [1, 2],
      [3, 0],
      [6, 0],
    ]);
    expect(volunteerNeedRows(list, now, 7).map((r) => r.event.id)).toEqual([1, 2, 4]);
  });
});
