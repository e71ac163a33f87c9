import { stringify } from 'csv-stringify/sync';
import type { DB } from '@post/db';
import { PAYMENT_METHOD_LABELS } from '@post/contracts/enums/payment-method';
import type { MemberPayment } from '@post/contracts/member-payments';
import { RENEWAL_GROUPS, type RecordContactInput, type Renewals } from '@post/contracts/renewals';
import { notFound } from '../../errors.ts';
import { paidThroughDate, windowOpen, yearsLapsed } from '@post/contracts/rules/dues';
import type { RenewalProgress } from '@post/contracts/renewals';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { duesClock, duesOf, type DuesClock } from '../members/dues.ts';

/**
 * The Renewals screen (issue 45 #4, decision 0086): living annual members whose renewal is open,
 * who were suspended or dropped this year (paid through last year), and former members of the
 * last five years, each with their last payment and last contact note; and the drive's progress.
 */
export async function listRenewals(db: DB): Promise<Renewals> {
  const clock = await duesClock(db);
  const members = await db
    .selectFrom('members')
    .select(['id', 'firstName', 'lastName', 'membershipNumber', 'phone', 'email', 'paidThrough', 'paidThroughOn', 'membershipType'])
    .where('deceasedOn', 'is', null)
    .where('membershipType', '<>', 'Life Member')
    .orderBy('lastName')
    .orderBy('firstName')
    .orderBy('id')
    .execute();
  const ids = members.map((m) => m.id);
  const [payments, contacts] = ids.length
    ? await Promise.all([
        db
          .selectFrom('memberPayments')
          .select(['memberId', 'year', 'amount', 'method', 'paidOn'])
          .distinctOn('memberId')
          .where('memberId', 'in', ids)
          .orderBy('memberId')
          .orderBy('paidOn', 'desc')
          .orderBy('id', 'desc')
          .execute(),
        db
          .selectFrom('renewalContacts')
          .select(['memberId', 'note', 'contactedOn'])
          .distinctOn('memberId')
          .where('memberId', 'in', ids)
          .orderBy('memberId')
          .orderBy('contactedOn', 'desc')
          .orderBy('id', 'desc')
          .execute(),
      ])
    : [[], []];
  const payment = new Map(payments.map((p) => [p.memberId, p]));
  const contact = new Map(contacts.map((c) => [c.memberId, c]));
  const result: Renewals = { year: clock.year, progress: await renewalProgress(db, clock), due: [], lapsedThisYear: [], lapsedLastYear: [] };
  for (const m of members) {
    const { status, renewalOpen, paidThroughOn } = duesOf(m, clock);
    // Years since the day paid through: this year's lapses, and former members of one to five years ago to invite back (decisions 0086, 0098).
    const lapsed = yearsLapsed(m, clock.date, clock.cal);
    const group =
      (status === 'current' && renewalOpen) || status === 'delinquent'
        ? result.due
        : (status === 'suspended' || status === 'dropped') && lapsed === 0
          ? result.lapsedThisYear
          : status === 'dropped' && lapsed !== null && lapsed >= 1 && lapsed < FORMER_YEARS
            ? result.lapsedLastYear
            : null;
    if (!group) continue;
    const p = payment.get(m.id);
    const c = contact.get(m.id);
    group.push({
      memberId: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      membershipNumber: m.membershipNumber,
      phone: m.phone,
      email: m.email,
      paidThrough: m.paidThrough,
      paidThroughOn: paidThroughOn ?? null,
      lastPayment: p
        ? { year: p.year, amount: p.amount === null ? null : Number(p.amount), method: p.method as MemberPayment['method'], paidOn: p.paidOn }
        : null,
      lastContact: c ? { note: c.note, contactedOn: c.contactedOn } : null,
    });
  }
  return result;
}

/** How far back former members are listed to invite back (and called in a Buddy Check that includes them). */
export const FORMER_YEARS = 5;

/**
 * The renewal drive for the year being renewed: members of the year before (Life Members count as
 * renewed, as National counts Paid Up For Life), how many have renewed, and the department's
 * targets with their dates in this drive (decision 0086).
 */
export async function renewalProgress(db: DB, clock: DuesClock): Promise<RenewalProgress> {
  const settings = await getSettings(db);
  const forYear = windowOpen(clock.date, clock.cal) ? clock.year + 1 : clock.year;
  // Counted by the day paid through (decision 0098): of the members paid through December 31 before the
  // year renewed for or later, those paid through its December 31 or later; under the calendar year, by year.
  const members = await db.selectFrom('members').select(['paidThrough', 'paidThroughOn', 'membershipType']).where('deceasedOn', 'is', null).execute();
  const row = { base: 0, renewed: 0 };
  for (const m of members) {
    const life = m.membershipType === 'Life Member';
    const paid = paidThroughDate(m, clock.cal);
    if (life || (paid !== null && paid >= `${forYear - 1}-12-31`)) row.base++;
    if (life || (paid !== null && paid >= `${forYear}-12-31`)) row.renewed++;
  }
  const percent = row.base === 0 ? 0 : Math.floor((row.renewed * 100) / row.base);
  const targets = settings.membership.renewalTargets
    .map((t) => {
      const year = t.month * 100 + t.day >= clock.cal.opensMonth * 100 + clock.cal.opensDay ? forYear - 1 : forYear;
      const date = `${year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
      return { date, percent: t.percent, passed: date < clock.date, met: percent >= t.percent };
    })
    .sort((a, b) => a.date.localeCompare(b.date));
  return { forYear, base: row.base, renewed: row.renewed, percent, targets, next: targets.find((t) => !t.passed) ?? null };
}

/** Records that a member was contacted; 404 when there is no such member. */
export async function recordContact(db: DB, input: RecordContactInput, recordedBy: number | null) {
  const member = await db.selectFrom('members').select('id').where('id', '=', input.memberId).executeTakeFirst();
  if (!member) throw notFound('Member');
  return db
    .insertInto('renewalContacts')
    .values({ memberId: input.memberId, note: input.note, contactedOn: input.contactedOn, recordedBy })
    .returning(['id', 'memberId', 'note', 'contactedOn'])
    .executeTakeFirstOrThrow();
}

/** The three lists as CSV (a spreadsheet's phone tree); formula-safe like the member export. */
export async function renewalsCsv(db: DB): Promise<string> {
  const r = await listRenewals(db);
  const header = ['Group', 'Last Name', 'First Name', 'Membership Number', 'Phone', 'Email', 'Paid Through', 'Last Payment', 'Contacted On', 'Contact Note'];
  const rows = RENEWAL_GROUPS.flatMap(([key, label]) =>
    r[key].map((m) => [
      label,
      m.lastName,
      m.firstName,
      m.membershipNumber,
      m.phone ?? '',
      m.email,
      m.paidThroughOn ?? (m.paidThrough === null ? '' : String(m.paidThrough)),
      m.lastPayment
        ? `${m.lastPayment.year}: ${m.lastPayment.amount === null ? '' : `$${m.lastPayment.amount.toFixed(2)} `}${PAYMENT_METHOD_LABELS[m.lastPayment.method]} ${m.lastPayment.paidOn}`
        : '',
      m.lastContact?.contactedOn ?? '',
      m.lastContact?.note ?? '',
    ]),
  );
  return `\uFEFF${stringify([header, ...rows], { escape_formulas: true, record_delimiter: 'windows' })}`;
}
