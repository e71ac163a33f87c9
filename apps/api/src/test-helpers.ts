import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, inject } from 'vitest';
import { createTestDb } from '@post/db/testing';
import { ensureSiteSettings } from '@post/db/seed/index';
import { hashPassword, type DB } from '@post/db';
import { loadEnv, type Env } from './env.ts';
import { buildServer, type ServerDeps } from './server.ts';
import { upsertAdmin } from './features/admin-auth/admin-auth.service.ts';
import { SmtpSink } from './features/mail/smtp-sink.ts';
import type {} from './test-tmp-setup.ts'; // declares the provided `apiTestTmp`
import { ADMIN, Agent } from './test-agent.ts';

export { ADMIN, Agent } from './test-agent.ts';
export { createEventWithShifts, insertEventWithSignUps, person } from './test-events.ts';

/** A new empty folder inside this run's temporary folder (test-tmp-setup.ts removes it with the run). */
export function testTmpDir(prefix: string): string {
  return mkdtempSync(path.join(inject('apiTestTmp'), prefix));
}

/** A server on a fresh, migrated database with one administrator. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { publicCache?: boolean; db?: Awaited<ReturnType<typeof createTestDb>>; mail?: ServerDeps['mail'] } = {},
) {
  const handle = options.db ?? (await createTestDb());
  const dataDir = testTmpDir('data-');
  const env: Env = loadEnv({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-secret-that-is-long-enough-0123456789',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(tmpdir(), 'no-web-build'),
    // The cache listens for other nodes' writes on the test database itself.
    ...(options.publicCache && handle.url ? { DATABASE_URL: handle.url } : {}),
    ...overrides,
  });
  await ensureSiteSettings(handle.db);
  await upsertAdmin(handle.db, ADMIN.username, ADMIN.password);
  // The public cache is on, as in production, so every API test also checks that writes through
  // the API are seen at once. A test that writes to the database directly and then reads a URL
  // it read before calls `clearPublicCache()` (or turns the cache off).
  const app = await buildServer({ db: handle.db, env, logger: false, publicCache: options.publicCache ?? true, mail: options.mail });
  await app.ready();
  return {
    app,
    db: handle.db,
    engine: handle.engine,
    env,
    agent: () => new Agent(app),
    async close() {
      await app.close();
      if (!options.db) await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A test app whose mail goes to a real SMTP server started for the test (`smtp-sink.ts`),
 * sent at once (MAIL_RATE 1000) and tried again without waiting. Stop the sink after the app.
 */
export async function createMailTestApp(publicUrl = 'https://post.example.org') {
  const sink = new SmtpSink();
  await sink.start();
  const t = await createTestApp(
    { SMTP_URL: sink.url, MAIL_FROM: 'Post 123 <post@example.org>', MAIL_RATE: '1000', PUBLIC_URL: publicUrl },
    { mail: { backoffMs: () => 0 } },
  );
  return { t, sink };
}

/** What a test file asks of `useTestApp`; each part is ready before its first test. */
export interface TestAppOptions {
  /** Sign the test administrator in as `t.admin` (`t.adminId` is their id). */
  admin?: boolean;
  /** Insert a member with this membership number and sign them in as `t.member` (`t.memberRow` is the row). */
  member?: string;
  /** Mail goes to an SMTP server started for the file, `t.sink`, as `createMailTestApp`. */
  mail?: boolean;
  /** Environment overrides; with `mail`, its PUBLIC_URL only. */
  env?: Record<string, string>;
  /** Site settings merged in before the tests (`patchSiteSettings`). */
  settings?: Record<string, unknown>;
}

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The test app of a file, with what its options asked for. */
export type UsedTestApp<O extends TestAppOptions> = TestApp & {
  /** A client address not used before in this file, as a separate visitor's. */
  nextAddress(): string;
  /** A POST from a new client address (unless given), as separate visitors send: the per-address limits stay out of the way. */
  postAsVisitor(url: string, body: unknown, remoteAddress?: string): Promise<LightMyRequestResponse>;
} & (O extends { admin: true } ? { admin: Agent; adminId: number } : unknown) &
  (O extends { member: string } ? { member: Agent; memberRow: Awaited<ReturnType<typeof insertMember>> } : unknown) &
  (O extends { mail: true } ? { sink: SmtpSink } : unknown);

