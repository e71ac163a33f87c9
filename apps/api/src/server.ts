import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { sql } from 'kysely';
import type { DB } from '@post/db';
import { serverMessages } from '@post/contracts/messages/server';
import type { Env } from './env.ts';
import { appRouter, type AppRouter } from './router.ts';
import { contextFactory } from './trpc.ts';
import { AppError, isConnectionError, requestErrorStatus } from './errors.ts';
import { restPlugin } from './rest.ts';
import { sessionPlugin } from './plugins/session.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';
import { feedsRoutes } from './features/feeds/feeds.routes.ts';
import { imageFileRoutes } from './features/images/images.routes.ts';
import { checkInCodeRoutes } from './features/attendance/check-in-code.routes.ts';
import { backupFileRoutes } from './features/upkeep/backups.routes.ts';
import { COMPRESSION } from './plugins/public-cache-entries.ts';
import { publicCachePlugin } from './plugins/public-cache.ts';
import { refuseNul } from './lib/nul.ts';
import { collapseSlashes } from './lib/paths.ts';
import { fastifyTrustProxy } from './lib/session.ts';
import { MailWorker, type MailWorkerOptions } from './features/mail/worker.ts';
import { queueReminders } from './features/volunteers/volunteer-mail.ts';
import { queueRenewalReminders } from './features/renewals/reminders.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Makes /readyz answer 503 so a load balancer drains this node before it closes. */
    startDraining(): void;
  }
}

/** What the server is built from. */
export interface ServerDeps {
  db: DB;
  env: Env;
  logger?: boolean;
  /** The in-memory cache of anonymous public reads (on unless a test needs to see every read). */
  publicCache?: boolean;
  /** Replaces parts of the e-mail worker (tests: no back-off between tries). */
  mail?: Pick<MailWorkerOptions, 'transport' | 'backoffMs' | 'pollMs' | 'log'>;
}

/** A whole request (headers and body) must arrive within this time, or the connection is closed (408). */
export const REQUEST_TIMEOUT_MS = 30_000;
/** A connection with nothing going on for this long is closed (keep-alive idles are shorter: Node's 5 s). */
export const CONNECTION_TIMEOUT_MS = 60_000;
/** Calls one tRPC batch may carry; the web app's batch link sends at most this many. */
export const MAX_BATCH_SIZE = 10;

/** No content type (a GET, an empty POST) or JSON: the only bodies tRPC takes. */
export function acceptsAsTrpcBody(contentType: string | undefined): boolean {
  if (contentType === undefined) return true;
  return contentType.split(';', 1)[0]!.trim().toLowerCase() === 'application/json';
}

