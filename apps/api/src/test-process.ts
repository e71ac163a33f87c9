/**
 * The environment of the server run by a test as its own process (`main.ts`): only what the test
 * sets, none of the developer's own DATABASE_URL, PORT or DATA_DIR (decision 0100).
 */
export function serverProcessEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { PATH, HOME, TMPDIR } = process.env;
  return { PATH, HOME, TMPDIR, NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '0', SEED_DEMO: '0', DRAIN_MS: '0', ...extra };
}
