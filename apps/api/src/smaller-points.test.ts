import { monitorEventLoopDelay } from 'node:perf_hooks';
import { hashPassword } from '@post/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberMessages } from '@post/contracts/messages/members';
import { useTestApp, insertMember, type Agent } from './test-helpers.ts';
import { safeFileName } from './features/member-resources/member-resources.routes.ts';
import { MAX_CSV_COLUMNS } from './features/members/csv-bounds.ts';

// Issue 56 item 7: imports with absurdly wide files, bidirectional controls in file names, and
// what an editor may learn of members (decision 0081).
const t = useTestApp({ admin: true });

let editor: Agent;
beforeAll(async () => {
  await t.db
    .insertInto('users')
    .values({ username: 'door-editor', password: await hashPassword('editor-pass-123'), role: 'editor', email: 'door@example.org' })
    .execute();
  editor = t.agent();
  await editor.loginAdmin('door-editor', 'editor-pass-123');
});

describe('smaller points of the review', () => {
  it('refuses a roster or member file of 150,000 headers with a clear 400, without holding the server', async () => {
    const csv = `${Array.from({ length: 150_000 }, () => 'a').join(',')}\nx\n`;
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const columns = await t.admin.post('/api/admin/members/roster/columns', { csv });
    const members = await t.admin.post('/api/admin/members/import', { csv, dryRun: true });
    lag.disable();
    expect([columns.statusCode, columns.json().message]).toEqual([400, memberMessages.importTooManyColumns(MAX_CSV_COLUMNS)]);
    expect([members.statusCode, members.json().message]).toEqual([400, memberMessages.importTooManyColumns(MAX_CSV_COLUMNS)]);
    expect(lag.max / 1e6).toBeLessThan(100);
  });

  it('removes bidirectional control characters from an uploaded file name', () => {
    expect(safeFileName('invoice\u202Efdp.exe', 'application/pdf', 1)).toBe('invoicefdp.exe.pdf');
    expect(safeFileName('a\u2066b\u2069c\u200F\u061C.pdf', 'application/pdf', 1)).toBe('abc.pdf');
  });

  it("lets an editor neither test an e-mail through the walk-in form nor list the members' names", async () => {
    await insertMember(t.db, { membershipNumber: 'WK-1', firstName: 'Mo', lastName: 'Member', email: 'mo.member@example.org' });
    const start = new Date(Date.now() - 3_600_000);
    const event = await t.db
      .insertInto('events')
      .values({ title: 'Coffee hour', description: 'x', location: 'Hall', startDate: start, endDate: new Date(start.getTime() + 3 * 3_600_000) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const byEditor = await editor.post(`/api/admin/events/${event.id}/walk-ins`, { name: 'Mo Member', email: 'mo.member@example.org' });
    expect(byEditor.statusCode).toBe(200);
    expect(byEditor.json().attendee.memberId).toBeNull();
    const list = (await editor.get(`/api/admin/events/${event.id}/attendance`)).json();
    expect(list.people.map((p: { memberId: number | null }) => p.memberId)).toEqual([null]);
    // The record is linked all the same, and an administrator sees it.
    const forAdmin = (await t.admin.get(`/api/admin/events/${event.id}/attendance`)).json();
    expect(forAdmin.people[0].memberId).toEqual(expect.any(Number));
    expect((await editor.get('/api/admin/service-hours/members')).statusCode).toBe(403);
    expect((await t.admin.get('/api/admin/service-hours/members')).statusCode).toBe(200);
  });
});
