/**
 * Variance analysis (docs/product.md#variance, ADR 054). GET /api/dashboard/variance?year&clients&
 * version&cutoff — the gap of MB réelle à date against a version's MB à date (the year's reference
 * without `version`), per client, per pole and in total, split into volume and rate (integer
 * cents); each client's gap says whether it asks for a justification and which one it has.
 * Scoped as the dashboards: `all` is the clients in scope, an id outside it is unknown (404).
 * GET /api/variance/settings (every role) and PUT (admin): the threshold.
 */
import type { VarianceAnswer, VarianceSettingsAnswer } from '@/domain/answers';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { centsFromWire, centsToWire } from '@/domain/codec';
import { dashboardQuery } from '@/domain/dashboard-query';
import { centsToDecimal } from '@/domain/money';
import type { VarianceThreshold } from '@/domain/variance';
import { varianceSettingsBody } from '@/domain/variance-schemas';
import type { Db } from '@/server/db/client';
import { notFound, readJson, validate, yearOf } from '@/server/lib/errors';
import { CLIENT_NOT_FOUND, noReferenceVersion } from '@/server/lib/messages';
import { requireCan, scopeSelection } from '@/server/policy/policy';
import { narrowByAttributes } from '../clients/clients.repo';
import { referenceOfYear, versionOfYear } from '../dashboard/dashboard.repo';
import { readThreshold, varianceAnswerOf, writeThreshold } from './variance.repo';

const settingsOf = (threshold: VarianceThreshold | null): VarianceSettingsAnswer => ({
  threshold: threshold && { euros: centsToWire(threshold.amount), percent: threshold.percent },
});

export function varianceRoutes(db: Db) {
  return new Hono()
    .get('/dashboard/variance', compress(), async (c) => {
      const { clients, cutoff, version: versionId, ...attributes } = validate(dashboardQuery, c.req.query());
      const year = await yearOf(c);
      const version = (await versionOfYear(db, versionId, year)) ?? (await referenceOfYear(db, year));
      if (!version) throw notFound(noReferenceVersion(year));
      // The caller's scope, narrowed by the clients' attributes as the dashboards are.
      const ids = await narrowByAttributes(db, scopeSelection(c, clients ?? 'all'), attributes);
      const answer = await varianceAnswerOf(db, ids, year, cutoff, version, await readThreshold(db));
      if (!answer) throw notFound(CLIENT_NOT_FOUND);
      return c.json(answer satisfies VarianceAnswer);
    })
    .get('/variance/settings', async (c) =>
      c.json(settingsOf(await readThreshold(db)) satisfies VarianceSettingsAnswer),
    )
    .put('/variance/settings', async (c) => {
      requireCan(c, 'admin');
      const { threshold } = validate(varianceSettingsBody, await readJson(c));
      const stored = threshold && { amount: centsFromWire(threshold.euros), percent: threshold.percent };
      await writeThreshold(db, stored && { amount: centsToDecimal(stored.amount), percent: stored.percent });
      return c.json(settingsOf(stored) satisfies VarianceSettingsAnswer);
    });
}
