/**
 * createApp builds the whole HTTP app without listening (tests call `app.request`): the JSON API
 * under /api, and the built web app on every other path (index.html for client-side routes).
 */
import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import type { Auth } from './auth/auth';
import { authRoutes } from './auth/auth.routes';
import { oidcRoutes, type OidcConfig } from './auth/oidc';
import { requireSession, sessionRoute } from './auth/session';
import type { Db } from './db/client';
import { healthRoute } from './db/health';
import { errorBody, handleError, tooLarge } from './lib/errors';
import { fiscalContext } from './lib/fiscal-context';
import { requestLog, type Logger } from './lib/log';
import { loopbackHostOnly, privateAnswers, sameOriginMutations, securityHeaders } from './lib/security';
import { backupRoutes } from './routes/backup/backup.routes';
import { budgetRoutes } from './routes/budget/budget.routes';
import { cellsRoutes } from './routes/cells/cells.routes';
import { clientsRoutes } from './routes/clients/clients.routes';
import { dashboardRoutes } from './routes/dashboard/dashboard.routes';
import { varianceRoutes } from './routes/variance/variance.routes';
import { linesRoutes } from './routes/lines/lines.routes';
import { driversRoutes } from './routes/drivers/drivers.routes';
import { polesRoutes } from './routes/poles/poles.routes';
import { historyRoutes } from './routes/history/history.routes';
import { openApiRoutes } from './openapi/openapi.routes';
import { accessMiddleware } from './policy/policy';
import { closingRoutes } from './routes/closing/closing.routes';
import { usersRoutes } from './routes/users/users.routes';
import { isOthersTab } from './live/events.repo';
import { createLive, type Live } from './live/hub';
import { liveRoutes } from './live/live.routes';
import { originMiddleware } from './lib/origin';
import { yearsRoutes } from './routes/years/years.routes';
import { versionsRoutes } from './routes/versions/versions.routes';
import { landingRoutes } from './routes/landing/landing.routes';
import { signoffRoutes } from './routes/signoff/signoff.routes';
import { importsRoutes } from './routes/imports/imports.routes';
import { accountingRoutes } from './routes/accounting/accounting.routes';
import { commentsRoutes } from './routes/comments/comments.routes';
import { notificationsRoutes } from './routes/notifications/notifications.routes';
import { alertsRoutes } from './routes/alerts/alerts.routes';
import { settingsRoutes } from './routes/settings/settings.routes';
import { readFiscalSettings } from './routes/settings/settings.repo';
import { createAlerts, type Alerts } from './alerts/alerts-service';
import { noMailer, type Mailer } from './mail/mailer';
import { MAX_FEC_BYTES } from '@/domain/accounting/fec-reader';

/** Largest body of an ordinary request (a 5,000-cell batch is about 0.6 MB). */
export const MAX_BODY_BYTES = 2 * 1024 * 1024;
/** Largest backup accepted by POST /api/backup (300 clients of 60 lines are about 10 MB). */
export const MAX_BACKUP_BYTES = 64 * 1024 * 1024;

export interface AppOptions {
  db: Db;
  /** Folder of the built web app (dist/web); omitted in API tests. */
  webRoot?: string;
  /** Accounts mode (AUTH=on); without it, the no-login mode for this machine only. */
  auth?: Auth;
  /** PUBLIC_URL's origin: also accepted as the Origin of mutations (behind a reverse proxy). */
  publicOrigin?: string;
  /** Accounts mode: sign-in with the agency's account (OIDC_ISSUER…, docs/product.md#sign-in-oidc). */
  oidc?: OidcConfig;
  /** Accounts mode: PASSWORD_SIGNIN=off turns the password sign-in off (OIDC only); on by default. */
  passwordSignIn?: boolean;
  /** The request log (one line per request); omitted in API tests. */
  log?: Logger;
  /** Called after a restore's file is validated, before it replaces anything: the snapshot of main.ts. */
  beforeRestore?: () => Promise<unknown>;
  /** TRUST_PROXY: proxies whose X-Forwarded-For the rate limits believe (env.ts). */
  trustProxy?: readonly string[];
  /** The live-updates hub (main.ts closes it at stop); one on `db` by default, started by the first stream. */
  live?: Live;
  /** The mailer (SMTP_URL set); none by default: nothing is queued or sent (ADR 053). */
  mail?: Mailer;
  /** Alerts' evaluation after writes and the daily run (main.ts starts its timer); one on `db` by default. */
  alerts?: Alerts;
}

