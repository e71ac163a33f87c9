import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDb } from './testing.ts';
import { seedDemo } from './seed/index.ts';
import { BACKUP_TABLES, databaseTables, exportDatabase, importDatabase, jsonColumns } from './backup.ts';

const handles: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const h of handles) await h.close();
});

describe('backup and restore', () => {
  it('copies every table of the database (a new table missing from BACKUP_TABLES fails here, named), and every JSON column round-trips', async () => {
    const h = await createTestDb();
    handles.push(h);
    const tables = await databaseTables(h.db);
    const listed = [...BACKUP_TABLES].sort();
    expect({ missingFromBackup: tables.filter((t) => !listed.includes(t as never)), notInDatabase: listed.filter((t) => !tables.includes(t)) }).toEqual({
      missingFromBackup: [],
      notInDatabase: [],
    });
    // The JSON columns the restore turns back into JSON text are the database's own; each one
    // here, so that a column added later is seen in this list and in the round trip below.
    const json = await jsonColumns(h.db);
    expect(json).toEqual({
      auditLog: ['changes'],
      eventSeries: ['shifts'],
      events: ['counts'],
      mailOutbox: ['attachments', 'headers', 'params'],
      reportFilings: ['lines'],
      reportForms: ['excludedCategoryIds', 'lines'],
      serviceEntries: ['counts'],
      session: ['sess'],
      siteSettings: ['data'],
    });
    const backup = await exportDatabase(h.db);
    expect(Object.keys(backup.tables).sort()).toEqual(tables);
    await h.db
      .insertInto('session')
      .values({ sid: 's1', sess: JSON.stringify({ cookie: { a: [1, 2] } }), expire: '2030-01-01T00:00:00Z' })
      .execute();
    await h.db
      .insertInto('mailOutbox')
      .values({
        idempotencyKey: 'j:1',
        kind: 'k',
        toAddress: 'a@example.org',
        template: 'volunteer-removed',
        params: JSON.stringify([1, { b: 'c' }]),
        attachments: JSON.stringify([]),
        headers: JSON.stringify({ 'X-A': '1' }),
      })
      .execute();
    const changes = { tags: { old: ['a'], new: ['a', 'b'] } };
    await h.db
      .insertInto('auditLog')
      .values({ entity: 'news', action: 'update', changes: JSON.stringify(changes) })
      .execute();
    const target = await createTestDb();
    handles.push(target);
    await importDatabase(target.db, JSON.parse(JSON.stringify(await exportDatabase(h.db))));
    expect(await target.db.selectFrom('auditLog').select('changes').executeTakeFirstOrThrow()).toEqual({ changes });
    expect(await target.db.selectFrom('session').select('sess').executeTakeFirstOrThrow()).toEqual({ sess: { cookie: { a: [1, 2] } } });
    expect(await target.db.selectFrom('mailOutbox').select(['params', 'attachments', 'headers']).executeTakeFirstOrThrow()).toEqual({
      params: [1, { b: 'c' }],
      attachments: [],
      headers: { 'X-A': '1' },
    });
  });

  it('restores a backup into a new database and finds every record', async () => {
    const source = await createTestDb();
    handles.push(source);
    await seedDemo(source.db, { memberPassword: 'demo-password-1' });
    await source.db
      .insertInto('memberResourceFiles')
      .values({
        resourceId: (await source.db.selectFrom('memberResources').select('id').executeTakeFirstOrThrow()).id,
        fileName: 'a.pdf',
        mimeType: 'application/pdf',
        size: 4,
        data: new Uint8Array([37, 80, 68, 70]),
      })
      .execute();
    await source.db.insertInto('newsletterSubscribers').values({ email: 'reader@example.org' }).execute();
    // Outbox rows: one queued by template (params jsonb, no content yet: decision 0045), one rendered.
    await source.db
      .insertInto('mailOutbox')
      .values([
        {
          idempotencyKey: 'b:1',
          kind: 'test',
          toAddress: 'a@example.org',
          subject: 'S',
          template: 'volunteer-removed',
          params: JSON.stringify({ name: 'A', n: [1] }),
        },
        {
          idempotencyKey: 'b:2',
          kind: 'test',
          toAddress: 'b@example.org',
          subject: 'S',
          html: '<p>x</p>',
          textBody: 'x',
          headers: JSON.stringify({ 'X-A': '1' }),
        },
      ])
      .execute();
    // A photo: its files are bytea (every byte value, so base64 must carry them exactly), its widths an integer array.
    const every = new Uint8Array(512).map((_, i) => i % 256);
    const image = await source.db
      .insertInto('images')
      .values({ hash: 'ffffffffffffffffff01', width: 960, height: 640, widths: [480, 960], original: every, originalType: 'image/jpeg' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await source.db.insertInto('imageVariants').values({ imageId: image.id, width: 480, format: 'webp', data: every.slice().reverse() }).execute();
    await source.db
      .updateTable('news')
      .set({ imageId: image.id, imageAlt: 'A photo' })
      .where('id', '=', (await source.db.selectFrom('news').select('id').executeTakeFirstOrThrow()).id)
      .execute();
    const backup = JSON.parse(JSON.stringify(await exportDatabase(source.db)));

    const target = await createTestDb();
    handles.push(target);
    const counts = await importDatabase(target.db, backup);
    for (const table of BACKUP_TABLES) {
      const a = await source.db
        .selectFrom(table as any)
        .selectAll()
        .execute();
      const b = await target.db
        .selectFrom(table as any)
        .selectAll()
        .execute();
      expect(b.length, table).toBe(a.length);
      expect(counts[table]).toBe(a.length);
      const key = (r: any) => JSON.stringify(r, (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v));
      expect(b.map(key).sort(), table).toEqual(a.map(key).sort());
    }
    const restored = await target.db
      .selectFrom('imageVariants as v')
      .innerJoin('images as i', 'i.id', 'v.imageId')
      .select(['v.data', 'i.original', 'i.widths'])
      .where('i.hash', '=', 'ffffffffffffffffff01')
      .executeTakeFirstOrThrow();
    expect(Buffer.from(restored.data).equals(Buffer.from(every.slice().reverse()))).toBe(true);
    expect(Buffer.from(restored.original!).equals(Buffer.from(every))).toBe(true);
    expect(restored.widths).toEqual([480, 960]);
    expect(await target.db.selectFrom('news').select('imageAlt').where('imageId', '=', image.id).executeTakeFirst()).toEqual({ imageAlt: 'A photo' });
    // New rows get fresh ids after the restored ones.
    const ev = await target.db
      .insertInto('events')
      .values({ title: 't', description: 'd', location: 'l', startDate: '2030-01-01T10:00:00Z', endDate: '2030-01-01T11:00:00Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const maxBefore = Math.max(...(backup.tables.events as { id: number }[]).map((e) => e.id));
    expect(ev.id).toBeGreaterThan(maxBefore);
  });

  it("restores true volunteer counts: neither the backup's value plus the trigger, nor none from an older backup", async () => {
    const source = await createTestDb();
    handles.push(source);
    await seedDemo(source.db, { memberPassword: 'demo-password-1' });
    const counted = (db: typeof source.db) =>
      db
        .selectFrom('events as e')
        .select([
          'e.id',
          'e.volunteerCount',
          sql<number>`(select count(*)::int from volunteers v where v.event_id = e.id and v.status = 'confirmed')`.as('actual'),
        ])
        .orderBy('e.id')
        .execute();
    const expected = await counted(source.db);
    expect(expected.some((e) => e.actual > 0)).toBe(true);
    for (const e of expected) expect(e.volunteerCount).toBe(e.actual);
    const backup = JSON.parse(JSON.stringify(await exportDatabase(source.db)));
    expect(backup.tables.events.every((e: { volunteerCount?: number }) => typeof e.volunteerCount === 'number')).toBe(true);

    const target = await createTestDb();
    handles.push(target);
    await importDatabase(target.db, backup);
    expect(await counted(target.db)).toEqual(expected);

    // A backup made before the column existed.
    const older = {
      ...backup,
      migrations: ['0001_initial'],
      tables: { ...backup.tables, events: backup.tables.events.map(({ volunteerCount: _, ...e }: { volunteerCount: number }) => e) },
    };
    const target2 = await createTestDb();
    handles.push(target2);
    await importDatabase(target2.db, older);
    expect(await counted(target2.db)).toEqual(expected);
  });

  it('refuses to restore over existing content', async () => {
    const source = await createTestDb();
    handles.push(source);
    await seedDemo(source.db, { memberPassword: 'demo-password-1' });
    const backup = await exportDatabase(source.db);
    await expect(importDatabase(source.db, backup)).rejects.toThrow(/not empty/);
  });
});
