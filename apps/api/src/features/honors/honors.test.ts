import { describe, expect, it } from 'vitest';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { honorsMessages } from '@post/contracts/messages/honors';
import { useTestApp, insertMember } from '../../test-helpers.ts';
import { answerToken } from './call-out.ts';

// Funeral honors (issue 62, decision 0088): a request through to done, the call-out to qualified
// members only, the one-tap answer, the CPR figures, and the requester's privacy on public routes.

const t = useTestApp({ admin: true, mail: true });

const HOUR = 60 * 60 * 1000;
const at = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const post = t.postAsVisitor;
const request = (over: Record<string, unknown> = {}) => ({
  deceasedName: 'Harold Q. Veteran',
  branch: 'Navy',
  serviceAt: at(30),
  location: 'Riverside Cemetery, Section 4',
  requesterName: 'Secret Requester Name',
  requesterPhone: '(555) 867-5309',
  requesterEmail: 'private.family@example.net',
  notes: 'Private family note',
  ...over,
});
// The CPR's figures of this program year (June-May), in which the first test's detail takes place: the honors count and the cost to the post.
const cpr = async () => {
  const today = utcToZoned(new Date(), 'America/New_York').date;
  const year = Number(today.slice(5, 7)) >= 6 ? Number(today.slice(0, 4)) : Number(today.slice(0, 4)) - 1;
  const res = await t.admin.get(`/api/admin/reports/service?year=${year}&form=legion-cpr`);
  expect(res.statusCode, res.body).toBe(200);
  const line = (key: string) => res.json().lines.find((l: { key: string }) => l.key === key).value;
  return { count: line('funeral-honors'), dollarsCost: line('community-cost') };
};
const counts = async () => ({
  requests: (await t.db.selectFrom('honorsRequests').select('id').execute()).length,
  mail: (await t.db.selectFrom('mailOutbox').select('id').execute()).length,
});
const withRoles = async (email: string, roles: string[], extra: Parameters<typeof insertMember>[1] = {}) => {
  const m = await insertMember(t.db, { email, firstName: email.split('@')[0], ...extra });
  await t.db.updateTable('members').set({ honorGuardRoles: roles }).where('id', '=', m.id).execute();
  return m;
};
const outboxTo = async (kind: string) =>
  (await t.db.selectFrom('mailOutbox').select(['toAddress', 'textBody']).where('kind', '=', kind).orderBy('id').execute()).map((r) => r.toAddress);

