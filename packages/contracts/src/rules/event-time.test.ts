import { describe, it, expect } from 'vitest';
import {
  AUTO_END_MINUTES,
  DEFAULT_END_TIME,
  DEFAULT_START_TIME,
  endTimeAfterStart,
  toIsoWithOffset,
  utcToZoned,
  zonedDayBounds,
  zonedToUtc,
} from './event-time.ts';

const NY = 'America/New_York';
const LA = 'America/Los_Angeles';
const HNL = 'Pacific/Honolulu';

const iso = (d: Date) => d.toISOString();

describe('form defaults', () => {
  it('prefills 09:00 to 11:00 and moves the end 30 minutes after the start', () => {
    expect(DEFAULT_START_TIME).toBe('09:00');
    expect(DEFAULT_END_TIME).toBe('11:00');
    expect(AUTO_END_MINUTES).toBe(30);
  });
});

describe('endTimeAfterStart', () => {
  it.each([
    ['09:00', '09:30'],
    ['09:45', '10:15'],
    ['00:00', '00:30'],
    ['12:30', '13:00'],
    ['23:29', '23:59'],
    ['23:30', '00:00'],
    ['23:45', '00:15'],
    ['23:59', '00:29'],
    ['09:00:00', '09:30'],
  ])('%s -> %s', (start, end) => {
    expect(endTimeAfterStart(start)).toBe(end);
  });

  it('returns empty for a cleared or malformed start', () => {
    expect(endTimeAfterStart('')).toBe('');
    expect(endTimeAfterStart('9')).toBe('');
    expect(endTimeAfterStart('24:00')).toBe('');
    expect(endTimeAfterStart('12:60')).toBe('');
  });
});

