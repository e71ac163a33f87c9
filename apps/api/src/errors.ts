import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { serverMessages } from '@post/contracts/messages/server';
import { signInMessages } from '@post/contracts/messages/sign-in';
import { HashQueueFullError } from '@post/db';

/** The codes a service may raise; each maps to one HTTP status. */
export type AppErrorCode =
  'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'PAYLOAD_TOO_LARGE' | 'TOO_MANY_REQUESTS' | 'SERVICE_UNAVAILABLE';

/** A typed domain error thrown by services; trpc.ts maps it to a tRPC error and HTTP status. */
export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly retryAfterSeconds: number | undefined;
  constructor(code: AppErrorCode, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Shorthands that read like sentences in services. */
export const notFound = (what: string) => new AppError('NOT_FOUND', serverMessages.notFound(what));
export const conflict = (message: string) => new AppError('CONFLICT', message);
export const badRequest = (message: string) => new AppError('BAD_REQUEST', message);

interface PgError {
  code?: string;
  constraint?: string;
}

/** Turns anything thrown inside a procedure into the TRPCError the client should see. */
export function toTRPCError(cause: unknown): TRPCError {
  if (isConnectionError(cause) || (cause instanceof TRPCError && isConnectionError(cause.cause))) {
    return new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: serverMessages.unavailable, cause: cause as Error });
  }
  if (cause instanceof TRPCError) {
    return cause.cause instanceof AppError || cause.cause instanceof HashQueueFullError || isPgError(cause.cause) ? toTRPCError(cause.cause) : cause;
  }
  if (cause instanceof AppError) return new TRPCError({ code: cause.code, message: cause.message, cause });
  if (cause instanceof HashQueueFullError) {
    // Too many sign-ins waiting for a hash: 503 with Retry-After, at once, instead of a long wait.
    const busy = new AppError('SERVICE_UNAVAILABLE', signInMessages.signInBusy, cause.retryAfterSeconds);
    return new TRPCError({ code: busy.code, message: busy.message, cause: busy });
  }
  if (isPgError(cause)) {
    // The database keeps the constraints; when one fires, the request was bad, not the server.
    const code: TRPC_ERROR_CODE_KEY | undefined =
      cause.code === '23505'
        ? 'CONFLICT'
        : cause.code === '23514' || cause.code === '22P02' || cause.code === '22001' || cause.code === '22007' || cause.code === '22008'
          ? 'BAD_REQUEST'
          : cause.code === '23503'
            ? 'NOT_FOUND'
            : undefined;
    if (code) {
      const message =
        code === 'CONFLICT' ? 'That record already exists.' : code === 'NOT_FOUND' ? 'A related record was not found.' : serverMessages.invalidInput;
      return new TRPCError({ code, message, cause: cause as Error });
    }
  }
  return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: serverMessages.internal, cause });
}

/** The database cannot be reached (restarting, down, connection lost): 503, try again. */
export function isConnectionError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: string }).code ?? '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006'].includes(code) ||
    /Connection terminated|connection timeout|Client has encountered a connection error/i.test(e.message)
  );
}

function isPgError(e: unknown): e is PgError & Error {
  return typeof e === 'object' && e !== null && typeof (e as PgError).code === 'string' && /^[0-9A-Z]{5}$/.test((e as PgError).code!);
}

const APP_ERROR_STATUS: Record<AppErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

/** A plain route's answer to a service's AppError: its status, message and Retry-After, as tRPC answers it. */
export function sendAppError(reply: FastifyReply, err: AppError): FastifyReply {
  if (err.retryAfterSeconds) reply.header('Retry-After', String(err.retryAfterSeconds));
  return reply.code(APP_ERROR_STATUS[err.code]).send({ message: err.message });
}

/** The status an error answers with: its own when it is the client's fault (4xx), else 500. */
export function requestErrorStatus(err: FastifyError): number {
  return typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
}

/**
 * The error handler of an upload route: a body over the limit gets `tooLarge`, another client
 * fault its own message and status, anything else a logged 500 with the generic message.
 */
export function uploadErrorHandler(tooLarge: string, what: string) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (err.statusCode === 413) return reply.code(413).send({ message: tooLarge });
    const status = requestErrorStatus(err);
    if (status >= 500) req.log.error({ err }, `${what} failed`);
    return reply.code(status).send({ message: status >= 500 ? serverMessages.internal : err.message });
  };
}
