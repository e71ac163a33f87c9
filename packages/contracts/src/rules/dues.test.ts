import { describe, expect, it } from 'vitest';
import { duesAt, duesOn, lapsedIn, type RenewalCalendar } from './dues.ts';

// The Legion's calendar: renewals for next year open July 1; unpaid on January 1 delinquent,
// suspended February 1 (the day after grace), dropped June 30.
const cal: RenewalCalendar = {
  opensMonth: 7,
  opensDay: 1,
  delinquentMonth: 1,
  delinquentDay: 1,
  graceMonth: 1,
  graceDay: 31,
  droppedMonth: 6,
  droppedDay: 30,
};
const annual = (paidThrough: number | null) => ({ paidThrough, membershipType: 'Annual Member' });

describe('duesOn: across the window, delinquency, suspension and drop dates', () => {
  it.each([
    // Paid through this year: current all year; from July 1 the renewal for next year is open.
    [2026, '2026-06-30', 'current', 2027, false],
    [2026, '2026-07-01', 'current', 2027, true],
    [2026, '2026-12-31', 'current', 2027, true],
    // Paid through next year: current, nothing open.
    [2027, '2026-07-01', 'current', 2028, false],
    [2027, '2026-12-31', 'current', 2028, false],
    // Unpaid for the year begun: delinquent on January 1, suspended on February 1, dropped on June 30.
    [2025, '2026-01-01', 'delinquent', 2026, true],
    [2025, '2026-01-31', 'delinquent', 2026, true],
    [2025, '2026-02-01', 'suspended', 2026, true],
    [2025, '2026-06-29', 'suspended', 2026, true],
    [2025, '2026-06-30', 'dropped', 2026, true],
    // A dropped member rejoins for this year, or next year once its window is open.
    [2025, '2026-07-01', 'dropped', 2027, true],
    [2024, '2026-01-15', 'dropped', 2026, true],
  ] as const)('paid through %i on %s: %s, renew for %i, renewal open %s', (paid, date, status, renewFor, renewalOpen) => {
    expect(duesOn(annual(paid), date, cal)).toEqual({ status, renewFor, renewalOpen });
  });

  it('a member with no year recorded is dropped', () => {
    expect(duesOn(annual(null), '2026-03-01', cal).status).toBe('dropped');
    expect(lapsedIn(annual(null))).toBeNull();
  });

  it('Life Members and Paid Up For Life are "life", whatever the year', () => {
    for (const paid of [null, 1990, 2026]) {
      expect(duesOn({ paidThrough: paid, membershipType: 'Life Member' }, '2026-12-01', cal)).toEqual({ status: 'life', renewFor: null, renewalOpen: false });
    }
  });

  it('follows the dates from Settings', () => {
    const late: RenewalCalendar = { ...cal, opensMonth: 10, opensDay: 15, delinquentMonth: 1, delinquentDay: 15, graceMonth: 3, graceDay: 31, droppedMonth: 9 };
    expect(duesOn(annual(2026), '2026-10-14', late).renewalOpen).toBe(false);
    expect(duesOn(annual(2026), '2026-10-15', late).renewalOpen).toBe(true);
    expect(duesOn(annual(2025), '2026-01-14', late)).toEqual({ status: 'current', renewFor: 2026, renewalOpen: true });
    expect(duesOn(annual(2025), '2026-01-15', late).status).toBe('delinquent');
    expect(duesOn(annual(2025), '2026-03-31', late).status).toBe('delinquent');
    expect(duesOn(annual(2025), '2026-04-01', late).status).toBe('suspended');
    expect(duesOn(annual(2025), '2026-09-30', late).status).toBe('dropped');
  });

  it('the year a member stopped paying in is the first year not paid for', () => {
    expect(lapsedIn(annual(2025))).toBe(2026);
  });
});

describe('duesAt: the date is the post’s, in its time zone', () => {
  it('the window opens at midnight in the post’s zone, not in UTC', () => {
    // 03:30 UTC on July 1 is still June 30 in New York, already July 1 in London.
    const instant = new Date('2026-07-01T03:30:00Z');
    expect(duesAt(annual(2026), instant, 'America/New_York', cal).renewalOpen).toBe(false);
    expect(duesAt(annual(2026), instant, 'Europe/London', cal).renewalOpen).toBe(true);
  });

  it('grace ends at the end of its day in the post’s zone', () => {
    // 09:30 UTC on February 1 is still January 31 in Honolulu.
    const instant = new Date('2026-02-01T09:30:00Z');
    expect(duesAt(annual(2025), instant, 'Pacific/Honolulu', cal).status).toBe('delinquent');
    expect(duesAt(annual(2025), instant, 'America/New_York', cal).status).toBe('suspended');
  });
});
