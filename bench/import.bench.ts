/**
 * Import benchmark (issue 34, E3): the largest `POST /api/import` the schema allows — 20,000 new
 * lines and 250,000 cells over 10 clients (2,000 lines in one pole each, the shape that was
 * quadratic) — against a raw insert of the same poles, lines and monthly rows with their figures in
 * one transaction on the raw driver, in the same run (target ≤ 2×). While the import runs, one-cell
 * saves on a client it does not touch, against the same save without it: on PostgreSQL the import
 * locks only its own clients' rows, so those saves wait for their own statements (target p95 ≤ 3×,
 * the machine's two cores being shared with the import); on PGlite — one session, one statement
 * at a time — they wait for the import's statements (reported, no target).
 * `--quick`: 2,000 lines and 25,000 cells.
 */
import { randomUUID } from 'node:crypto';
import type { ClientWire } from '../src/domain/schemas';
import {
  api,
  lineIdsOf,
  percentile,
  ratioFigure,
  rawQuery,
  rawTransaction,
  withYear,
  BENCH_YEAR,
  type Bench,
  type BenchContext,
  type Figure,
} from './lib';

const CLIENTS = 10;

/** Lines per client, and the cells: 12 forecasts per line, plus actuals of January until `cells` is reached. */
const sizeOf = (quick: boolean) =>
  quick ? { linesPerClient: 200, cells: 25_000 } : { linesPerClient: 2_000, cells: 250_000 };

/** The import's body for these clients: one pole 'Paid' each (new), `linesPerClient` lines in it. */
function importBodyFor(clientIds: readonly string[], linesPerClient: number, cellCount: number) {
  const lines = clientIds.flatMap((clientId) =>
    Array.from({ length: linesPerClient }, (_, i) => ({ clientId, pole: 'Paid', name: `Import ${i}` })),
  );
  const cells: { newLine: number; month: number; field: 'previsionnel' | 'reel'; value: number }[] = [];
  lines.forEach((_, i) => {
    for (let month = 0; month < 12; month += 1)
      cells.push({ newLine: i, month, field: 'previsionnel', value: 100 + ((i + month) % 900) + 0.25 });
  });
  for (let i = 0; cells.length < cellCount && i < lines.length; i += 1)
    cells.push({ newLine: i, month: 0, field: 'reel', value: 50 + (i % 400) + 0.5 });
  return { lines, cells };
}

async function createClients(ctx: BenchContext, prefix: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < CLIENTS; i += 1)
    ids.push((await api<ClientWire>(ctx.baseUrl, 'POST', '/api/clients', { name: `${prefix} ${i}` })).id);
  return ids;
}

/** The raw reference: the same poles, lines and monthly rows (with the figures) in one transaction. */
async function rawInsert(ctx: BenchContext, clientIds: readonly string[], body: ReturnType<typeof importBodyFor>) {
  const poleIds = clientIds.map(() => randomUUID());
  const lineIds = body.lines.map(() => randomUUID());
  const figures = lineIds.map(() => Array.from({ length: 12 }, () => ['0', '0']));
  for (const cell of body.cells)
    figures[cell.newLine]![cell.month]![cell.field === 'previsionnel' ? 0 : 1] = String(cell.value);
  const rows = lineIds.flatMap((id, i) => figures[i]!.map((f, month) => [id, month, f[0]!, f[1]!]));
  const started = performance.now();
  await rawTransaction(ctx.raw, async (q) => {
    await q(
      `insert into expertise_poles (id, client_id, year, name) select p, c, $3, 'Paid' from unnest($1::uuid[], $2::uuid[]) as v(p, c)`,
      [poleIds, clientIds, BENCH_YEAR],
    );
    await q(
      `insert into budget_line_items (id, expertise_pole_id, year, name)
       select l, p, $4, n from unnest($1::uuid[], $2::uuid[], $3::text[]) as v(l, p, n)`,
      [
        lineIds,
        body.lines.map((l) => poleIds[clientIds.indexOf(l.clientId)]),
        body.lines.map((l) => l.name),
        BENCH_YEAR,
      ],
    );
    await q(
      `insert into budget_monthly_data (budget_line_item_id, year, month_index, previsionnel, reel)
       select l, $5, m, p, r from unnest($1::uuid[], $2::smallint[], $3::numeric[], $4::numeric[]) as v(l, m, p, r)`,
      [rows.map((r) => r[0]), rows.map((r) => r[1]), rows.map((r) => r[2]), rows.map((r) => r[3]), BENCH_YEAR],
    );
  });
  return performance.now() - started;
}

