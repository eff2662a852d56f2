/**
 * GET /api/dashboard?clients=all|<id,id…>&year=&cutoff= — the selection's sums of that year, up to
 * the cut-off month too, and the previous year's actuals over the same months, reduced to what the
 * two dashboard tabs and the dashboard CSV show (`DashboardData`, amounts in cents); the browser
 * derives the rows with the same domain function (ADR 011, 026). GET /api/dashboard/lines, same
 * query: the lines of the poles view, and with `?version=` the version's lines (ADR 062). GET /api/dashboard/landing, same query: the landing view
 * against the version asked for or the year's reference (docs/product.md#landing-view). 404 when
 * an id is unknown (a deleted client): the filter must be pruned, not silently narrowed.
 * `?manager=&sector=&status=` narrow the selection to the clients with those attributes
 * (docs/product.md#client-attributes).
 */
import type { DashboardAnswer, DashboardLinesAnswer, LandingViewAnswer } from '@/domain/answers';
import { Hono, type Context } from 'hono';
import { ALL_CLIENTS } from '@/domain/client-filter';
import { withVersion } from '@/domain/dashboard/compare';
import { dashboardFromData } from '@/domain/dashboard/views';
import { monthNames } from '@/domain/fiscal-year';
import { readFiscalSettings } from '../settings/settings.repo';
import { dashboardCsvSelection } from '@/domain/files/dashboard-csv';
import { managementPack } from '@/domain/files/management-pack';
import { findClient, narrowByAttributes } from '../clients/clients.repo';
import { compress } from 'hono/compress';
import { dashboardQuery } from '@/domain/dashboard-query';
import { notFound, validate, yearOf } from '@/server/lib/errors';
import { CLIENT_NOT_FOUND } from '@/server/lib/messages';
import { scopeSelection } from '@/server/policy/policy';
import { landingCutoff } from '../landing/landing.repo';
import {
  loadDashboardData,
  loadDashboardLines,
  loadLandingView,
  loadVersionCompare,
  loadVersionLines,
  referenceOfYear,
  versionOfYear,
} from './dashboard.repo';
import type { Db } from '@/server/db/client';

/**
 * GET /api/dashboard's answer for this request's query, year and the caller's scope: the sums, and
 * the version's figures when `?version=` names one. 404 when an id is unknown.
 */
async function dashboardAnswerOf(db: Db, c: Context) {
  const { clients, cutoff, version: versionId, ...attributes } = validate(dashboardQuery, c.req.query());
  const year = await yearOf(c);
  const version = await versionOfYear(db, versionId, year);
  // Only the clients in the caller's scope; one outside it is unknown (docs/product.md#roles).
  const ids = await narrowByAttributes(db, scopeSelection(c, clients ?? 'all'), attributes);
  const data = await loadDashboardData(db, ids, year, cutoff);
  if (!data) throw notFound(CLIENT_NOT_FOUND);
  const compared = version ? await loadVersionCompare(db, version, ids, data.cutoff.month) : undefined;
  return { data, compared, year, clients };
}

/** The selection as the pack's heading names it (the dashboard CSV's label). */
async function selectionOf(db: Db, clients: readonly string[] | null, year: number) {
  if (clients === null) return dashboardCsvSelection(ALL_CLIENTS, []);
  const one = clients.length === 1 ? await findClient(db, clients[0]!, year) : undefined;
  return dashboardCsvSelection(
    clients,
    clients.map((id) => ({ id, name: one?.name ?? '' })),
  );
}

export function dashboardRoutes(db: Db) {
  // 300 clients give about 200 kB of JSON, 45 kB gzip: compressed when the client accepts it.
  return new Hono()
    .get('/dashboard', compress(), async (c) => {
      const { data, compared } = await dashboardAnswerOf(db, c);
      // The answer without ?version= stays what it was: the field only comes with it.
      if (!compared) return c.json(data satisfies DashboardAnswer);
      return c.json({ ...data, version: compared } satisfies DashboardAnswer);
    })
    .get('/dashboard/pack.pdf', async (c) => {
      // docs/product.md#management-pack: the same answer, rendered as the monthly management pack.
      const { data, compared, year, clients } = await dashboardAnswerOf(db, c);
      const now = new Date();
      const selection = await selectionOf(db, clients, year);
      // docs/product.md#fiscal-years: the cut-off and the months named in the agency's fiscal year.
      const fiscal = await readFiscalSettings(db);
      const dashboard = withVersion(dashboardFromData(data, monthNames(fiscal, year)), compared);
      const pack = managementPack(dashboard, selection, year, now, fiscal);
      // pdfkit takes about half a second to load: on the first pack asked for, not with every
      // start of the server (nor every API test file).
      const { packPdf } = await import('@/server/lib/pdf/pack-pdf');
      const pdf = await packPdf(pack);
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${encodeURIComponent(pack.fileBaseName)}.pdf"`,
      });
    })
    .get('/dashboard/landing', compress(), async (c) => {
      const { clients, cutoff, version: versionId, ...attributes } = validate(dashboardQuery, c.req.query());
      const year = await yearOf(c);
      // The version asked for, else the year's reference (docs/product.md#landing-view).
      const version = (await versionOfYear(db, versionId, year)) ?? (await referenceOfYear(db, year));
      const view = await loadLandingView(
        db,
        await narrowByAttributes(db, scopeSelection(c, clients ?? 'all'), attributes),
        year,
        cutoff ?? (await landingCutoff(db, year)),
        version,
      );
      if (!view) throw notFound(CLIENT_NOT_FOUND);
      return c.json(view satisfies LandingViewAnswer);
    })
    .get('/dashboard/lines', compress(), async (c) => {
      const { clients, cutoff, version: versionId, ...attributes } = validate(dashboardQuery, c.req.query());
      const year = await yearOf(c);
      const version = await versionOfYear(db, versionId, year);
      const ids = await narrowByAttributes(db, scopeSelection(c, clients ?? 'all'), attributes);
      const poles = await loadDashboardLines(db, ids, year, cutoff);
      if (!poles) throw notFound(CLIENT_NOT_FOUND);
      // The answer without ?version= stays what it was: the field only comes with it (ADR 062).
      if (!version) return c.json({ poles } satisfies DashboardLinesAnswer);
      const frozen = await loadVersionLines(db, version, ids, year, cutoff);
      return c.json({ poles, version: frozen } satisfies DashboardLinesAnswer);
    });
}
