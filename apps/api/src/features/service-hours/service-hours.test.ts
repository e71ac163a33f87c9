import { beforeAll, describe, expect, it } from 'vitest';
import { serviceHoursMessages } from '@post/contracts/messages/service-hours';
import { currentProgramYear } from '@post/contracts/rules/program-year';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { useTestApp, insertMember, patchSiteSettings } from '../../test-helpers.ts';

const t = useTestApp({ admin: true });

let categories: { id: number; name: string; reportable: boolean; position: number }[];
beforeAll(async () => {
  categories = (await t.admin.get('/api/admin/service-categories')).json();
});

const cat = (name: string) => categories.find((c) => c.name === name)!.id;

describe('categories', () => {
  it("start as the Consolidated Post Report's sections in its order, with the VFW's excluded kinds not reportable", () => {
    expect(categories.map((c) => c.name)).toEqual([
      'Community service',
      'Children & youth',
      'Veterans affairs & rehabilitation',
      // Apart from VA&R for the CPR's VA hospital hours (decision 0085).
      'VA hospital volunteering',
      'Americanism',
      'Funeral honors',
      'Blood donation',
      'Emergency aid',
      'Other',
      'Post fundraisers, canteen and meetings',
    ]);
    expect(categories.filter((c) => !c.reportable).map((c) => c.name)).toEqual(['Post fundraisers, canteen and meetings']);
  });

  it('are added and changed by administrators (a duplicate name is a 409)', async () => {
    const made = await t.admin.post('/api/admin/service-categories', { name: 'Canteen', position: 10, reportable: false });
    expect(made.statusCode).toBe(200);
    expect((await t.admin.post('/api/admin/service-categories', { name: 'canteen', position: 11, reportable: true })).statusCode).toBe(409);
    const changed = await t.admin.put(`/api/admin/service-categories/${made.json().id}`, { name: 'Canteen shifts', position: 10, reportable: false });
    expect(changed.json().name).toBe('Canteen shifts');
    expect((await t.admin.post('/api/admin/service-categories', { name: ' ', position: 1, reportable: true })).json().message).toBe(
      serviceHoursMessages.categoryNameRequired,
    );
  });
});

