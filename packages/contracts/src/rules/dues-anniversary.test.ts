import { describe, expect, it } from 'vitest';
import { DEFAULT_MEMBERSHIP_SETTINGS, renewalCalendar } from '../membership-defaults.ts';
import { MembershipSettingsSchema } from '../membership-settings.ts';
import { addDays, addMonths, dayText, duesDates, duesOn, renewedThrough, yearsLapsed, type RenewalCalendar } from './dues.ts';

// Anniversary dues (decision 0098): the Legion's dates counted from each member's own day paid through.
const calendar = renewalCalendar(DEFAULT_MEMBERSHIP_SETTINGS);
const anniversary: RenewalCalendar = { ...calendar, basis: 'anniversary' };
const member = (paidThroughOn: string | null) => ({
  paidThrough: paidThroughOn === null ? null : Number(paidThroughOn.slice(0, 4)),
  paidThroughOn,
  membershipType: 'Annual Member',
});

describe('duesOn under anniversary dues: the Legion’s dates from March 14, 2027', () => {
  it.each([
    // Renewal opens six months before (the day after September 14, as July 1 is the day after June 30).
    ['2026-09-14', 'current', false],
    ['2026-09-15', 'current', true],
    ['2027-03-14', 'current', true],
    // Delinquent the day after; grace one month (January 31); suspended the day after grace.
    ['2027-03-15', 'delinquent', true],
    ['2027-04-14', 'delinquent', true],
    ['2027-04-15', 'suspended', true],
    // Dropped at six months (June 30).
    ['2027-09-13', 'suspended', true],
    ['2027-09-14', 'dropped', true],
  ] as const)('on %s: %s, renewal open %s', (date, status, renewalOpen) => {
    expect(duesOn(member('2027-03-14'), date, anniversary)).toEqual({ status, renewFor: 2028, renewalOpen, paidThroughOn: '2027-03-14' });
  });

  it('a dropped member renews for the year twelve months from today reach into', () => {
    expect(duesOn(member('2025-03-14'), '2026-11-29', anniversary)).toMatchObject({ status: 'dropped', renewFor: 2027, renewalOpen: true });
  });

  it('a member with nothing recorded is dropped; a Life Member is life', () => {
    expect(duesOn(member(null), '2026-11-29', anniversary).status).toBe('dropped');
    expect(duesOn({ ...member('2020-01-01'), membershipType: 'Life Member' }, '2026-11-29', anniversary)).toEqual({
      status: 'life',
      renewFor: null,
      renewalOpen: false,
    });
  });

  it('a year alone, or a day of another year than the one recorded, reads as December 31', () => {
    expect(duesOn({ paidThrough: 2026, membershipType: 'Annual Member' }, '2026-11-29', anniversary).paidThroughOn).toBe('2026-12-31');
    expect(duesOn({ paidThrough: 2028, paidThroughOn: '2027-03-14', membershipType: 'Annual Member' }, '2027-06-01', anniversary).paidThroughOn).toBe(
      '2028-12-31',
    );
  });

  it('the calendar year keeps no day: the year decides, whatever day is stored', () => {
    const state = duesOn(member('2027-03-14'), '2027-06-01', calendar);
    expect(state).toEqual({ status: 'current', renewFor: 2028, renewalOpen: false });
  });
});

describe('one rule: a member paid through December 31 is, under anniversary dues, what the calendar year says', () => {
  const late: RenewalCalendar = { ...calendar, opensMonth: 10, opensDay: 15, delinquentDay: 15, graceMonth: 2, graceDay: 28, droppedMonth: 9, droppedDay: 1 };
  const days = (from: string, to: string) => {
    const out: string[] = [];
    for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
    return out;
  };
  it.each([
    ['the Legion’s dates', calendar],
    ['later dates, grace to February 28', late],
  ] as const)('every day of 2027 and 2028 (a leap year), %s', (_, cal) => {
    for (const date of days('2027-01-01', '2028-12-31')) {
      for (const paid of [2025, 2026, 2027, 2028]) {
        const byDay = duesOn(member(`${paid}-12-31`), date, { ...cal, basis: 'anniversary' });
        const byYear = duesOn({ paidThrough: paid, membershipType: 'Annual Member' }, date, cal);
        // A dropped member rejoining pays twelve months from the payment, not a calendar year.
        const renewFor = byYear.status === 'dropped' ? byDay.renewFor : byYear.renewFor;
        expect(byDay, `${paid} on ${date}`).toEqual({ ...byYear, renewFor, paidThroughOn: `${paid}-12-31` });
      }
    }
  });
});

describe('the dates counted from a day paid through', () => {
  it('months keep the day, or the month’s last', () => {
    expect(addMonths('2027-03-14', 6)).toBe('2027-09-14');
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29');
    expect(addMonths('2027-03-14', -6)).toBe('2026-09-14');
  });

  it('the Legion’s dates from March 14, 2027', () => {
    expect(duesDates('2027-03-14', calendar)).toEqual({ opens: '2026-09-15', delinquent: '2027-03-15', graceEnds: '2027-04-14', dropped: '2027-09-14' });
  });

  it('a payment pays twelve months on from the day paid through, or from the payment once dropped', () => {
    expect(renewedThrough('2027-03-14', '2027-05-01', anniversary)).toBe('2028-03-14');
    expect(renewedThrough('2027-03-14', '2026-10-01', anniversary)).toBe('2028-03-14');
    expect(renewedThrough('2027-03-14', '2027-09-13', anniversary)).toBe('2028-03-14');
    expect(renewedThrough('2027-03-14', '2027-09-14', anniversary)).toBe('2028-09-13');
    expect(renewedThrough(null, '2026-03-15', anniversary)).toBe('2027-03-14');
    expect(renewedThrough('2028-02-29', '2028-01-10', anniversary)).toBe('2029-02-28');
  });

  it('under the calendar year, a payment is for this year, or next once its renewals are open', () => {
    expect(renewedThrough(null, '2026-06-30', calendar)).toBe('2026-12-31');
    expect(renewedThrough(null, '2026-07-01', calendar)).toBe('2027-12-31');
  });

  it('years lapsed count from the day paid through', () => {
    expect(yearsLapsed(member('2026-03-14'), '2026-03-14', anniversary)).toBe(-1);
    expect(yearsLapsed(member('2026-03-14'), '2026-03-15', anniversary)).toBe(0);
    expect(yearsLapsed(member('2026-03-14'), '2027-03-14', anniversary)).toBe(0);
    expect(yearsLapsed(member('2026-03-14'), '2027-03-15', anniversary)).toBe(1);
    expect(yearsLapsed(member(null), '2027-03-15', anniversary)).toBeNull();
    // The calendar year: paid through last year is "this year", the year before is 1.
    expect(yearsLapsed({ paidThrough: 2025, membershipType: 'Annual Member' }, '2026-11-29', calendar)).toBe(0);
    expect(yearsLapsed({ paidThrough: 2021, membershipType: 'Annual Member' }, '2026-11-29', calendar)).toBe(4);
  });

  it('a day is written as the product writes dates', () => {
    expect(dayText('2027-03-14')).toBe('March 14, 2027');
  });
});

describe('the Settings choice', () => {
  it('defaults to the calendar year, takes anniversary, and names a value it does not know', () => {
    expect(MembershipSettingsSchema.parse({}).duesBasis).toBe('calendar');
    expect(MembershipSettingsSchema.parse({ duesBasis: 'anniversary' }).duesBasis).toBe('anniversary');
    const bad = MembershipSettingsSchema.safeParse({ duesBasis: 'monthly' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toContain('"monthly" is not a choice');
  });
});
