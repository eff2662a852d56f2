/**
 * Variance analysis (issue 30, docs/product.md#variance): the all-clients analysis against the
 * year's reference (GET /api/dashboard/variance) against the plain all-clients dashboard (GET
 * /api/dashboard) on the same data, alternately, in the same run. Target ≤ 1.5×. On the shared
 * data set (300 clients × 3 years): the issue asks 1,000 clients, whose seed takes too long on this
 * machine (as versions.bench.ts). A threshold is set so every client's justification is looked up.
 */
import type { CreatedVersionAnswer, VarianceAnswer } from '../src/domain/answers';
import { api, type Bench, BENCH_YEAR, median, ratioFigure, rawQuery, samplePair, withYear } from './lib';

/** The target of the issue. */
const MAX_VARIANCE_RATIO = 1.5;

export default {
  name: 'variance',
  async run(ctx) {
    await rawQuery(ctx.raw, `delete from budget_versions where year = $1`, [BENCH_YEAR]);
    const version = await api<CreatedVersionAnswer>(ctx.baseUrl, 'POST', `/api/years/${BENCH_YEAR}/versions`, {
      name: 'référence',
    });
    await api(ctx.baseUrl, 'PUT', '/api/variance/settings', { threshold: { euros: 1000, percent: 5 } });
    await rawQuery(ctx.raw, 'vacuum analyze version_poles, version_pole_months');
    const variancePath = withYear(`/api/dashboard/variance?clients=all&version=${version.id}`);
    const check = await api<VarianceAnswer>(ctx.baseUrl, 'GET', variancePath);
    if (check.clients.length === 0) throw new Error('Analyse des écarts vide.');
    const [variance, plain] = await samplePair(
      () => api(ctx.baseUrl, 'GET', variancePath),
      () => api(ctx.baseUrl, 'GET', withYear('/api/dashboard?clients=all')),
      ctx.quick ? { warmup: 1, runs: 3 } : { warmup: 2, runs: 15 },
    );
    await api(ctx.baseUrl, 'PUT', '/api/variance/settings', { threshold: null });
    await rawQuery(ctx.raw, `delete from budget_versions where year = $1`, [BENCH_YEAR]);
    return [
      ratioFigure(
        `GET /api/dashboard/variance?clients=all&year=&version=, ${ctx.data.clients.length} clients × 3 years (p50)`,
        median(variance),
        'ms',
        { label: 'plain GET /api/dashboard?clients=all, same data', value: median(plain) },
        MAX_VARIANCE_RATIO,
      ),
    ];
  },
} satisfies Bench;
