import './styles.css';

// The page's one script tag (decision 0055). A public page arrives rendered on the server and
// readable; its code (main.tsx and what it imports, 145-160 KB gzip) is fetched once the page
// has loaded and its content has painted, so that it never competes with the page's own first
// paint or its largest photo. Measured (bench:web, Lighthouse, 2026-11-26): with main.tsx as
// the page's script, LCP was 2.17-2.26 s (median of 5) on /, /resources, /QRG and /login,
// because Lighthouse counts every script that finished downloading before the largest paint,
// and from localhost they usually do; with this start, 0.85-1.64 s in every one of 25 runs
// (README, Performance). A signed-in page's empty shell has nothing to paint first, and a page
// in a background tab paints nothing: both start once loaded.
void (async () => {
  if (document.readyState !== 'complete') await new Promise((resolve) => addEventListener('load', resolve, { once: true }));
  if (document.getElementById('app')?.hasChildNodes() && PerformanceObserver.supportedEntryTypes.includes('paint')) {
    await new Promise<void>((resolve) => {
      const observer = new PerformanceObserver((list) => {
        if (!list.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        resolve();
      });
      observer.observe({ type: 'paint', buffered: true });
      if (document.visibilityState === 'hidden') resolve();
      else addEventListener('visibilitychange', () => resolve(), { once: true });
    });
  }
  await import('./main.tsx');
})();
