/**
 * Saving cells: one cell (p50, p95) and 100 cells in one PATCH /api/cells, each against the raw
 * driver writing the same rows in the same run.
 */
import { cellUpdateFromWire } from '../src/domain/codec';
import { mergeCells, writeCells } from '../src/server/routes/cells/cells.repo';
import {
  api,
  BENCH_YEAR,
  lineIdsOf,
  median,
  percentile,
  RAW_UPSERT_PREVISIONNEL,
  rawQuery,
  rawTransaction,
  ratioFigure,
  sample,
  type Bench,
  withYear,
} from './lib';

/** A value that changes on every run (a constant one could be skipped by a clever layer). */
const valueFor = (i: number) => 1000 + (i % 997) + (i % 100) / 100;

export default {
  name: 'cells',
  async run(ctx) {
    const lines = lineIdsOf(ctx.data, 0);
    const lineId = lines[0]!;
    const month = 3;
    // A paste first, as a user's session often starts: a database session plans its trigger queries
    // at their first call, and a server that kept a paste's plans saved each cell 20× slower
    // (migration 0010). 12 months of every line of client 1.
    const pasteLines = lineIdsOf(ctx.data, 1);
    await api(
      ctx.baseUrl,
      'PATCH',
      withYear('/api/cells'),
      pasteLines.flatMap((id) =>
        Array.from({ length: 12 }, (_, m) => ({ lineId: id, month: m, field: 'reel', value: 10 + m })),
      ),
    );

    const apiSingle = await sample(
      (i) =>
        api(ctx.baseUrl, 'PATCH', withYear('/api/cells'), [
          { lineId, month, field: 'previsionnel', value: valueFor(i) },
        ]),
      ctx.repeat,
    );
    const rawSingle = await sample(
      (i) => rawQuery(ctx.raw, RAW_UPSERT_PREVISIONNEL, [lineId, month, valueFor(i).toFixed(2), BENCH_YEAR]),
      ctx.repeat,
    );
    // The floor of any API call on this machine: an HTTP round trip that touches no database.
    const httpFloor = await sample(() => api(ctx.baseUrl, 'GET', '/api/health'), ctx.repeat);
    // Where the rest goes: the two statements of a save, run alone (autocommit, no HTTP), with
    // their triggers — the revised forecast's among them (ADR 044).
    const writeOnly = await sample(
      (i) =>
        writeCells(
          ctx.db,
          mergeCells([cellUpdateFromWire({ lineId, month, field: 'previsionnel', value: valueFor(i) })]),
          BENCH_YEAR,
          { actor: 'local', source: 'saisie' },
        ),
      ctx.repeat,
    );

    // 100 distinct cells of one client: 100 (line, month) pairs.
    const cells = Array.from({ length: 100 }, (_, k) => ({
      lineId: lines[k % lines.length]!,
      month: Math.floor(k / lines.length) % 12,
    }));
    const unique = new Set(cells.map((c) => `${c.lineId}:${c.month}`));
    if (unique.size !== 100) throw new Error(`100 cellules distinctes attendues, ${unique.size} obtenues.`);
    const batchRepeat = { warmup: Math.ceil(ctx.repeat.warmup / 5), runs: Math.ceil(ctx.repeat.runs / 5) };
    const apiBatch = await sample(
      (i) =>
        api(
          ctx.baseUrl,
          'PATCH',
          withYear('/api/cells'),
          cells.map((c) => ({ ...c, field: 'previsionnel', value: valueFor(i) })),
        ),
      batchRepeat,
    );
    const rawBatch = await sample(
      (i) =>
        rawTransaction(ctx.raw, async (q) => {
          for (const c of cells)
            await q(RAW_UPSERT_PREVISIONNEL, [c.lineId, c.month, valueFor(i).toFixed(2), BENCH_YEAR]);
        }),
      batchRepeat,
    );

    return [
      ratioFigure(
        'save 1 cell, PATCH /api/cells (p50)',
        median(apiSingle),
        'ms',
        { label: 'raw upsert p50', value: median(rawSingle) },
        2,
      ),
      ratioFigure(
        'save 1 cell, PATCH /api/cells (p95)',
        percentile(apiSingle, 95),
        'ms',
        { label: 'raw upsert p95', value: percentile(rawSingle, 95) },
        2,
      ),
      {
        figure: 'floor: GET /api/health, no database (p50)',
        value: median(httpFloor),
        unit: 'ms',
        reference: { label: 'raw upsert p50', value: median(rawSingle) },
      },
      {
        figure: 'breakdown: the save statement alone (lock clients + update cells, p50)',
        value: median(writeOnly),
        unit: 'ms',
      },
      // What the server adds over the unavoidable: one HTTP round trip plus one upsert.
      ratioFigure(
        'save 1 cell, PATCH /api/cells (p50), vs HTTP floor + raw upsert',
        median(apiSingle),
        'ms',
        { label: 'floor p50 + raw upsert p50', value: median(httpFloor) + median(rawSingle) },
        2,
      ),
      ratioFigure(
        'save 100 cells, one PATCH /api/cells (median)',
        median(apiBatch),
        'ms',
        { label: '100 raw upserts in 1 transaction', value: median(rawBatch) },
        1.5,
      ),
    ];
  },
} satisfies Bench;
