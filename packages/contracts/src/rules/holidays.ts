export type Holiday = {
  id: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  allDay: true;
  type: 'special';
  location: 'United States';
  description: string;
};

type HolidayRule = {
  prefix: string;
  title: string;
  /** Month 1-12 and day of month, computed for a given year. */
  day: (year: number) => { month: number; day: number };
};

const MONDAY = 1;
const THURSDAY = 4;

function fixed(month: number, day: number): HolidayRule['day'] {
  return () => ({ month, day });
}

/** n-th (1-based) given weekday (0 = Sunday) of a month. */
function nthWeekday(month: number, weekday: number, n: number): HolidayRule['day'] {
  return (year) => {
    const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    const firstMatch = 1 + ((weekday - firstWeekday + 7) % 7);
    return { month, day: firstMatch + (n - 1) * 7 };
  };
}

/** Last given weekday (0 = Sunday) of a month. */
function lastWeekday(month: number, weekday: number): HolidayRule['day'] {
  return (year) => {
    // Day 0 of the next month is the last day of this month.
    const last = new Date(Date.UTC(year, month, 0));
    const lastDay = last.getUTCDate();
    const back = (last.getUTCDay() - weekday + 7) % 7;
    return { month, day: lastDay - back };
  };
}

const RULES: readonly HolidayRule[] = [
  { prefix: 'newyear-', title: "New Year's Day", day: fixed(1, 1) },
  { prefix: 'mlk-', title: 'Martin Luther King Jr. Day', day: nthWeekday(1, MONDAY, 3) },
  { prefix: 'presidents-', title: "Presidents' Day", day: nthWeekday(2, MONDAY, 3) },
  { prefix: 'memorial-', title: 'Memorial Day', day: lastWeekday(5, MONDAY) },
  { prefix: 'independence-', title: 'Independence Day', day: fixed(7, 4) },
  { prefix: 'labor-', title: 'Labor Day', day: nthWeekday(9, MONDAY, 1) },
  { prefix: 'veterans-', title: 'Veterans Day', day: fixed(11, 11) },
  { prefix: 'thanksgiving-', title: 'Thanksgiving Day', day: nthWeekday(11, THURSDAY, 4) },
  { prefix: 'christmas-', title: 'Christmas Day', day: fixed(12, 25) },
];

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** The nine US national holidays of one year, in calendar order. */
export function holidaysForYear(year: number): Holiday[] {
  return RULES.map((rule) => {
    const { month, day } = rule.day(year);
    return {
      id: `${rule.prefix}${year}`,
      title: rule.title,
      date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
      allDay: true,
      type: 'special',
      location: 'United States',
      description: `National Holiday: ${rule.title}`,
    };
  });
}

/** Holidays of `year` and `year + 1`, since the calendar shows the displayed year and the next. */
export function holidaysForYears(year: number): Holiday[] {
  return [...holidaysForYear(year), ...holidaysForYear(year + 1)];
}

/** True for ids of generated holidays: stored events have numeric ids, holidays do not. */
export function isHolidayId(id: string | number): boolean {
  if (typeof id === 'number') return false;
  return !/^\d+$/.test(id.trim());
}