export function createApp({
  db,
  webRoot,
  auth,
  publicOrigin,
  oidc,
  passwordSignIn = true,
  log,
  beforeRestore,
  trustProxy,
  live = createLive(db, { log }),
  mail = noMailer(),
  alerts = createAlerts({ db, live, mail, log }),
}: AppOptions) {
  const signIn = { password: passwordSignIn, oidc: oidc !== undefined };
  const access = new Hono().get('/session', sessionRoute(auth, signIn));
  if (auth) {
    access.use('*', requireSession(auth));
    if (oidc) access.route('/auth/oidc', oidcRoutes(db, auth, oidc, { log, trustProxy, passwordSignIn }));
    access.route('/auth', authRoutes(db, auth, trustProxy, passwordSignIn));
  }

  const api = new Hono()
    .use('/backup', bodyLimit({ maxSize: MAX_BACKUP_BYTES, onError: tooLarge }))
    // An import carries up to MAX_IMPORT_CELLS cells (about 80 bytes each).
    .use('/import', bodyLimit({ maxSize: MAX_BACKUP_BYTES, onError: tooLarge }))
    // A FEC of up to 200,000 lines (docs/product.md#actuals-from-the-accounting): 64 MB.
    .use('/accounting/fec/*', bodyLimit({ maxSize: MAX_FEC_BYTES, onError: tooLarge }))
    .use('*', async (c, next) => {
      if (c.req.path.endsWith('/backup') || c.req.path.endsWith('/import') || c.req.path.includes('/accounting/fec/'))
        return next();
      return bodyLimit({ maxSize: MAX_BODY_BYTES, onError: tooLarge })(c, next);
    })
    .get('/health', healthRoute(db))
    .route('/', access)
    // Behind the session in accounts mode, like the data it describes (docs/product.md#documented-api).
    .route('/', openApiRoutes())
    // After the session: the caller's role and scope, and no write for a viewer (ADR 033).
    .use('*', accessMiddleware(db, auth !== undefined))
    // The fiscal year, read only when a request needs it: the default `?year=`, a `period_locked` month (ADR 060).
    .use(
      '*',
      fiscalContext(() => readFiscalSettings(db)),
    )
    // The writing tab's id for the history entry, and the live streams woken once it committed (ADR 034);
    // then the alerts of what it touched evaluated (ADR 053).
    .use(
      '*',
      originMiddleware(
        async (touched) => {
          live.committed();
          await alerts.afterWrite(touched);
        },
        (tab, actor) => isOthersTab(db, tab, actor),
      ),
    )
    .route('/clients', clientsRoutes(db))
    .route('/', polesRoutes(db))
    .route('/', linesRoutes(db))
    .route('/', driversRoutes(db))
    .route('/', cellsRoutes(db))
    .route('/', budgetRoutes(db))
    .route('/', backupRoutes(db, beforeRestore))
    .route('/', dashboardRoutes(db))
    .route('/', varianceRoutes(db))
    .route('/', yearsRoutes(db))
    .route('/', versionsRoutes(db))
    .route('/', landingRoutes(db))
    .route('/', signoffRoutes(db, live))
    .route('/', importsRoutes(db))
    .route('/', accountingRoutes(db))
    .route('/', historyRoutes(db))
    .route('/', commentsRoutes(db, live, mail))
    .route('/', alertsRoutes(db, alerts))
    .route('/', settingsRoutes(db))
    .route('/', notificationsRoutes(db, live))
    .route('/', closingRoutes(db))
    .route('/', usersRoutes(db))
    .route('/', liveRoutes(db, live, auth))
    .notFound((c) => c.json(errorBody('not_found', `Route inconnue : ${c.req.method} ${c.req.path}`), 404));

  const app = new Hono();
  // Every request gets an id (X-Request-Id, kept when a proxy sent a sane one), logged with it.
  app.use('*', requestId());
  if (log) app.use('*', requestLog(log));
  app.use('*', securityHeaders());
  if (!auth) app.use('*', loopbackHostOnly());
  app.use('/api/*', privateAnswers());
  app.use('/api/*', sameOriginMutations(publicOrigin));
  app.onError(handleError);
  api.onError(handleError);
  app.route('/api', api);
  app.all('/api/*', (c) => c.json(errorBody('not_found', `Route inconnue : ${c.req.method} ${c.req.path}`), 404));

  if (webRoot) {
    const indexPath = path.join(webRoot, 'index.html');
    app.use('/*', serveStatic({ root: webRoot }));
    app.get('*', (c) => {
      if (!fs.existsSync(indexPath)) {
        return c.text("L'application web n'est pas construite : lancez « npm run build ».", 503);
      }
      // Client-side routes (and unknown ones, which show the 404 page) get the app shell.
      return c.html(fs.readFileSync(indexPath, 'utf8'));
    });
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
