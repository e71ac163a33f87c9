// What the check-in page keeps on the phone for a hall without signal (issue 59, decision 0084):
// each opened event's door list (no contact details), the marks not sent yet, the marks the
// server refused until someone decides, and the sign-in the page was opened with. In IndexedDB
// (idb-keyval), so a reload, a discarded tab or a phone's history brings it all back; cleared at
// sign-out. A walk-in's e-mail and phone stay only until their mark is sent.
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { inferRouterOutputs } from '@trpc/server';
import type { DoorList } from '@post/contracts/door';
import type { AppRouter } from './trpc.ts';

/** One mark made at the door. */
export type Mark =
  | { clientId: string; at: string; eventId: number; kind: 'check-in' | 'check-out'; volunteerId: number; name: string; role?: string | null; miles?: number }
  | { clientId: string; at: string; eventId: number; kind: 'place'; volunteerId: number; name: string; role?: string | null; overCapacity: boolean }
  | { clientId: string; at: string; eventId: number; kind: 'walk-out'; attendanceId: number; name: string; miles?: number }
  | {
      /** A row of the paper sheet typed in (decision 0093): a sign-up's, a walk-in's or a spare row's times, sent as one. */
      clientId: string;
      at: string;
      eventId: number;
      kind: 'paper';
      name: string;
      volunteerId: number | null;
      attendanceId: number | null;
      shiftId: number | null;
      shiftRole: string | null;
      inAt: string | null;
      outAt: string | null;
    }
  | {
      clientId: string;
      at: string;
      eventId: number;
      kind: 'walk-in';
      name: string;
      email: string;
      phone: string;
      shiftId?: number | null;
      shiftRole?: string | null;
      unit?: string | null;
    };

/** A mark the server refused: kept, with the server's reason, until someone acts on it. */
export interface Decision {
  mark: Mark;
  reason: string;
  /** The server refused it for want of room: giving a place anyway resolves it. */
  noRoom: boolean;
}

/** The sign-in the door page was last opened with: lets it open offline (only on this phone, until sign-out). */
export type DoorSession = inferRouterOutputs<AppRouter>['adminAuth']['check'];

interface QueueState {
  loaded: boolean;
  marks: Mark[];
  decisions: Decision[];
}

let db: UseStore | undefined;
const store = () => (db ??= createStore('post-door', 'door'));
let state: QueueState = { loaded: false, marks: [], decisions: [] };
const listeners = new Set<() => void>();
let loading: Promise<void> | undefined;
/** Writes in the order they were made, so a quick second mark never overtakes the first. */
let writes: Promise<unknown> = Promise.resolve();

function publish(next: Partial<QueueState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
  const { marks, decisions } = state;
  writes = writes.then(() => Promise.all([set('marks', marks, store()), set('decisions', decisions, store())])).catch(() => undefined);
}

/** Reads the queue from the phone once; marks kept by the page's earlier release (localStorage) move over. */
export function loadQueue(): Promise<void> {
  loading ??= (async () => {
    let marks: Mark[] = [];
    let decisions: Decision[] = [];
    try {
      [marks, decisions] = await Promise.all([get<Mark[]>('marks', store()).then((m) => m ?? []), get<Decision[]>('decisions', store()).then((d) => d ?? [])]);
    } catch {
      // A browser without IndexedDB (a private window) keeps the marks in memory for this visit.
    }
    const legacy = window.localStorage.getItem('check-in-queue');
    if (legacy) {
      try {
        const old: unknown = JSON.parse(legacy);
        if (Array.isArray(old)) marks = [...marks, ...(old as Mark[]).filter((m) => !marks.some((k) => k.clientId === m.clientId))];
      } catch {
        // Unreadable: nothing to move.
      }
      window.localStorage.removeItem('check-in-queue');
    }
    state = { loaded: true, marks, decisions };
    publish({});
  })();
  return loading;
}

export function subscribeQueue(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}
export const queueState = (): QueueState => state;

