/**
 * GET /api/dashboard?clients=all|<id,id…>&year=&cutoff= — the selection's sums of that year, up to
 * the cut-off month too, and the previous year's actuals over the same months, reduced to what the
 * two dashboard tabs and the dashboard CSV show (`DashboardData`, amounts in cents); the browser
 * derives the rows with the same domain function (ADR 011, 026). GET /api/dashboard/lines, same
 * query: the lines of the poles view. GET /api/dashboard/landing, same query: the landing view
 * against the version asked for or the year's reference (docs/product.md#landing-view). 404 when
 * an id is unknown (a deleted client): the filter must be pruned, not silently narrowed.
 * `?manager=&sector=&status=` narrow the selection to the clients with those attributes
 * (docs/product.md#client-attributes).
 */
import type { DashboardAnswer, DashboardLinesAnswer, LandingViewAnswer } from '@/domain/answers';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { dashboardQuery } from '@/domain/dashboard-query';
import { notFound, validate, yearOf } from '@/server/lib/errors';
import { CLIENT_NOT_FOUND } from '@/server/lib/messages';
import { scopeSelection } from '@/server/policy/policy';
import { narrowByAttributes } from '../clients/clients.repo';
import { landingCutoff } from '../landing/landing.repo';
import {
  loadDashboardData,
  loadDashboardLines,
  loadLandingView,
  loadVersionCompare,
  referenceOfYear,
  versionOfYear,
} from './dashboard.repo';
import type { Db } from '@/server/db/client';

export function dashboardRoutes(db: Db) {
  // 300 clients give about 200 kB of JSON, 45 kB gzip: compressed when the client accepts it.
  return new Hono()
    .get('/dashboard', compress(), async (c) => {
      const { clients, cutoff, version: versionId, ...attributes } = validate(dashboardQuery, c.req.query());
      const year = yearOf(c);
      const version = await versionOfYear(db, versionId, year);
      // Only the clients in the caller's scope; one outside it is unknown (docs/product.md#roles).
      const ids = await narrowByAttributes(db, scopeSelection(c, clients ?? 'all'), attributes);
      const data = await loadDashboardData(db, ids, year, cutoff);
      if (!data) throw notFound(CLIENT_NOT_FOUND);
      // The answer without ?version= stays what it was: the field only comes with it.
      if (!version) return c.json(data satisfies DashboardAnswer);
      const compared = await loadVersionCompare(db, version, ids, data.cutoff.month);
      return c.json({ ...data, version: compared } satisfies DashboardAnswer);
    })
    .get('/dashboard/landing', compress(), async (c) => {
      const { clients, cutoff, version: versionId, ...attributes } = validate(dashboardQuery, c.req.query());
      const year = yearOf(c);
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
      const { clients, cutoff, version, ...attributes } = validate(dashboardQuery, c.req.query());
      // The lines carry no version figures yet; a bad version is refused all the same.
      await versionOfYear(db, version, yearOf(c));
      const ids = await narrowByAttributes(db, scopeSelection(c, clients ?? 'all'), attributes);
      const poles = await loadDashboardLines(db, ids, yearOf(c), cutoff);
      if (!poles) throw notFound(CLIENT_NOT_FOUND);
      return c.json({ poles } satisfies DashboardLinesAnswer);
    });
}
