import { DEFAULT_MEMBERSHIP_SETTINGS, renewalCalendar } from '@post/contracts/membership-defaults';
import { inGrace, windowOpen, type RenewalCalendar } from '@post/contracts/rules/dues';
import type { PaymentMethod } from '@post/contracts/enums/payment-method';
import type { MemberPlan } from './content.ts';
import { dayNumber, fromDayNumber } from './day-numbers.ts';

// The membership year in the demo (decision 0065): paid-through years across every status, a renewal
// window in progress, and three members on the honor roll.

/** The status a demo member shows on the day the demo is loaded. */
export type DemoDues = 'current' | 'due' | 'lapsed' | 'lapsed-last-year';

/** 'YYYY-MM-DD' of a day number. */
export function dateOf(day: number): string {
  const d = fromDayNumber(day);
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}

/**
 * The renewal calendar the demo stores: the default one, unless its window would be closed on the
 * day of loading (spring, between grace and July), then one that opened on the first of this month.
 */
export function demoCalendar(today: string): RenewalCalendar {
  const cal = renewalCalendar(DEFAULT_MEMBERSHIP_SETTINGS);
  if (windowOpen(today, cal) || inGrace(today, cal)) return cal;
  return { ...cal, opensMonth: Number(today.slice(5, 7)), opensDay: 1 };
}

/** The paid-through year that shows `dues` on `today` with this calendar. */
export function demoPaidThrough(dues: DemoDues, today: string, cal: RenewalCalendar): number {
  const year = Number(today.slice(0, 4));
  const open = windowOpen(today, cal);
  const grace = inGrace(today, cal);
  switch (dues) {
    case 'current':
      return open ? year + 1 : year;
    case 'due':
      return open ? year : year - 1;
    case 'lapsed':
      return grace ? year - 2 : year - 1;
    case 'lapsed-last-year':
      return grace ? year - 3 : year - 2;
  }
}

/** The Post Everlasting columns of a demo member. */
export function everlasting(m: MemberPlan, year: number) {
  if (!m.deceased) return { deceasedOn: null, obituary: null, serviceEra: null };
  const [ago, month, day] = m.deceased.on;
  // The demo's entries are published with their families' consent (decision 0086).
  return {
    deceasedOn: dateOf(dayNumber(year - ago, month, day)),
    obituary: m.deceased.obituary,
    serviceEra: m.deceased.era,
    honorPublishedAt: new Date(),
    honorFamilyConsent: true,
  };
}

/** Three departed members of the post. */
export const HONOR_ROLL_PLANS: MemberPlan[] = [
  {
    first: 'Edward',
    last: 'Kowalski',
    email: 'edward.kowalski@example.org',
    role: 'none',
    type: 'Life Member',
    branch: 'Army',
    years: 3,
    deployments: 'Korea (1952–1953)',
    since: [61, 3, 2],
    dues: 'current',
    address: '5 Elm Street',
    phone: null,
    deceased: {
      on: [0, 2, 14],
      era: 'Korean War',
      obituary:
        'Ed served with the 7th Infantry Division in Korea and came home to run the hardware store on Main Street for forty years. A member of the post for more than six decades, he never missed a Memorial Day parade and taught three generations of scouts to fold the flag.',
    },
  },
  {
    first: 'Dorothy',
    last: 'Mills',
    email: 'dorothy.mills@example.org',
    role: 'none',
    type: 'Life Member',
    branch: 'Navy',
    years: 4,
    deployments: 'Naval Hospital Corps, Vietnam era',
    since: [48, 6, 20],
    dues: 'current',
    address: '31 River Road',
    phone: null,
    deceased: {
      on: [1, 9, 3],
      era: 'Vietnam War',
      obituary:
        'Dorothy served as a Navy nurse and later led the post’s hospital visiting program. She organised the annual blood drive for thirty years and was the first woman to serve as the post’s Adjutant.',
    },
  },
  {
    first: 'Robert',
    last: 'Hayes',
    email: 'robert.hayes@example.org',
    role: 'none',
    type: 'Annual Member',
    branch: 'Marines',
    years: 6,
    deployments: 'Operation Desert Storm (1991)',
    since: [30, 11, 11],
    dues: 'current',
    address: '77 Hill Street',
    phone: null,
    deceased: {
      on: [1, 4, 22],
      era: 'Gulf War',
      obituary: 'Bob served two enlistments in the Marine Corps and coached the post’s baseball team. He is remembered for his laugh and his chili.',
    },
  },
];

/** One payment for the year each living annual member is paid through, made on or before today. */
export function buildPayments(members: { id: number; paidThrough: number | null; deceasedOn: string | null }[], today: number) {
  // The demo's own order of PAYMENT_METHODS, typed by them so a renamed method fails here.
  const methods: readonly PaymentMethod[] = ['check', 'cash', 'national', 'card', 'online'];
  return members
    .filter((m) => m.paidThrough !== null && m.deceasedOn === null)
    .map((m, i) => {
      const paidOn = Math.min(dayNumber(m.paidThrough! - 1, 10 + (i % 3), 1 + ((i * 5) % 27)), today - 1 - i);
      return { memberId: m.id, year: m.paidThrough!, amount: i % 4 === 3 ? null : '45.00', method: methods[i % methods.length]!, paidOn: dateOf(paidOn) };
    });
}