/** Keeps a mark to send. */
export function enqueue(mark: Mark): void {
  publish({ marks: [...state.marks, mark] });
}
/** Forgets a mark: sent, taken back before it was sent, or refused (then kept as a decision). */
export function dequeue(clientId: string): void {
  publish({ marks: state.marks.filter((m) => m.clientId !== clientId) });
}
/** A refused mark leaves the queue for "Needs a decision". */
export function refuse(clientId: string, reason: string, noRoom: boolean): void {
  const mark = state.marks.find((m) => m.clientId === clientId);
  if (!mark) return;
  publish({ marks: state.marks.filter((m) => m !== mark), decisions: [...state.decisions, { mark, reason, noRoom }] });
}
/** A decision acted on: discarded, or replaced by `next` (queued to send). */
export function decide(clientId: string, next?: Mark): void {
  publish({ decisions: state.decisions.filter((d) => d.mark.clientId !== clientId), marks: next ? [...state.marks, next] : state.marks });
}
/** Whatever is still on the phone: marks not sent and decisions not made. */
export function pendingCount(): number {
  return state.marks.length + state.decisions.length;
}
/** The pending count read from the phone (for sign-out, from any page). */
export async function storedPendingCount(): Promise<number> {
  await loadQueue();
  return pendingCount();
}

/** A client id: random, URL-safe, 22 characters. */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

interface StoredList {
  list: DoorList;
  savedAt: string;
}
/** A door list is forgotten this long after its event ended. */
const KEEP_AFTER_END_MS = 2 * 24 * 3_600_000;

/** Keeps an event's door list for the next opening without signal, and forgets lists of events long over. */
export async function saveDoorList(list: DoorList): Promise<void> {
  try {
    const index = (await get<number[]>('events', store())) ?? [];
    const keep: number[] = [];
    for (const id of index) {
      if (id === list.event.id) continue;
      const old = await get<StoredList>(`event:${id}`, store());
      if (old && Date.parse(old.list.event.endDate) + KEEP_AFTER_END_MS > Date.now()) keep.push(id);
      else await del(`event:${id}`, store());
    }
    await set(`event:${list.event.id}`, { list, savedAt: new Date().toISOString() } satisfies StoredList, store());
    await set('events', [...keep, list.event.id], store());
  } catch {
    // Without IndexedDB the page still works online.
  }
}
export async function storedDoorList(eventId: number): Promise<StoredList | undefined> {
  try {
    return await get<StoredList>(`event:${eventId}`, store());
  } catch {
    return undefined;
  }
}

export async function saveDoorSession(session: DoorSession): Promise<void> {
  await set('session', session, store()).catch(() => undefined);
}
export async function storedDoorSession(): Promise<DoorSession | undefined> {
  return get<DoorSession>('session', store()).catch(() => undefined);
}

/** The check-in page's address: the one page the service worker keeps for use without signal. */
export const DOOR_PAGE = /^\/admin\/events\/\d+\/check-in\/?$/;

/** Registers the service worker for the admin area, once the page has loaded (never on a public page). */
export function registerDoorWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const go = () => void navigator.serviceWorker.register('/sw.js', { scope: '/admin/' }).catch(() => undefined);
  if (document.readyState === 'complete') go();
  else window.addEventListener('load', go, { once: true });
}

/** Asks the service worker to keep this door page for use without signal. */
export async function keepDoorPage(url: string): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  const reg = await sw.ready;
  // Ready means this page is controlled too, so the scanner's code is asked of the worker offline.
  if (!sw.controller) {
    await new Promise<void>((resolve) => {
      sw.addEventListener('controllerchange', () => resolve(), { once: true });
      setTimeout(resolve, 10_000);
    });
  }
  reg.active?.postMessage({ type: 'keep-door-page', url });
}

/** Sign-out: everything the door kept on this phone goes, with the service worker and its caches. */
export async function clearDoor(): Promise<void> {
  state = { loaded: true, marks: [], decisions: [] };
  for (const l of listeners) l();
  await writes;
  await clear(store()).catch(() => undefined);
  window.localStorage.removeItem('check-in-queue');
  // A paper sheet typed in and not saved yet (features/check-in/paper-entry.tsx, decision 0093).
  for (const key of Object.keys(window.sessionStorage)) if (key.startsWith('paper-sheet:')) window.sessionStorage.removeItem(key);
  if ('serviceWorker' in navigator) {
    const regs = await navigator.serviceWorker.getRegistrations().catch(() => []);
    await Promise.all(regs.map((r) => r.unregister()));
  }
  if ('caches' in window) {
    const names = await caches.keys().catch(() => []);
    await Promise.all(names.map((n) => caches.delete(n)));
  }
}