/** One-cell saves on `lineId`, one after the other, until `until` resolves (at least `min` of them). */
async function savesUntil(ctx: BenchContext, lineId: string, until: Promise<unknown>, min = 0): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const times: number[] = [];
  for (let k = 0; !done || times.length < min; k += 1) {
    const started = performance.now();
    await api(ctx.baseUrl, 'PATCH', withYear('/api/cells'), [
      { lineId, month: k % 12, field: 'previsionnel', value: 1000 + (k % 7) },
    ]);
    times.push(performance.now() - started);
  }
  return times;
}

export default {
  name: 'import',
  async run(ctx) {
    const { linesPerClient, cells } = sizeOf(ctx.quick);
    const other = lineIdsOf(ctx.data, 0)[0]!;
    const before = await rawQuery<{ previsionnel: string }>(
      ctx.raw,
      `select previsionnel::text from budget_monthly_data where budget_line_item_id = $1 order by month_index`,
      [other],
    );
    const firstEntry = (
      await rawQuery<{ id: string }>(ctx.raw, `select coalesce(max(id), 0)::text as id from history_entries`)
    )[0]!.id;
    const importClients = await createClients(ctx, 'Banc import');
    const rawClients = await createClients(ctx, 'Banc import brut');
    const body = importBodyFor(importClients, linesPerClient, cells);
    const label = `${body.lines.length.toLocaleString('en')} lines, ${body.cells.length.toLocaleString('en')} cells`;
    const figures: Figure[] = [];
    try {
      // Without the import first: the save's own time on this machine now.
      const alone = await savesUntil(ctx, other, Promise.resolve(), ctx.repeat.runs);
      ctx.log(`import: ${label}`);
      const rawMs = await rawInsert(ctx, rawClients, importBodyFor(rawClients, linesPerClient, cells));
      const started = performance.now();
      const imported = api<{ lines: number; cells: number; historyId: number }>(
        ctx.baseUrl,
        'POST',
        withYear('/api/import'),
        body,
      ).then((r) => ({ ...r, ms: performance.now() - started }));
      const during = await savesUntil(ctx, other, imported);
      const result = await imported;
      if (result.lines !== body.lines.length) throw new Error(`import: ${result.lines} lignes créées`);
      figures.push(
        ratioFigure(
          `import of ${label}, POST /api/import`,
          result.ms,
          'ms',
          { label: 'raw insert of its rows', value: rawMs },
          2,
        ),
      );
      const p95 = (xs: number[]) => percentile(xs, 95);
      const saveFigure = {
        figure: `save 1 cell of another client during that import (p95, ${during.length} saves)`,
        value: p95(during),
        unit: 'ms',
        reference: { label: 'the same save without it (p95)', value: p95(alone) },
      };
      figures.push(
        ctx.engine === 'postgres'
          ? ratioFigure(saveFigure.figure, saveFigure.value, 'ms', saveFigure.reference, 3)
          : saveFigure,
      );
    } finally {
      // As found: the clients (their lines and sums by cascade), the saved cells, the history since.
      await rawQuery(ctx.raw, `delete from clients where id = any($1::uuid[])`, [[...importClients, ...rawClients]]);
      await rawQuery(
        ctx.raw,
        `update budget_monthly_data d set previsionnel = v.p from unnest($2::numeric[]) with ordinality as v(p, m)
          where d.budget_line_item_id = $1 and d.month_index = v.m - 1`,
        [other, before.map((r) => r.previsionnel)],
      );
      await rawQuery(ctx.raw, `delete from history_entries where id > $1`, [firstEntry]);
    }
    return figures;
  },
} satisfies Bench;
