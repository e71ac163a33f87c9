import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { errorStatus, serverMessage, trpc } from '../../lib/trpc.ts';
import { dequeue, loadQueue, queueState, refuse, subscribeQueue, type Mark } from '../../lib/door-store.ts';

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

const serverQueue = { loaded: false, marks: [], decisions: [] };

/** The marks kept on this phone and the refused ones waiting for a decision, kept current. */
export function useDoorQueue() {
  useEffect(() => void loadQueue(), []);
  return useSyncExternalStore(subscribeQueue, queueState, () => serverQueue);
}

/**
 * The marks waiting on this phone, and their sending: in order, one at a time, when online. No
 * answer (no connection), a server fault or a lapsed sign-in keeps the mark for the next try; a
 * refusal (4xx) moves it to "Needs a decision" with the server's reason (issue 59): never dropped.
 */
export function useMarkSync(eventId: number) {
  const utils = trpc.useUtils();
  const queue = useDoorQueue();
  const online = useOnline();
  const sending = useRef(false);
  const [lastError, setLastError] = useState<string | null>(null);

  const send = useCallback(async () => {
    if (sending.current || !navigator.onLine) return;
    sending.current = true;
    try {
      for (const mark of queueState().marks) {
        try {
          const result = await sendOne(utils.client, mark);
          dequeue(mark.clientId);
          setLastError(null);
          if (result.already) toast.info(`${mark.name}: ${result.message}`);
          else toast.success(result.message);
        } catch (err) {
          const status = errorStatus(err);
          if (status === undefined || status >= 500 || status === 401 || status === 429) {
            setLastError(status === 401 ? 'Sign in again to send the marks kept on this phone.' : null);
            break;
          }
          refuse(mark.clientId, serverMessage(err) ?? 'The mark was refused.', status === 409);
        }
      }
    } finally {
      sending.current = false;
      await utils.door.list.invalidate({ id: eventId });
    }
  }, [utils, eventId]);

  useEffect(() => {
    if (online && queue.marks.length > 0) void send();
  }, [online, queue.marks.length, send]);
  useEffect(() => {
    // A phone may report online while the hall's Wi-Fi drops requests: try again now and then.
    const timer = window.setInterval(() => {
      if (queueState().marks.length > 0) void send();
    }, 15_000);
    return () => window.clearInterval(timer);
  }, [send]);

  return {
    loaded: queue.loaded,
    marks: queue.marks.filter((m) => m.eventId === eventId),
    decisions: queue.decisions.filter((d) => d.mark.eventId === eventId),
    online,
    send,
    lastError,
  };
}

type Client = ReturnType<typeof trpc.useUtils>['client'];

function sendOne(client: Client, mark: Mark): Promise<{ message: string; already: boolean }> {
  switch (mark.kind) {
    case 'walk-in':
      return client.attendance.walkIn.mutate({
        id: mark.eventId,
        name: mark.name,
        email: mark.email,
        phone: mark.phone,
        shiftId: mark.shiftId ?? null,
        unit: mark.unit ?? null,
        at: mark.at,
        clientId: mark.clientId,
      });
    case 'paper':
      return client.door.paperRow.mutate({
        id: mark.eventId,
        clientId: mark.clientId,
        volunteerId: mark.volunteerId,
        attendanceId: mark.attendanceId,
        name: mark.volunteerId === null && mark.attendanceId === null ? mark.name : undefined,
        shiftId: mark.shiftId,
        in: mark.inAt ?? undefined,
        out: mark.outAt ?? undefined,
      });
    case 'walk-out':
      return client.attendance.checkOutRecord.mutate({ id: mark.attendanceId, at: mark.at, miles: mark.miles });
    case 'place':
      return client.door.givePlace.mutate({ id: mark.volunteerId, at: mark.at, overCapacity: mark.overCapacity });
    case 'check-in':
      return client.attendance.checkIn.mutate({ id: mark.volunteerId, at: mark.at });
    case 'check-out':
      return client.attendance.checkOut.mutate({ id: mark.volunteerId, at: mark.at, miles: mark.miles });
  }
}
