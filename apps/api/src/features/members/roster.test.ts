import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RosterColumns, RosterImportResult } from '@post/contracts/roster-import';
import { utcToZoned } from '@post/contracts/rules/event-time';
import { createTestApp, insertMember, type Agent } from '../../test-helpers.ts';
import { rosterYear } from './roster.ts';

// The national roster import (issue 45 #5, decision 0065): a mapping chosen once and remembered,
// years or dates read as years, matched updates, unmatched rows listed, lower years never applied.
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Agent;
const year = Number(utcToZoned(new Date(), 'America/New_York').date.slice(0, 4));

beforeAll(async () => {
  t = await createTestApp();
  admin = t.agent();
  await admin.loginAdmin();
});
afterAll(async () => t?.close());

const COLUMNS = '/api/admin/members/roster/columns';
const IMPORT = '/api/admin/members/roster/import';
const paidThrough = async (id: number) => (await t.db.selectFrom('members').select('paidThrough').where('id', '=', id).executeTakeFirstOrThrow()).paidThrough;

describe('reading a paid-through year', () => {
  it('takes a year, or the year of a date written as 12/31/2027 or 2027-12-31, and says why anything else is not one', () => {
    const latest = 2031;
    expect(rosterYear('2027', latest)).toEqual({ ok: true, year: 2027 });
    expect(rosterYear(' 12/31/2027 ', latest)).toEqual({ ok: true, year: 2027 });
    expect(rosterYear('1/5/2026', latest)).toEqual({ ok: true, year: 2026 });
    expect(rosterYear('2027-12-31', latest)).toEqual({ ok: true, year: 2027 });
    expect(rosterYear('2027-12-31T00:00:00', latest)).toEqual({ ok: true, year: 2027 });
    expect(rosterYear('12/31/2027 0:00', latest)).toEqual({ ok: true, year: 2027 });
    expect(rosterYear('', latest)).toEqual({ ok: false, reason: 'No paid-through year in this row.' });
    for (const bad of ['next year', '13/01/2027', '2/30/2027', '27', '12/31/27', '2027-13-01']) {
      const r = rosterYear(bad, latest);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.reason).toContain('is not a year: use a year such as 2027, or a date such as 12/31/2027 or 2027-12-31');
    }
    expect(rosterYear('2040', latest)).toEqual({ ok: false, reason: '2040 is not a plausible paid-through year (1900 to 2031).' });
  });
});

