import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/react-query';
import { signInMessages } from '@post/contracts/messages/sign-in';
import type { AppRouter } from '@post/api/router';
import { failureMessage } from './trpc.ts';

/** A failed call as the tRPC client reports it: the server's message and HTTP status. */
function failed(message: string, httpStatus: number): TRPCClientError<AppRouter> {
  return new TRPCClientError<AppRouter>(message, {
    result: { error: { code: -32600, message, data: { code: 'BAD_REQUEST', httpStatus, path: 'news.update', issues: undefined, retryAfter: undefined } } },
  });
}

describe('failureMessage', () => {
  it('says the sign-in has lapsed on a 401, whatever the server said', () => {
    expect(failureMessage(failed('UNAUTHORIZED', 401), 'fallback')).toBe(signInMessages.sessionExpired);
  });
  it("gives the server's own explanation of a 4xx", () => {
    expect(failureMessage(failed('Title is required', 400), 'fallback')).toBe('Title is required');
    expect(failureMessage(failed('Too many attempts. Try again in 15 minutes.', 429))).toBe('Too many attempts. Try again in 15 minutes.');
  });
  it('falls back on a 5xx, a network failure or anything else (never a server internal)', () => {
    expect(failureMessage(failed('relation "news" does not exist', 500), 'fallback')).toBe('fallback');
    expect(failureMessage(new TypeError('Failed to fetch'), 'fallback')).toBe('fallback');
    expect(failureMessage(new Error('boom'))).toBeUndefined();
  });
});
