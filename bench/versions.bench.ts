/**
 * Versions (issue 29), each against its reference measured in the same run (the landing:
 * landing.bench.ts):
 *
 * - Freezing every client of BENCH_YEAR as a version (POST /api/years/:year/versions) against a
 *   raw `insert … select` of the same rows (the version row, then its clients, poles, lines and
 *   monthly forecasts) in one transaction. Target ≤ 2×. Each version is deleted (cascade) and
 *   the tables vacuumed before the next run, untimed.
 * - The all-clients dashboard compared with a version (GET /api/dashboard?version=) against the
 *   same without it, alternately. Target ≤ 1.2×. On the shared data set (300 clients): the issue
 *   asks 1,000, whose seed takes too long on this machine.
 */
import type { CreatedVersionAnswer } from '../src/domain/answers';
import {
  api,
  type Bench,
  BENCH_YEAR,
  type BenchContext,
  type Figure,
  lapLogger,
  median,
  ratioFigure,
  rawQuery,
  rawTransaction,
  samplePair,
  vacuumBudget,
  withYear,
} from './lib';

/** The targets of the issue. */
const MAX_FREEZE_RATIO = 2;
const MAX_COMPARE_RATIO = 1.2;

const VERSION_TABLES = 'budget_versions, version_clients, version_poles, version_lines, version_months';

/** The raw reference of a freeze: the same rows copied by plain `insert … select`, one transaction. */
async function rawFreeze(ctx: BenchContext, name: string): Promise<void> {
  await rawTransaction(ctx.raw, async (q) => {
    await q(`insert into budget_versions (year, name, folded, actor) values ($1, $2, $2, 'bench')`, [BENCH_YEAR, name]);
    const v = `(select id from budget_versions where year = ${BENCH_YEAR} and folded = '${name}')`;
    await q(
      `insert into version_clients (version_id, client_id, prevision_mb_annuelle_debut)
       select ${v}, client_id, prevision_mb_annuelle_debut from client_years where year = $1`,
      [BENCH_YEAR],
    );
    await q(
      `insert into version_poles (version_id, client_id, pole_id, name, is_expanded, facture, seq)
       select ${v}, client_id, id, name, is_expanded, facture, seq from expertise_poles where year = $1`,
      [BENCH_YEAR],
    );
    await q(
      `insert into version_lines (version_id, pole_id, line_id, name, seq)
       select ${v}, expertise_pole_id, id, name, seq from budget_line_items where year = $1`,
      [BENCH_YEAR],
    );
    await q(
      `insert into version_months (version_id, line_id, month_index, previsionnel, achat_previsionnel)
       select ${v}, budget_line_item_id, month_index, previsionnel, achat_previsionnel
         from budget_monthly_data where year = $1`,
      [BENCH_YEAR],
    );
  });
}

/** Rows frozen in the bench year's versions, to check both ways froze the same. */
async function frozenRows(ctx: BenchContext): Promise<number> {
  const [row] = await rawQuery<{ n: number }>(
    ctx.raw,
    `select count(*)::int as n from version_months m join budget_versions v on v.id = m.version_id where v.year = $1`,
    [BENCH_YEAR],
  );
  return row!.n;
}

async function freezeFigures(ctx: BenchContext, lap: (what: string) => void): Promise<Figure[]> {
  const clear = async () => {
    await rawQuery(ctx.raw, `delete from budget_versions where year = $1`, [BENCH_YEAR]);
    await rawQuery(ctx.raw, `vacuum analyze ${VERSION_TABLES}`);
  };
  await clear();
  const [{ months }] = (await rawQuery<{ months: number }>(
    ctx.raw,
    `select count(*)::int as months from budget_monthly_data where year = $1`,
    [BENCH_YEAR],
  )) as [{ months: number }];
  const apiMs: number[] = [];
  const rawMs: number[] = [];
  const repeat = ctx.quick ? { warmup: 0, runs: 1 } : { warmup: 1, runs: 3 };
  for (let run = 0; run < repeat.warmup + repeat.runs; run += 1) {
    let start = performance.now();
    await api<CreatedVersionAnswer>(ctx.baseUrl, 'POST', `/api/years/${BENCH_YEAR}/versions`, { name: `bench${run}` });
    const frozen = performance.now() - start;
    if ((await frozenRows(ctx)) !== months) throw new Error('Version incomplète.');
    await clear();
    start = performance.now();
    await rawFreeze(ctx, `raw${run}`);
    const copied = performance.now() - start;
    if ((await frozenRows(ctx)) !== months) throw new Error('Copie brute incomplète.');
    await clear();
    lap(`figer ${run + 1}`);
    if (run >= repeat.warmup) {
      apiMs.push(frozen);
      rawMs.push(copied);
    }
  }
  return [
    ratioFigure(
      `freeze a version of ${ctx.data.clients.length} clients (${months} monthly rows), POST /api/years/:year/versions (median)`,
      median(apiMs),
      'ms',
      { label: 'raw insert … select of the same rows, 1 transaction', value: median(rawMs) },
      MAX_FREEZE_RATIO,
    ),
  ];
}

async function compareFigures(ctx: BenchContext): Promise<Figure[]> {
  const version = await api<CreatedVersionAnswer>(ctx.baseUrl, 'POST', `/api/years/${BENCH_YEAR}/versions`, {
    name: 'comparée',
  });
  const path = withYear('/api/dashboard?clients=all');
  // An all-clients answer takes up to a second: the runs of years.bench.ts's dashboard.
  const [withVersion, without] = await samplePair(
    () => api(ctx.baseUrl, 'GET', `${path}&version=${version.id}`),
    () => api(ctx.baseUrl, 'GET', path),
    ctx.quick ? { warmup: 1, runs: 3 } : { warmup: 2, runs: 15 },
  );
  await rawQuery(ctx.raw, `delete from budget_versions where year = $1`, [BENCH_YEAR]);
  return [
    ratioFigure(
      `GET /api/dashboard?clients=all&year=&version=, ${ctx.data.clients.length} clients (p50)`,
      median(withVersion),
      'ms',
      { label: 'same without ?version=', value: median(without) },
      MAX_COMPARE_RATIO,
    ),
  ];
}

export default {
  name: 'versions',
  async run(ctx) {
    const lap = lapLogger(ctx, 'versions');
    await vacuumBudget(ctx.raw);
    return [...(await freezeFigures(ctx, lap)), ...(await compareFigures(ctx))];
  },
} satisfies Bench;