describe('zonedToUtc', () => {
  it('converts ordinary times in standard and daylight time', () => {
    expect(iso(zonedToUtc('2026-11-22', '09:00', NY))).toBe('2026-11-22T14:00:00.000Z');
    expect(iso(zonedToUtc('2026-07-04', '09:00', NY))).toBe('2026-07-04T13:00:00.000Z');
    expect(iso(zonedToUtc('2026-01-15', '18:30', LA))).toBe('2026-01-16T02:30:00.000Z');
    expect(iso(zonedToUtc('2026-06-15', '09:00', LA))).toBe('2026-06-15T16:00:00.000Z');
    expect(iso(zonedToUtc('2026-06-15', '09:00', HNL))).toBe('2026-06-15T19:00:00.000Z');
    expect(iso(zonedToUtc('2026-12-15', '09:00', HNL))).toBe('2026-12-15T19:00:00.000Z');
  });

  describe('New York spring forward, 2026-03-08 02:00 EST -> 03:00 EDT', () => {
    it('handles times around the gap', () => {
      expect(iso(zonedToUtc('2026-03-08', '01:59', NY))).toBe('2026-03-08T06:59:00.000Z');
      expect(iso(zonedToUtc('2026-03-08', '03:00', NY))).toBe('2026-03-08T07:00:00.000Z');
      expect(iso(zonedToUtc('2026-03-08', '09:00', NY))).toBe('2026-03-08T13:00:00.000Z');
    });

    it('moves a time inside the gap forward by the gap', () => {
      expect(iso(zonedToUtc('2026-03-08', '02:00', NY))).toBe('2026-03-08T07:00:00.000Z');
      expect(iso(zonedToUtc('2026-03-08', '02:30', NY))).toBe('2026-03-08T07:30:00.000Z');
      expect(utcToZoned(zonedToUtc('2026-03-08', '02:30', NY), NY)).toEqual({ date: '2026-03-08', time: '03:30' });
      expect(iso(zonedToUtc('2026-03-08', '02:59', NY))).toBe('2026-03-08T07:59:00.000Z');
    });
  });

  describe('New York fall back, 2026-11-01 02:00 EDT -> 01:00 EST', () => {
    it('handles times around the overlap', () => {
      expect(iso(zonedToUtc('2026-11-01', '00:59', NY))).toBe('2026-11-01T04:59:00.000Z');
      expect(iso(zonedToUtc('2026-11-01', '02:00', NY))).toBe('2026-11-01T07:00:00.000Z');
      expect(iso(zonedToUtc('2026-11-01', '09:00', NY))).toBe('2026-11-01T14:00:00.000Z');
    });

    it('takes the earlier (daylight) instant of an ambiguous time', () => {
      expect(iso(zonedToUtc('2026-11-01', '01:00', NY))).toBe('2026-11-01T05:00:00.000Z');
      expect(iso(zonedToUtc('2026-11-01', '01:30', NY))).toBe('2026-11-01T05:30:00.000Z');
      expect(iso(zonedToUtc('2026-11-01', '01:59', NY))).toBe('2026-11-01T05:59:00.000Z');
    });
  });

  it('handles the Los Angeles switches of 2026', () => {
    expect(iso(zonedToUtc('2026-03-08', '01:30', LA))).toBe('2026-03-08T09:30:00.000Z');
    expect(iso(zonedToUtc('2026-03-08', '02:30', LA))).toBe('2026-03-08T10:30:00.000Z');
    expect(iso(zonedToUtc('2026-03-08', '03:30', LA))).toBe('2026-03-08T10:30:00.000Z');
    expect(iso(zonedToUtc('2026-11-01', '01:30', LA))).toBe('2026-11-01T08:30:00.000Z');
    expect(iso(zonedToUtc('2026-11-01', '02:30', LA))).toBe('2026-11-01T10:30:00.000Z');
  });

  it('has no gap or overlap in Honolulu', () => {
    expect(iso(zonedToUtc('2026-03-08', '02:30', HNL))).toBe('2026-03-08T12:30:00.000Z');
    expect(iso(zonedToUtc('2026-11-01', '01:30', HNL))).toBe('2026-11-01T11:30:00.000Z');
  });

  it('crosses midnight into the next UTC day and year', () => {
    expect(iso(zonedToUtc('2026-12-31', '23:30', HNL))).toBe('2027-01-01T09:30:00.000Z');
    expect(iso(zonedToUtc('2026-12-31', '19:00', NY))).toBe('2027-01-01T00:00:00.000Z');
    expect(iso(zonedToUtc('2026-01-01', '00:00', 'Asia/Tokyo'))).toBe('2025-12-31T15:00:00.000Z');
  });

  it('round-trips every quarter hour of both New York switch days except the gap', () => {
    for (const date of ['2026-03-08', '2026-11-01']) {
      for (let m = 0; m < 24 * 60; m += 15) {
        const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
        if (date === '2026-03-08' && time.startsWith('02:')) continue;
        expect(utcToZoned(zonedToUtc(date, time, NY), NY)).toEqual({ date, time });
      }
    }
  });

  it('rejects malformed dates, times and zones', () => {
    expect(() => zonedToUtc('2026-02-30', '09:00', NY)).toThrow(RangeError);
    expect(() => zonedToUtc('2026-13-01', '09:00', NY)).toThrow(RangeError);
    expect(() => zonedToUtc('11/22/2026', '09:00', NY)).toThrow(RangeError);
    expect(() => zonedToUtc('2026-11-22', '25:00', NY)).toThrow(RangeError);
    expect(() => zonedToUtc('2026-11-22', '', NY)).toThrow(RangeError);
    expect(() => zonedToUtc('2026-11-22', '09:00', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('accepts a leap day', () => {
    expect(iso(zonedToUtc('2028-02-29', '12:00', NY))).toBe('2028-02-29T17:00:00.000Z');
  });
});

describe('utcToZoned', () => {
  it('shows an instant in the post zone', () => {
    expect(utcToZoned(new Date('2026-11-22T14:00:00Z'), NY)).toEqual({ date: '2026-11-22', time: '09:00' });
    expect(utcToZoned('2026-07-04T13:00:00Z', NY)).toEqual({ date: '2026-07-04', time: '09:00' });
    expect(utcToZoned('2026-06-15T16:00:00Z', LA)).toEqual({ date: '2026-06-15', time: '09:00' });
    expect(utcToZoned('2026-06-15T19:00:00Z', HNL)).toEqual({ date: '2026-06-15', time: '09:00' });
  });

  it('wraps to the previous day and year west of Greenwich', () => {
    expect(utcToZoned('2026-01-01T03:00:00Z', NY)).toEqual({ date: '2025-12-31', time: '22:00' });
    expect(utcToZoned('2026-01-01T09:59:00Z', HNL)).toEqual({ date: '2025-12-31', time: '23:59' });
    expect(utcToZoned('2026-01-01T10:00:00Z', HNL)).toEqual({ date: '2026-01-01', time: '00:00' });
  });

  it('shows midnight as 00:00', () => {
    expect(utcToZoned('2026-11-23T05:00:00Z', NY)).toEqual({ date: '2026-11-23', time: '00:00' });
  });

  it('shows both occurrences of the repeated hour in New York', () => {
    expect(utcToZoned('2026-11-01T05:30:00Z', NY)).toEqual({ date: '2026-11-01', time: '01:30' });
    expect(utcToZoned('2026-11-01T06:30:00Z', NY)).toEqual({ date: '2026-11-01', time: '01:30' });
    expect(utcToZoned('2026-03-08T06:59:00Z', NY)).toEqual({ date: '2026-03-08', time: '01:59' });
    expect(utcToZoned('2026-03-08T07:00:00Z', NY)).toEqual({ date: '2026-03-08', time: '03:00' });
  });

  it('rejects an invalid instant', () => {
    expect(() => utcToZoned('not a date', NY)).toThrow(RangeError);
    expect(() => utcToZoned(new Date(Number.NaN), NY)).toThrow(RangeError);
  });
});

describe('toIsoWithOffset', () => {
  it('formats local time with the offset in force at the instant', () => {
    expect(toIsoWithOffset(new Date('2026-11-22T14:00:00Z'), NY)).toBe('2026-11-22T09:00:00-05:00');
    expect(toIsoWithOffset(new Date('2026-07-04T13:00:00Z'), NY)).toBe('2026-07-04T09:00:00-04:00');
    expect(toIsoWithOffset(new Date('2026-06-15T16:00:00Z'), LA)).toBe('2026-06-15T09:00:00-07:00');
    expect(toIsoWithOffset(new Date('2026-12-15T17:00:00Z'), LA)).toBe('2026-12-15T09:00:00-08:00');
    expect(toIsoWithOffset(new Date('2026-06-15T19:00:00Z'), HNL)).toBe('2026-06-15T09:00:00-10:00');
  });

  it('tells the two 01:30 of the New York fall-back apart', () => {
    expect(toIsoWithOffset(new Date('2026-11-01T05:30:00Z'), NY)).toBe('2026-11-01T01:30:00-04:00');
    expect(toIsoWithOffset(new Date('2026-11-01T06:30:00Z'), NY)).toBe('2026-11-01T01:30:00-05:00');
  });

  it('formats zero and non-whole-hour offsets', () => {
    expect(toIsoWithOffset(new Date('2026-11-22T14:00:00Z'), 'UTC')).toBe('2026-11-22T14:00:00+00:00');
    expect(toIsoWithOffset(new Date('2026-11-22T14:00:00Z'), 'Asia/Kolkata')).toBe('2026-11-22T19:30:00+05:30');
    expect(toIsoWithOffset(new Date('2026-11-22T14:00:00Z'), 'Asia/Kathmandu')).toBe('2026-11-22T19:45:00+05:45');
  });

  it('keeps seconds and parses back to the same instant', () => {
    const instant = new Date('2026-11-22T14:05:07Z');
    const text = toIsoWithOffset(instant, NY);
    expect(text).toBe('2026-11-22T09:05:07-05:00');
    expect(new Date(text).getTime()).toBe(instant.getTime());
  });
});

describe('zonedDayBounds', () => {
  it('spans 24 hours on an ordinary day', () => {
    const { start, end } = zonedDayBounds('2026-11-22', NY);
    expect(iso(start)).toBe('2026-11-22T05:00:00.000Z');
    expect(iso(end)).toBe('2026-11-23T05:00:00.000Z');
  });

  it('spans 23 hours on spring-forward day and 25 on fall-back day', () => {
    const spring = zonedDayBounds('2026-03-08', NY);
    expect(iso(spring.start)).toBe('2026-03-08T05:00:00.000Z');
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const fall = zonedDayBounds('2026-11-01', NY);
    expect(iso(fall.start)).toBe('2026-11-01T04:00:00.000Z');
    expect(fall.end.getTime() - fall.start.getTime()).toBe(25 * 3_600_000);
  });

  it('crosses month and year ends', () => {
    expect(iso(zonedDayBounds('2026-12-31', HNL).end)).toBe('2027-01-01T10:00:00.000Z');
    expect(iso(zonedDayBounds('2028-02-28', NY).end)).toBe('2028-02-29T05:00:00.000Z');
  });
});

describe('zones through the year (@date-fns/tz, decision 0042)', () => {
  it('keeps a zone without daylight saving at one offset on every day of the year', () => {
    for (let day = 0; day < 365; day += 7) {
      const instant = new Date(Date.UTC(2026, 0, 1 + day, 19, 0));
      const { date, time } = utcToZoned(instant, HNL);
      expect(time).toBe('09:00');
      expect(zonedToUtc(date, time, HNL).getTime()).toBe(instant.getTime());
      expect(toIsoWithOffset(instant, HNL).endsWith('-10:00')).toBe(true);
    }
  });

  it('moves the other way south of the equator (Sydney springs forward in October)', () => {
    expect(iso(zonedToUtc('2026-10-04', '02:30', 'Australia/Sydney'))).toBe('2026-10-03T16:30:00.000Z');
    expect(utcToZoned(zonedToUtc('2026-10-04', '02:30', 'Australia/Sydney'), 'Australia/Sydney')).toEqual({ date: '2026-10-04', time: '03:30' });
    expect(iso(zonedToUtc('2026-04-05', '02:30', 'Australia/Sydney'))).toBe('2026-04-04T15:30:00.000Z');
  });

  it('refuses an unknown zone everywhere', () => {
    expect(() => utcToZoned(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => toIsoWithOffset(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => zonedDayBounds('2026-11-22', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
