import { describe, expect, it } from 'vitest';
import { duesAt, duesOn, lapsedIn, type RenewalCalendar } from './dues.ts';

// The window for next year opens on July 1; the last day of grace is January 31.
const cal: RenewalCalendar = { opensMonth: 7, opensDay: 1, graceMonth: 1, graceDay: 31 };
const annual = (paidThrough: number | null) => ({ paidThrough, membershipType: 'Annual Member' });

describe('duesOn: across the window and grace dates', () => {
  it.each([
    // Paid through this year: current until the window opens, then due for next year.
    [2026, '2026-06-30', 'current', 2027],
    [2026, '2026-07-01', 'due', 2027],
    [2026, '2026-12-31', 'due', 2027],
    // Paid through next year: current all along.
    [2027, '2026-07-01', 'current', 2028],
    [2027, '2026-12-31', 'current', 2028],
    // Paid through last year: due in the grace days, lapsed the day after the last.
    [2025, '2026-01-01', 'due', 2026],
    [2025, '2026-01-31', 'due', 2026],
    [2025, '2026-02-01', 'lapsed', 2026],
    // A lapsed member renews for this year, or next year once its window is open.
    [2025, '2026-07-01', 'lapsed', 2027],
    [2024, '2026-01-15', 'lapsed', 2026],
  ] as const)('paid through %i on %s: %s, renew for %i', (paid, date, status, renewFor) => {
    expect(duesOn(annual(paid), date, cal)).toEqual({ status, renewFor });
  });

  it('a member with no year recorded is lapsed', () => {
    expect(duesOn(annual(null), '2026-03-01', cal).status).toBe('lapsed');
    expect(lapsedIn(annual(null))).toBeNull();
  });

  it('Life Members are never due, whatever the year', () => {
    for (const paid of [null, 1990, 2026]) {
      expect(duesOn({ paidThrough: paid, membershipType: 'Life Member' }, '2026-12-01', cal)).toEqual({ status: 'current', renewFor: null });
    }
  });

  it('follows the calendar from Settings (window opening October 15, grace to March 31)', () => {
    const late: RenewalCalendar = { opensMonth: 10, opensDay: 15, graceMonth: 3, graceDay: 31 };
    expect(duesOn(annual(2026), '2026-10-14', late).status).toBe('current');
    expect(duesOn(annual(2026), '2026-10-15', late).status).toBe('due');
    expect(duesOn(annual(2025), '2026-03-31', late).status).toBe('due');
    expect(duesOn(annual(2025), '2026-04-01', late).status).toBe('lapsed');
  });

  it('the year a member lapsed in is the first year not paid for', () => {
    expect(lapsedIn(annual(2025))).toBe(2026);
  });
});

describe('duesAt: the date is the post’s, in its time zone', () => {
  it('the window opens at midnight in the post’s zone, not in UTC', () => {
    // 03:30 UTC on July 1 is still June 30 in New York, already July 1 in London.
    const instant = new Date('2026-07-01T03:30:00Z');
    expect(duesAt(annual(2026), instant, 'America/New_York', cal).status).toBe('current');
    expect(duesAt(annual(2026), instant, 'Europe/London', cal).status).toBe('due');
  });

  it('grace ends at the end of its day in the post’s zone', () => {
    // 09:30 UTC on February 1 is still January 31 in Honolulu.
    const instant = new Date('2026-02-01T09:30:00Z');
    expect(duesAt(annual(2025), instant, 'Pacific/Honolulu', cal).status).toBe('due');
    expect(duesAt(annual(2025), instant, 'America/New_York', cal).status).toBe('lapsed');
  });
});
