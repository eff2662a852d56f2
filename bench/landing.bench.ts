/**
 * The landing (issue 29) against its raw reference measured in the same run: a landing of every
 * client (`run-rate`, overwrite: POST /api/years/:year/landing) against the raw upsert of the very
 * cells it wrote (read back from its history entry), in one transaction. Target ≤ 2×. The landing
 * is undone through the API, the raw upsert reverted raw, untimed.
 */
import type { LandingAnswerWire } from '../src/domain/answers';
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
  vacuumBudget,
} from './lib';

/** The target of the issue. */
const MAX_LANDING_RATIO = 2;

/** The cells a history entry wrote: line, month, measure (0 sales, 1 purchases), old and new. */
interface WrittenCell {
  line_id: string;
  month: number;
  measure: number;
  old: string;
  new: string;
}

/** One upsert of `cells` (the value `pick` chooses), as the raw reference of the landing's writes. */
async function rawUpsert(ctx: BenchContext, cells: readonly WrittenCell[], pick: 'old' | 'new'): Promise<void> {
  const sales = cells.filter((c) => c.measure === 0);
  const purchases = cells.filter((c) => c.measure === 1);
  await rawTransaction(ctx.raw, async (q) => {
    for (const [column, list] of [
      ['previsionnel', sales],
      ['achat_previsionnel', purchases],
    ] as const) {
      await q(
        `insert into budget_monthly_data (budget_line_item_id, month_index, ${column}, year)
         select line_id, month, value, $4 from unnest($1::uuid[], $2::smallint[], $3::numeric[]) as c(line_id, month, value)
         on conflict (budget_line_item_id, month_index) do update set ${column} = excluded.${column}`,
        [list.map((c) => c.line_id), list.map((c) => c.month), list.map((c) => c[pick]), BENCH_YEAR],
      );
    }
  });
}

async function landingFigures(ctx: BenchContext, lap: (what: string) => void): Promise<Figure[]> {
  const body = { clients: 'all', method: 'run-rate', mode: 'overwrite', dryRun: false };
  const apiMs: number[] = [];
  const rawMs: number[] = [];
  let written = 0;
  const repeat = ctx.quick ? { warmup: 0, runs: 1 } : { warmup: 0, runs: 2 };
  for (let run = 0; run < repeat.warmup + repeat.runs; run += 1) {
    let start = performance.now();
    const answer = await api<LandingAnswerWire>(ctx.baseUrl, 'POST', `/api/years/${BENCH_YEAR}/landing`, body);
    const landing = performance.now() - start;
    if (answer.historyId === null) throw new Error('Atterrissage sans rien d’écrit.');
    const cells = await rawQuery<WrittenCell>(
      ctx.raw,
      `select line_id, month, measure, old::text, new::text from history_cells where entry_id = $1`,
      [answer.historyId],
    );
    written = cells.length;
    if (written !== answer.clients.reduce((n, c) => n + c.cellsFilled, 0)) throw new Error('Cellules non retrouvées.');
    await api(ctx.baseUrl, 'POST', `/api/history/${answer.historyId}/undo`);
    lap(`atterrissage ${run + 1} (et son annulation)`);
    start = performance.now();
    await rawUpsert(ctx, cells, 'new');
    const upsert = performance.now() - start;
    await rawUpsert(ctx, cells, 'old');
    await rawQuery(ctx.raw, 'vacuum analyze budget_monthly_data');
    lap(`upsert brut ${run + 1} (et son retour)`);
    if (run >= repeat.warmup) {
      apiMs.push(landing);
      rawMs.push(upsert);
    }
  }
  return [
    ratioFigure(
      `landing run-rate, overwrite, ${ctx.data.clients.length} clients (${written} cells), POST /api/years/:year/landing (median)`,
      median(apiMs),
      'ms',
      { label: 'raw upsert of the same cells, 1 transaction', value: median(rawMs) },
      MAX_LANDING_RATIO,
    ),
  ];
}

export default {
  name: 'landing',
  async run(ctx) {
    const lap = lapLogger(ctx, 'landing');
    await vacuumBudget(ctx.raw);
    return landingFigures(ctx, lap);
  },
} satisfies Bench;
