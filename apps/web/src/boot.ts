import './styles.css';

// The browser's first script: it starts the app (main.tsx) once the page has loaded and has
// been painted. A public page arrives server-rendered and readable: its text and its priority
// photo paint first, and the app's scripts do not compete with them for a phone's bandwidth.
// Measured (bench:web, Lighthouse mobile, 3 runs per route, 2026-11-25, slow 2-core machine):
// with the app's scripts requested at once, LCP came out 0.88-2.42 s on / and 1.25-2.37 s on
// /news, and the medians of / and /resources missed the 1.8 s target (1.84 and 2.13 s):
// whenever the scripts finished downloading before the largest paint, Lighthouse's simulation
// counted all of them before it. Started after the load event and a frame, the load event
// sometimes still came before the first paint (FCP 1.3-1.7 s in 3 of 18 runs); started after
// the first contentful paint as well, all 18 runs of the six routes had FCP 0.79-0.88 s and LCP
// 0.99-1.23 s. Cost: the app's chunk becomes a dynamic import, and the modules it shares with
// other chunks become chunks of their own (+4.3 KB gzip before a route is interactive, bundle
// budget test).
const start = () => void import('./main.tsx');

function afterFirstPaint(run: () => void) {
  // A signed-in page's shell has nothing to paint before the app renders it.
  const painted = performance.getEntriesByName('first-contentful-paint').length > 0;
  if (painted || !document.getElementById('app')?.hasChildNodes() || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
    setTimeout(run);
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(run);
  });
  observer.observe({ type: 'paint', buffered: true });
}

if (document.readyState === 'complete') afterFirstPaint(start);
else addEventListener('load', () => afterFirstPaint(start), { once: true });
