import { inTransaction } from '../../lib/transaction.ts';
import { sql, type Selectable } from 'kysely';
import type { DB, MemberCommunicationsTable } from '@post/db';
import type { CreateCommunicationInput, MemberCommunication, UpdateCommunicationInput } from '@post/contracts/member-communications';
import { zonedDayBounds } from '@post/contracts/rules/event-time';
import { communicationMessages } from '@post/contracts/messages/member-communications';
import { formMessages } from '@post/contracts/messages/forms';
import { badRequest, notFound } from '../../errors.ts';
import { getSettings } from '../site-settings/site-settings.service.ts';
import { queueMemberNotices } from './notice-mail.ts';

type Row = Selectable<MemberCommunicationsTable>;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A stored communication on the wire. */
export function toCommunication(r: Row): MemberCommunication {
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    type: r.type as MemberCommunication['type'],
    authorId: r.authorId,
    priority: r.priority as MemberCommunication['priority'],
    targetAudience: r.targetAudience as MemberCommunication['targetAudience'],
    isPublished: r.isPublished,
    publishDate: iso(r.publishDate),
    expiryDate: iso(r.expiryDate),
    attachmentUrl: r.attachmentUrl,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function dayBounds(date: string, timeZone: string) {
  try {
    return zonedDayBounds(date, timeZone);
  } catch {
    throw badRequest(formMessages.invalidDate);
  }
}

/**
 * Publish and expiry instants. A bare date is a day in the post's time zone: published from its
 * start, expired at its end. Publishing without a date publishes now, so members see a date.
 */
async function windowOf(db: DB, input: CreateCommunicationInput) {
  const needsZone = [input.publishDate, input.expiryDate].some((d) => d && DATE_ONLY.test(d));
  const timeZone = needsZone ? (await getSettings(db)).timeZone : 'UTC';
  const publishDate = input.publishDate
    ? DATE_ONLY.test(input.publishDate)
      ? dayBounds(input.publishDate, timeZone).start
      : new Date(input.publishDate)
    : input.isPublished
      ? new Date()
      : null;
  const expiryDate = input.expiryDate ? (DATE_ONLY.test(input.expiryDate) ? dayBounds(input.expiryDate, timeZone).end : new Date(input.expiryDate)) : null;
  return { publishDate, expiryDate };
}

function values(input: CreateCommunicationInput) {
  return {
    title: input.title,
    content: input.content,
    type: input.type,
    priority: input.priority,
    targetAudience: input.targetAudience,
    isPublished: input.isPublished,
    attachmentUrl: input.attachmentUrl,
  };
}

/** Every communication, drafts included, newest first. */
export async function listCommunications(db: DB): Promise<MemberCommunication[]> {
  const rows = await db
    .selectFrom('memberCommunications')
    .selectAll()
    .orderBy(sql`coalesce(publish_date, created_at)`, 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toCommunication);
}

/** One communication, or 404. */
export async function communicationById(db: DB, id: number): Promise<MemberCommunication> {
  const row = await db.selectFrom('memberCommunications').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Communication');
  return toCommunication(row);
}

/** Creates a communication written by this administrator; with `sendEmail`, its e-mail is queued in the same transaction. */
export async function createCommunication(db: DB, input: CreateCommunicationInput, authorId: number, mailBaseUrl = ''): Promise<MemberCommunication> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('memberCommunications')
      .values({ ...values(input), ...(await windowOf(trx, input)), authorId })
      .returningAll()
      .executeTakeFirstOrThrow();
    return withNotices(trx, row, input, mailBaseUrl);
  });
}

/** Replaces a communication's fields (its author stays); 404 when missing. With `sendEmail`, members not yet mailed it are. */
export async function updateCommunication(db: DB, input: UpdateCommunicationInput, mailBaseUrl = ''): Promise<MemberCommunication> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('memberCommunications')
      .set({ ...values(input), ...(await windowOf(trx, input)), updatedAt: new Date() })
      .where('id', '=', input.id)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw notFound('Communication');
    return withNotices(trx, row, input, mailBaseUrl);
  });
}

async function withNotices(trx: DB, row: Row, input: CreateCommunicationInput, mailBaseUrl: string): Promise<MemberCommunication> {
  if (!input.sendEmail) return toCommunication(row);
  if (!row.isPublished) throw badRequest(communicationMessages.publishToEmail);
  return { ...toCommunication(row), emailedTo: await queueMemberNotices(trx, mailBaseUrl, row) };
}

/** Deletes a communication; 404 when missing. */
export async function deleteCommunication(db: DB, id: number): Promise<void> {
  const row = await db.deleteFrom('memberCommunications').where('id', '=', id).returning('id').executeTakeFirst();
  if (!row) throw notFound('Communication');
}
