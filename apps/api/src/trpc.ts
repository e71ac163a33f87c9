import { initTRPC, TRPCError } from '@trpc/server';
import type {
  inferParser,
  MaybePromise,
  MiddlewareBuilder,
  MiddlewareFunction,
  MutationProcedure,
  Overwrite,
  Parser,
  ProcedureBuilder,
  ProcedureResolverOptions,
  QueryProcedure,
  Simplify,
  UnsetMarker,
} from '@trpc/server/unstable-core-do-not-import';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { ZodError } from 'zod';
import { sql } from 'kysely';
import type { DB } from '@post/db';
import { accountMessages } from '@post/contracts/messages/account';
import { serverMessages } from '@post/contracts/messages/server';
import type { SessionMember } from '@post/contracts/member-auth';
import type { StaffRole } from '@post/contracts/enums/staff-role';
import type { AuditEntity } from '@post/contracts/audit-format';
import { AppError, toTRPCError } from './errors.ts';
import type { Env } from './env.ts';
import { SESSION_ABSOLUTE_MS } from './lib/session.ts';
import { limitStaffWork } from './lib/throttle.ts';

/** What every procedure can reach: the database, the request and reply, the configuration. */
export interface Context {
  db: DB;
  env: Env;
  req: FastifyRequest;
  res: FastifyReply;
}

/** The signed-in staff account (an administrator or an editor). */
export interface AdminUser {
  id: number;
  username: string;
  role: StaffRole;
  /** Signed in with a temporary password: only the password change is open (403 otherwise). */
  mustChangePassword: boolean;
  /** Two-factor is required by the site settings and this account has none: only enrolment is open. */
  mustEnrol: boolean;
}

/** A step a staff account must finish before anything else: a new password, then two-factor enrolment. */
export type SetupStep = 'password' | 'two-factor';

/** Builds the context of one call (tRPC and REST alike). */
export function contextFactory(deps: { db: DB; env: Env }) {
  return ({ req, res }: { req: FastifyRequest; res: FastifyReply }): Context => ({ db: deps.db, env: deps.env, req, res });
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
  /** Every mutation says what its audit entries name, or why it leaves none (decision 0092). */
  audit?: AuditDeclaration;
  /** Staff procedures open to an account that still has this setup step to do (403 for the rest). */
  allowDuringSetup?: SetupStep[];
}

/**
 * The audit entries a write records (by `audited`, `recordAudit` or its service), by the entity
 * they name; or `{ none: why }` for a write the log does not follow (decision 0092).
 */
export type AuditDeclaration = AuditEntity | readonly AuditEntity[] | { none: string };

/** What every mutation declares in its `.meta()`; without both, `.mutation()` does not compile. */
export interface WriteDeclaration {
  changesContent: boolean;
  audit: AuditDeclaration;
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
        message: issues?.[0]?.message ?? (error.code === 'INTERNAL_SERVER_ERROR' ? serverMessages.internal : shape.message),
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, issues, retryAfter },
      };
    },
  });

/** Routers and middlewares. */
export const router = t.router;

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

// tRPC's own builder, typed so that `.mutation()` needs a WriteDeclaration in an earlier `.meta()`
// (decision 0092): the runtime object is tRPC's, only the type is narrowed.
type Both<A, B> = A extends UnsetMarker ? B : B extends UnsetMarker ? A : Simplify<A & B>;
type Or<V, F> = V extends UnsetMarker ? F : V;
type Resolver<C, O, I, OI, $Out> = (opts: ProcedureResolverOptions<C, Meta, O, I>) => MaybePromise<Or<OI, $Out>>;

/** What `.mutation()` asks for until the procedure's `.meta()` declares its write. */
type UndeclaredWrite = (declareFirst: 'A mutation declares .meta({ changesContent, audit }) first: see "Writes" in docs/adding-a-content-type.md') => never;

/** A procedure builder (tRPC's) whose mutation must declare its cache effect and audit entries. */
export interface Procedure<C, O, II, IO, OI, OO, Declared extends boolean> {
  input<$P extends Parser>(schema: $P): Procedure<C, O, Both<II, inferParser<$P>['in']>, Both<IO, inferParser<$P>['out']>, OI, OO, Declared>;
  output<$P extends Parser>(schema: $P): Procedure<C, O, II, IO, Both<OI, inferParser<$P>['in']>, Both<OO, inferParser<$P>['out']>, Declared>;
  meta<const $M extends Meta>(meta: $M): Procedure<C, O, II, IO, OI, OO, $M extends WriteDeclaration ? true : Declared>;
  use<$O>(
    fn: MiddlewareBuilder<Overwrite<C, O>, Meta, $O, IO> | MiddlewareFunction<C, Meta, O, $O, IO>,
  ): Procedure<C, Overwrite<O, $O>, II, IO, OI, OO, Declared>;
  query<$Out>(resolver: Resolver<C, O, IO, OI, $Out>): QueryProcedure<{ input: Or<II, void>; output: Or<OO, $Out>; meta: Meta }>;
  mutation: Declared extends true
    ? <$Out>(resolver: Resolver<C, O, IO, OI, $Out>) => MutationProcedure<{ input: Or<II, void>; output: Or<OO, $Out>; meta: Meta }>
    : UndeclaredWrite;
}

type Declaring<B> =
  B extends ProcedureBuilder<infer C, Meta, infer O, infer II, infer IO, infer OI, infer OO, false> ? Procedure<C, O, II, IO, OI, OO, false> : never;
