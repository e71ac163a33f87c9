/** Chromium flags that work on a machine with no network and as root. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The browser tests' flags: V8 without its compilers (interpreted only), which costs the
 * short-lived test pages less CPU than compiling them (decision 0078). Never the benchmarks':
 * they measure what a phone's browser does.
 */
export const TEST_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--js-flags=--jitless'];
