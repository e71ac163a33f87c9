import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import { sql } from 'kysely';
import type { DB } from '@post/db';
import { E } from '@post/contracts/messages';
import type { Env } from './env.ts';
import { appRouter } from './router.ts';
import { contextFactory, type Limits } from './trpc.ts';
import { AppError, isConnectionError } from './errors.ts';
import { restPlugin } from './rest.ts';
import { sessionPlugin } from './plugins/session.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';
import { feedsRoutes } from './features/feeds/feeds.routes.ts';
import { COMPRESSION, publicCachePlugin } from './plugins/public-cache.ts';
import { MailWorker, type MailWorkerOptions } from './features/mail/worker.ts';
import { queueReminders } from './features/volunteers/volunteer-mail.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Makes /readyz answer 503 so a load balancer drains this node before it closes. */
    startDraining(): void;
    /** This node's e-mail sender; main.ts starts it, tests call runOnce() to drive it. */
    mailWorker: MailWorker;
  }
}

/** What the server is built from. */
export interface ServerDeps {
  db: DB;
  env: Env;
  logger?: boolean;
  /** Benchmarks turn limits off to measure raw throughput; the server itself never does. */
  limits?: Limits;
  /** The in-memory cache of anonymous public reads (on unless a test needs to see every read). */
  publicCache?: boolean;
  /** Replaces parts of the e-mail worker (tests: no back-off between tries). */
  mail?: Pick<MailWorkerOptions, 'transport' | 'backoffMs' | 'pollMs' | 'log'>;
}

/** The Fastify instance with every route, not listening (tests use inject). */
export async function buildServer(deps: ServerDeps): Promise<FastifyInstance> {
  const { db, env } = deps;
  const app = Fastify({
    logger: deps.logger === false ? false : { level: env.logLevel },
    trustProxy: env.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 5000 },
    return503OnClosing: true,
  });

  app.setErrorHandler((err: any, req, reply) => {
    const status =
      typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : isConnectionError(err) ? 503 : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    const message =
      status === 413 ? E.tooLarge : status === 503 ? E.unavailable : status === 500 ? E.internal : err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type.' : err.message;
    return reply.code(status).send({ message });
  });

  // First: a cache hit is answered from its first onRequest hook, before any other runs (the
  // entry holds the headers they set), and before compression, which it does itself.
  await app.register(publicCachePlugin, { databaseUrl: env.databaseUrl, enabled: deps.publicCache ?? true });
  await app.register(securityPlugin, { env });
  // The cache's settings, so that an answer from memory and a fresh one are encoded alike.
  await app.register(compress, COMPRESSION);
  await app.register(sessionPlugin, { db, env });

  // Not started here: main.ts starts it after listening; closing the app stops it (SIGTERM).
  const mailWorker = new MailWorker({
    db,
    mail: env.mail,
    log: (msg) => app.log.warn(msg),
    periodic: () => queueReminders(db, env),
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
      await Promise.race([
        sql`select 1`.execute(db),
        new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000)),
      ]);
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', message: 'The database is not reachable.' });
    }
  });

  const createContext = contextFactory({ db, env, limits: deps.limits });
  await app.register(async (scope) => {
    await scope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext: ({ req, res }: any) => createContext({ req, res }),
        responseMeta: ({ errors }: any) => {
          const cause = errors?.[0]?.cause;
          return cause instanceof AppError && cause.retryAfterSeconds ? { headers: { 'Retry-After': String(cause.retryAfterSeconds) } } : {};
        },
        onError: ({ error, req }: any) => {
          if (error.code === 'INTERNAL_SERVER_ERROR') req.log?.error({ err: error.cause ?? error }, 'tRPC procedure failed');
        },
      },
    } as any);
  });
  await app.register(async (scope) => restPlugin(scope, { db, env, limits: deps.limits }));
  await app.register(async (scope) => feedsRoutes(scope, { db, env }));
  await app.register(webPlugin, { env, db, limits: deps.limits });
  return app;
}
