/**
 * GET /api/dashboard?clients=all|<id,id…>&year= — the selection's sums of that year, reduced to what the two
 * dashboard tabs and the dashboard CSV show (`DashboardData`, amounts in cents); the browser
 * derives the rows with the same domain function (ADR 011). 404 when an id is
 * unknown (a deleted client): the filter must be pruned, not silently narrowed.
 */
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { dashboardQuery } from '@/domain/dashboard-query';
import type { Db } from '@/server/db/client';
import { notFound, validate, yearOf } from '@/server/lib/errors';
import { CLIENT_NOT_FOUND } from '@/server/lib/messages';
import { scopeSelection } from '@/server/policy/policy';
import { loadDashboardData } from './dashboard.repo';

export function dashboardRoutes(db: Db) {
  // 300 clients give about 190 kB of JSON, 43 kB gzip: compressed when the client accepts it.
  return new Hono().get('/dashboard', compress(), async (c) => {
    const { clients } = validate(dashboardQuery, c.req.query());
    const data = await loadDashboardData(db, scopeSelection(c, clients ?? 'all'), yearOf(c));
    if (!data) throw notFound(CLIENT_NOT_FOUND);
    return c.json(data);
  });
}
