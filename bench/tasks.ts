import lighthouse from 'lighthouse';
import { startLighthouseSetup } from './lighthouse-setup.ts';
import { startReport } from './results.ts';

const report = startReport('bench:tasks');

// `pnpm bench:tasks`: where a page's main-thread time goes while it loads. One Lighthouse run
// (default mobile settings) per route on the production build with demo content; prints each
// top-level main-thread task of at least TASK_MS (observed, before Lighthouse's 4x CPU
// multiplier) with its largest kinds of work and the scripts they ran. Prints figures; not a test.
const ROUTES = (process.env.BENCH_ROUTES ?? '/,/events,/resources,/news,/QRG,/login').split(',');
const TASK_MS = Number(process.env.TASK_MS ?? 8);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  cat: string;
  args?: { data?: { url?: string; functionName?: string; frame?: string; stackTrace?: { url: string }[] }; beginData?: { url?: string } };
}

const setup = await startLighthouseSetup(ROUTES);

interface Sample {
  ts: number;
  dt: number;
  frame: string;
}
/** The V8 sampling profile of the main thread: each sample's time and the innermost script frame of ours (self time of library code is counted to it too). */
function cpuSamples(trace: TraceEvent[], pid: number, tid: number): Sample[] {
  type Node = { id: number; parent?: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number } };
  const nodes = new Map<number, Node>();
  const out: Sample[] = [];
  let ts = 0;
  for (const e of trace as unknown as {
    name: string;
    pid: number;
    tid: number;
    id?: string;
    args: { data: { startTime?: number; cpuProfile?: { nodes?: Node[]; samples?: number[] }; timeDeltas?: number[] } };
  }[]) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile' && e.tid === tid) ts = e.args.data.startTime ?? ts;
    if (e.name !== 'ProfileChunk') continue;
    for (const n of e.args.data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const ids = e.args.data.cpuProfile?.samples ?? [];
    const deltas = e.args.data.timeDeltas ?? [];
    for (let i = 0; i < ids.length; i++) {
      ts += deltas[i] ?? 0;
      let node = nodes.get(ids[i]!);
      const self = node?.callFrame.functionName || '';
      let frame = '';
      while (node) {
        if ((node.callFrame.url ?? '').includes('/assets/')) {
          frame = `${node.callFrame.functionName || '(anon)'}@${short(node.callFrame.url)}:${node.callFrame.lineNumber}:${node.callFrame.columnNumber}`;
          break;
        }
        node = node.parent !== undefined ? nodes.get(node.parent) : undefined;
      }
      if (!frame && self && !['(idle)', '(program)', '(root)'].includes(self)) frame = self;
      out.push({ ts, dt: Math.max(0, deltas[i + 1] ?? 0), frame });
    }
  }
  return out;
}

const short = (url = '') => url.replace(/^.*\//, '').replace(/\?.*$/, '') || url;

/**
 * One audit of `route` with its trace and the main frame's navigation start. A fresh Chrome's
 * trace sometimes lacks that start (bench:web discards a first audit for the same reason): such
 * a run is repeated, up to three times.
 */
async function tracedAudit(route: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await lighthouse(
      `${setup.origin}${route}`,
      { port: setup.chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
      { extends: 'lighthouse:default', settings: { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } },
    );
    if (!result) throw new Error('lighthouse returned nothing');
    const trace = (result.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace.traceEvents;
    const nav =
      trace.find((e) => e.name === 'navigationStart' && e.args?.data && (e.args.data as { isLoadingMainFrame?: boolean }).isLoadingMainFrame) ??
      trace.find((e) => e.name === 'navigationStart');
    if (nav) return { result, trace, nav };
  }
  throw new Error(`${route}: no navigation start in three traces`);
}

try {
  for (const route of ROUTES) {
    const { result, trace, nav } = await tracedAudit(route);
    const main = trace.filter((e) => e.pid === nav.pid && e.tid === nav.tid);
    const tasks = main.filter((e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) >= TASK_MS * 1000);
    const fcp = trace.find((e) => e.name === 'firstContentfulPaint' && e.pid === nav.pid);
    const lhr = result.lhr;
    const samples = cpuSamples(trace, nav.pid, nav.tid);
    report.print(
      `\n${route}: perf ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, TBT ${Math.round(lhr.audits['total-blocking-time']!.numericValue!)} ms, FCP (observed) ${fcp ? ((fcp.ts - nav.ts) / 1000).toFixed(0) : '?'} ms; tasks >= ${TASK_MS} ms observed:`,
    );
    for (const task of tasks) {
      const end = task.ts + task.dur!;
      const inner = main.filter((e) => e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts < end && (e.dur ?? 0) >= 1000);
      const kinds = new Map<string, number>();
      for (const e of inner) {
        if (
          [
            'RunTask',
            'ThreadControllerImpl::RunTask',
            'TimerFire',
            'RunMicrotasks',
            'FunctionCall',
            'v8.run',
            'V8.GC_SCAVENGER',
            'EventDispatch',
            'v8.callFunction',
          ].includes(e.name)
        )
          continue;
        const where = short(e.args?.data?.url ?? e.args?.beginData?.url ?? e.args?.data?.stackTrace?.[0]?.url);
        const key = `${e.name}${where ? ' ' + where : ''}`;
        kinds.set(key, (kinds.get(key) ?? 0) + e.dur! / 1000);
      }
      const top = [...kinds]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([k, v]) => `${k} ${v.toFixed(1)}`)
        .join('; ');
      report.print(`  at ${((task.ts - nav.ts) / 1000).toFixed(0).padStart(5)} ms  ${(task.dur! / 1000).toFixed(1).padStart(5)} ms  ${top}`);
      const fns = new Map<string, number>();
      for (const smp of samples) if (smp.ts >= task.ts && smp.ts < end && smp.frame) fns.set(smp.frame, (fns.get(smp.frame) ?? 0) + smp.dt / 1000);
      const topFns = [...fns]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([k, v]) => `${k} ${v.toFixed(1)}`)
        .join('; ');
      if (topFns) report.print(`                       js: ${topFns}`);
    }
  }
} finally {
  await setup.stop();
}
report.write();
