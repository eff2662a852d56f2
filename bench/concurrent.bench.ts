/**
 * 8 HTTP clients saving single cells on loopback for 10 s (5 s with --quick), two per budget
 * client on distinct cells, so saves on one client really overlap. Reports requests per second
 * against 8 raw-driver loops upserting for the same time, the errors, and checks afterwards that
 * every cell holds its last acknowledged value and every revised-forecast cache is exact.
 */
import { eurosToCents, decimalToCents } from '../src/domain/money';
import { revisedForecastOf } from '../src/server/db/sql-fragments';
import {
  api,
  BENCH_YEAR,
  lineIdsOf,
  percentile,
  RAW_UPSERT_PREVISIONNEL,
  rawQuery,
  withYear,
  type Bench,
  type Figure,
} from './lib';

const WORKERS = 8;

/** Runs `body` in `WORKERS` loops until `ms` elapse; returns the number of completed iterations. */
async function loadFor(ms: number, body: (worker: number, i: number) => Promise<void>): Promise<number> {
  const end = performance.now() + ms;
  let done = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      for (let i = 0; performance.now() < end; i += 1) {
        await body(worker, i);
        done += 1;
      }
    }),
  );
  return done;
}

export default {
  name: 'concurrent',
  async run(ctx) {
    const ms = ctx.quick ? 5_000 : 10_000;
    // Worker w writes the lines of client ⌊w/2⌋ of parity w % 2, months cycling.
    const cellsOf = (worker: number) =>
      lineIdsOf(ctx.data, Math.floor(worker / 2)).filter((_, k) => k % 2 === worker % 2);
    const workerCells = Array.from({ length: WORKERS }, (_, w) => cellsOf(w));
    const cellAt = (worker: number, i: number) => {
      const lines = workerCells[worker]!;
      return { lineId: lines[i % lines.length]!, month: Math.floor(i / lines.length) % 12 };
    };

    const lastWritten = new Map<string, number>();
    const latencies: number[] = [];
    let errors = 0;
    const apiCount = await loadFor(ms, async (worker, i) => {
      const cell = cellAt(worker, i);
      const value = worker * 100_000 + i + 0.01;
      const start = performance.now();
      try {
        await api(ctx.baseUrl, 'PATCH', withYear('/api/cells'), [{ ...cell, field: 'previsionnel', value }]);
        lastWritten.set(`${cell.lineId}:${cell.month}`, value);
      } catch (err) {
        errors += 1;
        if (errors <= 3) ctx.log(`erreur : ${String(err)}`);
      }
      latencies.push(performance.now() - start);
    });

    // Every acknowledged last write is in the database.
    const { rows } = await ctx.db.query<{ line_id: string; month_index: number; previsionnel: string }>(
      `select budget_line_item_id as line_id, month_index, previsionnel::text as previsionnel
         from budget_monthly_data where budget_line_item_id = any($1::uuid[])`,
      [[...new Set(workerCells.flat())]],
    );
    const stored = new Map(rows.map((r) => [`${r.line_id}:${r.month_index}`, decimalToCents(r.previsionnel)]));
    const lost = [...lastWritten].filter(([key, value]) => stored.get(key) !== eurosToCents(value)).length;
    // Every client's revised-forecast cache of the year equals a fresh recomputation.
    const { rows: stale } = await ctx.db.query<{ client_id: string }>(
      `select cy.client_id from client_years cy
        where cy.year = $1 and cy.prevision_mb_annuelle_revue <> ${revisedForecastOf('cy.client_id', 'cy.year')}`,
      [BENCH_YEAR],
    );

    const rawLines = lineIdsOf(ctx.data, WORKERS);
    // The raw upserts take no client lock (the API's saves do): two of them on lines of one pole
    // update that pole's dashboard sums (migration 0006's triggers) in no set order, and PostgreSQL
    // may end one as a deadlock (40P01, seen). A client of the raw driver retries it, as any would;
    // only completed upserts count.
    let rawDeadlocks = 0;
    const rawCount = await loadFor(ms, async (worker, i) => {
      const params = [rawLines[(worker + i * WORKERS) % rawLines.length]!, i % 12, `${i}.01`, BENCH_YEAR];
      for (;;) {
        try {
          await rawQuery(ctx.raw, RAW_UPSERT_PREVISIONNEL, params);
          return;
        } catch (err) {
          if ((err as { code?: string }).code !== '40P01') throw err;
          rawDeadlocks += 1;
        }
      }
    });
    if (rawDeadlocks > 0) ctx.log(`concurrent : ${rawDeadlocks} upserts bruts rejoués après un deadlock`);

    const seconds = ms / 1000;
    const zero = (figure: string, value: number, unit: string): Figure => ({
      figure,
      value,
      unit,
      target: { text: '0', met: value === 0 },
    });
    return [
      {
        figure: `${WORKERS} concurrent clients saving 1 cell, ${seconds} s: throughput`,
        value: apiCount / seconds,
        unit: 'req/s',
        reference: { label: `${WORKERS} raw upsert loops`, value: rawCount / seconds },
      },
      { figure: `${WORKERS} concurrent clients: latency p95`, value: percentile(latencies, 95), unit: 'ms' },
      zero(`${WORKERS} concurrent clients: errors (of ${apiCount + errors} requests)`, errors, 'errors'),
      zero(`${WORKERS} concurrent clients: last-written values missing (of ${lastWritten.size} cells)`, lost, 'cells'),
      zero(`${WORKERS} concurrent clients: stale revised-forecast caches`, stale.length, 'clients'),
    ];
  },
} satisfies Bench;
