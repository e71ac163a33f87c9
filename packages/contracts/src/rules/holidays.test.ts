import { describe, it, expect } from 'vitest';
import { holidaysForYear, holidaysForYears, isHolidayId } from './holidays.ts';

// Written by hand from the calendar; the naive-loop test below cross-checks it.
// [MLK (Jan), Presidents' (Feb), Memorial (May), Labor (Sep), Thanksgiving (Nov)]
const MOVABLE: Record<number, [number, number, number, number, number]> = {
  2020: [20, 17, 25, 7, 26],
  2021: [18, 15, 31, 6, 25],
  2022: [17, 21, 30, 5, 24],
  2023: [16, 20, 29, 4, 23],
  2024: [15, 19, 27, 2, 28],
  2025: [20, 17, 26, 1, 27],
  2026: [19, 16, 25, 7, 26],
  2027: [18, 15, 31, 6, 25],
  2028: [17, 21, 29, 4, 23],
  2029: [15, 19, 28, 3, 22],
  2030: [21, 18, 27, 2, 28],
  2031: [20, 17, 26, 1, 27],
  2032: [19, 16, 31, 6, 25],
  2033: [17, 21, 30, 5, 24],
  2034: [16, 20, 29, 4, 23],
  2035: [15, 19, 28, 3, 22],
};

const pad = (n: number) => String(n).padStart(2, '0');

function expectedFor(year: number): Record<string, string> {
  const [mlk, pres, mem, labor, thanks] = MOVABLE[year];
  return {
    [`newyear-${year}`]: `${year}-01-01`,
    [`mlk-${year}`]: `${year}-01-${pad(mlk)}`,
    [`presidents-${year}`]: `${year}-02-${pad(pres)}`,
    [`memorial-${year}`]: `${year}-05-${pad(mem)}`,
    [`independence-${year}`]: `${year}-07-04`,
    [`labor-${year}`]: `${year}-09-${pad(labor)}`,
    [`veterans-${year}`]: `${year}-11-11`,
    [`thanksgiving-${year}`]: `${year}-11-${pad(thanks)}`,
    [`christmas-${year}`]: `${year}-12-25`,
  };
}

/** Days of the month (1-based) falling on `weekday`, by walking every day. */
function weekdaysOfMonth(year: number, month: number, weekday: number): number[] {
  const days: number[] = [];
  for (let d = 1; d <= 31; d++) {
    const date = new Date(Date.UTC(year, month - 1, d));
    if (date.getUTCMonth() !== month - 1) break;
    if (date.getUTCDay() === weekday) days.push(d);
  }
  return days;
}

const YEARS = Array.from({ length: 16 }, (_, i) => 2020 + i);

describe('holidaysForYear', () => {
  it.each(YEARS)('matches the known dates of %i', (year) => {
    const actual = Object.fromEntries(holidaysForYear(year).map((h) => [h.id, h.date]));
    expect(actual).toEqual(expectedFor(year));
  });

  it.each(YEARS)('hand-written table agrees with a naive day loop for %i', (year) => {
    const [mlk, pres, mem, labor, thanks] = MOVABLE[year];
    expect(weekdaysOfMonth(year, 1, 1)[2]).toBe(mlk);
    expect(weekdaysOfMonth(year, 2, 1)[2]).toBe(pres);
    expect(weekdaysOfMonth(year, 5, 1).at(-1)).toBe(mem);
    expect(weekdaysOfMonth(year, 9, 1)[0]).toBe(labor);
    expect(weekdaysOfMonth(year, 11, 4)[3]).toBe(thanks);
  });

  it('gives the examples of the spec for 2026', () => {
    const byId = Object.fromEntries(holidaysForYear(2026).map((h) => [h.id, h.date]));
    expect(byId['thanksgiving-2026']).toBe('2026-11-26');
    expect(byId['mlk-2026']).toBe('2026-01-19');
    expect(byId['memorial-2026']).toBe('2026-05-25');
    expect(byId['labor-2026']).toBe('2026-09-07');
    expect(byId['presidents-2026']).toBe('2026-02-16');
  });

  it('builds full holiday records with exact titles and descriptions', () => {
    const list = holidaysForYear(2026);
    expect(list.map((h) => h.title)).toEqual([
      "New Year's Day",
      'Martin Luther King Jr. Day',
      "Presidents' Day",
      'Memorial Day',
      'Independence Day',
      'Labor Day',
      'Veterans Day',
      'Thanksgiving Day',
      'Christmas Day',
    ]);
    expect(list[6]).toEqual({
      id: 'veterans-2026',
      title: 'Veterans Day',
      date: '2026-11-11',
      allDay: true,
      type: 'special',
      location: 'United States',
      description: 'National Holiday: Veterans Day',
    });
    for (const h of list) expect(h.description).toBe(`National Holiday: ${h.title}`);
  });
});

describe('holidaysForYears', () => {
  it('returns the nine holidays of the year and of the next', () => {
    const list = holidaysForYears(2026);
    expect(list).toHaveLength(18);
    expect(list.slice(0, 9)).toEqual(holidaysForYear(2026));
    expect(list.slice(9)).toEqual(holidaysForYear(2027));
    expect(new Set(list.map((h) => h.id)).size).toBe(18);
  });
});

describe('isHolidayId', () => {
  it('treats non-numeric ids as holidays', () => {
    expect(isHolidayId('newyear-2026')).toBe(true);
    expect(isHolidayId('thanksgiving-2030')).toBe(true);
    expect(isHolidayId('abc')).toBe(true);
  });

  it('treats numeric ids as stored events', () => {
    expect(isHolidayId(42)).toBe(false);
    expect(isHolidayId(0)).toBe(false);
    expect(isHolidayId('42')).toBe(false);
  });
});
