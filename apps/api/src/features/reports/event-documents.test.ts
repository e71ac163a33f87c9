import { beforeAll, describe, expect, it } from 'vitest';
import { eventDocumentMessages } from '@post/contracts/event-documents';
import { useTestApp } from '../../test-helpers.ts';

// An event's documentation for the report forms: photos or receipts with a description (issue 60, decision 0094).
const t = useTestApp({ admin: true });

let eventId: number;
let imageId: number;
beforeAll(async () => {
  eventId = (
    await t.db
      .insertInto('events')
      .values({ title: 'Food pantry', description: 'x', location: 'Hall', startDate: new Date(), endDate: new Date(Date.now() + 3_600_000) })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  imageId = (
    await t.db
      .insertInto('images')
      .values({ hash: 'feedfeedfeedfeedfeed', width: 960, height: 640, widths: [480, 960], original: new Uint8Array([1, 2, 3]), originalType: 'image/jpeg' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});

const stored = async () => (await t.db.selectFrom('eventDocuments').select('id').execute()).length;

describe("an event's documentation", () => {
  it('is added with its description, listed with its photo, audited and removed', async () => {
    expect((await t.admin.get(`/api/admin/events/${eventId}/documents`)).json()).toEqual([]);
    const added = await t.admin.post(`/api/admin/events/${eventId}/documents`, { imageId, description: '  Receipt: 40 lb of food for the pantry ' });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      eventId,
      description: 'Receipt: 40 lb of food for the pantry',
      image: { id: imageId, width: 960, urls: { jpeg: [{ width: 480, url: '/images/feedfeedfeedfeedfeed-480.jpg' }, expect.anything()] } },
    });
    const list = (await t.admin.get(`/api/admin/events/${eventId}/documents`)).json();
    expect(list.map((d: { id: number }) => d.id)).toEqual([added.json().id]);
    const removed = await t.admin.delete(`/api/admin/event-documents/${added.json().id}`);
    expect(removed.statusCode).toBe(200);
    expect((await t.admin.delete(`/api/admin/event-documents/${added.json().id}`)).statusCode).toBe(404);
    expect(await stored()).toBe(0);
    const audit = await t.db.selectFrom('auditLog').select(['action', 'changes']).where('entity', '=', 'event-document').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
    expect(audit[0]!.changes?.description).toEqual({ old: null, new: 'Receipt: 40 lb of food for the pantry' });
  });

  it('refuses a missing description, an unknown photo or event with a 400 or 404 naming the field, storing nothing', async () => {
    for (const description of [undefined, '', '   ']) {
      const res = await t.admin.post(`/api/admin/events/${eventId}/documents`, { imageId, description });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0]).toMatchObject({ path: ['description'], message: eventDocumentMessages.descriptionRequired });
    }
    const noImage = await t.admin.post(`/api/admin/events/${eventId}/documents`, { imageId: 999999, description: 'Receipt' });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().issues[0]).toMatchObject({ path: ['imageId'], message: eventDocumentMessages.imageUnknown });
    expect((await t.admin.post('/api/admin/events/999999/documents', { imageId, description: 'Receipt' })).statusCode).toBe(404);
    expect((await t.admin.get('/api/admin/events/999999/documents')).statusCode).toBe(404);
    expect(await stored()).toBe(0);
  });

  it('goes with its event when the event is deleted', async () => {
    const ev = await t.db
      .insertInto('events')
      .values({ title: 'Flag retirement', description: 'x', location: 'Park', startDate: new Date(), endDate: new Date(Date.now() + 3_600_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await t.admin.post(`/api/admin/events/${ev.id}/documents`, { imageId, description: 'The ceremony' })).statusCode).toBe(200);
    await t.db.deleteFrom('events').where('id', '=', ev.id).execute();
    expect(await stored()).toBe(0);
  });
});