const declaring = <B>(builder: B) => builder as Declaring<B>;

const basePublic = t.procedure.use(mapErrors).use(declareCaching);

/** Anyone may call it. */
export const publicProcedure = declaring(basePublic);

/** The session fields of a staff sign-in; cleared when the sign-in ends or is no longer valid. */
export const STAFF_SESSION_FIELDS = ['userId', 'userAuthAt', 'userRole', 'pendingUserId', 'pendingAt'] as const;

function endStaffSignIn(session: FastifyRequest['session']): void {
  for (const key of STAFF_SESSION_FIELDS) session.set(key, undefined);
}

/**
 * The staff account of this request, or null: absolute timeout applied, and a sign-in whose
 * account was since disabled or given another role ends here (the session forgets it).
 */
export async function currentAdmin(ctx: Pick<Context, 'db' | 'req'>): Promise<AdminUser | null> {
  const session = ctx.req.session;
  const userId = session?.get('userId');
  if (!userId) return null;
  const authAt = session.get('userAuthAt') ?? 0;
  if (Date.now() - authAt > SESSION_ABSOLUTE_MS) {
    endStaffSignIn(session);
    return null;
  }
  const user = await ctx.db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'role',
      'disabled',
      'mustChangePassword',
      'totpEnabled',
      sql<boolean>`coalesce((select (data->>'requireTwoFactor')::boolean from site_settings where id = 1), false)`.as('requireTwoFactor'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || user.disabled || session.get('userRole') !== user.role) {
    endStaffSignIn(session);
    return null;
  }
  noteSessionUse(ctx.req);
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    mustChangePassword: user.mustChangePassword,
    mustEnrol: user.requireTwoFactor && !user.totpEnabled,
  };
}

/** Keeps the device, address and last use of a staff session for "Your sessions" (written at most once a minute). */
export function noteSessionUse(req: FastifyRequest): void {
  const session = req.session;
  const ua = String(req.headers['user-agent'] ?? '').slice(0, 300);
  const ip = req.ip ?? 'unknown';
  const last = session.get('lastUsedAt') ?? 0;
  if (session.get('userAgent') !== ua) session.set('userAgent', ua);
  if (session.get('ip') !== ip) session.set('ip', ip);
  if (Date.now() - last > 60_000) session.set('lastUsedAt', Date.now());
}

/** The setup step this account must do first, if any. */
export function pendingSetup(user: AdminUser): SetupStep | null {
  if (user.mustChangePassword) return 'password';
  if (user.mustEnrol) return 'two-factor';
  return null;
}

/**
 * The one gate for answers that show staff more (contacts, scheduled content): the staff account
 * when it has no setup step pending, else null, so a pending account is anonymous (decision 0059).
 */
export async function staffViewer(ctx: Pick<Context, 'db' | 'req'>): Promise<AdminUser | null> {
  const user = await currentAdmin(ctx);
  return user && !pendingSetup(user) ? user : null;
}

/**
 * Why this request may not make a staff call, or null when it may: 401 without a staff
 * sign-in, 403 while a setup step is pending (unless allowed) or for an editor where an
 * administrator is needed. For the REST routes beside tRPC.
 */
export async function staffRefusal(
  ctx: Pick<Context, 'db' | 'req'>,
  level: 'staff' | 'administrator',
  allowDuringSetup: readonly SetupStep[] = [],
): Promise<{ status: 401 | 403; message: string; user: null } | { status: null; message: null; user: AdminUser }> {
  const user = await currentAdmin(ctx);
  if (!user) return { status: 401, message: serverMessages.adminRequired, user: null };
  const step = pendingSetup(user);
  if (step && !allowDuringSetup.includes(step)) {
    return { status: 403, message: step === 'password' ? accountMessages.mustChangePassword : accountMessages.mustEnrolTwoFactor, user: null };
  }
  if (level === 'administrator' && user.role !== 'administrator') return { status: 403, message: accountMessages.administratorOnly, user: null };
  return { status: null, message: null, user };
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

function staffProcedure(level: 'staff' | 'administrator') {
  return basePublic.use(async ({ ctx, meta, next, type }) => {
    const check = await staffRefusal(ctx, level, meta?.allowDuringSetup);
    if (check.status === 401) throw new TRPCError({ code: 'UNAUTHORIZED', message: check.message });
    if (check.status === 403) throw new TRPCError({ code: 'FORBIDDEN', message: check.message });
    if (type === 'mutation') await limitStaffWork(ctx.db, 'write', check.user!.id);
    return next({ ctx: { ...ctx, user: check.user! } });
  });
}

/**
 * Any signed-in staff account, editor or administrator (401 without one; a member session is
 * not one; 403 while the account must first change its password or enrol two-factor).
 */
export const adminProcedure = declaring(staffProcedure('staff'));

/** Administrators only: 403 for an editor (decision 0031). */
export const administratorProcedure = declaring(staffProcedure('administrator'));

/** Only with a member session whose member is active with portal access (401 otherwise). */
export const memberProcedure = declaring(
  basePublic.use(async ({ ctx, next }) => {
    const member = await currentMember(ctx);
    if (!member) throw new TRPCError({ code: 'UNAUTHORIZED', message: serverMessages.memberRequired });
    return next({ ctx: { ...ctx, member } });
  }),
);