describe('importing a national roster', () => {
  it('previews changes, no-change, lower, unmatched and bad rows without storing anything, then applies only the raises, audited, and remembers the mapping', async () => {
    const raise = await insertMember(t.db, { membershipNumber: 'NR-100', firstName: 'Ray', lastName: 'Ise', paidThrough: year - 1 });
    const none = await insertMember(t.db, { membershipNumber: 'nr-101', firstName: 'No', lastName: 'Year', paidThrough: null });
    const same = await insertMember(t.db, { membershipNumber: 'NR-102', paidThrough: year });
    const lower = await insertMember(t.db, { membershipNumber: 'NR-103', firstName: 'Low', lastName: 'Er', paidThrough: year + 1 });
    const bad = await insertMember(t.db, { membershipNumber: 'NR-104', paidThrough: year - 1 });
    const life = await insertMember(t.db, { membershipNumber: 'NR-105', membershipType: 'Life Member', paidThrough: null });
    const csv = [
      '"Mbr Ident","Given","Family","Dues Yr","Post"',
      `" nr-100 ",Ray,Ise,12/31/${year},123`,
      `NR-101,No,Year,${year + 1}-12-31,123`,
      `NR-102,Sam,Same,${year},123`,
      `NR-103,Low,Er,${year - 1},123`,
      'NR-104,Bad,Year,someday,123',
      `NR-105,Life,Long,${year},123`,
      `NR-999,Nobody,Here,${year},123`,
      `NR-100,Ray,Again,${year},123`,
      `,No,Number,${year},123`,
    ].join('\n');

    // No mapping yet, and these headers are nobody's guess.
    const cols = (await admin.post(COLUMNS, { csv })).json() as RosterColumns;
    expect(cols).toEqual({
      headers: ['Mbr Ident', 'Given', 'Family', 'Dues Yr', 'Post'],
      sample: ['nr-100', 'Ray', 'Ise', `12/31/${year}`, '123'],
      rows: 9,
      numberColumn: null,
      paidThroughColumn: null,
      remembered: false,
      nameColumns: ['Given', 'Family'],
    });

    const auditBefore = (
      await t.db
        .selectFrom('auditLog')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    const preview = await admin.post(IMPORT, { csv, numberColumn: 'mbr ident', paidThroughColumn: 'Dues Yr', dryRun: true });
    expect(preview.statusCode).toBe(200);
    const p = preview.json() as RosterImportResult;
    expect(p.dryRun).toBe(true);
    expect(p.updated).toEqual([
      { row: 2, memberId: raise.id, membershipNumber: 'NR-100', name: 'Ray Ise', from: year - 1, to: year, inactive: false },
      { row: 3, memberId: none.id, membershipNumber: 'nr-101', name: 'No Year', from: null, to: year + 1, inactive: false },
    ]);
    expect(p.unchanged.map((u) => [u.row, u.memberId, u.note])).toEqual([
      [4, same.id, null],
      [7, life.id, 'Life Member: never due, so no year is kept.'],
    ]);
    expect(p.lower).toEqual([{ row: 5, memberId: lower.id, membershipNumber: 'NR-103', name: 'Low Er', from: year + 1, to: year - 1, inactive: false }]);
    expect(p.unmatched).toEqual([{ row: 8, membershipNumber: 'NR-999', name: 'Nobody Here', year: String(year) }]);
    expect(p.rejected).toEqual([
      { row: 6, membershipNumber: 'NR-104', name: 'Bad Year', reason: expect.stringContaining('"someday" is not a year') },
      { row: 9, membershipNumber: 'NR-100', name: 'Ray Again', reason: 'The same membership number is already on row 2 of this file.' },
      { row: 10, membershipNumber: '', name: 'No Number', reason: 'No membership number in this row.' },
    ]);
    // Nothing stored from a preview: no year, no mapping, no audit entry.
    expect(await paidThrough(raise.id)).toBe(year - 1);
    expect(await t.db.selectFrom('rosterMappings').selectAll().execute()).toEqual([]);
    const auditAfterPreview = (
      await t.db
        .selectFrom('auditLog')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(Number(auditAfterPreview)).toBe(Number(auditBefore));

    const applied = (await admin.post(IMPORT, { csv, numberColumn: 'mbr ident', paidThroughColumn: 'Dues Yr' })).json() as RosterImportResult;
    expect(applied.dryRun).toBe(false);
    expect(applied.updated.map((u) => u.memberId)).toEqual([raise.id, none.id]);
    expect(await paidThrough(raise.id)).toBe(year);
    expect(await paidThrough(none.id)).toBe(year + 1);
    expect(await paidThrough(same.id)).toBe(year);
    expect(await paidThrough(lower.id)).toBe(year + 1);
    expect(await paidThrough(bad.id)).toBe(year - 1);
    expect(await paidThrough(life.id)).toBe(null);

    // Each change is audited like a member update, with one entry for the import's counts.
    const entries = await t.db.selectFrom('auditLog').selectAll().where('entity', '=', 'member').orderBy('id').execute();
    expect(entries.filter((e) => e.action === 'update').map((e) => [e.entityId, e.changes])).toEqual([
      [String(raise.id), { paidThrough: { old: year - 1, new: year } }],
      [String(none.id), { paidThrough: { old: null, new: year + 1 } }],
    ]);
    expect(entries.find((e) => e.action === 'import')?.changes).toMatchObject({
      nationalRoster: { new: 'Mbr Ident / Dues Yr' },
      updated: { new: 2 },
      notLowered: { new: 1 },
      unmatched: { new: 1 },
      rejected: { new: 3 },
    });

    // The mapping is remembered and pre-selected next time, in the file's own spelling.
    const next = (await admin.post(COLUMNS, { csv: `mbr ident,dues yr,Name\nNR-100,${year},Ray Ise` })).json() as RosterColumns;
    expect(next).toMatchObject({ numberColumn: 'mbr ident', paidThroughColumn: 'dues yr', remembered: true, nameColumns: ['Name'] });
    // A file without those headers gets a guess instead (myLegion's), not the remembered mapping.
    const myLegion = (await admin.post(COLUMNS, { csv: `"Member ID","First Name","Last Name","Paid Thru"\nNR-100,Ray,Ise,${year}` })).json();
    expect(myLegion).toMatchObject({ numberColumn: 'Member ID', paidThroughColumn: 'Paid Thru', remembered: false, nameColumns: ['First Name', 'Last Name'] });

    // Applying the same file again changes nothing more.
    const again = (await admin.post(IMPORT, { csv, numberColumn: 'Mbr Ident', paidThroughColumn: 'Dues Yr' })).json() as RosterImportResult;
    expect(again.updated).toEqual([]);
    expect(again.unchanged.length).toBe(4);
    expect(await t.db.selectFrom('rosterMappings').select(['numberColumn', 'paidThroughColumn']).execute()).toEqual([
      { numberColumn: 'Mbr Ident', paidThroughColumn: 'Dues Yr' },
    ]);
  });

  it('refuses a bad file or mapping with 400 and a clear message, changing nothing', async () => {
    const m = await insertMember(t.db, { membershipNumber: 'NR-200', paidThrough: year - 1 });
    const good = `Number,Year\nNR-200,${year}`;
    const cases: [unknown, string][] = [
      [{ csv: '', numberColumn: 'Number', paidThroughColumn: 'Year' }, 'The file is empty.'],
      [{ csv: 'Number,Year\n', numberColumn: 'Number', paidThroughColumn: 'Year' }, 'The file has no rows below its header row.'],
      [{ csv: 'just some text\nmore text', numberColumn: 'Number', paidThroughColumn: 'Year' }, 'The file has no header row naming its columns.'],
      [{ csv: 'Number,Year\n"NR-200,2027\n', numberColumn: 'Number', paidThroughColumn: 'Year' }, 'The file could not be read as CSV'],
      [{ csv: good, numberColumn: 'Member ID', paidThroughColumn: 'Year' }, 'The file has no column named "Member ID". Choose one of its own columns.'],
      [{ csv: good, numberColumn: 'Number', paidThroughColumn: 'number' }, 'Choose different columns for the membership number and the paid-through year.'],
      [{ csv: good, numberColumn: '', paidThroughColumn: 'Year' }, 'Choose the column that holds the membership number.'],
      [{ csv: `Number,Year,year\nNR-200,${year},${year}`, numberColumn: 'Number', paidThroughColumn: 'Year' }, 'The file names these columns twice: Year.'],
    ];
    for (const [body, message] of cases) {
      const res = await admin.post(IMPORT, body);
      expect(res.statusCode, message).toBe(400);
      const answer = res.json() as { message: string; issues?: { message: string }[] };
      expect([answer.message, ...(answer.issues ?? []).map((i) => i.message)].join(' '), message).toContain(message);
    }
    const cols = await admin.post(COLUMNS, { csv: '\uFEFF"only"\n' });
    expect(cols.statusCode).toBe(400);
    expect(await paidThrough(m.id)).toBe(year - 1);
    expect((await t.db.selectFrom('rosterMappings').select('numberColumn').execute()).map((r) => r.numberColumn)).not.toContain('Number');
  });

  it('lists renewed members marked inactive, and makes active again only those the adjutant names in reactivate, audited (decision 0095)', async () => {
    const back = await insertMember(t.db, { membershipNumber: 'NR-300', firstName: 'Bea', lastName: 'Back', paidThrough: year - 2, isActive: false });
    const away = await insertMember(t.db, { membershipNumber: 'NR-301', firstName: 'Al', lastName: 'Away', paidThrough: year - 2, isActive: false });
    const csv = `Number,Year\nNR-300,${year + 1}\nNR-301,${year + 1}`;
    const preview = (await admin.post(IMPORT, { csv, numberColumn: 'Number', paidThroughColumn: 'Year', dryRun: true })).json() as RosterImportResult;
    expect(preview.updated.map((u) => [u.memberId, u.inactive])).toEqual([
      [back.id, true],
      [away.id, true],
    ]);
    const res = await admin.post(IMPORT, { csv, numberColumn: 'Number', paidThroughColumn: 'Year', reactivate: [back.id] });
    expect(res.statusCode).toBe(200);
    const active = async (id: number) => (await t.db.selectFrom('members').select('isActive').where('id', '=', id).executeTakeFirstOrThrow()).isActive;
    expect(await active(back.id)).toBe(true);
    expect(await active(away.id)).toBe(false);
    expect(await paidThrough(away.id)).toBe(year + 1);
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['entityId', 'changes'])
      .where('entity', '=', 'member')
      .where('entityId', 'in', [String(back.id), String(away.id)])
      .execute();
    const changes = new Map(audit.map((a) => [Number(a.entityId), JSON.stringify(a.changes)]));
    expect(changes.get(back.id)).toContain('isActive');
    expect(changes.get(away.id)).not.toContain('isActive');
  });

  it('is for administrators only', async () => {
    const anonymous = t.agent();
    const csv = `Number,Year\nNR-1,${year}`;
    expect((await anonymous.post(IMPORT, { csv, numberColumn: 'Number', paidThroughColumn: 'Year' })).statusCode).toBe(401);
    expect((await anonymous.post(COLUMNS, { csv })).statusCode).toBe(401);
  });
});
