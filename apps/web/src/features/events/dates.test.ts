import { describe, expect, it } from 'vitest';
import { testEvent as event } from '../../test-fixtures.ts';
import { monthLabel, plainDateLabel, previousDay, yearMonthIn } from './dates.ts';
import { volunteerState } from './event-details-dialog.tsx';
import { eventTypeOf } from './event-types.ts';

describe('calendar dates', () => {
  it('reads the month of an instant in the post zone, not the visitor’s', () => {
    // 02:00 UTC on Dec 1 is still November 30 in New York.
    expect(yearMonthIn('2026-12-01T02:00:00Z', 'America/New_York')).toBe('2026-11');
    expect(yearMonthIn('2026-12-01T02:00:00Z', 'UTC')).toBe('2026-12');
  });

  it('labels plain dates and months without shifting them', () => {
    expect(plainDateLabel('2026-11-11')).toBe('Wed, Nov 11, 2026');
    expect(monthLabel('2027-01')).toBe('January 2027');
    expect(previousDay('2026-03-01')).toBe('2026-02-28');
  });
});

describe('event rules of the page', () => {
  it('treats unknown types as regular', () => {
    expect(eventTypeOf('fundraiser')).toBe('fundraiser');
    expect(eventTypeOf('picnic')).toBe('regular');
  });

  it('offers volunteering only before the start and while positions are open', () => {
    const now = Date.parse('2026-11-20T00:00:00Z');
    expect(volunteerState(event({}), now)).toBe('open');
    expect(volunteerState(event({ volunteerCount: 10 }), now)).toBe('full');
    expect(volunteerState(event({ volunteerPositions: 0 }), now)).toBe('full');
    expect(volunteerState(event({ startDate: '2026-11-19T00:00:00Z' }), now)).toBe('past');
  });
});