describe('funeral honors', () => {
  it('bad input is a 400 naming the field, and nothing is stored or sent', async () => {
    const before = await counts();
    const past = await post('/api/honors-requests', request({ serviceAt: at(-2) }));
    expect(past.statusCode).toBe(400);
    expect(past.json().issues).toEqual([expect.objectContaining({ path: ['serviceAt'], message: honorsMessages.serviceAtPast })]);
    const noPhone = await post('/api/honors-requests', request({ requesterPhone: '' }));
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().issues).toEqual([expect.objectContaining({ path: ['requesterPhone'], message: honorsMessages.requesterPhoneRequired })]);
    const role = await t.admin.post('/api/members', {
      firstName: 'A',
      lastName: 'B',
      email: 'ab@example.org',
      membershipNumber: 'R-1',
      honorGuardRoles: ['rifle', 'juggler'],
    });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toBe(honorsMessages.unknownRole(['juggler']));
    expect(await t.db.selectFrom('members').select('id').where('membershipNumber', '=', 'R-1').execute()).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('a request goes from the public form through accept, call-out and answers to done, with its CPR figures', async () => {
    // Members set through the API carry their roles.
    const created = await t.admin.post('/api/members', {
      firstName: 'Lea',
      lastName: 'Leader',
      email: 'leader@example.org',
      membershipNumber: 'L-1',
      honorGuardRoles: ['leader', 'rifle'],
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().honorGuardRoles).toEqual(['leader', 'rifle']);
    const rifle = await withRoles('rifle@example.org', ['rifle']);
    const bugler = await withRoles('bugler@example.org', ['bugler']);
    await withRoles('inactive@example.org', ['rifle'], { isActive: false });
    await withRoles('deceased@example.org', ['rifle'], { deceasedOn: '2025-01-01' });
    await insertMember(t.db, { email: 'nobody@example.org' });
    const patched = await t.admin.patch(`/api/members/${bugler.id}`, { honorGuardRoles: ['bugler', 'flag'] });
    expect(patched.json().honorGuardRoles).toEqual(['bugler', 'flag']);

    const res = await post('/api/honors-requests', request());
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    // The detail leaders hear of it; no one else does.
    expect(await outboxTo('honors-request')).toEqual(['leader@example.org']);
    const notice = (await t.db.selectFrom('mailOutbox').select('textBody').where('kind', '=', 'honors-request').executeTakeFirstOrThrow()).textBody!;
    expect(notice).toContain('Harold Q. Veteran');
    expect(notice).not.toContain('Secret Requester Name');
    // The dashboard's new requests.
    expect((await t.admin.get('/api/admin/honors-requests?open=true')).json()).toEqual([expect.objectContaining({ id, state: 'new', eventId: null })]);
    // Call-out needs a detail first.
    expect((await t.admin.post(`/api/admin/honors-requests/${id}/call-out`)).statusCode).toBe(400);

    const accepted = await t.admin.post(`/api/admin/honors-requests/${id}/accept`, {});
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { eventId } = accepted.json();
    expect((await t.admin.get('/api/admin/honors-requests')).json()).toEqual([expect.objectContaining({ id, state: 'accepted', eventId })]);
    expect((await t.admin.get('/api/admin/honors-requests?open=true')).json()).toEqual([]);
    const ev = (await t.admin.get(`/api/events/${eventId}`)).json();
    expect(ev.type).toBe('honors');
    expect(ev.shifts.map((s: { role: string; capacity: number }) => [s.role, s.capacity])).toEqual([
      ['Detail leader', 1],
      ['Rifle', 7],
      ['Flag', 2],
      ['Bugler', 1],
      ['Chaplain', 1],
    ]);
    const category = await t.db
      .selectFrom('events as e')
      .innerJoin('serviceCategories as c', 'c.id', 'e.serviceCategoryId')
      .select('c.name')
      .where('e.id', '=', eventId)
      .executeTakeFirst();
    expect(category?.name).toBe('Funeral honors');
    expect((await t.admin.post(`/api/admin/honors-requests/${id}/accept`, {})).statusCode).toBe(409);

    // The call-out: only active, living members qualified for an open role, one link per role they can fill.
    const called = await t.admin.post(`/api/admin/honors-requests/${id}/call-out`);
    expect(called.json()).toEqual({ queued: 3 });
    expect((await outboxTo('honors-call-out')).sort()).toEqual(['bugler@example.org', 'leader@example.org', 'rifle@example.org']);
    const buglerMail = (
      await t.db
        .selectFrom('mailOutbox')
        .select('textBody')
        .where('kind', '=', 'honors-call-out')
        .where('toAddress', '=', 'bugler@example.org')
        .executeTakeFirstOrThrow()
    ).textBody!;
    expect(buglerMail).toContain('I can serve as Bugler');
    expect(buglerMail).toContain('I can serve as Flag');
    expect(buglerMail).not.toContain('I can serve as Rifle');
    expect(buglerMail).not.toContain('(555) 867-5309');

    // The one-tap answer: the preview changes nothing; the answer takes the role.
    const shifts = ev.shifts as { id: number; role: string }[];
    const rifleShift = shifts.find((s) => s.role === 'Rifle')!;
    const buglerShift = shifts.find((s) => s.role === 'Bugler')!;
    const token = answerToken(t.env.mail.linkSecret, rifle.id, rifleShift.id);
    expect(buglerMail).toContain(`/honors/answer?token=${answerToken(t.env.mail.linkSecret, bugler.id, buglerShift.id)}`);
    expect((await t.agent().get(`/api/honors-answers?token=${token}`)).json()).toMatchObject({ label: 'Rifle', answered: 'no', needed: 7 });
    const answered = await post('/api/honors-answers', { token });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toEqual({ status: 'confirmed' });
    // A member cannot take a role they are not qualified for, even with a link signed for them.
    const forged = await post('/api/honors-answers', { token: answerToken(t.env.mail.linkSecret, rifle.id, buglerShift.id) });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(honorsMessages.notQualified);
    // Nor through the public sign-up.
    const pub = await post('/api/volunteers', { name: 'Walk Up', email: 'walk@example.org', eventId, shiftId: buglerShift.id });
    expect(pub.statusCode).toBe(403);
    // The portal: a signed-in member answers there too.
    const member = t.agent();
    await member.loginMember(bugler.membershipNumber);
    const portal = (await member.get('/api/member/honors')).json();
    expect(portal[0]).toMatchObject({ eventId, qualified: true });
    expect((await member.post('/api/member/honors/answer', { shiftId: buglerShift.id })).json()).toEqual({ status: 'confirmed' });
    expect((await member.post('/api/member/honors/answer', { shiftId: rifleShift.id })).statusCode).toBe(403);

    // The detail page: who answered, who is still needed, and the call list for the rest.
    const detail = (await t.admin.get(`/api/admin/honors-requests/${id}`)).json();
    const byRole = Object.fromEntries(detail.roles.map((r: { role: string }) => [r.role, r]));
    expect(byRole.rifle).toMatchObject({ needed: 6, filled: [{ name: 'rifle Doe' }] });
    expect(byRole.bugler).toMatchObject({ needed: 0, filled: [{ name: 'bugler Doe' }] });
    expect(detail.callList.map((c: { name: string }) => c.name)).toEqual(['Lea Leader']);
    expect(detail.requesterPhone).toBe('(555) 867-5309');

    // Check-in at the door works for the detail's members once the service has begun (marks stay near their event, decision 0081).
    await t.db
      .updateTable('events')
      .set({ startDate: new Date(Date.now() - HOUR), endDate: new Date(Date.now() + HOUR) })
      .where('id', '=', eventId)
      .execute();
    const signUp = await t.db.selectFrom('volunteers').select('id').where('email', '=', 'rifle@example.org').executeTakeFirstOrThrow();
    expect((await t.admin.post(`/api/admin/volunteers/${signUp.id}/check-in`, {})).statusCode).toBe(200);

    // Done: the count and the cost go to the figures of the period.
    const badDone = await t.admin.post(`/api/admin/honors-requests/${id}/done`, { provided: true, dollarsCost: -5 });
    expect(badDone.statusCode).toBe(400);
    expect(badDone.json().issues[0].path).toEqual(['dollarsCost']);
    const done = await t.admin.post(`/api/admin/honors-requests/${id}/done`, { provided: true, dollarsCost: 42.5 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ state: 'done', provided: true, dollarsCost: 42.5 });
    expect(await cpr()).toEqual({ count: 1, dollarsCost: 43 });
    // Answers close with the detail.
    expect((await post('/api/honors-answers', { token })).statusCode).toBe(400);
  });

  it('a detail not provided counts nothing', async () => {
    const { id } = (await post('/api/honors-requests', request({ deceasedName: 'Second Vet' }))).json();
    await t.admin.post(`/api/admin/honors-requests/${id}/accept`, {});
    await t.admin.post(`/api/admin/honors-requests/${id}/done`, { provided: false });
    expect(await cpr()).toEqual({ count: 1, dollarsCost: 43 });
  });

  it('keeps the requester private on every public route, and the detail off the calendar unless listed', async () => {
    const unlisted = (await post('/api/honors-requests', request({ deceasedName: 'Unlisted Vet' }))).json();
    const { eventId: hidden } = (await t.admin.post(`/api/admin/honors-requests/${unlisted.id}/accept`, {})).json();
    const listedReq = (await post('/api/honors-requests', request({ deceasedName: 'Listed Vet' }))).json();
    const { eventId: shown } = (await t.admin.post(`/api/admin/honors-requests/${listedReq.id}/accept`, { listPublicly: true })).json();
    const anon = t.agent();
    const routes = [
      '/api/events',
      '/api/events/upcoming',
      `/api/events/${shown}`,
      `/api/events/${shown}.ics`,
      '/api/events.ics',
      '/sitemap.xml',
      '/rss.xml',
      `/api/volunteers?eventId=${shown}`,
    ];
    for (const url of routes) {
      const r = await anon.get(url);
      expect(r.statusCode, url).toBe(200);
      for (const secret of ['Secret Requester Name', '867-5309', 'private.family@example.net', 'Private family note', 'Listed Vet', 'Unlisted Vet'])
        expect(r.body, `${url} ${secret}`).not.toContain(secret);
    }
    // The listed detail shows as "Funeral honors"; the unlisted one nowhere.
    expect((await anon.get('/api/events')).json().map((e: { id: number; title: string }) => [e.id, e.title])).toContainEqual([shown, 'Funeral honors']);
    expect((await anon.get('/api/events.ics')).body).not.toContain(`event-${hidden}@`);
    expect((await anon.get('/api/events')).json().map((e: { id: number }) => e.id)).not.toContain(hidden);
    expect((await anon.get('/api/events/upcoming')).json().map((e: { id: number }) => e.id)).not.toContain(hidden);
    for (const url of [`/api/events/${hidden}`, `/api/events/${hidden}.ics`, `/api/volunteers?eventId=${hidden}`])
      expect((await anon.get(url)).statusCode, url).toBe(404);
    // Staff see both, and the requester.
    expect((await t.admin.get(`/api/events/${hidden}`)).statusCode).toBe(200);
    expect((await t.admin.get(`/api/admin/honors-requests/${unlisted.id}`)).json().requesterName).toBe('Secret Requester Name');
    // The requests list is staff-only.
    expect((await anon.get('/api/admin/honors-requests')).statusCode).toBe(401);
  });
});
