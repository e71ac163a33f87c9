import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { createTestDb } from '@post/db/testing';
import { ensureSiteSettings } from '@post/db/seed/index';
import { hashPassword, type DB } from '@post/db';
import { loadEnv, type Env } from './env.ts';
import { buildServer, type ServerDeps } from './server.ts';
import { upsertAdmin } from './features/admin-auth/admin-auth.service.ts';
import { SmtpSink } from './features/mail/smtp-sink.ts';
import type {} from './test-tmp-setup.ts'; // declares the provided `apiTestTmp`

/** A new empty folder inside this run's temporary folder (test-tmp-setup.ts removes it with the run). */
export function testTmpDir(prefix: string): string {
  return mkdtempSync(path.join(inject('apiTestTmp'), prefix));
}

/** The administrator every test app starts with. */
export const ADMIN = { username: 'adjutant', password: 'correct horse battery' } as const;

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A cookie-keeping client over app.inject, like one browser. */
export class Agent {
  readonly app: FastifyInstance;
  cookies = new Map<string, string>();
  constructor(app: FastifyInstance) {
    this.app = app;
  }
  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async request(method: Method, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method,
      url,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...headers,
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }
  post(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }
  put(url: string, body: unknown, headers?: Record<string, string>) {
    return this.request('PUT', url, body, headers);
  }
  patch(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('PATCH', url, body, headers);
  }
  delete(url: string, headers?: Record<string, string>) {
    return this.request('DELETE', url, undefined, headers);
  }
  /** Signs in as the test administrator. */
  async loginAdmin(username: string = ADMIN.username, password: string = ADMIN.password) {
    const res = await this.post('/api/login', { username, password });
    if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.statusCode} ${res.body}`);
    return res;
  }
  /** Signs in as a member. */
  async loginMember(membershipNumber: string, password = 'member-pass-123') {
    const res = await this.post('/api/member/login', { membershipNumber, password });
    if (res.statusCode !== 200) throw new Error(`member login failed: ${res.statusCode} ${res.body}`);
    return res;
  }
}
