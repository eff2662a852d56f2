/**
 * GET /api/dashboard?clients=all|<id,id…>&year=&cutoff= — the selection's sums of that year, up to
 * the cut-off month too, and the previous year's actuals over the same months, reduced to what the
 * two dashboard tabs and the dashboard CSV show (`DashboardData`, amounts in cents); the browser
 * derives the rows with the same domain function (ADR 011, 026). GET /api/dashboard/lines, same
 * query: the lines of the poles view. 404 when an id is unknown (a deleted client): the filter
 * must be pruned, not silently narrowed. `?manager=&sector=&status=` narrow the selection to the
 * clients with those attributes (docs/product.md#client-attributes).
 */
import type { DashboardAnswer, DashboardLinesAnswer } from '@/domain/answers';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { dashboardQuery } from '@/domain/dashboard-query';
import type { Db } from '@/server/db/client';
import { ApiError, notFound, validate, yearOf } from '@/server/lib/errors';
import { CLIENT_NOT_FOUND, versionNotFound, versionOfAnotherYear } from '@/server/lib/messages';
import { scopeSelection } from '@/server/policy/policy';
import { narrowByAttributes } from '../clients/clients.repo';
import { loadDashboardData, loadDashboardLines, loadVersionCompare } from './dashboard.repo';

/**
 * The version `id` asked for (`?version=`), or null without one: 404 when unknown, 400 when of
 * another year (docs/product.md#versions-and-landing).
 */
async function versionOfYear(db: Db, id: number | null, year: number): Promise<{ id: number; name: string } | null> {
  if (id === null) return null;
  const { rows } = await db.query<{ year: number; name: string }>(
    `select year, name from budget_versions where id = $1`,
    [id],
  );
  const found = rows[0];
  if (!found) throw notFound(versionNotFound(year));
  if (Number(found.year) !== year)
    throw new ApiError(400, 'validation', versionOfAnotherYear(found.name, Number(found.year), year));
  return { id, name: found.name };
}

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
