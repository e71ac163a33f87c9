import { describe, expect, it } from 'vitest';
import { addDays, initialRange, instantForDate, wallClockOf } from './dates.ts';

const NY = 'America/New_York';

describe('addDays', () => {
  it('moves across months, years and leap days', () => {
    expect(addDays('2027-01-31', 1)).toBe('2027-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});

describe('wallClockOf', () => {
  it('keeps a plain date without a time', () => {
    expect(wallClockOf('2027-04-06', NY)).toEqual({ date: '2027-04-06', time: null });
  });
  it("converts a date-time with an offset into the post's zone", () => {
    expect(wallClockOf('2027-04-06T18:00:00Z', NY)).toEqual({ date: '2027-04-06', time: '14:00' });
    expect(wallClockOf('2027-01-06T02:30:00+00:00', NY)).toEqual({ date: '2027-01-05', time: '21:30' });
  });
  it('reads a date-time without an offset as the post wall clock', () => {
    expect(wallClockOf('2027-04-06T10:15:00', NY)).toEqual({ date: '2027-04-06', time: '10:15' });
  });
  it('refuses anything else', () => {
    expect(wallClockOf('next tuesday', NY)).toBeNull();
  });
});

describe('initialRange', () => {
  it('treats a plain end date as the last day of the range', () => {
    expect(initialRange(NY, '2027-04-06', '2027-04-08')).toEqual({ startDate: '2027-04-06', startTime: '09:00', endDate: '2027-04-08', endTime: '11:00' });
    expect(initialRange(NY, '2027-04-06', '2027-04-06')).toMatchObject({ startDate: '2027-04-06', endDate: '2027-04-06' });
  });
  it('never ends before it starts', () => {
    expect(initialRange(NY, '2027-04-06', '2027-04-06')).toMatchObject({ endDate: '2027-04-06' });
  });
  it('takes times from date-times', () => {
    expect(initialRange(NY, '2027-04-06T14:00:00-04:00', '2027-04-06T15:30:00-04:00')).toEqual({
      startDate: '2027-04-06',
      startTime: '14:00',
      endDate: '2027-04-06',
      endTime: '15:30',
    });
    expect(initialRange(NY, '2027-04-06T23:45:00-04:00')).toMatchObject({ startTime: '23:45', endTime: '00:15' });
  });
  it('defaults to 09:00 to 11:00 today', () => {
    expect(initialRange(NY)).toMatchObject({ startTime: '09:00', endTime: '11:00' });
  });
});

describe('instantForDate', () => {
  it('keeps the stored instant when the date did not change', () => {
    expect(instantForDate('2027-04-06', NY, '2027-04-06T13:05:00.000Z')).toBe('2027-04-06T13:05:00.000Z');
  });
  it("stores noon in the post's zone for another day", () => {
    expect(instantForDate('2027-04-07', NY, '2027-04-06T13:05:00.000Z')).toBe('2027-04-07T16:00:00.000Z');
  });
});
