import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'kysely';
import { BACKUP_TABLES } from '@post/db/backup';
import { appRouter } from './router.ts';
import { createTestApp, insertMember, type Agent } from './test-helpers.ts';

// Hostile input against every procedure of the router, through the REST paths: generated
// invalid payloads and a corpus of injection strings. Never a 5xx, and an invalid payload
// never changes stored data.

/** Strings that have broken other sites: SQL, script, template, path, encoding tricks. */
export const INJECTION_CORPUS = [
  "' OR '1'='1",
  "'; DROP TABLE members; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  "admin'--",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\uD800',
  'a'.repeat(70_000),
  '=cmd|/C calc!A0',
  '{"$gt": ""}',
  'NaN',
  '-1',
  '1e309',
];

interface Proc {
  name: string;
  method: string;
  path: string;
  access: 'admin' | 'member' | 'public';
  input: any;
}

function procedures(): Proc[] {
  const record = (appRouter as any)._def.procedures as Record<string, any>;
  return Object.entries(record)
    .map(([name, p]) => ({
      name,
      method: p._def.meta?.openapi?.method as string,
      path: p._def.meta?.openapi?.path as string,
      access: (p._def.meta?.openapi?.protect ? (String(p._def.meta.openapi.path).startsWith('/member/') ? 'member' : 'admin') : 'public') as Proc['access'],
      input: p._def.inputs?.[0],
    }))
    .filter((p) => p.path && !/logout|login/.test(p.name));
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Agent;
let member: Agent;

beforeAll(async () => {
  t = await createTestApp();
  const m = await insertMember(t.db);
  admin = t.agent();
  member = t.agent();
  await admin.loginAdmin();
  await member.loginMember(m.membershipNumber);
});
afterAll(async () => t?.close());

async function fingerprint(): Promise<string> {
  const parts: string[] = [];
  for (const table of BACKUP_TABLES) {
    if (table === 'session' || table === 'rateLimits' || table === 'memberSessions') continue;
    const snake = table.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    const r = await sql<{ f: string }>`select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as f from ${sql.table(snake)} x`.execute(t.db);
    parts.push(`${table}=${r.rows[0]!.f}`);
  }
  return parts.join(';');
}

function keysOf(schema: any): string[] {
  const shape = schema?.shape ?? schema?._def?.in?.shape ?? schema?._def?.schema?.shape;
  return shape ? Object.keys(shape) : [];
}

function isInvalid(schema: any, value: unknown): boolean {
  if (!schema?.safeParse) return false;
  return !schema.safeParse(value).success;
}

const hostileValue = fc.oneof(
  fc.constantFrom(...INJECTION_CORPUS),
  fc.anything({ maxDepth: 2 }),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, true, false, [], {}, -1, 0, 2 ** 31, '', ' '),
);

describe('hostile input on every procedure', () => {
  for (const p of procedures()) {
    it(`${p.method} /api${p.path} (${p.name})`, async () => {
      const agent = p.access === 'member' ? member : admin;
      const keys = keysOf(p.input);
      const payload = keys.length
        ? fc.oneof(fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue])), { requiredKeys: [] }), fc.anything({ maxDepth: 2 }))
        : fc.anything({ maxDepth: 2 });
      const before = await fingerprint();
      await fc.assert(
        fc.asyncProperty(payload, fc.constantFrom(...INJECTION_CORPUS.filter((s) => s !== '\uD800'), '0', '-5', 'abc', '9999999999999'), async (body, idSegment) => {
          const url = `/api${p.path.replace(/\{[^}]+\}/g, encodeURIComponent(idSegment))}`;
          let res;
          if (p.method === 'GET' || p.method === 'DELETE') {
            const qs = body && typeof body === 'object' && !Array.isArray(body)
              ? new URLSearchParams(Object.entries(body as object).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')])).toString()
              : '';
            res = await agent.request(p.method as any, qs ? `${url}?${qs}` : url);
          } else {
            res = await agent.request(p.method as any, url, body === undefined ? null : body);
          }
          expect(res.statusCode, `${p.name} ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const parsed = res.json();
            expect(typeof parsed.message).toBe('string');
          }
          return true;
        }),
        { numRuns: 15, seed: 20261122 },
      );
      // Generated bodies for writes are invalid by construction far more often than not;
      // when every one was refused, nothing may have changed.
      if (p.method !== 'GET') {
        const after = await fingerprint();
        const samples = fc.sample(payload, { numRuns: 15, seed: 20261122 });
        if (samples.every((s) => isInvalid(p.input, s))) expect(after).toBe(before);
      }
    });
  }

  it('POST /api/admin/images: hostile bytes and types are refused with a 4xx and store nothing', async () => {
    const before = await fingerprint();
    const bodies = fc.sample(fc.uint8Array({ minLength: 1, maxLength: 4096 }), 40).map((b) => Buffer.from(b));
    // Valid leading bytes of each accepted format, followed by garbage.
    for (const head of ['ffd8ffe000104a464946', '89504e470d0a1a0a0000000d49484452', '52494646ffffff7f57454250565038', '0000001866747970686569630000000068656963']) {
      bodies.push(Buffer.concat([Buffer.from(head, 'hex'), Buffer.from(fc.sample(fc.uint8Array({ minLength: 64, maxLength: 2048 }), 1)[0]!)]));
    }
    bodies.push(...INJECTION_CORPUS.filter((x) => x.length > 0).map((x) => Buffer.from(x)));
    const types = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'application/octet-stream', 'text/html', 'image/svg+xml', 'multipart/form-data; boundary=x'];
    for (const [i, body] of bodies.entries()) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/images', headers: { cookie: admin.cookieHeader, 'content-type': types[i % types.length]! }, payload: body });
      expect(res.statusCode, `${types[i % types.length]} ${body.subarray(0, 16).toString('hex')}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await fingerprint()).toBe(before);
  });

  it('stores injection strings as plain data where they are valid input', async () => {
    for (const s of INJECTION_CORPUS.filter((x) => x.length < 200 && x.trim() && !x.includes('\u0000') && !x.includes('\uD800'))) {
      const res = await admin.post('/api/newsletter/subscribe', { email: s });
      expect(res.statusCode).toBeLessThan(500);
    }
    const members = await t.db.selectFrom('members').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(members.n).toBeGreaterThan(0);
  });
});
