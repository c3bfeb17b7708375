// The rules of ../shared/conventions.md that a machine can check (docs/decisions/025-lint-and-boundaries.md):
// type-aware TypeScript rules, React hook rules, and the import boundaries between the parts of the
// tree (eslint-plugin-boundaries). Formatting is Prettier's alone (eslint-config-prettier).
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The parts of the tree, as folders: a file belongs to the deepest element folder that holds it
 * (src/server/features/bids before src/server).
 */
const elements = [
  { type: 'shared', pattern: 'src/shared', partialMatch: false },
  { type: 'server-feature', pattern: 'src/server/features/*', capture: ['feature'], partialMatch: false },
  // Infrastructure: plugins/, db/, integrations/, events/ and the server's own modules (config, context, errors).
  { type: 'server-infra', pattern: 'src/server', partialMatch: false },
  { type: 'client-feature', pattern: 'src/client/features/*', capture: ['feature'], partialMatch: false },
  { type: 'client-shared', pattern: ['src/client/components', 'src/client/lib'], partialMatch: false },
  // Pages, router and layout, and the two entries (browser and server render): they compose features.
  { type: 'client-app', pattern: 'src/client', partialMatch: false },
  { type: 'test-support', pattern: 'test', partialMatch: false },
  { type: 'tooling', pattern: ['bench', 'scripts'], partialMatch: false },
];

const element = (type, extra = {}) => ({ element: { type, ...extra } });
const external = { module: { origin: ['external', 'core'] } };

/** Packages only the server may load: the browser bundle must never pull them in. */
const serverOnlyPackages = [
  'drizzle-orm',
  'drizzle-orm/**',
  'fastify',
  'fastify/**',
  '@fastify/**',
  'pg',
  'redis',
  'stripe',
  'sharp',
  'nodemailer',
  '@aws-sdk/**',
  '@node-rs/**',
  '@electric-sql/**',
];

const boundaryPolicies = [
  // Shared code runs in the browser and in Node: only zod and itself.
  { from: element('shared'), allow: { to: [element('shared'), { module: { origin: 'external', source: 'zod' } }] } },
  // Infrastructure serves features and never reaches into one.
  { from: element('server-infra'), allow: { to: [element('shared'), element('server-infra'), external] } },
  // A server feature: its own files, infrastructure, and another feature only through its service.
  {
    from: element('server-feature'),
    allow: {
      to: [
        element('shared'),
        element('server-infra'),
        external,
        element('server-feature', { captured: { feature: '{{ from.captured.feature }}' } }),
        element('server-feature', { fileInternalPath: '{{ to.captured.feature }}.service.ts' }),
      ],
    },
  },
  {
    from: { file: { categories: 'composition-root' } },
    allow: { to: [element('shared'), element('server-infra'), element('server-feature'), external] },
  },
  // Nothing but the entry points imports the composition root.
  { from: [element('server-feature'), element('server-infra')], disallow: { to: { file: { categories: 'composition-root' } } } },
  // The browser: no server code, no Node built-ins, no server-only package.
  {
    from: element('client-shared'),
    allow: { to: [element('shared'), element('client-shared'), { module: { origin: 'external' } }] },
  },
  {
    from: element('client-feature'),
    allow: {
      to: [
        element('shared'),
        element('client-shared'),
        { module: { origin: 'external' } },
        element('client-feature', { captured: { feature: '{{ from.captured.feature }}' } }),
        // Another feature only through its api.ts (its queries and mutations).
        element('client-feature', { fileInternalPath: 'api.ts' }),
      ],
    },
  },
  {
    from: element('client-app'),
    allow: { to: [element('shared'), element('client-shared'), element('client-feature'), element('client-app'), { module: { origin: 'external' } }] },
  },
  {
    from: [element('client-app'), element('client-feature'), element('client-shared')],
    disallow: { to: serverOnlyPackages.map((source) => ({ module: { source } })) },
  },
  // Tools and the test suites' own support may use anything; a co-located test stays on its side.
  { from: [element('test-support'), element('tooling')], allow: { to: [external, { module: { origin: 'local' } }, { element: { type: '*' } }] } },
  {
    from: { file: { categories: 'test' }, element: { type: 'server-*' } },
    allow: { to: [element('server-*'), element('shared'), element('test-support'), external] },
  },
  {
    from: { file: { categories: 'test' }, element: { type: 'client-*' } },
    allow: { to: [element('client-*'), element('shared'), element('test-support'), external] },
  },
];

/** `../` chains are what subpath imports (#shared/*, #server/*, #client/*, #test/*) replace. */
const parentImports = { regex: '^\\.\\./', message: 'Import through a subpath (#shared/…, #server/…, #client/…, #test/…) instead of ../' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'reports/**', 'test-results/**', 'data/**', 'coverage/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'no-restricted-imports': ['error', { patterns: [parentImports] }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      // An async method often implements a promise-returning interface (the sandbox provider, fakes) without awaiting.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Fastify route handlers and React event handlers are async on purpose.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false, arguments: false } }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    // A hook that decides by the request's text misses the spellings the router matches
    // (/%64ev/mail is /dev/mail): guards go on their route, hooks ask for the matched route
    // (src/server/plugins/matched-route.ts; docs/decisions/039-guards-on-routes-and-closed-bodies.md).
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(startsWith|endsWith)$/][callee.object.property.name=/^(url|originalUrl|routerPath)$/]',
          message:
            'Do not decide by the text of the URL: the router matches the percent-decoded path. Guard the route itself, or use matchedRoute()/decodedPath() from plugins/matched-route.ts.',
        },
      ],
    },
  },
  {
    // node-postgres and its drizzle driver load when PostgreSQL is configured (openPostgres in
    // src/server/db/client.ts imports them): a start on the embedded database never evaluates them.
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [parentImports],
          paths: ['pg', 'drizzle-orm/node-postgres', 'drizzle-orm/node-postgres/migrator'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'Loaded with import() in openPostgres (src/server/db/client.ts), so that a start on PGlite never evaluates it (issue 33).',
          })),
        },
      ],
    },
  },
  // Tools keep their own relative imports; src and test import across folders through subpaths only.
  { files: ['bench/**', 'scripts/**', '*.config.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': elements,
      'boundaries/files': [
        { category: 'test', pattern: '**/*.test.ts' },
        // The composition root: the only server files that may import every feature.
        { category: 'composition-root', pattern: 'src/server/{app,main,start-server}.ts' },
      ],
      'boundaries/include': ['src/**', 'test/**', 'bench/**', 'scripts/**'],
      'import/resolver': { typescript: { project: './tsconfig.json' } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: boundaryPolicies }],
      'boundaries/no-unknown-files': 'error',
    },
  },
  {
    // No import circles (docs/decisions/045-feature-homes-and-no-cycle.md): a feature that needs to act
    // in another's step reacts to a domain event or is handed a function by app.ts. Type-only imports
    // are left out (they vanish at build time). The circle search reads every file it reaches once.
    files: ['src/**/*.{ts,tsx}', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Tests read response bodies as JSON (light-my-request's json() is any) and assert on them.
    files: ['**/*.test.ts', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // `(await api.get(...)).json() as Row[]` names the shape a test expects.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  { files: ['**/*.{js,mjs}'], extends: [tseslint.configs.disableTypeChecked] },
  prettier,
);
