// Marks made at the door wait on the phone until they are sent (issue 44, decision 0066): kept in
// localStorage with the time each was made and a client id, sent in order when the connection
// returns, each removed once the server answered. The server counts a repeated mark once (per
// sign-up, or per client id for a walk-in), so a send cut off after the server stored it is harmless.

/** One mark made at the door. */
export type Mark =
  | { clientId: string; at: string; eventId: number; kind: 'check-in' | 'check-out'; volunteerId: number; name: string }
  | { clientId: string; at: string; eventId: number; kind: 'walk-out'; attendanceId: number; name: string }
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
    };

const KEY = 'check-in-queue';

/** The marks not sent yet, oldest first. */
export function queuedMarks(): Mark[] {
  try {
    const raw = window.localStorage.getItem(KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? (list as Mark[]) : [];
  } catch {
    return [];
  }
}

function store(marks: Mark[]): void {
  window.localStorage.setItem(KEY, JSON.stringify(marks));
  window.dispatchEvent(new Event('check-in-queue'));
}

/** Keeps a mark to send. */
export function enqueue(mark: Mark): void {
  store([...queuedMarks(), mark]);
}

/** Forgets a mark the server answered. */
export function dequeue(clientId: string): void {
  store(queuedMarks().filter((m) => m.clientId !== clientId));
}

/** A client id: random, URL-safe, 22 characters. */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