/** The Fastify instance with every route, not listening (tests use inject). */
export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const { db, env } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: env.logLevel },
    trustProxy: fastifyTrustProxy(env.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 5000 },
    // //admin and /admin are one path for every route, the REST adapter's included (the web
    // plugin also ignores letter case where it tells signed-in pages from public ones).
    rewriteUrl: (req) => collapseSlashes(req.url ?? '/'),
    return503OnClosing: true,
    // A client trickling its request (a slow body, a header a byte at a time) is cut off
    // instead of holding a connection open for minutes.
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const own = requestErrorStatus(err);
    const status = own < 500 ? own : isConnectionError(err) ? 503 : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    const message =
      status === 413
        ? serverMessages.tooLarge
        : status === 503
          ? serverMessages.unavailable
          : status === 500
            ? serverMessages.internal
            : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? serverMessages.unsupportedContentType
              : err.message;
    return reply.code(status).send({ message });
  });

  // Only origin-form targets (a path): an absolute-form or `*` target would reach the session
  // and routes as a URL no route or cookie path expects (decision 0081).
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/')) return reply.code(400).send({ message: serverMessages.badRequestTarget });
    return undefined;
  });

  // Node's own requestTimeout did not end a request whose body trickles in (decision 0081): a
  // request still arriving REQUEST_TIMEOUT_MS after its headers is answered 408 and its connection closed.
  app.addHook('onRequest', (req, reply, done) => {
    if (req.raw.complete) return done();
    const timer = setTimeout(() => {
      if (req.raw.complete || reply.raw.writableEnded) return;
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(408, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
        reply.raw.end(JSON.stringify({ message: serverMessages.requestTimeout }));
      }
      // An injected request (tests) has a socket of its own kind, with no destroySoon.
      if (typeof req.raw.socket?.destroySoon === 'function') req.raw.socket.destroySoon();
    }, REQUEST_TIMEOUT_MS);
    timer.unref();
    const clear = () => clearTimeout(timer);
    req.raw.once('end', clear);
    req.raw.once('close', clear);
    reply.raw.once('finish', clear);
    done();
  });

  // First: a cache hit is answered from its first onRequest hook, before any other runs (the
  // entry holds the headers they set), and before compression, which it does itself.
  await app.register(publicCachePlugin, { databaseUrl: env.databaseUrl, enabled: deps.publicCache ?? true });
  await app.register(securityPlugin, { env });
  // The cache's settings, so that an answer from memory and a fresh one are encoded alike.
  await app.register(compress, COMPRESSION);
  if (env.secureCookies && !env.trustProxy) {
    // An https PUBLIC_URL means the visitor's connection is TLS, ended by a proxy in front of
    // this plain-http process. Without TRUST_PROXY Fastify cannot see that (and must not
    // believe X-Forwarded-* from anyone), yet @fastify/session sends its Secure cookie only
    // over what it sees as https: the public scheme is taken from PUBLIC_URL instead.
    app.addHook('onRequest', async (req) => {
      Object.defineProperty(req, 'protocol', { value: 'https' });
    });
  }
  await app.register(sessionPlugin, { db, env });
  // An answer to a signed-in caller (or one that just signed in) is theirs alone: no browser
  // or proxy cache may keep it.
  app.addHook('onSend', async (req, reply, payload) => {
    const session = req.session;
    if (session && (session.get('userId') || session.get('memberToken'))) reply.header('Cache-Control', 'no-store');
    return payload;
  });
  // One check for every route: PostgreSQL text cannot hold NUL.
  app.addHook('preValidation', refuseNul);

  // Not started here: main.ts starts it after listening; closing the app stops it (SIGTERM).
  const mailWorker = new MailWorker({
    db,
    mail: env.mail,
    log: (msg) => app.log.warn(msg),
    periodic: () => Promise.all([queueReminders(db, env), queueRenewalReminders(db, env)]),
    ...deps.mail,
  });
  app.decorate('mailWorker', mailWorker);
  app.addHook('onClose', async () => mailWorker.stop());

  app.get('/healthz', async () => ({ status: 'ok' }));
  // Set on SIGTERM: the load balancer stops sending new requests while this node finishes.
  let draining = false;
  app.decorate('startDraining', () => {
    draining = true;
  });
  app.get('/readyz', async (_req, reply) => {
    if (draining) return reply.code(503).send({ status: 'draining', message: 'This node is shutting down.' });
    try {
      await Promise.race([sql`select 1`.execute(db), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000))]);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', message: 'The database is not reachable.' });
    }
  });

  const createContext = contextFactory({ db, env });
  await app.register(async (scope) => {
    // The web app sends tRPC only JSON; the adapter would hand any other body (multipart: the raw
    // request stream) to the procedures and to every body guard, so it is refused first (decision 0081).
    scope.addHook('onRequest', async (req, reply) => {
      if (!acceptsAsTrpcBody(req.headers['content-type'])) return reply.code(415).send({ message: serverMessages.unsupportedContentType });
      return undefined;
    });
    await scope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        maxBatchSize: MAX_BATCH_SIZE,
        createContext: ({ req, res }) => createContext({ req, res }),
        responseMeta: ({ errors }) => {
          const cause = errors[0]?.cause;
          return cause instanceof AppError && cause.retryAfterSeconds ? { headers: { 'Retry-After': String(cause.retryAfterSeconds) } } : {};
        },
        onError: ({ error, req }) => {
          if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error }, 'tRPC procedure failed');
        },
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>);
  });
  await app.register(async (scope) => restPlugin(scope, { db, env }));
  await app.register(async (scope) => feedsRoutes(scope, { db, env }));
  await app.register(async (scope) => imageFileRoutes(scope, { db }));
  await app.register(async (scope) => checkInCodeRoutes(scope, { db, env }));
  await app.register(async (scope) => backupFileRoutes(scope, { db, env }));
  await app.register(webPlugin, { env, db });
  return app;
}
