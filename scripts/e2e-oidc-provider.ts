/**
 * The OpenID provider of the accounts-mode Playwright server (scripts/e2e-server.mjs, E2E_OIDC=on):
 * the tests' oidc-provider on 127.0.0.1 and a free port, its dev login form taking any e-mail.
 * Prints one line, `{"issuer":…}`, once it listens; stops on SIGTERM.
 */
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidcProvider } from '../src/server/auth/testing/oidc-provider';

const appOrigin = process.argv[2];
if (!appOrigin) throw new Error('usage: e2e-oidc-provider.ts <app origin>');
const provider = await startOidcProvider(appOrigin);
console.log(JSON.stringify({ issuer: provider.issuer, clientId: OIDC_CLIENT_ID, clientSecret: OIDC_CLIENT_SECRET }));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void provider.close().then(() => process.exit(0)));
}
