import './styles.css';

// The page's one script tag (decision 0055). A public page arrives rendered on the server and
// readable; its code (main.tsx and what it imports, 145-160 KB gzip) is fetched once the page
// has loaded and its content has painted, so that it never competes with the page's own first
// paint or its largest photo. Measured (bench:web, Lighthouse, 2026-11-26): with main.tsx as
// the page's script, LCP was 2.17-2.26 s (median of 5) on /, /resources, /QRG and /login,
// because Lighthouse counts every script that finished downloading before the largest paint,
// and from localhost they usually do; with this start, 1.05-1.20 s on every route in every
// round (README, Performance). A signed-in page's empty shell has nothing to paint first, and a
// page in a background tab paints nothing: both start once loaded.
/** Resolves once the browser reports the page's first contentful paint, the tab is hidden, or 1 s has passed (should a browser never report that paint). */
function contentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) done();
    });
    const timer = setTimeout(done, 1000);
    function done() {
      observer.disconnect();
      clearTimeout(timer);
      removeEventListener('visibilitychange', done);
      resolve();
    }
    observer.observe({ type: 'paint', buffered: true });
    addEventListener('visibilitychange', done);
  });
}

void (async () => {
  if (document.readyState !== 'complete') await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
  const willPaint = document.visibilityState === 'visible' && document.getElementById('app')?.hasChildNodes();
  if (willPaint && PerformanceObserver.supportedEntryTypes.includes('paint')) await contentfulPaint();
  const { start } = await import('./main.tsx');
  // The modules' evaluation and the app's start run as two tasks, not one long one (40-90 ms
  // observed on /). Alternated builds, 5 runs a route, four rounds (README, Performance), TBT
  // medians with this yield, then without: / 96, 65, 69, 58 against 153, 75, 92, 152 ms;
  // /resources 67, 73, 92, 46 against 154, 91, 182, 144; /login 232, 153, 84, 100 against
  // 128, 104, 206, 245.
  await new Promise((resolve) => setTimeout(resolve));
  start();
})();
