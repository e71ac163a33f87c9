import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { errorStatus, serverMessage, trpc } from '../../lib/trpc.ts';
import { dequeue, queuedMarks, type Mark } from './mark-queue.ts';

function subscribe(onChange: () => void) {
  window.addEventListener('check-in-queue', onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener('check-in-queue', onChange);
    window.removeEventListener('storage', onChange);
  };
}
let snapshot: { raw: string; marks: Mark[] } = { raw: '', marks: [] };
function read(): Mark[] {
  const raw = window.localStorage.getItem('check-in-queue') ?? '';
  if (raw !== snapshot.raw) snapshot = { raw, marks: queuedMarks() };
  return snapshot.marks;
}
const none: Mark[] = [];

/** Whether the browser says it is online, kept current. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (cb) => {
      window.addEventListener('online', cb);
      window.addEventListener('offline', cb);
      return () => {
        window.removeEventListener('online', cb);
        window.removeEventListener('offline', cb);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

/**
 * The marks waiting on this phone, and their sending: in order, one at a time, when online; a
 * failure without an answer (no connection) stops until the next try, a refusal (4xx) drops the
 * mark with its message.
 */
export function useMarkSync(eventId: number) {
  const utils = trpc.useUtils();
  const marks = useSyncExternalStore(subscribe, read, () => none);
  const online = useOnline();
  const sending = useRef(false);
  const [lastError, setLastError] = useState<string | null>(null);

  const send = useCallback(async () => {
    if (sending.current || !navigator.onLine) return;
    sending.current = true;
    try {
      for (const mark of queuedMarks()) {
        try {
          let result: { message: string; already: boolean };
          if (mark.kind === 'walk-in')
            result = await utils.client.attendance.walkIn.mutate({
              id: mark.eventId,
              name: mark.name,
              email: mark.email,
              phone: mark.phone,
              shiftId: mark.shiftId ?? null,
              at: mark.at,
              clientId: mark.clientId,
            });
          else if (mark.kind === 'walk-out') result = await utils.client.attendance.checkOutRecord.mutate({ id: mark.attendanceId, at: mark.at });
          else if (mark.kind === 'check-in') result = await utils.client.attendance.checkIn.mutate({ id: mark.volunteerId, at: mark.at });
          else result = await utils.client.attendance.checkOut.mutate({ id: mark.volunteerId, at: mark.at });
          dequeue(mark.clientId);
          if (result.already) toast.info(`${mark.name}: ${result.message}`);
          else toast.success(result.message);
        } catch (err) {
          const status = errorStatus(err);
          if (status === undefined || status >= 500 || status === 401 || status === 429) {
            // No answer, a server fault or a lapsed sign-in: keep it for the next try.
            setLastError(status === 401 ? 'Sign in again to send the marks kept on this phone.' : null);
            break;
          }
          dequeue(mark.clientId);
          toast.error(`${mark.name}: ${serverMessage(err) ?? 'the mark was refused.'}`);
        }
      }
    } finally {
      sending.current = false;
      await utils.attendance.list.invalidate({ id: eventId });
    }
  }, [utils, eventId]);

  useEffect(() => {
    if (online && marks.length > 0) void send();
  }, [online, marks.length, send]);
  useEffect(() => {
    // A phone may report online while the hall's Wi-Fi drops requests: try again now and then.
    const timer = window.setInterval(() => {
      if (queuedMarks().length > 0) void send();
    }, 15_000);
    return () => window.clearInterval(timer);
  }, [send]);

  return { marks: marks.filter((m) => m.eventId === eventId), online, send, lastError };
}
