// One ESLint configuration for the whole workspace (issue 16): TypeScript, React's rules of
// hooks and accessibility of the JSX. `pnpm lint` runs it with Prettier's check.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/.turbo/**',
      '**/coverage/**',
      '**/routeTree.gen.ts',
      'bench/results/**',
      'apps/web/e2e/artifacts/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_name` marks what is unused on purpose (a destructured prop left out, a callback's argument).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // The sanitizers and the hostile-input tests match control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    // An `eslint-disable` comment that no longer disables anything is an error: it would hide
    // the next real problem on its line.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    // Kysely's migrations take `Kysely<any>`: the schema of their day, not today's (Kysely's
    // own advice). Everywhere else `any` is an error, tests aside, which read loosely typed
    // answers (`res.json()`) and may say so.
    files: ['**/*.test.ts', '**/*.e2e.ts', 'apps/web/e2e/**', 'packages/db/src/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A Playwright fixture that needs no other fixture takes `{}` (Playwright's own form).
    files: ['apps/web/e2e/**'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/ui/**/*.{ts,tsx}'],
    // React's own recommended rules, the compiler's diagnostics (refs, purity, set-state-in-effect)
    // included, with a missing dependency an error rather than a warning (decision 0067).
    ...reactHooks.configs.flat['recommended-latest'],
    rules: { ...reactHooks.configs.flat['recommended-latest'].rules, 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['apps/web/src/**/*.tsx', 'packages/ui/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // Dates show in the post's time zone (decisions §1): the web app formats them through
    // `lib/format.ts`, whose formatters take the zone. Two screens once made their own and showed
    // the visitor's zone.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/format.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message: "Format dates with lib/format.ts (fmt, formatIn, usePostFormat): in the post's time zone.",
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
          message: "Format dates with lib/format.ts (fmt, formatIn, usePostFormat): in the post's time zone.",
        },
      ],
    },
  },
);
