import { defineConfig } from '@playwright/test';
import { E2E_USER } from './e2e/auth-user';

// End-to-end tests against the built app (run `npm run build` first; the test script does), served
// by the real server on a throwaway data directory (scripts/e2e-server.mjs). Debian's Chromium
// only: browser downloads are blocked, never run `playwright install` (docs/style.md#stack-constraints).
const port = Number(process.env.E2E_PORT ?? 3999);
const baseURL = `http://127.0.0.1:${port}`;
// Accounts mode (AUTH=on) runs on its own server and data, one port up; only e2e/auth*.spec.ts
// and e2e/comments.spec.ts (mentions need a second person).
const accountsURL = `http://127.0.0.1:${port + 1}`;
const AUTH_SPECS = /[\\/]e2e[\\/](?:auth[^\\/]*|comments)\.spec\.ts$/;
// The local-mode specs run in two lanes, each on its own server and database (port + 2 for the
// second), beside the accounts lane: two at a time (the machine's two cores), one file at a time
// per lane, so no two files ever share a database. The accounts lane (about 210 s) starts when
// the first of the two others ends: the second lane's specs, chosen by their durations in a full
// run, make it last about as long as the first lane and the accounts lane together (stop 40's run:
// lanes of 449, 588 and 236 s, so 685 against 588 s; moving smoke and driver-lines, 46 s, gives
// 639 against 634 s):
const secondURL = `http://127.0.0.1:${port + 2}`;
const SECOND_LANE =
  /[\\/]e2e[\\/](?:grid|files|dashboards|excel|years|accounting|signoff|reports|dashboard-controller|smoke|driver-lines)\.spec\.ts$/;
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  },
};
const webServer = {
  command: 'node scripts/e2e-server.mjs',
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
  // SIGTERM (not Playwright's default SIGKILL) lets the server close its database and the
  // script remove the temporary data directory.
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
};

export default defineConfig({
  testDir: 'e2e',
  // Only this subfolder is wiped at start, so test-results/e2e.json and other tools' files survive.
  outputDir: 'test-results/e2e',
  // Two lanes at a time; each project (one server, one database) runs one file at a time, so tests
  // that write never race (workers: 1 on each project).
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // Two lanes share the machine's two cores with their servers: a long workflow (accounting.spec,
  // about 36 s then) crossed the default 30 s. These limits only bound a failure; a passing test
  // is as fast, and no test measures time.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', testIgnore: [AUTH_SPECS, SECOND_LANE], use: chromium, workers: 1 },
    { name: 'chromium-2', testMatch: SECOND_LANE, use: { ...chromium, baseURL: secondURL }, workers: 1 },
    {
      name: 'chromium-accounts',
      testMatch: AUTH_SPECS,
      use: { ...chromium, baseURL: accountsURL },
      workers: 1,
    },
  ],
  webServer: [
    { ...webServer, url: `${baseURL}/api/health`, env: { E2E_PORT: String(port) } },
    { ...webServer, url: `${secondURL}/api/health`, env: { E2E_PORT: String(port + 2) } },
    {
      ...webServer,
      url: `${accountsURL}/api/health`,
      env: {
        E2E_PORT: String(port + 1),
        AUTH: 'on',
        AUTH_SECRET: 'e2e-secret-of-at-least-thirty-two-characters',
        E2E_USER_EMAIL: E2E_USER.email,
        E2E_USER_PASSWORD: E2E_USER.password,
        // A real OpenID provider beside it (e2e/auth-oidc.spec.ts); the password sign-in stays on.
        E2E_OIDC: 'on',
      },
    },
  ],
});
