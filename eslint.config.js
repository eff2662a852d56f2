// Lint holds the import boundaries of docs/style.md#layers-and-imports: domain imports nothing of server or web (nor
// Node, React, HTTP or database libraries); server and web never import each other's code (the
// web may import the server's types only). Inside the web app, imports flow one way, as in
// bulletproof-react: shared code (components/, hooks/, lib/) → features/<f>/ → app/; a feature
// never imports another feature (ADR 017); inside a feature cut by concern, concerns import the
// feature's core and the concerns below them (ADR 043). No import cycle anywhere. src/web/boundaries.test.ts
// shows each rule failing.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = import.meta.dirname;
// Every folder under features/ is a feature: a new one is fenced without editing this file.
const features = readdirSync(`${root}/src/web/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// A feature cut by concern (ADR 043) has, beside its core (the root's api/, hooks/ and lib/) and
// the components at its root that compose it, one sub-folder per concern, each with its own
// api/ components/ hooks/ lib/. Imports inside it flow one way, floor by floor:
//   core's lib/ → the first floor's api/ (the save queue) → core's api/ (the cache) → first floor
//   → second floor → … → the root's own files (budget-tab, budget-editor: the composition).
// A concern imports the core and the concerns on lower floors, never a sibling, a concern above it
// nor the root's files; a concern not listed here imports the core only. The core imports no
// concern but the first floor's api/, and that api/ imports nothing of the core but lib/.
const kindFolders = ['api', 'components', 'hooks', 'lib'];
const coreFolders = ['api', 'hooks', 'lib'];
const concernFloors = {
  // saving/ first: the budget cache overlays the unsaved edits. History, live updates and the roll
  // forward stand beside each other; the grid and the client card use history and live.
  budget: [['saving'], ['history', 'live', 'roll-forward'], ['grid', 'clients']],
};
function concernZones(feature) {
  const dir = `./src/web/features/${feature}`;
  const concerns = readdirSync(`${root}/${dir}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !kindFolders.includes(entry.name))
    .map((entry) => entry.name);
  if (concerns.length === 0) return [];
  const floors = concernFloors[feature] ?? [];
  const below = (concern) => {
    const floor = floors.findIndex((names) => names.includes(concern));
    return floor < 0 ? [] : floors.slice(0, floor).flat();
  };
  const firstFloorApis = (floors[0] ?? []).map((concern) => `${concern}/api`);
  return [
    ...concerns.map((concern) => ({
      target: `${dir}/${concern}`,
      from: dir,
      except: [concern, ...below(concern), ...coreFolders].map((folder) => `./${folder}`),
      message: `features/${feature}/${concern}/ imports the feature's core (api/, hooks/, lib/) and ${below(concern).join('/, ') || 'no other concern'}${below(concern).length > 0 ? '/' : ''} only: compose concerns in the feature's root files (ADR 043).`,
    })),
    {
      target: coreFolders.map((folder) => `${dir}/${folder}`),
      from: dir,
      except: [...coreFolders, ...firstFloorApis].map((folder) => `./${folder}`),
      message: `The core of features/${feature} (api/, hooks/, lib/) imports no concern but ${firstFloorApis.join(', ') || 'none'} (ADR 043).`,
    },
    ...firstFloorApis.map((api) => ({
      target: `${dir}/${api}`,
      from: dir,
      except: [`./${api}`, './lib'],
      message: `features/${feature}/${api}/ is the feature's floor: it imports nothing of it but lib/ (ADR 043).`,
    })),
  ];
}

const featureZones = [
  ...features.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: move the shared piece to components/, hooks/ or lib/, or compose both in app/.',
  })),
  ...features.flatMap(concernZones),
  {
    target: './src/web/features',
    from: './src/web/app',
    message: 'A feature never imports the app shell: move the piece to components/ or lib/.',
  },
  {
    target: ['./src/web/components', './src/web/hooks', './src/web/lib'],
    from: ['./src/web/features', './src/web/app'],
    message: 'Shared web code imports no feature and not the app shell.',
  },
];

const restricted = (patterns, allowTypeImports = false) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    { patterns: patterns.map((p) => ({ ...p, allowTypeImports })) },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.js', '.mjs', '.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // `@/…` is src/… (tsconfig.json paths): resolved here too, so the zones and the cycle check see it.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], alias: { '@': [`${root}/src`] } }),
      ],
    },
    rules: {
      // Runtime imports only: the rule skips type-only imports (`import type`, or every specifier
      // `type`) wherever they sit on the path, so a cycle closed by one is not reported.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Configuration is read from the environment in one place: src/server/env.ts for the app,
    // src/server/test/test-env.ts for the tests. Exempt: bench/, scripts/ and playwright.config.ts,
    // the harness's own launchers, which read the knobs the harness sets (E2E_PORT, CI) and hand
    // their environment on to the server processes they spawn.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['src/server/env.ts', 'src/server/test/test-env.ts', 'bench/**', 'scripts/**', 'playwright.config.ts'],
    rules: { 'no-process-env': 'error' },
  },
  {
    files: ['src/domain/**'],
    rules: restricted([
      {
        group: ['**/server/**', '**/web/**', '../server*', '../web*'],
        message: 'src/domain is pure: it imports nothing of server or web.',
      },
      {
        group: ['node:*', 'fs', 'path', 'os', 'crypto', 'http', 'child_process'],
        message: 'src/domain is pure: no Node APIs.',
      },
      {
        group: [
          'react',
          'react-*',
          'react/*',
          'hono',
          'hono/*',
          '@hono/*',
          'pg',
          '@electric-sql/*',
          'recharts',
          '@tanstack/*',
          '@radix-ui/*',
        ],
        message: 'src/domain is pure: no UI, HTTP or database library.',
      },
    ]),
  },
  {
    files: ['src/server/**'],
    rules: restricted([
      { group: ['**/web/**', '../web*', '../../web*'], message: 'The server never imports the web app.' },
      {
        group: ['react', 'react-*', 'react/*', 'recharts', '@radix-ui/*', '@tanstack/*'],
        message: 'No UI library on the server.',
      },
    ]),
  },
  {
    // A component past 150 lines holds more than one concern (ADR 043): split it into hooks and
    // smaller components. Counted as written, blank lines and comments included.
    files: ['src/web/**/*.tsx'],
    ignores: ['src/web/**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 150, IIFEs: true }] },
  },
  {
    files: ['src/web/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: featureZones }],
      // An answer is typed by its domain schema (src/domain/answers.ts, ADR 045), never by a shape
      // written at the call: `api.get<ClientsAnswer>(…)`, not `api.get<{ … }>(…)`.
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.object.name='api'][callee.property.name=/^(get|post|put|patch|delete)$/] > TSTypeParameterInstantiation TSTypeLiteral`,
          message: 'Type the answer with its domain schema (src/domain/answers.ts), not a shape written at the call.',
        },
      ],
      ...restricted(
        [
          {
            group: ['**/server/**', '../server*', '../../server*'],
            message: "The web app may import the server's types only (import type).",
          },
          {
            group: ['pg', '@electric-sql/*', 'hono', 'hono/*', '@hono/*', 'node:*'],
            message: 'No server library in the browser.',
          },
        ],
        true,
      ),
    },
  },
);
