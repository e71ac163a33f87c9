import pg from 'pg';
import type { FastifyInstance } from 'fastify';

const CHANNEL = 'post_public_cache';

/** Tells the other nodes of a content write; undefined when this node is not listening. */
export interface WriteNotices {
  announce(): Promise<void> | undefined;
}

/**
 * Cross-node invalidation through PostgreSQL LISTEN/NOTIFY: a notice from another node clears
 * this node's cache, and `announce` sends one for a write here (`nodeId` keeps a node deaf to
 * its own notices).
 */
export async function listenForWrites(app: FastifyInstance, databaseUrl: string | undefined, nodeId: string, clear: () => void): Promise<WriteNotices> {
  let listener: pg.Client | undefined;
  let notifying: Promise<void> = Promise.resolve();
  let stopping = false;
  async function listen(): Promise<void> {
    if (!databaseUrl || stopping) return;
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', () => undefined);
    client.on('end', () => {
      // Notices may have been missed while disconnected: start clean, then listen again.
      clear();
      if (!stopping) setTimeout(() => void listen().catch(() => undefined), 1000).unref();
    });
    client.on('notification', (msg) => {
      if (msg.payload !== nodeId) clear();
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      listener = client;
    } catch {
      await client.end().catch(() => undefined);
    }
  }
  await listen();
  app.addHook('onClose', async () => {
    stopping = true;
    await listener?.end().catch(() => undefined);
  });

  // Other nodes hear of writes through one notice at a time on the listening connection. A
  // write waits for the first notice sent after it; writes arriving while one is in flight
  // share the next, so a burst of sign-ups costs two notices, not one each.
  let next: Promise<void> | undefined;
  const announce = (client: pg.Client): Promise<void> => {
    next ??= notifying.then(() => {
      next = undefined;
      return client.query('select pg_notify($1, $2)', [CHANNEL, nodeId]).then(
        () => undefined,
        () => undefined,
      );
    });
    notifying = next;
    return next;
  };
  return { announce: () => (listener ? announce(listener) : undefined) };
}
