import type { FastifyInstance } from 'fastify';
import { createOpenApiNodeHttpHandler, generateOpenApiDocument } from 'trpc-to-openapi';
import { appRouter } from './router.ts';
import { contextFactory, type Context } from './trpc.ts';
import { AppError } from './errors.ts';
import { renderApiReference } from './lib/api-reference.ts';
import { newsletterRoutes } from './features/newsletter/newsletter.routes.ts';
import { eventsRoutes } from './features/events/events.routes.ts';
import { memberResourcesRoutes } from './features/member-resources/member-resources.routes.ts';
import { membersRoutes } from './features/members/members.routes.ts';
import { renewalsRoutes } from './features/renewals/renewals.routes.ts';
import { rosterRoutes } from './features/volunteers/roster.routes.ts';
import { serviceReportRoutes } from './features/service-hours/report.routes.ts';
import { imageUploadRoutes, withImageUpload } from './features/images/images.routes.ts';
import { auditRoutes } from './features/audit/audit.routes.ts';
import type { DB } from '@post/db';
import type { Env } from './env.ts';

/** The OpenAPI 3.1 document of the REST adapter. */
export function openApiDocument(baseUrl: string) {
  return withImageUpload(
    generateOpenApiDocument(appRouter, {
      title: 'Veterans Post API',
      description: 'REST paths over the same procedures the web app calls through tRPC. Errors are JSON { message, issues? }.',
      version: '1.0.0',
      baseUrl,
    }),
  );
}

interface ErrorBody {
  message?: string;
  issues?: { path?: (string | number)[]; message?: string }[];
}

/** The REST adapter (`/api/...`) in its own scope, since it needs Fastify's own JSON parser. */
export async function restPlugin(app: FastifyInstance, opts: { db: DB; env: Env }): Promise<void> {
  // A POST with an empty body (logout, activate) is valid: treat it as "no input".
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = Object.assign(new Error('The request body is not valid JSON.'), { statusCode: 400 });
      done(err, undefined);
    }
  });
  app.addHook('onRequest', async (req) => {
    const hasBody = req.headers['content-length'] && req.headers['content-length'] !== '0';
    if (!req.headers['content-type'] && !hasBody && !req.headers['transfer-encoding']) {
      req.headers['content-type'] = 'application/json';
    }
  });
  // Every error answers { message, issues? } with the spec's own message first.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    try {
      const body = JSON.parse(payload) as ErrorBody;
      const issues = body.issues?.map((i) => ({ path: (i.path ?? []).map(String), message: i.message ?? '' }));
      const message = issues?.[0]?.message || body.message || 'Request failed';
      return JSON.stringify(issues?.length ? { message, issues } : { message });
    } catch {
      return payload;
    }
  });

  const baseUrl = `${opts.env.publicUrl ?? ''}/api`;
  let doc: ReturnType<typeof openApiDocument> | undefined;
  app.get('/api/openapi.json', async () => (doc ??= openApiDocument(baseUrl)));
  app.get('/api/docs', async (_req, reply) => reply.type('text/html; charset=utf-8').send(renderApiReference((doc ??= openApiDocument(baseUrl)))));

  // Routes that are not JSON (files, feeds, redirects) sit beside the adapter.
  await newsletterRoutes(app, opts);
  await eventsRoutes(app, opts);
  await memberResourcesRoutes(app, opts);
  await membersRoutes(app, opts);
  await renewalsRoutes(app, opts);
  await rosterRoutes(app, opts);
  await imageUploadRoutes(app, opts);
  await auditRoutes(app, opts);
  await serviceReportRoutes(app, opts);

  const createContext = contextFactory(opts);
  // The package's own Fastify adapter can answer twice (its async handler resolves before the
  // reply is written, and an empty second send sometimes wins), and its fetch adapter builds a
  // new handler for every request (a walk over every procedure, a regular expression per path:
  // most of a sign-up's time). So the package's request handler is built once here and driven
  // the way its fetch adapter drives it: a Request whose url is the path under /api and whose
  // body is the one Fastify already parsed; the answer is copied onto the reply once.
  const contexts = new WeakMap<object, Context>();
  const nodeHandler = createOpenApiNodeHttpHandler({
    router: appRouter,
    createContext: ({ req }) => contexts.get(req)!,
    responseMeta: ({ errors, data, paths }) => {
      // A sign-up that joined a waitlist was created, but holds no place yet: 201, not 200 (decision 0064).
      if (paths?.[0] === 'volunteers.create' && (data?.[0] as { status?: string } | undefined)?.status === 'waitlisted') return { status: 201 };
      // A funeral honors request is created: 201 { id } (decision 0088).
      if (paths?.[0] === 'honors.request' && errors.length === 0) return { status: 201 };
      const cause = errors[0]?.cause;
      return cause instanceof AppError && cause.retryAfterSeconds ? { headers: { 'Retry-After': String(cause.retryAfterSeconds) } } : {};
    },
    onError: ({ error, req }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') contexts.get(req)?.req.log.error({ err: error.cause ?? error }, 'REST procedure failed');
    },
  });
  // Typed for Node's request and response; driven with a Request and the object below, as the
  // package's fetch adapter drives it.
  const handleOpenApi = nodeHandler as unknown as (req: Request, res: OpenApiResponse) => Promise<void>;

  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/*',
    handler: async (request, reply) => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(request.headers)) {
        if (v === undefined || k === 'content-length' || k === 'transfer-encoding') continue;
        headers.set(k, Array.isArray(v) ? v.join(', ') : v);
      }
      const url = `http://localhost${request.url.slice('/api'.length)}`;
      const body = request.method === 'GET' ? undefined : (request.body ?? {});
      const req = new Proxy(new Request(url, { method: request.method, headers }), {
        get: (target, prop) => (prop === 'body' ? body : Reflect.get(target, prop)),
      });
      contexts.set(req, createContext({ req: request, res: reply }));
      const answer = await new Promise<{ status: number; headers: Record<string, string>; body: string | undefined }>((resolve, reject) => {
        const out = { status: 200, headers: {} as Record<string, string>, body: undefined as string | undefined };
        const res: OpenApiResponse = {
          get statusCode() {
            return out.status;
          },
          set statusCode(code: number) {
            out.status = code;
          },
          setHeader(key, value) {
            out.headers[key.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
          },
          end(text) {
            out.body = text;
            resolve(out);
          },
        };
        handleOpenApi(req, res).catch(reject);
      });
      return reply.code(answer.status).headers(answer.headers).send(answer.body);
    },
  });
}

/** What the package's request handler writes its answer to. */
interface OpenApiResponse {
  statusCode: number;
  setHeader(key: string, value: string | number | readonly string[]): void;
  end(body?: string): void;
}
