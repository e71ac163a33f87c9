import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { startLighthouseSetup } from './lighthouse-setup.ts';
import { median } from './stats.ts';

// `pnpm bench:web`: Lighthouse with its default mobile settings on the public routes of the
// production build with demo content, 5 runs each (BENCH_RUNS), the number Lighthouse's
// variability guide recommends; prints the median of each score and metric across the runs
// (Lighthouse CI's `aggregationMethod: 'median'`, decision 0052) and the range of TBT, and
// writes the JSON reports to bench/results/. Prints figures; not a test.
const ROUTES = (process.env.BENCH_ROUTES ?? '/,/events,/resources,/news,/QRG,/login').split(',');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const out = path.join(import.meta.dirname, 'results');
mkdirSync(out, { recursive: true });

const setup = await startLighthouseSetup(ROUTES);

interface Summary {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** Lowest and highest TBT of the runs (only in the summary). */
  tbtRange?: string;
}

const audit = (url: string) =>
  lighthouse(url, { port: setup.chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });

const summaries: Summary[] = [];
try {
  // One discarded audit: a fresh Chrome's first trace sometimes lacks its navigation start.
  await audit(`${setup.origin}${ROUTES[0]}`);
  for (const route of ROUTES) {
    const runs: Summary[] = [];
    for (let i = 0; i < RUNS; i++) {
      let result = await audit(`${setup.origin}${route}`);
      // A failed trace is measured again once rather than counted as a score of 0.
      if (result?.lhr.runtimeError) result = await audit(`${setup.origin}${route}`);
      if (!result) throw new Error('lighthouse returned nothing');
      const lhr = result.lhr;
      const name = `${route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${i + 1}.json`;
      writeFileSync(path.join(out, name), typeof result.report === 'string' ? result.report : JSON.stringify(lhr));
      const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
      const metric = (k: string) => lhr.audits[k]?.numericValue ?? NaN;
      runs.push({
        route,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcp: metric('largest-contentful-paint'),
        fcp: metric('first-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        si: metric('speed-index'),
      });
    }
    // Each figure's own median: a single "median run" carries that run's chance TBT or LCP
    // (on this 2-core machine one route's TBT ranged 13-151 ms within three runs).
    const of = (k: keyof Omit<Summary, 'route' | 'tbtRange'>) => median(runs.map((r) => r[k]));
    const tbts = runs.map((r) => r.tbt);
    summaries.push({
      route,
      performance: of('performance'),
      accessibility: of('accessibility'),
      bestPractices: of('bestPractices'),
      seo: of('seo'),
      lcp: of('lcp'),
      fcp: of('fcp'),
      tbt: of('tbt'),
      cls: of('cls'),
      si: of('si'),
      tbtRange: `${Math.min(...tbts).toFixed(0)}-${Math.max(...tbts).toFixed(0)}`,
    });
  }
} finally {
  await setup.stop();
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
console.log(`\nLighthouse (default mobile settings), the median of each figure over ${RUNS} runs per route; reports in ${out}\n`);
console.log(
  `${pad('route', 12)}${pad('perf', 6)}${pad('a11y', 6)}${pad('bp', 6)}${pad('seo', 6)}${pad('LCP s', 8)}${pad('FCP s', 8)}${pad('TBT ms', 8)}${pad('CLS', 7)}${pad('SI s', 7)}TBT range ms`,
);
for (const s of summaries) {
  console.log(
    `${pad(s.route, 12)}${pad(s.performance, 6)}${pad(s.accessibility, 6)}${pad(s.bestPractices, 6)}${pad(s.seo, 6)}${pad((s.lcp / 1000).toFixed(2), 8)}${pad((s.fcp / 1000).toFixed(2), 8)}${pad(s.tbt.toFixed(0), 8)}${pad(s.cls.toFixed(3), 7)}${pad((s.si / 1000).toFixed(2), 7)}${s.tbtRange}`,
  );
}
