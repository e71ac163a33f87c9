import './styles.css';

// The page's first script, and a small one. A public page arrives rendered on the server with
// its stylesheet inline, so it shows without any script. The app (about 100 KB) is fetched
// only after that first paint: on a slow phone connection it does not compete with the page
// itself for bandwidth, and the text is on screen before any of it arrives. The server lists
// the app's and the route's chunks in an inert <template>; they are all requested at once,
// then evaluated part by part (Preact, the data client, the class merger, the router), each in a task of its own, so that no single task keeps
// a tap waiting (evaluating everything in one go is one long task on a slow phone).

const PRELOADS_PER_TASK = 3;
// Its own copy of components/defer.tsx's nextTask: the first script imports nothing of the app.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function afterFirstPaint(): Promise<void> {
  // A hidden tab does not paint (and a tab hidden while waiting stops animation frames: the
  // timer makes sure the app still loads).
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 1000);
  });
}

async function boot(): Promise<void> {
  // A signed-in page's empty shell has nothing to show first: the app loads at once.
  if (!document.getElementById('app')?.hasChildNodes()) {
    await import('./start.tsx');
    return;
  }
  await afterFirstPaint();
  // A few links a task: requesting a module costs the main thread a few milliseconds each on
  // a slow phone, and a route needs some thirty.
  const preloads = document.getElementById('route-preloads');
  const links = preloads instanceof HTMLTemplateElement ? [...preloads.content.children] : [];
  for (let i = 0; i < links.length; i += PRELOADS_PER_TASK) {
    document.head.append(...links.slice(i, i + PRELOADS_PER_TASK));
    await nextTask();
  }
  // The first touch of session storage (the router's scroll positions) is a synchronous trip
  // to the browser process: in a task of its own too.
  try {
    void window.sessionStorage;
  } catch {
    // Storage may be disabled; the router copes.
  }
  // App modules rather than libraries, whose whole namespace would defeat tree-shaking (Preact's
  // compat layer is used whole anyway).
  const stages = [() => import('react'), () => import('./lib/trpc.ts'), () => import('@post/ui/lib/utils'), () => import('./router.tsx')];
  for (const stage of stages) {
    await nextTask();
    await stage();
  }
  await nextTask();
  await import('./start.tsx');
}

void boot();
