/**
 * Starts the server: parses the environment, opens the database (PGlite in DATA_DIR under an
 * exclusive lock, or PostgreSQL when DATABASE_URL is set), applies migrations, listens.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createAuth } from './auth/auth';
import { resolveAuthSecret } from './auth/secret';
import { listUsers } from './auth/users.repo';
import { DataDirLockedError } from './db/data-dir-lock';
import { openConfiguredDb } from './db/open';
import { parseEnv } from './env';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

async function main() {
  const env = parseEnv();
  const { db, release } = await openConfiguredDb(env);

  const auth = env.auth
    ? createAuth(db, { secret: resolveAuthSecret(env.authSecret, env.dataDir), publicOrigin: env.publicOrigin })
    : undefined;
  if (auth && (await listUsers(db)).length === 0) {
    console.log(
      'Aucun compte : arrêtez le serveur et créez le premier avec « npm run user:create -- prenom.nom@agence.fr ».',
    );
  }
  const app = createApp({ db, webRoot, auth, publicOrigin: env.publicOrigin, trustProxy: env.trustProxy });
  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    const where = env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `base embarquée ${env.dataDir}`;
    const mode = auth ? 'comptes utilisateurs (AUTH=on)' : 'sans connexion, ce poste seulement';
    console.log(`Budget & Marges : http://${info.address}:${info.port} — ${where} — ${mode}`);
  });
  server.on('error', (err) => {
    console.error(`Impossible d'écouter sur ${env.host}:${env.port} : ${err.message}`);
    void db.close().finally(() => {
      release();
      process.exit(1);
    });
  });

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close();
    void db.close().finally(() => {
      release();
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error('Démarrage impossible :', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
