import { Component, Suspense, type ReactNode } from 'react';

// Progressive hydration. Hydrating a whole server-rendered page in one go is one long task
// (hundreds of milliseconds on a slow phone) during which a tap does nothing. Each <Defer>
// part instead hydrates in a task of its own, in document order, after the parts around it:
// while it waits, Preact keeps its server-rendered markup on screen (a component that
// suspends during hydration keeps its DOM), so nothing moves or blinks. Outside the first
// hydration (server rendering, later client-side navigation) a <Defer> is just its children.

/** Resolves in a later task: the browser may paint or answer a tap in between. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let hydrating = false;
const waiting: Array<() => void> = [];
let stepScheduled = false;
let finished: Promise<void> | undefined;
let finish: (() => void) | undefined;

function scheduleStep(): void {
  if (stepScheduled) return;
  stepScheduled = true;
  setTimeout(step, 0);
}

/** Releases one waiting part per task; the part hydrates in that task's microtasks. */
function step(): void {
  stepScheduled = false;
  const release = waiting.shift();
  if (release) {
    release();
    scheduleStep();
    return;
  }
  hydrating = false;
  finish?.();
}

/** Called just before hydrating server-rendered markup. */
export function beginHydration(): void {
  hydrating = true;
  finished = new Promise((resolve) => (finish = resolve));
  // A page without deferred parts is done once the first task has hydrated it.
  scheduleStep();
}

/** Resolves once every deferred part has hydrated (at once when nothing is hydrating). */
export function whenHydrated(): Promise<void> {
  return hydrating && finished ? finished : Promise.resolve();
}

class Gate extends Component<{ children: ReactNode }> {
  private slot?: Promise<void>;
  private released = !hydrating;

  render() {
    if (!this.released) {
      // The instance outlives the suspension (its hooks do not), so the slot is kept here.
      this.slot ??= new Promise<void>((resolve) => {
        waiting.push(() => {
          this.released = true;
          resolve();
        });
        scheduleStep();
      });
      throw this.slot;
    }
    return this.props.children;
  }
}

/**
 * A part of a page that hydrates in its own task. Its children must render exactly one
 * element at the top (Preact keeps one DOM node for a part that is still waiting), and the
 * page must not remove a part while it waits: state that changes the page's structure
 * right after hydrating is set after `whenHydrated()`.
 */
export function Defer({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}
