import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@post/db/testing';
import { REQUEST_TIMEOUT_MS } from './server.ts';
import { serverProcessEnv } from './test-process.ts';

// Issue 56 item 1 (and item 3): one anonymous request must never stop the server. The server runs
// as its own process, so a request that pins its event loop fails this test (health stops
// answering) instead of freezing the test itself.
const main = path.join(import.meta.dirname, 'main.ts');
const db = await createTestDb();
const root = mkdtempSync(path.join(os.tmpdir(), 'post-bad-request-'));
let child: ChildProcess | undefined;
let base = '';
let output = '';

beforeAll(async () => {
  child = spawn(process.execPath, [main], {
    env: serverProcessEnv({ DATA_DIR: root, DATABASE_URL: db.url, LOG_LEVEL: 'error' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  child.stdout!.on('data', (d: Buffer) => {
    stdout += d.toString();
    output += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const end = Date.now() + 90_000;
  while (!/running at (http:\/\/\S+)/.test(stdout)) {
    if (Date.now() > end || child.exitCode !== null) throw new Error(`server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  base = /running at (http:\/\/\S+)/.exec(stdout)![1]!.replace('localhost', '127.0.0.1');
}, 120_000);

afterAll(async () => {
  child?.kill('SIGKILL');
  await db.close();
  rmSync(root, { recursive: true, force: true });
});

/** /healthz answers within a second, or the server has stopped. */
async function healthy(): Promise<void> {
  const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) });
  expect(res.status).toBe(200);
}

/** A raw request, for what fetch will not send (a chosen body with any content type, odd request targets). */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const socket = connect(Number(url.port), url.hostname);
    let out = '';
    socket.setTimeout(3000, () => {
      socket.destroy();
      resolve(out);
    });
    socket.on('data', (d) => {
      out += d.toString();
      if (/\r\n\r\n/.test(out)) socket.end();
    });
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
    socket.write(text);
  });
}

function multipart(pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${pathname}`,
      { method: 'POST', headers: { 'content-type': 'multipart/form-data', 'content-length': '1' }, timeout: 3000 },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 3 s')));
    req.on('error', reject);
    req.end('x');
  });
}

describe('one bad request', () => {
  it('a multipart body to a tRPC procedure answers 415 at once, and the site keeps answering', async () => {
    await healthy();
    const res = await multipart('/trpc/events.list');
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body)).toEqual({ message: 'Unsupported content type.' });
    await healthy();
    // A procedure that does not exist and a batch are refused alike, before any routing.
    expect((await multipart('/trpc/anything')).status).toBe(415);
    expect((await multipart('/trpc/events.list,events.list?batch=1')).status).toBe(415);
    await healthy();
  });

  it('any tRPC body that is not JSON is refused with 415, JSON still works', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream', 'application/jsonx']) {
      const res = await fetch(`${base}/trpc/adminAuth.login`, {
        method: 'POST',
        headers: { 'content-type': type },
        body: '{}',
        signal: AbortSignal.timeout(3000),
      });
      expect(res.status, type).toBe(415);
    }
    const json = await fetch(`${base}/trpc/events.list`, { signal: AbortSignal.timeout(3000) });
    expect(json.status).toBe(200);
    const post = await fetch(`${base}/trpc/adminAuth.login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ username: 'nobody', password: 'wrong password' }),
      signal: AbortSignal.timeout(3000),
    });
    expect(post.status).toBe(401);
    await healthy();
  });

  it('multipart to every other part of the site that takes no uploads: a 4xx, and the site keeps answering', async () => {
    for (const p of [
      '/api/login',
      '/api/events',
      '/api/volunteers',
      '/rss.xml',
      '/images/x.jpg',
      '/check-in/abc/qr.png',
      '/',
      '/admin/login',
      '/api/admin/images/x',
    ]) {
      const res = await multipart(p);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.status, p).toBeLessThan(500);
      await healthy();
    }
  });

  it('an absolute-form or * request target answers 4xx, not 500', async () => {
    const url = new URL(base);
    const absolute = await raw(`GET http://${url.host}/ HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`);
    expect(absolute).toMatch(/^HTTP\/1\.1 4\d\d /);
    const star = await raw(`OPTIONS * HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`);
    expect(star).toMatch(/^HTTP\/1\.1 4\d\d /);
    const absoluteApi = await raw(`GET http://${url.host}/api/events HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n\r\n`);
    expect(absoluteApi).toMatch(/^HTTP\/1\.1 4\d\d /);
    await healthy();
    // Neither a stack trace nor an error line in the log: the request was the client's mistake.
    expect(output).not.toMatch(/session\.get is not a function/);
    expect(output).not.toMatch(/request failed/);
  });

  it('a request that trickles in is cut at 30 s', { timeout: 60_000 }, async () => {
    const url = new URL(base);
    const socket = connect(Number(url.port), url.hostname);
    const started = Date.now();
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.write(`POST /api/login HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{`);
    // A byte every few seconds keeps the connection from idling out: only the request's own limit can end it.
    const drip = setInterval(() => socket.write(' '), 5000);
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    clearInterval(drip);
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 1000);
    expect(took).toBeLessThan(REQUEST_TIMEOUT_MS + 5000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    await healthy();
  });
});
