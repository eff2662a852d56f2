/**
 * Starts the server: parses the environment, opens the database (PGlite in DATA_DIR under an
 * exclusive lock, or PostgreSQL when DATABASE_URL is set), applies migrations, listens; on the
 * embedded database, writes the daily backup. On SIGTERM or SIGINT it stops cleanly
 * (docs/product.md#clean-stop): no new connection, the requests in flight finish (bounded), then
 * the database is closed and the DATA_DIR lock released, so the next start needs no cleanup.
 */
import type { Server } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { createAuth } from './auth/auth';
import { resolveAuthSecret } from './auth/secret';
import { listUsers } from './auth/users.repo';
import { backupsDir, startDailyBackups, writeBackup, type DailyBackups } from './backups/snapshots';
import { DataDirLockedError } from './db/data-dir-lock';
import { openConfiguredDb } from './db/open';
import { parseEnv } from './env';
import { createLogger } from './lib/log';
import { startFailureMessage } from './lib/storage-failure';
import { createLive } from './live/hub';
import { createAlerts } from './alerts/alerts-service';
import { createMailer, noMailer } from './mail/mailer';
import { projectRoot } from './lib/project-root';

/** How long requests in flight may take to finish once a stop is asked. */
const STOP_GRACE_MS = 10_000;
/** How long closing the database may take before the process exits anyway. */
const CLOSE_DB_MS = 5_000;

/** dist/web of the project (src/server/main.ts in tests and dev, dist-server/ under npm start). */
const findWebRoot = () => path.join(projectRoot(), 'dist', 'web');

const timeout = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref());

/** The embedded database's folder once the environment is read: a failed start says what is wrong with it. */
let embeddedDataDir: string | undefined;

async function main() {
  const env = parseEnv();
  embeddedDataDir = env.databaseUrl ? undefined : env.dataDir;
  const log = createLogger(env.logLevel);
  const { db, release } = await openConfiguredDb(env);

  const auth = env.auth
    ? createAuth(db, { secret: resolveAuthSecret(env.authSecret, env.dataDir), publicOrigin: env.publicOrigin })
    : undefined;
  if (auth && (await listUsers(db)).length === 0) {
    console.log(
      'Aucun compte : arrêtez le serveur et créez le premier avec « npm run user:create -- prenom.nom@agence.fr ».',
    );
  }
  // The embedded database backs itself up; PostgreSQL is backed up with its own tools (README).
  const dir = env.databaseUrl ? undefined : backupsDir(env.dataDir);
  const beforeRestore = dir
    ? async () =>
        log.info(`Sauvegarde avant restauration : ${await writeBackup(db, dir, new Date(), 'avant-restauration')}`)
    : undefined;
  // One hub per process: one LISTEN connection on PostgreSQL, however many streams (ADR 034).
  const live = createLive(db, { log, pollMs: env.livePollMs });
  // E-mail only with SMTP_URL (docs/product.md#e-mail); the link is PUBLIC_URL, else this address.
  const link = env.publicOrigin ?? `http://${env.host}:${env.port}`;
  const mail = env.smtpUrl ? createMailer({ db, smtpUrl: env.smtpUrl, from: env.mailFrom, link, log }) : noMailer(link);
  const alerts = createAlerts({ db, live, mail, log });
  const app = createApp({
    db,
    live,
    mail,
    alerts,
    webRoot: findWebRoot(),
    auth,
    publicOrigin: env.publicOrigin,
    oidc: env.oidc,
    passwordSignIn: env.passwordSignIn,
    log,
    beforeRestore,
    trustProxy: env.trustProxy,
  });
  let backups: DailyBackups | undefined;
  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    const where = env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `base embarquée ${env.dataDir}`;
    const mode = auth ? 'comptes utilisateurs (AUTH=on)' : 'sans connexion, ce poste seulement';
    console.log(`Budget & Marges : http://${info.address}:${info.port} — ${where} — ${mode}`);
    if (dir) backups = startDailyBackups({ db, dir, log });
    if (env.smtpUrl) console.log(`E-mails envoyés par ${new URL(env.smtpUrl).host} (SMTP_URL), liens vers ${link}`);
    // Alerts and the e-mail digest once a day (one instance of several runs it: ADR 053); mail left
    // in the outbox by an earlier run is sent now.
    alerts.startDaily();
    mail.queued();
  }) as Server;
  // An idle keep-alive connection is closed by the client (a browser, a reverse proxy: 60 s for
  // most) before the server, not the other way round: Node's 5 s made a client reuse a socket the
  // server was closing at that instant — a request lost with ECONNRESET (seen in the browser tests).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('error', (err) => {
    console.error(`Impossible d'écouter sur ${env.host}:${env.port} : ${err.message}`);
    void db.close().finally(() => {
      release();
      process.exit(1);
    });
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} reçu : arrêt (plus de nouvelle connexion, requêtes en cours terminées)…`);
    // Live streams never end by themselves: ended first (browsers reconnect to another instance,
    // resuming from their Last-Event-ID), so they do not hold the stop below for its 10 s.
    await live.close();
    // No new connection; idle keep-alive connections close now, busy ones after their answer.
    const drained = new Promise<'drained'>((resolve) => server.close(() => resolve('drained')));
    // A keep-alive connection turns idle once its answer is sent: close it then, not at its timeout.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.closeIdleConnections();
    const outcome = await Promise.race([drained, timeout(STOP_GRACE_MS)]);
    clearInterval(sweep);
    if (outcome === 'timeout') {
      // Their transactions are not committed: they change nothing (all or nothing).
      log.warn(`Requêtes encore en cours après ${STOP_GRACE_MS / 1000} s : connexions coupées.`);
      server.closeAllConnections();
    }
    await backups?.stop();
    await alerts.close();
    await mail.close();
    if ((await Promise.race([db.close(), timeout(CLOSE_DB_MS)])) === 'timeout') {
      log.warn('La base de données ne s’est pas fermée à temps.');
    }
    release();
    log.info('Serveur arrêté.');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    // A full disk stops PGlite with a bare `Aborted()`: the message names it, and the folder.
    console.error(startFailureMessage(err, embeddedDataDir));
  }
  process.exit(1);
});
