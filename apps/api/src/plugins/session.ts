import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import fp from 'fastify-plugin';
import type { Session } from 'fastify';
import { sql } from 'kysely';
import type { DB } from '@post/db';
import type { Env } from '../env.ts';
import { SESSION_IDLE_MS } from '../lib/session.ts';

type Callback = (err?: Error | null) => void;
/** Marks session data that came from the store; @fastify/session copies it onto the request's session. */
const STORED = 'stored';
type StoredMark = { [STORED]: true };
type GetCallback = (err: Error | null, session?: Session | null) => void;

/** @fastify/session store on the `session` table (sid, sess, expire), shared by every app node. */
export class DbSessionStore {
  readonly #db: DB;
  constructor(db: DB) {
    this.#db = db;
  }
  set(sid: string, session: Session, cb: Callback): void {
    const expires = session?.cookie?.expires ? new Date(session.cookie.expires) : new Date(Date.now() + SESSION_IDLE_MS);
    const sess = JSON.stringify(session);
    // A session read from the store is only ever updated: a request still in flight when it
    // is signed out or ended must not bring it back (decision 0089).
    const write = (session as Partial<StoredMark>)[STORED]
      ? this.#db.updateTable('session').set({ sess, expire: expires }).where('sid', '=', sid)
      : this.#db
          .insertInto('session')
          .values({ sid, sess, expire: expires })
          .onConflict((oc) => oc.column('sid').doUpdateSet({ sess, expire: expires }));
    write.execute().then(
      () => cb(null),
      (err) => cb(err),
    );
  }
  get(sid: string, cb: GetCallback): void {
    this.#db
      .selectFrom('session')
      .select('sess')
      .where('sid', '=', sid)
      .where('expire', '>', sql<Date>`now()`)
      .executeTakeFirst()
      .then(
        // What `set` stored: a session as JSON.
        (row) => cb(null, row ? ({ ...(row.sess as object), [STORED]: true } as unknown as Session) : null),
        (err) => cb(err),
      );
  }
  destroy(sid: string, cb: Callback): void {
    this.#db
      .deleteFrom('session')
      .where('sid', '=', sid)
      .execute()
      .then(
        () => cb(null),
        (err) => cb(err),
      );
  }
}

/** Where the web build's hashed code and styles are served (plugins/web.ts caches them for a year). */
const APP_FILES = '/assets/';

/** The session cookie's name: `__Host-` prefixed when cookies are Secure. */
export function sessionCookieName(env: Pick<Env, 'secureCookies'>): string {
  return env.secureCookies ? '__Host-sid' : 'sid';
}

/** Cookie and session plugins with the database store. */
export const sessionPlugin = fp(async (app, opts: { db: DB; env: Env }) => {
  await app.register(fastifyCookie);
  // The build's hashed files are the same for everyone: the session does not see its cookie on
  // them, so they are neither read from nor renewed in the store, nor kept out of the browser's cache (decision 0101).
  const cookieName = sessionCookieName(opts.env);
  app.addHook('onRequest', async (req) => {
    if (req.url.startsWith(APP_FILES)) delete req.cookies[cookieName];
  });
  await app.register(fastifySession, {
    secret: opts.env.sessionSecret,
    cookieName,
    store: new DbSessionStore(opts.db),
    saveUninitialized: false,
    rolling: true,
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: opts.env.secureCookies,
      maxAge: SESSION_IDLE_MS,
    },
  });
});
