import { initTRPC, TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError } from 'zod';
import { sql } from 'kysely';
import type { DB } from '@post/db';
import { E } from '@post/contracts/messages';
import type { SessionMember } from '@post/contracts/member-auth';
import { AppError, toTRPCError } from './errors.ts';
import type { Env } from './env.ts';
import { SESSION_ABSOLUTE_MS } from './plugins/session.ts';

/** What every procedure can reach: the database, the request and reply, the configuration. */
export interface Context {
  db: DB;
  env: Env;
  /** Rate limits and sign-in throttling; off only in benchmarks that measure raw throughput. */
  limits: Limits;
  req: FastifyRequest;
  res: FastifyReply;
}

/** Whether per-address limits and sign-in throttling apply. */
export interface Limits {
  enabled: boolean;
  /** Benchmark only (`bench:api`'s baseline): sign-ups without their confirmation message. */
  withoutVolunteerMail?: boolean;
}

/** The signed-in administrator. */
export interface AdminUser {
  id: number;
  username: string;
  role: string;
}

/** Builds the context of one call (tRPC and REST alike). */
export function contextFactory(deps: { db: DB; env: Env; limits?: Limits }) {
  const limits = deps.limits ?? { enabled: true };
  return ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Context => ({ db: deps.db, env: deps.env, limits, req, res });
}

/**
 * What a procedure declares beside its REST path: whether its answer may be shared from the
 * public cache, and whether a successful call changes content the public sees.
 */
export interface Meta extends OpenApiMeta {
  /** 'public': the same answer for every anonymous caller; kept in the public cache. */
  cache?: 'public';
  /** Every mutation says: true clears the public cache on every node, false leaves it. */
  changesContent?: boolean;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const zod = error.cause instanceof ZodError ? error.cause : undefined;
      const issues = zod?.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
      const retryAfter = error.cause instanceof AppError ? error.cause.retryAfterSeconds : undefined;
      return {
        ...shape,
        // The spec's own validation message, not a generic one, is what a client shows.
        message: issues?.[0]?.message ?? (error.code === 'INTERNAL_SERVER_ERROR' ? E.internal : shape.message),
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, issues, retryAfter },
      };
    },
  });

/** Routers and middlewares. */
export const router = t.router;
export const middleware = t.middleware;
export const createCallerFactory = t.createCallerFactory;

// One place turns domain and database errors into tRPC errors (and so into HTTP statuses).
const mapErrors = t.middleware(async ({ next }) => {
  const result = await next();
  return result.ok ? result : { ...result, error: toTRPCError(result.error) };
});

// Tells the public cache, per request, what the procedures it ran declared: a request whose every
// call is a cacheable read may be stored, and a successful content-changing write clears it.
const declareCaching = t.middleware(async ({ ctx, meta, type, next }) => {
  // A local type, not the cache plugin's augmentation: the web app type-checks this file without it.
  const req = ctx.req as FastifyRequest & { publicCacheable?: boolean | null; contentWrite?: boolean | null };
  if (type === 'query') {
    if (meta?.cache === 'public') req.publicCacheable ??= true;
    else req.publicCacheable = false;
  } else {
    req.publicCacheable = false;
  }
  const result = await next();
  if (result.ok && type === 'mutation' && meta?.changesContent !== false) req.contentWrite = true;
  return result;
});

/** Anyone may call it. */
export const publicProcedure = t.procedure.use(mapErrors).use(declareCaching);

/** The administrator of this request, or null (absolute timeout applied). */
export async function currentAdmin(ctx: Pick<Context, 'db' | 'req'>): Promise<AdminUser | null> {
  const session = ctx.req.session;
  const userId = session?.get('userId');
  if (!userId) return null;
  const authAt = session.get('userAuthAt') ?? 0;
  if (Date.now() - authAt > SESSION_ABSOLUTE_MS) {
    session.set('userId', undefined);
    session.set('userAuthAt', undefined);
    return null;
  }
  const user = await ctx.db.selectFrom('users').select(['id', 'username', 'role']).where('id', '=', userId).executeTakeFirst();
  return user ?? null;
}

/** The member of this request, or null: the member must still be active with portal access. */
export async function currentMember(ctx: Pick<Context, 'db' | 'req'>): Promise<SessionMember | null> {
  const session = ctx.req.session;
  const token = session?.get('memberToken');
  if (!token) return null;
  const row = await ctx.db
    .selectFrom('memberSessions as s')
    .innerJoin('members as m', 'm.id', 's.memberId')
    .select(['m.id', 'm.firstName', 'm.lastName', 'm.membershipNumber', 'm.branchOfService', 'm.postRole', 'm.membershipType'])
    .where('s.sessionToken', '=', token)
    .where('s.expiresAt', '>', sql<Date>`now()`)
    .where('m.isActive', '=', true)
    .where('m.hasOnlineAccess', '=', true)
    .where('m.loginPassword', 'is not', null)
    .executeTakeFirst();
  if (!row) return null;
  return row as SessionMember;
}

/** Only with an administrator session (401 otherwise; a member session is not one). */
export const adminProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const user = await currentAdmin(ctx);
  if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: E.adminRequired });
  return next({ ctx: { ...ctx, user } });
});

/** Only with a member session whose member is active with portal access (401 otherwise). */
export const memberProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const member = await currentMember(ctx);
  if (!member) throw new TRPCError({ code: 'UNAUTHORIZED', message: E.memberRequired });
  return next({ ctx: { ...ctx, member } });
});