/**
 * The file's test app: started in `beforeAll`, closed in `afterAll` (vitest's own hooks, so a
 * file's own `beforeAll` after this call runs on the ready app; decision 0100). The fields of the
 * returned object are filled before the first test runs.
 */
export function useTestApp<const O extends TestAppOptions = Record<never, never>>(options: O = {} as O): UsedTestApp<O> {
  let visitors = 0;
  const nextAddress = () => {
    visitors++;
    return `10.${Math.floor(visitors / 62_500)}.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}`;
  };
  const used = {
    nextAddress,
    postAsVisitor: (url: string, body: unknown, remoteAddress = nextAddress()) =>
      used.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body), remoteAddress }),
  } as TestApp &
    Pick<UsedTestApp<O>, 'nextAddress' | 'postAsVisitor'> & { admin?: Agent; adminId?: number; member?: Agent; memberRow?: unknown; sink?: SmtpSink };
  beforeAll(async () => {
    if (options.mail) {
      const { t, sink } = await createMailTestApp(options.env?.PUBLIC_URL);
      Object.assign(used, t, { sink });
    } else {
      Object.assign(used, await createTestApp(options.env));
    }
    if (options.settings) await patchSiteSettings(used.db, options.settings);
    if (options.admin) {
      used.admin = used.agent();
      used.adminId = (await used.admin.loginAdmin()).json().userId;
    }
    if (options.member) {
      used.memberRow = await insertMember(used.db, { membershipNumber: options.member });
      used.member = used.agent();
      await used.member.loginMember(options.member);
    }
  });
  afterAll(async () => {
    await used.close?.();
    await used.sink?.stop();
  });
  return used as UsedTestApp<O>;
}

/** Merges fields into the site settings, straight in the database. */
export async function patchSiteSettings(db: DB, fields: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('siteSettings')
    .set({ data: sql<string>`data || ${JSON.stringify(fields)}::jsonb` })
    .where('id', '=', 1)
    .execute();
}

/**
 * An upcoming event with a volunteer's contacts and a scheduled news item: what only staff may
 * see, so a test can check that an answer does not widen for a caller who is not staff yet.
 */
export async function insertStaffOnlyRecords(db: DB): Promise<{ event: { id: number }; news: { id: number } }> {
  const event = await db
    .insertInto('events')
    .values({
      title: 'Fish fry',
      description: 'x',
      location: 'Hall',
      startDate: new Date(Date.now() + 864e5),
      endDate: new Date(Date.now() + 90e6),
      volunteerPositions: 5,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('volunteers').values({ eventId: event.id, name: 'Val', email: 'val@example.org', phone: '555-0100' }).execute();
  const news = await db
    .insertInto('news')
    .values({ title: 'Scheduled', content: 'Not yet', publishDate: new Date(Date.now() + 864e5) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { event, news };
}

/** The member fields a test needs, with defaults. */
export async function insertMember(
  db: DB,
  fields: Partial<{
    membershipNumber: string;
    email: string;
    firstName: string;
    lastName: string;
    password: string | null;
    isActive: boolean;
    hasOnlineAccess: boolean;
    postRole: string;
    membershipType: string;
    branchOfService: string;
    paidThrough: number | null;
    deceasedOn: string | null;
  }> = {},
) {
  const n = fields.membershipNumber ?? `M-${Math.floor(Math.random() * 1e9)}`;
  const password = fields.password === undefined ? 'member-pass-123' : fields.password;
  return db
    .insertInto('members')
    .values({
      membershipNumber: n,
      email: fields.email ?? `${n.toLowerCase()}@example.org`,
      firstName: fields.firstName ?? 'Pat',
      lastName: fields.lastName ?? 'Doe',
      loginPassword: password ? await hashPassword(password) : null,
      isActive: fields.isActive ?? true,
      hasOnlineAccess: fields.hasOnlineAccess ?? true,
      postRole: fields.postRole ?? 'none',
      membershipType: fields.membershipType ?? 'Annual Member',
      branchOfService: fields.branchOfService ?? 'Army',
      paidThrough: fields.paidThrough ?? null,
      deceasedOn: fields.deceasedOn ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
