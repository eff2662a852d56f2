import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// Four projects: the pure domain, the web components (jsdom), and the API suite twice — on a
// fresh embedded PGlite and on a real PostgreSQL 15 server started by the harness.
const serverTests = ['src/server/**/*.test.ts'];
// In every project an unexpected console.error fails the test (the web's setup imports it too).
const consoleGuard = 'src/test/console-error-guard.ts';
// `@/…` is src/… (tsconfig.json paths), in every project.
// A failed API test runs once more (ADR 041): these share a machine with a real server, other
// files and their timers. One that passes on its retry is still named, with its first error, in
// the summary of `npm test` (scripts/test-summary.mjs); one that fails twice fails the run.
const API_RETRY = 1;
// Two files at a time: Vitest's default is one fewer worker than cores — a single one on the
// 2-core machines this project runs on, where the API suite's files (each its own database,
// PGlite single-threaded) then ran one after the other.
const maxWorkers = 2;
const resolve = { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } };

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        resolve,
        test: {
          name: 'domain',
          include: ['src/domain/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: [consoleGuard],
        },
      },
      {
        plugins: [react()],
        resolve,
        test: {
          name: 'web',
          include: ['src/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/web/test/setup.ts'],
          // A whole budget tab rendered in jsdom and driven key by key takes 3–5 s when two workers
          // share this 2-core machine (the undo tests, since saves wait for a commit): 5 s timed
          // them out now and then. The limit is not what these tests measure.
          testTimeout: 20_000,
        },
      },
      {
        resolve,
        test: {
          name: 'api-pglite',
          include: serverTests,
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: [consoleGuard],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          retry: API_RETRY,
        },
      },
      {
        resolve,
        test: {
          name: 'api-postgres',
          include: serverTests,
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: [consoleGuard],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          retry: API_RETRY,
        },
      },
    ],
  },
});
