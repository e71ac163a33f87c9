import type { DB } from '@post/db';
import { pruneSessions } from './lib/session.ts';
import { pruneAudit } from './features/audit/audit.service.ts';

/**
 * The periodic clean-up every node runs (main.ts, every 15 minutes): expired sessions and
 * throttling counters, and audit entries past the retention setting. One failing does not
 * stop the other; the failures are passed to `onError`.
 */
export async function pruneStale(db: DB, onError: (what: string, err: unknown) => void = () => undefined, now = new Date()): Promise<void> {
  await pruneSessions(db).catch((err) => onError('sessions', err));
  await pruneAudit(db, now).catch((err) => onError('audit log', err));
}
