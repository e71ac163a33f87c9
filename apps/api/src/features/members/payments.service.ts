import { sql } from 'kysely';
import type { DB } from '@post/db';
import { YEAR, type MemberPayment, type RecordPaymentInput } from '@post/contracts/member-payments';
import { duesDates, paidThroughDate, renewedThrough } from '@post/contracts/rules/dues';
import { badRequest, notFound } from '../../errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { duesClock } from './dues.ts';

type PaymentRow = { id: number; memberId: number; year: number; amount: string | number | null; method: string; paidOn: string; createdAt: Date | string };

function toPayment(r: PaymentRow): MemberPayment {
  return {
    id: r.id,
    memberId: r.memberId,
    year: r.year,
    amount: r.amount === null ? null : Number(r.amount),
    method: r.method as MemberPayment['method'],
    paidOn: r.paidOn,
    createdAt: new Date(r.createdAt).toISOString(),
  };
}

/** A member's payments, newest first; 404 when there is no such member. */
export async function listPayments(db: DB, memberId: number): Promise<MemberPayment[]> {
  const member = await db.selectFrom('members').select('id').where('id', '=', memberId).executeTakeFirst();
  if (!member) throw notFound('Member');
  const rows = await db
    .selectFrom('memberPayments')
    .select(['id', 'memberId', 'year', 'amount', 'method', 'paidOn', 'createdAt'])
    .where('memberId', '=', memberId)
    .orderBy('paidOn', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toPayment);
}

/**
 * Records a dues payment. Under anniversary dues (decision 0098) it pays twelve months on from the
 * day paid through, or from the payment for a member dropped by then; under the calendar year,
 * see recordYearPayment.
 */
export async function recordPayment(db: DB, input: RecordPaymentInput, recordedBy: number | null): Promise<MemberPayment> {
  const clock = await duesClock(db);
  if (clock.cal.basis !== 'anniversary') {
    if (input.year === undefined) throw badRequest(YEAR);
    return recordYearPayment(db, { ...input, year: input.year }, recordedBy);
  }
  return inTransaction(db, async (trx) => {
    const m = await trx
      .selectFrom('members')
      .select(['paidThrough', 'paidThroughOn', 'membershipType', 'continuousYears'])
      .where('id', '=', input.memberId)
      .forUpdate()
      .executeTakeFirst();
    if (!m) throw notFound('Member');
    const before = paidThroughDate(m, clock.cal);
    const on = renewedThrough(before, input.paidOn, clock.cal);
    const year = Number(on.slice(0, 4));
    // Paid on before the drop date continues the run; a member dropped by then starts it again (decision 0098).
    const continued = before !== null && input.paidOn < duesDates(before, clock.cal).dropped;
    await trx
      .updateTable('members')
      .set({ paidThrough: year, paidThroughOn: on, continuousYears: continued ? (m.continuousYears ?? 0) + 1 : 1, updatedAt: new Date() })
      .where('id', '=', input.memberId)
      .execute();
    const row = await trx
      .insertInto('memberPayments')
      .values({ memberId: input.memberId, year, amount: input.amount, method: input.method, paidOn: input.paidOn, recordedBy })
      .returning(['id', 'memberId', 'year', 'amount', 'method', 'paidOn', 'createdAt'])
      .executeTakeFirstOrThrow();
    return { ...toPayment(row), paidThroughOn: on };
  });
}

/**
 * Records a dues payment and moves the member's paid-through year up to the year paid for (never
 * down: a late payment for an old year changes nothing), in one statement (decision 0065).
 */
async function recordYearPayment(db: DB, input: RecordPaymentInput & { year: number }, recordedBy: number | null): Promise<MemberPayment> {
  const row = await db
    .with('member', (qb) =>
      qb
        .updateTable('members')
        .set({
          paidThrough: sql<number>`greatest(coalesce(paid_through, ${input.year}), ${input.year})`,
          // The year after the one paid through continues the run; a gap starts it again (decision 0086).
          continuousYears: sql<
            number | null
          >`case when paid_through is null or ${input.year} > paid_through + 1 then 1 when ${input.year} = paid_through + 1 then coalesce(continuous_years, 0) + 1 else continuous_years end`,
          updatedAt: new Date(),
        })
        .where('id', '=', input.memberId)
        .returning('id'),
    )
    .insertInto('memberPayments')
    .columns(['memberId', 'year', 'amount', 'method', 'paidOn', 'recordedBy'])
    .expression((eb) =>
      eb
        .selectFrom('member')
        .select([
          'member.id',
          sql<number>`${input.year}::int`.as('year'),
          sql<string | null>`${input.amount}::numeric`.as('amount'),
          sql<string>`${input.method}`.as('method'),
          sql<string>`${input.paidOn}::date`.as('paidOn'),
          sql<number | null>`${recordedBy}::int`.as('recordedBy'),
        ]),
    )
    .returning(['id', 'memberId', 'year', 'amount', 'method', 'paidOn', 'createdAt'])
    .executeTakeFirst();
  if (!row) throw notFound('Member');
  return toPayment(row);
}
