import { beforeAll, describe, expect, it } from 'vitest';
import { serviceHoursMessages } from '@post/contracts/messages/service-hours';
import { useTestApp, insertMember, patchSiteSettings } from '../../test-helpers.ts';

// Ledger edits ask for a reason and the audit shows instants in the post's time zone (issue 60, decision 0094).
const t = useTestApp({ admin: true });

let categoryId: number;
beforeAll(async () => {
  categoryId = (await t.admin.get('/api/admin/service-categories')).json()[0].id;
});

const auditOf = (id: number) =>
  t.db.selectFrom('auditLog').select(['action', 'changes']).where('entity', '=', 'service-entry').where('entityId', '=', String(id)).orderBy('id').execute();

describe('a ledger edit', () => {
  it('without a reason is a 400 naming the field, and nothing is stored or logged', async () => {
    const made = await t.admin.post('/api/admin/service-hours', { name: 'Pat Public', serviceDate: '2026-03-05', hours: 1, categoryId });
    const id = made.json().id;
    const body = { name: 'Pat Public', serviceDate: '2026-03-05', hours: 6, categoryId };
    for (const reason of [undefined, '', '   ']) {
      const res = await t.admin.put(`/api/admin/service-hours/${id}`, { ...body, reason });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0]).toMatchObject({ path: ['reason'], message: serviceHoursMessages.reasonRequired });
    }
    expect((await t.admin.get(`/api/admin/service-hours/${id}`)).json().hours).toBe(1);
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['create']);
  });

  it('keeps the reason with the old and new values in the audit log', async () => {
    const made = await t.admin.post('/api/admin/service-hours', { name: 'Ron Rider', serviceDate: '2026-03-06', hours: 2, miles: 10, categoryId });
    const id = made.json().id;
    const res = await t.admin.put(`/api/admin/service-hours/${id}`, {
      name: 'Ron Rider',
      serviceDate: '2026-03-06',
      hours: 3.5,
      miles: 10,
      categoryId,
      reason: 'Stayed to load the truck',
    });
    expect(res.statusCode, res.body).toBe(200);
    const update = (await auditOf(id)).find((a) => a.action === 'update')!;
    expect(update.changes).toEqual({ hours: { old: 2, new: 3.5 }, reason: { old: null, new: 'Stayed to load the truck' } });
  });
});

describe("the audit's values", () => {
  it("show an instant in the post's time zone, on the page's CSV as on the page", async () => {
    await patchSiteSettings(t.db, { timeZone: 'America/Chicago' });
    await insertMember(t.db, { membershipNumber: 'LE-1', firstName: 'Lee', lastName: 'Edits' });
    const member = t.agent();
    await member.loginMember('LE-1');
    const logged = await member.post('/api/member/service', { serviceDate: '2026-03-02', hours: 2, miles: 0, categoryId, note: 'Food bank' });
    expect(logged.statusCode, logged.body).toBe(200);
    const id = logged.json().id;
    const approved = (await t.admin.post(`/api/admin/service-hours/${id}/approve`)).json();
    const approveEntry = (await auditOf(id)).find((a) => a.action === 'approve')!;
    expect(approveEntry.changes?.approvedAt).toEqual({ old: null, new: approved.approvedAt });
    const expected = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
      timeZone: 'America/Chicago',
    }).format(new Date(approved.approvedAt));
    expect(expected).toMatch(/C[SD]T$/);
    const csv = (await t.admin.get('/api/admin/audit.csv?entity=service-entry')).body;
    expect(csv).toContain(`approvedAt: ${expected}`);
    expect(csv).not.toContain(`approvedAt: ${approved.approvedAt}`);
  });
});
