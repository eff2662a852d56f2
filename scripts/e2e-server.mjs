#!/usr/bin/env node
// Starts the real server for Playwright on a throwaway embedded database: a fresh DATA_DIR in
// the OS temp folder, removed when the server exits. Serves the already built dist/web (the test
// script runs `npm run build` first). Playwright stops it with SIGTERM to the process group
// (webServer.gracefulShutdown), so the server closes its database before the folder goes.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.E2E_PORT ?? '3999';
const dataDir = mkdtempSync(path.join(tmpdir(), 'budget-marges-e2e-'));

let isCleaned = false;
function cleanUp() {
  if (isCleaned) return;
  isCleaned = true;
  rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
}

const env = { ...process.env, PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir };
// Never let a DATABASE_URL from the shell point the tests at a real database.
delete env.DATABASE_URL;

console.log(`[e2e-server] DATA_DIR=${dataDir} PORT=${port}${env.AUTH === 'on' ? ' AUTH=on' : ''}`);
// Accounts mode: the first user is created the way an administrator does, with the command line
// (npm run user:create), its password on stdin.
if (env.AUTH === 'on' && env.E2E_USER_EMAIL) {
  const created = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/server/cli/users.ts', 'create', env.E2E_USER_EMAIL, '--role', 'admin'],
    {
      cwd: root,
      env,
      input: `${env.E2E_USER_PASSWORD ?? ''}\n`,
      stdio: ['pipe', 'inherit', 'inherit'],
    },
  );
  if (created.status !== 0) {
    cleanUp();
    process.exit(1);
  }
}
// E2E_OIDC=on: a real OpenID provider beside the server (scripts/e2e-oidc-provider.ts), its issuer
// and client handed to the server as an administrator would (docs/product.md#sign-in-oidc).
let provider;
if (env.E2E_OIDC === 'on') {
  const origin = `http://127.0.0.1:${port}`;
  provider = spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-oidc-provider.ts', origin], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const first = await new Promise((resolve, reject) => {
    let text = '';
    provider.stdout.on('data', (chunk) => {
      text += chunk;
      const line = text.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    provider.on('exit', () => reject(new Error('the OpenID provider stopped')));
  });
  Object.assign(env, {
    OIDC_ISSUER: first.issuer,
    OIDC_CLIENT_ID: first.clientId,
    OIDC_CLIENT_SECRET: first.clientSecret,
    PUBLIC_URL: origin,
  });
  console.log(`[e2e-server] OIDC_ISSUER=${first.issuer}`);
}
const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  env,
  stdio: 'inherit',
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (provider && provider.exitCode === null) provider.kill('SIGTERM');
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', (error) => {
  console.error(`[e2e-server] cannot start the server: ${error.message}`);
  cleanUp();
  process.exit(1);
});

child.on('exit', (code, signal) => {
  if (provider && provider.exitCode === null) provider.kill('SIGTERM');
  cleanUp();
  process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1));
});

// Last resort if this process is torn down some other way.
process.on('exit', cleanUp);