describe("an event's default category", () => {
  it('is set by staff, audited, and refused when unknown', async () => {
    const ev = await t.db
      .insertInto('events')
      .values({ title: 'Blood drive', description: 'x', location: 'Hall', startDate: new Date(), endDate: new Date(Date.now() + 3_600_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.admin.put(`/api/admin/events/${ev.id}/service-category`, { categoryId: cat('Blood donation') });
    expect(res.json()).toEqual({ id: ev.id, serviceCategoryId: cat('Blood donation') });
    expect((await t.admin.put(`/api/admin/events/${ev.id}/service-category`, { categoryId: 99999 })).statusCode).toBe(400);
    expect((await t.admin.put('/api/admin/events/99999/service-category', { categoryId: null })).statusCode).toBe(404);
    const audit = await t.db.selectFrom('auditLog').select('changes').where('entity', '=', 'event').where('entityId', '=', String(ev.id)).execute();
    expect(audit).toEqual([{ changes: { serviceCategoryId: { old: null, new: cat('Blood donation') } } }]);
  });
});

describe('the ledger', () => {
  it('adds service without an event for a member or a name, approved as an officer makes it', async () => {
    const m = await insertMember(t.db, { firstName: 'Vera', lastName: 'Driver' });
    const res = await t.admin.post('/api/admin/service-hours', {
      memberId: m.id,
      serviceDate: '2026-03-04',
      hours: 3.5,
      miles: 62,
      categoryId: cat('Veterans affairs & rehabilitation'),
      note: 'Drove a veteran to the VA hospital',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Vera Driver',
      memberId: m.id,
      hours: 3.5,
      miles: 62,
      approved: true,
      categoryName: 'Veterans affairs & rehabilitation',
    });
    const byName = await t.admin.post('/api/admin/service-hours', { name: 'Pat Public', serviceDate: '2026-03-05', hours: 1, categoryId: cat('Other') });
    expect(byName.json()).toMatchObject({ name: 'Pat Public', memberId: null, miles: 0 });
    const edited = await t.admin.put(`/api/admin/service-hours/${byName.json().id}`, {
      name: 'Pat Public',
      serviceDate: '2026-03-05',
      hours: 2,
      categoryId: cat('Americanism'),
      note: 'Flag retirement',
      reason: 'Two hours, not one',
    });
    expect(edited.json()).toMatchObject({ hours: 2, categoryName: 'Americanism', approved: true });
    const list = await t.admin.get('/api/admin/service-hours?q=pat');
    expect(list.json().items.map((e: { name: string }) => e.name)).toEqual(['Pat Public']);
    expect((await t.admin.delete(`/api/admin/service-hours/${byName.json().id}`)).statusCode).toBe(200);
    expect((await t.admin.delete(`/api/admin/service-hours/${byName.json().id}`)).statusCode).toBe(404);
    const audit = await t.db.selectFrom('auditLog').select('action').where('entity', '=', 'service-entry').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'create', 'update', 'delete']);
  });

  it('refuses bad input with a clear 400 and stores nothing', async () => {
    const before = await t.db
      .selectFrom('serviceEntries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const base = { name: 'Bad Input', serviceDate: '2026-03-05', hours: 1, categoryId: cat('Other') };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, hours: 0 }, serviceHoursMessages.hoursRange],
      [{ ...base, hours: 30 }, serviceHoursMessages.hoursRange],
      [{ ...base, miles: -1 }, serviceHoursMessages.milesRange],
      [{ ...base, name: '' }, serviceHoursMessages.whoRequired],
      [{ ...base, categoryId: 99999 }, serviceHoursMessages.categoryUnknown],
      [{ ...base, serviceDate: '2999-01-01' }, 'Date must be between 1900 and 2200'],
      [{ ...base, serviceDate: '2200-01-01' }, serviceHoursMessages.dateInFuture],
      [{ ...base, memberId: 99999 }, serviceHoursMessages.memberUnknown],
    ];
    for (const [body, message] of cases) {
      const res = await t.admin.post('/api/admin/service-hours', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (!message.startsWith('Date must')) expect(res.json().message).toBe(message);
    }
    const after = await t.db
      .selectFrom('serviceEntries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe("the ledger's photo as documentation", () => {
  it('is stored with its alt text (required with it), kept by an edit that does not name it, and removed with null', async () => {
    const image = await t.db
      .insertInto('images')
      .values({ hash: 'beefbeefbeefbeefbeef', width: 960, height: 640, widths: [480, 960], original: new Uint8Array([1, 2, 3]), originalType: 'image/jpeg' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = { name: 'Rita Ride', serviceDate: '2026-03-06', hours: 2, miles: 40, categoryId: cat('Veterans affairs & rehabilitation') };
    const count = async () => (await t.db.selectFrom('serviceEntries').select('id').where('name', '=', 'Rita Ride').execute()).length;

    const noAlt = await t.admin.post('/api/admin/service-hours', { ...base, imageId: image.id });
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().message).toMatch(/alt|describe/i);
    const blankAlt = await t.admin.post('/api/admin/service-hours', { ...base, imageId: image.id, imageAlt: '   ' });
    expect(blankAlt.statusCode).toBe(400);
    expect((await t.admin.post('/api/admin/service-hours', { ...base, imageId: 999999, imageAlt: 'Nothing' })).statusCode).toBe(400);
    expect(await count()).toBe(0);

    const made = await t.admin.post('/api/admin/service-hours', { ...base, imageId: image.id, imageAlt: 'Rita beside the van at the VA hospital' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      imageId: image.id,
      imageAlt: 'Rita beside the van at the VA hospital',
      image: expect.objectContaining({ id: image.id }),
    });
    const listed = (await t.admin.get('/api/admin/service-hours?q=rita')).json().items[0];
    expect(listed).toMatchObject({ imageId: image.id, imageAlt: 'Rita beside the van at the VA hospital' });

    const id = made.json().id;
    const kept = await t.admin.put(`/api/admin/service-hours/${id}`, { ...base, hours: 3, reason: 'Stayed longer' });
    expect(kept.json()).toMatchObject({ hours: 3, imageId: image.id, imageAlt: 'Rita beside the van at the VA hospital' });
    const removed = await t.admin.put(`/api/admin/service-hours/${id}`, { ...base, imageId: null, reason: 'Wrong photo' });
    expect(removed.json()).toMatchObject({ imageId: null, imageAlt: null, image: null });
    expect(await count()).toBe(1);
  });
});

describe("a member's own service", () => {
  it('is logged unapproved, counts once an officer approves it, and shows in My service', async () => {
    await patchSiteSettings(t.db, { timeZone: 'America/New_York' });
    const m = await insertMember(t.db, { membershipNumber: 'SVC-1', firstName: 'Mia', lastName: 'Member' });
    const member = t.agent();
    await member.loginMember('SVC-1');
    const today = utcToZoned(new Date(), 'America/New_York').date;
    const logged = await member.post('/api/member/service', {
      serviceDate: today,
      hours: 2,
      miles: 10,
      categoryId: cat('Community service'),
      note: 'Food bank',
    });
    expect(logged.statusCode).toBe(200);
    expect(logged.json()).toMatchObject({ approved: false, loggedByMember: true, memberId: m.id, name: 'Mia Member' });
    let mine = (await member.get('/api/member/service')).json();
    expect(mine.hours).toBe(0);
    expect(mine.items).toMatchObject([{ hours: 2, approved: false, category: 'Community service' }]);
    expect((await t.admin.get('/api/admin/service-hours?status=pending')).json().items.map((e: { id: number }) => e.id)).toEqual([logged.json().id]);
    // A member cannot approve; an officer can.
    expect((await member.post(`/api/admin/service-hours/${logged.json().id}/approve`)).statusCode).toBe(401);
    const approved = await t.admin.post(`/api/admin/service-hours/${logged.json().id}/approve`);
    expect(approved.json().approved).toBe(true);
    mine = (await member.get('/api/member/service')).json();
    expect(mine.hours).toBe(2);
    expect((await t.admin.get('/api/admin/service-hours?status=pending')).json().items).toEqual([]);
  });
});

describe('the home page total', () => {
  it('is null until the switch in Settings is on, then the reportable hours of this program year', async () => {
    expect((await t.agent().get('/api/service-hours/total')).json()).toBeNull();
    await patchSiteSettings(t.db, { showServiceTotal: true });
    t.app.clearPublicCache();
    const today = utcToZoned(new Date(), 'America/New_York').date;
    await t.admin.post('/api/admin/service-hours', {
      name: 'Canteen Helper',
      serviceDate: today,
      hours: 5,
      categoryId: cat('Post fundraisers, canteen and meetings'),
    });
    const counted = (await t.admin.get(`/api/admin/service-hours?status=approved&year=${currentProgramYear(new Date(), 6, 'America/New_York')}`))
      .json()
      .items.filter((e: { categoryName: string; serviceDate: string }) => e.categoryName !== 'Post fundraisers, canteen and meetings');
    const expected = counted.reduce((s: number, e: { hours: number }) => s + e.hours, 0);
    const total = (await t.agent().get('/api/service-hours/total')).json();
    expect(total.hours).toBe(expected);
  });
});
