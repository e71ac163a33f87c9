import { stringify } from 'csv-stringify/sync';
import type { DB } from '@post/db';
import { PAYMENT_METHOD_LABELS } from '@post/contracts/enums/payment-method';
import type { MemberPayment } from '@post/contracts/member-payments';
import { RENEWAL_GROUPS, type RecordContactInput, type Renewals } from '@post/contracts/renewals';
import { notFound } from '../../errors.ts';
import { duesClock, duesOf } from '../members/dues.ts';

/**
 * The Renewals screen (issue 45 #4): living annual members who are due, who lapsed this year (paid
 * through last year) and who lapsed last year, each with their last payment and last contact note.
 */
export async function listRenewals(db: DB): Promise<Renewals> {
  const clock = await duesClock(db);
  const members = await db
    .selectFrom('members')
    .select(['id', 'firstName', 'lastName', 'membershipNumber', 'phone', 'email', 'paidThrough', 'membershipType'])
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
  const result: Renewals = { year: clock.year, due: [], lapsedThisYear: [], lapsedLastYear: [] };
  for (const m of members) {
    const status = duesOf(m, clock).status;
    const group =
      status === 'due'
        ? result.due
        : status === 'lapsed' && m.paidThrough === clock.year - 1
          ? result.lapsedThisYear
          : status === 'lapsed' && m.paidThrough === clock.year - 2
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
      lastPayment: p
        ? { year: p.year, amount: p.amount === null ? null : Number(p.amount), method: p.method as MemberPayment['method'], paidOn: p.paidOn }
        : null,
      lastContact: c ? { note: c.note, contactedOn: c.contactedOn } : null,
    });
  }
  return result;
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
      m.paidThrough === null ? '' : String(m.paidThrough),
      m.lastPayment
        ? `${m.lastPayment.year}: ${m.lastPayment.amount === null ? '' : `$${m.lastPayment.amount.toFixed(2)} `}${PAYMENT_METHOD_LABELS[m.lastPayment.method]} ${m.lastPayment.paidOn}`
        : '',
      m.lastContact?.contactedOn ?? '',
      m.lastContact?.note ?? '',
    ]),
  );
  return `\uFEFF${stringify([header, ...rows], { escape_formulas: true, record_delimiter: 'windows' })}`;
}
