import { sql, type Transaction } from 'kysely';
import type { Database, DB } from '@post/db';
import type { CommunityEngagement, CreateEngagementInput, UpdateEngagementInput } from '@post/contracts/community-engagements';
import { notFound } from '../../errors.ts';
import { imageChanges, imageColumns, pictureError, withImages } from '../images/images.service.ts';
import { inTransaction } from '../../lib/transaction.ts';

const columns = ['id', 'title', 'description', 'date', 'imageUrl', 'tags', 'active', 'createdAt', 'updatedAt', 'imageId', 'imageAlt'] as const;

interface EngagementRow {
  id: number;
  title: string;
  description: string;
  date: Date | string;
  imageUrl: string | null;
  tags: string[];
  active: boolean;
  createdAt: Date | string;
  updatedAt: Date | string;
  imageId: number | null;
  imageAlt: string | null;
}

function toEngagement(r: EngagementRow): CommunityEngagement {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    date: new Date(r.date).toISOString(),
    imageUrl: r.imageUrl,
    tags: r.tags ?? [],
    active: r.active,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
    imageId: r.imageId,
    imageAlt: r.imageAlt,
    image: null,
  };
}

/**
 * Serializes every change of which highlight is active: two activations at once queue here
 * instead of one failing on the partial unique index. SHARE ROW EXCLUSIVE conflicts with
 * itself and with plain writes, and not with reads.
 */
async function lockActive(trx: Transaction<Database>): Promise<void> {
  await sql`lock table community_engagements in share row exclusive mode`.execute(trx);
}

async function deactivateOthers(trx: Transaction<Database>, keepId: number | null): Promise<void> {
  let q = trx
    .updateTable('communityEngagements')
    .set({ active: false, updatedAt: sql<Date>`now()` })
    .where('active', '=', true);
  if (keepId !== null) q = q.where('id', '<>', keepId);
  await q.execute();
}

/** The active highlight; 404 when none. */
export async function activeEngagement(db: DB): Promise<CommunityEngagement> {
  const row = await db.selectFrom('communityEngagements').select(columns).where('active', '=', true).executeTakeFirst();
  if (!row) throw notFound('Community engagement');
  return (await withImages(db, [toEngagement(row)]))[0]!;
}

/** Every highlight: the active one first, then by date, newest first. */
export async function listEngagements(db: DB): Promise<CommunityEngagement[]> {
  const rows = await db.selectFrom('communityEngagements').select(columns).orderBy('active', 'desc').orderBy('date', 'desc').orderBy('id', 'desc').execute();
  return withImages(db, rows.map(toEngagement));
}

/** One highlight; 404 when missing. */
export async function engagementById(db: DB, id: number): Promise<CommunityEngagement> {
  const row = await db.selectFrom('communityEngagements').select(columns).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Community engagement');
  return (await withImages(db, [toEngagement(row)]))[0]!;
}

/** Creates a highlight (date defaults to now); saving it as active deactivates the others in the same transaction. */
export async function createEngagement(db: DB, input: CreateEngagementInput): Promise<CommunityEngagement> {
  const saved = await inTransaction(db, async (trx) => {
    if (input.active) {
      await lockActive(trx);
      await deactivateOthers(trx, null);
    }
    const row = await trx
      .insertInto('communityEngagements')
      .values({
        title: input.title,
        description: input.description,
        date: input.date ? new Date(input.date) : new Date(),
        imageUrl: input.imageUrl,
        tags: input.tags,
        active: input.active,
        ...imageColumns(input),
      })
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toEngagement(row);
  }).catch((err) => {
    throw pictureError(err);
  });
  return (await withImages(db, [saved]))[0]!;
}

/** Replaces a highlight (its date kept when none is given); saving it as active deactivates the others. 404 when missing. */
export async function updateEngagement(db: DB, input: UpdateEngagementInput): Promise<CommunityEngagement> {
  const saved = await inTransaction(db, async (trx) => {
    if (input.active) {
      await lockActive(trx);
      await deactivateOthers(trx, input.id);
    }
    const row = await trx
      .updateTable('communityEngagements')
      .set({
        title: input.title,
        description: input.description,
        ...(input.date ? { date: new Date(input.date) } : {}),
        imageUrl: input.imageUrl,
        tags: input.tags,
        active: input.active,
        ...imageChanges(input),
        updatedAt: sql<Date>`now()`,
      })
      .where('id', '=', input.id)
      .returning(columns)
      .executeTakeFirst();
    // Throwing rolls back the deactivation above: a missing id changes nothing.
    if (!row) throw notFound('Community engagement');
    return toEngagement(row);
  }).catch((err) => {
    throw pictureError(err);
  });
  return (await withImages(db, [saved]))[0]!;
}

/** Deletes a highlight; 404 when missing. */
export async function deleteEngagement(db: DB, id: number): Promise<void> {
  const row = await db.deleteFrom('communityEngagements').where('id', '=', id).returning('id').executeTakeFirst();
  if (!row) throw notFound('Community engagement');
}

/** Makes one highlight the only active one, in one transaction; 404 when missing. */
export async function activateEngagement(db: DB, id: number): Promise<CommunityEngagement> {
  return inTransaction(db, async (trx) => {
    await lockActive(trx);
    const exists = await trx.selectFrom('communityEngagements').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw notFound('Community engagement');
    await deactivateOthers(trx, id);
    const row = await trx
      .updateTable('communityEngagements')
      .set({ active: true, updatedAt: sql<Date>`now()` })
      .where('id', '=', id)
      .returning(columns)
      .executeTakeFirstOrThrow();
    return toEngagement(row);
  }).then(async (e) => (await withImages(db, [e]))[0]!);
}
