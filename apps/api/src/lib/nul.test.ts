import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { serverMessages } from '@post/contracts/messages/server';
import { MAX_WALKED_VALUES, refuseNul } from './nul.ts';

// The NUL guard walks parsed JSON only, and never without end (issue 56 item 1, decision 0081).
function answer(body: unknown, url = '/api/x') {
  const sent: { code?: number; body?: unknown } = {};
  const reply = {
    code(c: number) {
      sent.code = c;
      return reply;
    },
    send(b: unknown) {
      sent.body = b;
      return reply;
    },
  };
  return refuseNul({ url, body } as unknown as FastifyRequest, reply as unknown as FastifyReply).then(() => sent);
}

describe('the NUL guard', () => {
  it('finds a NUL in a nested string or key of parsed JSON', async () => {
    expect(await answer({ a: [{ b: 'x\u0000' }] })).toEqual({ code: 400, body: { message: serverMessages.nulCharacter } });
    expect(await answer({ ['k\u0000']: 1 })).toEqual({ code: 400, body: { message: serverMessages.nulCharacter } });
    expect(await answer(JSON.stringify({ a: 'x\u0000' }))).toEqual({ code: 400, body: { message: serverMessages.nulCharacter } });
    expect(await answer({ a: ['fine', { b: 2 }] })).toEqual({});
  });

  it('does not walk a stream, a buffer or another class instance handed over as the body', async () => {
    const stream = Readable.from(['x\u0000']) as Readable & { note?: string };
    stream.note = 'y\u0000';
    const started = Date.now();
    expect(await answer(stream)).toEqual({});
    expect(await answer(Buffer.from('a\u0000b'))).toEqual({});
    expect(await answer(new Map([['k', 'v\u0000']]))).toEqual({});
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('stops at a bound: a cycle or a body with more values than JSON of the body limit can hold is refused', async () => {
    const a: Record<string, unknown> = {};
    a.left = a;
    a.right = a;
    const started = Date.now();
    expect(await answer(a)).toEqual({ code: 413, body: { message: serverMessages.tooComplex } });
    expect(await answer(new Array(MAX_WALKED_VALUES + 1).fill(0))).toEqual({ code: 413, body: { message: serverMessages.tooComplex } });
    expect(Date.now() - started).toBeLessThan(5000);
    // A body as large as the limit allows is walked whole.
    expect(await answer(new Array(MAX_WALKED_VALUES / 2).fill(0))).toEqual({});
  });
});
