// The API's layers, lowest first: a module imports only its own layer and those below it, and
// nothing imports in a circle (decision 0083). Tests and their helpers may import any layer.
export const layers = [
  { name: 'base', path: '^src/(env|errors)\\.ts$' },
  { name: 'lib', path: '^src/lib/' },
  { name: 'trpc', path: '^src/trpc\\.ts$' },
  { name: 'features', path: '^src/features/' },
  { name: 'api', path: '^src/(router|rest)\\.ts$' },
  { name: 'plugins', path: '^src/plugins/' },
  { name: 'app', path: '^src/(server|bootstrap|prune)\\.ts$' },
  { name: 'entry', path: '^src/(main\\.ts$|cli/)' },
];

const tests = '(\\.test\\.ts$|^src/test-[\\w-]+\\.ts$)';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...layers.slice(0, -1).map((layer, i) => ({
      name: `${layer.name}-imports-upward`,
      comment: `${layer.name} imports only itself and the layers below it: ${layers
        .slice(0, i)
        .map((l) => l.name)
        .join(', ')}`,
      severity: 'error',
      from: { path: layer.path, pathNot: tests },
      to: { path: layers.slice(i + 1).map((l) => l.path) },
    })),
    {
      name: 'in-no-layer',
      comment: 'every source file belongs to a layer: add a new folder or file to `layers`',
      severity: 'error',
      from: { path: '^src/', pathNot: [tests, ...layers.map((l) => l.path)] },
      to: {},
    },
    {
      name: 'mail-imports-volunteers',
      comment: 'volunteers queue mail; mail renders from its own parameters and lib, never volunteers',
      severity: 'error',
      from: { path: '^src/features/mail/', pathNot: tests },
      to: { path: '^src/features/volunteers/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsPreCompilationDeps: true,
  },
};
