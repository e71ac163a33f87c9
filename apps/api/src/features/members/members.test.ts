import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountMessages } from '@post/contracts/messages/account';
import { formMessages } from '@post/contracts/messages/forms';
import { memberMessages } from '@post/contracts/messages/members';
import type { Member } from '@post/contracts/members';
import { utcToZoned, zonedToUtc } from '@post/contracts/rules/event-time';
import { createTestApp, insertMember, type Agent } from '../../test-helpers.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.agent();
  await admin.loginAdmin();
});
afterAll(async () => t?.close());

let seq = 0;
function newMember(fields: Record<string, unknown> = {}) {
  seq += 1;
  return { firstName: 'Alex', lastName: `Tester${seq}`, email: `alex${seq}@example.org`, membershipNumber: `T-${seq}`, ...fields };
}

async function countMembers() {
  const r = await t.db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('member directory API', () => {
  it('adds a member with the spec defaults and never returns the password', async () => {
    const before = Date.now();
    const res = await admin.post('/api/members', newMember({ yearsOfService: 'abc', loginPassword: 'portal-pass-1' }));
    expect(res.statusCode).toBe(200);
    const m = res.json() as Member;
    expect(m).toMatchObject({
      membershipType: 'Annual Member',
      duesStatus: 'current',
      postRole: 'none',
      branchOfService: 'unspecified',
      yearsOfService: 0,
      isActive: true,
      hasOnlineAccess: false,
      hasPortalPassword: true,
    });
    // Today, as a day in the post's time zone (noon there).
    const today = utcToZoned(new Date(before), 'America/New_York').date;
    expect(m.memberSince).toBe(zonedToUtc(today, '12:00', 'America/New_York').toISOString());
    expect(res.body).not.toContain('loginPassword');
    expect(res.body).not.toContain('argon2');
    const stored = await t.db.selectFrom('members').select('loginPassword').where('id', '=', m.id).executeTakeFirstOrThrow();
    expect(stored.loginPassword).toMatch(/^\$argon2id\$/);
    const list = await admin.get('/api/members');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('argon2');
    expect(list.body).not.toContain('loginPassword');
  });

  it('parses years of service as an integer and keeps a given member-since date in the post time zone', async () => {
    const res = await admin.post('/api/members', newMember({ yearsOfService: '12', memberSince: '1998-06-15' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().yearsOfService).toBe(12);
    // Noon in America/New_York (the default zone) is 16:00 UTC in June.
    expect(res.json().memberSince).toBe('1998-06-15T16:00:00.000Z');
  });

  it("answers bad input with the spec's messages and stores nothing", async () => {
    const n = await countMembers();
    const res = await admin.post('/api/members', { firstName: '', lastName: '', email: 'nope', membershipNumber: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues.map((i: any) => i.message)).toEqual([
      formMessages.firstNameRequired,
      formMessages.lastNameRequired,
      formMessages.emailInvalid,
      memberMessages.membershipNumberRequired,
    ]);
    const short = await admin.post('/api/members', newMember({ loginPassword: 'short' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(accountMessages.passwordMin);
    expect(await countMembers()).toBe(n);
  });

  it('answers 409 saying which value is taken, ignoring case, and stores nothing', async () => {
    const first = (await admin.post('/api/members', newMember({ membershipNumber: 'DUP-1', email: 'dup@example.org' }))).json() as Member;
    const n = await countMembers();
    const sameNumber = await admin.post('/api/members', newMember({ membershipNumber: 'dup-1' }));
    expect(sameNumber.statusCode).toBe(409);
    expect(sameNumber.json()).toEqual({ message: memberMessages.membershipNumberTaken });
    const sameEmail = await admin.post('/api/members', newMember({ email: 'DUP@example.org' }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ message: memberMessages.emailTaken });
    expect(await countMembers()).toBe(n);

    const other = (await admin.post('/api/members', newMember())).json() as Member;
    const patch = await admin.patch(`/api/members/${other.id}`, { email: 'dup@example.org' });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().message).toBe(memberMessages.emailTaken);
    const unchanged = await t.db.selectFrom('members').select('email').where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(unchanged.email).toBe(other.email);
    // A member keeps their own number and e-mail when saved again.
    expect((await admin.patch(`/api/members/${first.id}`, { membershipNumber: 'DUP-1', email: 'dup@example.org' })).statusCode).toBe(200);
  });

  it('answers two simultaneous adds of the same number with one success and one 409 that says why', async () => {
    const body = newMember({ membershipNumber: 'RACE-1' });
    const [a, b] = await Promise.all([admin.post('/api/members', body), admin.post('/api/members', { ...body, email: 'race-other@example.org' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe(memberMessages.membershipNumberTaken);
  });

  it('maps the database unique constraints to the messages even past the check', async () => {
    const { mapUniqueViolation } = await import('./members.service.ts');
    await insertMember(t.db, { membershipNumber: 'RAW-1', email: 'raw@example.org' });
    const insert = (membershipNumber: string, email: string) =>
      t.db
        .insertInto('members')
        .values({ membershipNumber, email, firstName: 'A', lastName: 'B' })
        .execute()
        .then(
          () => undefined,
          (e) => e,
        );
    // Another letter case is the same number, in the database too.
    const numberErr = await insert('raw-1', 'raw-other@example.org');
    const emailErr = await insert('RAW-2', 'RAW@example.org');
    expect(numberErr?.code).toBe('23505');
    expect(emailErr?.code).toBe('23505');
    expect((mapUniqueViolation(numberErr) as Error).message).toBe(memberMessages.membershipNumberTaken);
    expect((mapUniqueViolation(emailErr) as Error).message).toBe(memberMessages.emailTaken);
  });

  it('changes only the named fields; a blank portal password keeps the old one', async () => {
    const m = (await admin.post('/api/members', newMember({ phone: '555-010-0100', loginPassword: 'first-password', hasOnlineAccess: true }))).json() as Member;
    const res = await admin.patch(`/api/members/${m.id}`, { city: 'Hometown', loginPassword: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Hometown', phone: '555-010-0100', firstName: m.firstName, hasPortalPassword: true });
    const a = t.agent();
    await a.loginMember(m.membershipNumber, 'first-password');
    // A new password from the administrator ends the member's sign-ins.
    expect((await admin.patch(`/api/members/${m.id}`, { loginPassword: 'second-password' })).statusCode).toBe(200);
    expect((await a.get('/api/member/auth/check')).statusCode).toBe(401);
    await t.agent().loginMember(m.membershipNumber, 'second-password');
  });

  it("ends a member's portal access at the next call when online access is turned off or they are deactivated", async () => {
    for (const change of [{ hasOnlineAccess: false }, { isActive: false }]) {
      const m = await insertMember(t.db);
      const a = t.agent();
      await a.loginMember(m.membershipNumber);
      expect((await a.get('/api/member/communications')).statusCode).toBe(200);
      expect((await admin.patch(`/api/members/${m.id}`, change)).statusCode).toBe(200);
      expect((await a.get('/api/member/communications')).statusCode).toBe(401);
      expect((await a.get('/api/member/resources')).statusCode).toBe(401);
      const sessions = await t.db.selectFrom('memberSessions').select('id').where('memberId', '=', m.id).execute();
      expect(sessions).toHaveLength(0);
      expect((await t.agent().post('/api/member/login', { membershipNumber: m.membershipNumber, password: 'member-pass-123' })).statusCode).toBe(401);
    }
  });

  it('deletes a member, and answers 404 for one that does not exist', async () => {
    const m = (await admin.post('/api/members', newMember())).json() as Member;
    expect((await admin.delete(`/api/members/${m.id}`)).statusCode).toBe(200);
    expect((await admin.delete(`/api/members/${m.id}`)).statusCode).toBe(404);
    expect((await admin.patch(`/api/members/${m.id}`, { city: 'X' })).statusCode).toBe(404);
  });

  it('searches and filters the directory in the database', async () => {
    await admin.post(
      '/api/members',
      newMember({ firstName: 'Zelda', lastName: 'Quintero', membershipNumber: 'Q-777', email: 'zq@example.org', postRole: 'Chaplain', paidThrough: 2001 }),
    );
    await admin.post(
      '/api/members',
      newMember({ firstName: 'Zeke', lastName: 'Quill', membershipNumber: 'Q-778', email: 'zeke@example.org', isActive: false, paidThrough: 2002 }),
    );
    const names = async (qs: string) => ((await admin.get(`/api/members${qs}`)).json() as Member[]).map((m) => m.firstName).sort();
    expect(await names('?q=quint')).toEqual(['Zelda']);
    expect(await names('?q=zelda%20quin')).toEqual(['Zelda']);
    expect(await names('?q=q-77')).toEqual(['Zeke', 'Zelda']);
    expect(await names('?q=ZEKE%40example')).toEqual(['Zeke']);
    expect(await names('?q=q-77&status=inactive')).toEqual(['Zeke']);
    expect(await names('?q=q-77&status=active')).toEqual(['Zelda']);
    expect(await names('?q=q-77&postRole=any')).toEqual(['Zelda']);
    expect(await names('?q=q-77&postRole=none')).toEqual(['Zeke']);
    expect(await names('?q=q-77&postRole=Chaplain')).toEqual(['Zelda']);
    expect(await names('?duesStatus=dropped&q=z')).toEqual(['Zeke', 'Zelda']);
    expect(await names('?duesStatus=current&q=q-77')).toEqual([]);
    // LIKE wildcards in the search are plain characters.
    expect(await names('?q=%25')).toEqual([]);
    const all = await admin.get('/api/members');
    expect((all.json() as Member[]).length).toBe(await countMembers());
    const bad = await admin.get('/api/members?status=maybe');
    expect(bad.statusCode).toBe(400);
  });
});

describe('member CSV export and import', () => {
  const tricky = [
    {
      firstName: 'José',
      lastName: "O'Brien, Jr.",
      email: 'jose@example.org',
      membershipNumber: 'C-1',
      phone: '+1 555 010 0199',
      address: '=HYPERLINK("http://evil.example","x")',
      city: 'Hometown',
      state: 'USA',
      zipCode: '00000',
      membershipType: 'Life Member',
      branchOfService: 'Marines',
      yearsOfService: 22,
      deployments: 'Iraq 2004, "OIF II"\nAfghanistan 2010',
      memberSince: '1999-03-04',
      postRole: 'Post Commander',
      isActive: true,
      hasOnlineAccess: true,
    },
    {
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.org',
      membershipNumber: '-C-2',
      address: '@SUM(1)',
      membershipType: 'Associate Member',
      paidThrough: 2020,
      isActive: false,
    },
    { firstName: 'Bo', lastName: 'Diaz', email: 'bo@example.org', membershipNumber: 'C-3' },
  ];

  it('exports the directory as CSV that a spreadsheet will not run, without passwords, and imports it back unchanged', async () => {
    for (const m of tricky) expect((await admin.post('/api/members', { ...m, loginPassword: 'a-secret-password' })).statusCode).toBe(200);
    const res = await admin.get('/api/admin/members.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(res.body).toContain("'@SUM(1)");
    expect(res.body).toContain("'-C-2");
    expect(res.body).toContain("'+1 555 010 0199");
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('a-secret-password');

    // Round trip into an empty directory.
    const t2 = await createTestApp();
    try {
      const b = t2.agent();
      await b.loginAdmin();
      const total = await countMembers();
      const imp = await b.post('/api/admin/members/import', { csv: res.body });
      expect(imp.statusCode).toBe(200);
      expect(imp.json()).toEqual({ imported: total, updated: 0, unchanged: 0, rejected: [], dryRun: false });
      const strip = (list: Member[]) =>
        list
          // "Member since" is a day (members written straight to the database carry a time too).
          .map(({ id: _i, createdAt: _c, updatedAt: _u, hasPortalPassword: _p, memberSince, ...rest }) => ({
            ...rest,
            memberSince: utcToZoned(memberSince, 'America/New_York').date,
          }))
          .sort((x, y) => x.membershipNumber.localeCompare(y.membershipNumber));
      const source = strip((await admin.get('/api/members')).json());
      const copy = strip((await b.get('/api/members')).json());
      expect(copy).toEqual(source);
      expect(copy.find((m) => m.membershipNumber === 'C-1')).toMatchObject({
        memberSince: '1999-03-04',
        deployments: tricky[0]!.deployments,
        address: tricky[0]!.address,
        phone: tricky[0]!.phone,
      });
      // Importing the same file again changes nothing: every row is a member already, unchanged (issue 23 #8).
      const again = await b.post('/api/admin/members/import', { csv: res.body });
      expect(again.json()).toEqual({ imported: 0, updated: 0, unchanged: total, rejected: [], dryRun: false });
      expect(strip((await b.get('/api/members')).json())).toEqual(source);
      // An edited export updates the members by membership number; the preview stores nothing.
      const edited = res.body.replace('jose@example.org', 'jose.new@example.org');
      const preview = await b.post('/api/admin/members/import', { csv: edited, dryRun: true });
      expect(preview.json()).toEqual({ imported: 0, updated: 1, unchanged: total - 1, rejected: [], dryRun: true });
      expect(strip((await b.get('/api/members')).json())).toEqual(source);
      const applied = await b.post('/api/admin/members/import', { csv: edited });
      expect(applied.json()).toMatchObject({ imported: 0, updated: 1, unchanged: total - 1, dryRun: false });
      expect((await b.get('/api/members')).json().find((m: Member) => m.membershipNumber === 'C-1')).toMatchObject({
        email: 'jose.new@example.org',
        memberSince: expect.stringMatching(/^1999-03-0[34]/),
      });
    } finally {
      await t2.close();
    }
  });

  it('imports the good rows in one go and stores none of the bad ones, reporting each', async () => {
    await insertMember(t.db, { membershipNumber: 'EXIST-1', email: 'exists@example.org' });
    const before = await countMembers();
    const csv = [
      'Membership Number,First Name,Last Name,Email,Branch of Service,Active Member,Years of Service,Member Since',
      'IMP-1,Good,One,good1@example.org,army,yes,5,2001-02-03', // row 2: good
      'IMP-2,Bad,Email,not-an-email,,,,', // row 3
      'IMP-3,,NoFirst,nofirst@example.org,,,,', // row 4
      'IMP-1,Dup,Number,dup-number@example.org,,,,', // row 5: same number as row 2
      'IMP-4,Dup,Email,GOOD1@example.org,,,,', // row 6: same e-mail as row 2
      'EXIST-1,Taken,Number,taken@example.org,,,,', // row 7
      'IMP-5,Taken,Email,exists@example.org,,,,', // row 8
      'IMP-6,Bad,Flag,flag@example.org,,maybe,,', // row 9
      'IMP-7,Bad,Branch,branch@example.org,Cavalry,,,', // row 10
      'IMP-8,Bad,Date,date@example.org,,,,someday', // row 11
      'IMP-9,Good,Two,good2@example.org,Not specified,no,x,', // row 12: good (years invalid -> 0)
    ].join('\n');
    const res = await admin.post('/api/admin/members/import', { csv });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.imported).toBe(2);
    // Row 7 names a member already in the directory: it updates them (issue 23 #8).
    expect(body.updated).toBe(1);
    expect(body.rejected.map((r: any) => r.row)).toEqual([3, 4, 5, 6, 8, 9, 10, 11]);
    const reasons = Object.fromEntries(body.rejected.map((r: any) => [r.row, r.reason]));
    expect(reasons[3]).toBe(`Email: ${formMessages.emailInvalid}`);
    expect(reasons[4]).toBe(`First Name: ${formMessages.firstNameRequired}`);
    expect(reasons[5]).toBe(memberMessages.importDuplicateNumber(2));
    expect(reasons[6]).toBe(memberMessages.importDuplicateEmail(2));
    expect(reasons[8]).toBe(memberMessages.emailTaken);
    expect(reasons[9]).toContain('Active Member');
    expect(reasons[10]).toContain('Branch of Service');
    expect(reasons[11]).toContain('Member Since');
    expect(await countMembers()).toBe(before + 2);
    const stored = await t.db.selectFrom('members').selectAll().where('membershipNumber', 'like', 'IMP-%').orderBy('membershipNumber').execute();
    expect(stored.map((m) => m.membershipNumber)).toEqual(['IMP-1', 'IMP-9']);
    expect(stored[0]).toMatchObject({ branchOfService: 'Army', isActive: true, yearsOfService: 5, loginPassword: null });
    expect(stored[1]).toMatchObject({ branchOfService: 'unspecified', isActive: false, yearsOfService: 0 });
    // The update took the file's names and e-mail; blank cells kept the rest.
    const updatedRow = await t.db.selectFrom('members').selectAll().where('membershipNumber', '=', 'EXIST-1').executeTakeFirstOrThrow();
    expect(updatedRow).toMatchObject({ firstName: 'Taken', lastName: 'Number', email: 'taken@example.org' });
  });

  it('refuses a file it cannot read, with a clear message, storing nothing', async () => {
    const before = await countMembers();
    const cases: [string, string][] = [
      ['membershipNumber,firstName,lastName,email\n', memberMessages.importNoRows],
      ['membershipNumber,firstName,email\nX-1,A,a@example.org\n', memberMessages.importMissingColumns(['Last Name'])],
      ['membershipNumber,firstName,lastName,email,shoeSize\nX-1,A,B,a@example.org,9\n', memberMessages.importUnknownColumns(['shoeSize'])],
    ];
    for (const [csv, message] of cases) {
      const res = await admin.post('/api/admin/members/import', { csv });
      expect(res.statusCode, csv).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const broken = await admin.post('/api/admin/members/import', { csv: 'membershipNumber,firstName,lastName,email\n"X-1,A,B,a@example.org\n' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The file could not be read as CSV/);
    expect((await admin.post('/api/admin/members/import', { csv: '' })).statusCode).toBe(400);
    expect(await countMembers()).toBe(before);
  });
});

describe('who may call the member directory', () => {
  it('refuses every directory call without an administrator session (none, or a member session)', async () => {
    const m = await insertMember(t.db);
    const member = t.agent();
    await member.loginMember(m.membershipNumber);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/members'],
      ['POST', '/api/members', newMember()],
      ['PATCH', `/api/members/${m.id}`, { city: 'X' }],
      ['DELETE', `/api/members/${m.id}`],
      ['POST', '/api/admin/members/import', { csv: 'membershipNumber,firstName,lastName,email\nZ-1,A,B,z@example.org' }],
      ['GET', '/api/admin/members.csv'],
    ];
    const before = await countMembers();
    for (const agent of [t.agent(), member]) {
      for (const [method, url, body] of calls) {
        const res = await agent.request(method as any, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.body).not.toContain(m.email);
      }
    }
    expect(await countMembers()).toBe(before);
    expect((await t.db.selectFrom('members').select('city').where('id', '=', m.id).executeTakeFirstOrThrow()).city).toBeNull();
  });
});
