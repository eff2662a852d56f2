/**
 * The change history's cost (issue 12, ADR 022): a save with its history against the same save
 * without it (the statement of the release before, kept here as the reference), for one cell and
 * for a 5,000-cell batch; then one cell's history among 1 million recorded cell changes (40,000
 * on PGlite), and the bytes each recorded change takes (table + indexes).
 */
import { cellUpdateFromWire } from '../src/domain/codec';
import { MEASURES } from '../src/domain/measures';
import type { Queryable } from '../src/server/db/client';
import { mergeCells, writeCells } from '../src/server/routes/cells/cells.repo';
import { listHistory } from '../src/server/routes/history/history.repo';
import {
  BENCH_YEAR,
  lineIdsOf,
  median,
  percentile,
  rawQuery,
  rawTransaction,
  ratioFigure,
  sample,
  type Bench,
} from './lib';

const YEAR = BENCH_YEAR;

/** The cells statement without history (issue 11's), as the reference of the same save. */
async function writeCellsWithoutHistory(q: Queryable, cells: ReturnType<typeof mergeCells>, year: number) {
  const column = (f: (typeof MEASURES)[number]) => cells.map((c) => c[f] ?? null);
  const { rows } = await q.query<{ client_ids: string[] }>(
    `with v as (
        select * from unnest($1::uuid[], $2::int[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[])
               as v(line_id, month_index, p, ap, r, a)),
      owners as materialized (
        select c.id from clients c
         where c.id in (select p.client_id from budget_line_items l
                          join expertise_poles p on p.id = l.expertise_pole_id
                         where l.id in (select line_id from v) and l.year = $7)
         order by c.id
           for update of c),
      locked as (select count(*) as n from owners),
      written as (
        update budget_monthly_data d set
            previsionnel = coalesce(v.p, d.previsionnel),
            achat_previsionnel = coalesce(v.ap, d.achat_previsionnel),
            reel = coalesce(v.r, d.reel),
            achat = coalesce(v.a, d.achat)
          from locked, v
         where d.budget_line_item_id = v.line_id and d.month_index = v.month_index and d.year = $7
        returning d.budget_line_item_id as line_id)
    select array(select id from owners) as client_ids`,
    [
      cells.map((c) => c.lineId),
      cells.map((c) => c.month),
      column('previsionnel'),
      column('achat_previsionnel'),
      column('reel'),
      column('achat'),
      year,
    ],
  );
  return rows[0]?.client_ids ?? [];
}

/** A value that changes on every run, so every save really changes its cells. */
const valueFor = (i: number) => 1000 + (i % 997) + (i % 100) / 100;

const CHANGES = 1_000_000;
const CHANGES_PER_ENTRY = 10;

export default {
  name: 'history',
  async run(ctx) {
    const clientId = ctx.data.clients[0]!.id;
    // Enough lines for 5,000 distinct cells (48 per line), from the first clients.
    const lines = ctx.data.clients.flatMap((_, i) => lineIdsOf(ctx.data, i)).slice(0, 110);
    const batchOf = (n: number, i: number) =>
      mergeCells(
        Array.from({ length: n }, (_, k) =>
          cellUpdateFromWire({
            lineId: lines[k % lines.length]!,
            month: Math.floor(k / lines.length) % 12,
            field: MEASURES[Math.floor(k / (lines.length * 12)) % 4]!,
            value: valueFor(i + k),
          }),
        ),
      );
    // The revised forecast follows by the database's triggers on both paths (ADR 044).
    const withHistory = (n: number) => (i: number) =>
      ctx.db.transaction(async (tx) => {
        await writeCells(tx, batchOf(n, i), YEAR, { actor: 'bench', source: 'saisie' });
      });
    const without = (n: number) => (i: number) =>
      ctx.db.transaction(async (tx) => {
        await writeCellsWithoutHistory(tx, batchOf(n, i), YEAR);
      });
    if (lines.length * 12 * 4 < 5000) throw new Error(`5 000 cellules distinctes attendues (${lines.length} lignes).`);

    // The two paths on the same cells and the same data, one after the other.
    const one = await sample(withHistory(1), ctx.repeat);
    const oneBare = await sample(without(1), ctx.repeat);
    const batchRepeat = { warmup: 2, runs: ctx.quick ? 4 : 12 };
    const batch = await sample(withHistory(5000), batchRepeat);
    const batchBare = await sample(without(5000), batchRepeat);

    // 1 million recorded cell changes: spread over the seeded lines, months and measures, 10 per entry.
    // PGlite fills about 1,000 recorded changes a second with this statement (PostgreSQL 60 times
    // more): 1 million would take the whole bench budget, so PGlite reads among 40,000 (a btree
    // lookup: the p95 moves by one level of the index between 40,000 and 1 million).
    const changes = (ctx.engine === 'pglite' ? CHANGES / 25 : CHANGES) / (ctx.quick ? 10 : 1);
    const pool = Object.values(ctx.data.budgetData)
      .flat()
      .flatMap((p) => p.lines.map((l) => l.id))
      .slice(0, 20_000);
    const started = performance.now();
    await rawQuery(
      ctx.raw,
      `insert into history_entries (actor, source, client_id, year, cell_count)
       select 'bench-fill', 'saisie', $1, $2, ${CHANGES_PER_ENTRY} from generate_series(1, $3)`,
      [clientId, YEAR, changes / CHANGES_PER_ENTRY],
    );
    await rawQuery(
      ctx.raw,
      `insert into history_cells (entry_id, line_id, month, measure, old, new)
       select e.id, pool.id, (e.n + k) % 12, k % 4, (e.n % 1000)::numeric / 100, ((e.n + 1) % 1000)::numeric / 100
         from (select id, row_number() over (order by id) as n from history_entries where actor = 'bench-fill') e
        cross join generate_series(0, ${CHANGES_PER_ENTRY - 1}) k
         join (select id, ord - 1 as i from unnest($1::uuid[]) with ordinality as p(id, ord)) pool
           on pool.i = (e.n * ${CHANGES_PER_ENTRY} + k) % $2
       -- Distinct keys: one entry never changes the same cell twice.
       on conflict do nothing`,
      [pool, pool.length],
    );
    await rawQuery(ctx.raw, 'analyze history_entries');
    await rawQuery(ctx.raw, 'analyze history_cells');
    const fillMs = performance.now() - started;
    ctx.log(`history: ${changes} changements enregistrés en ${Math.round(fillMs)} ms`);

    const [sizes] = await rawQuery<{ n: string; bytes: string; heap: string }>(
      ctx.raw,
      `select (select count(*) from history_cells)::text as n,
              pg_total_relation_size('history_cells')::text as bytes,
              pg_relation_size('history_cells')::text as heap`,
    );
    const cellHistory = await sample(
      (i) =>
        listHistory(ctx.db, {
          lineId: pool[i % pool.length]!,
          month: i % 12,
          field: MEASURES[i % 4]!,
          limit: 50,
        }),
      ctx.repeat,
    );
    // The fill's cells go in one set-based delete; then the entries, with the foreign keys' cascade
    // off (replica role), as nothing is left for it to delete. Left to the cascade, each of the
    // 100,000 entries looked up its cells through the BRIN index on entry_id: more than 12 minutes
    // on a loaded machine with PostgreSQL's 1 million changes.
    await rawTransaction(ctx.raw, async (q) => {
      await q(
        `delete from history_cells where entry_id in (select id from history_entries where actor in ('bench-fill', 'bench'))`,
      );
      await q(`set local session_replication_role = replica`);
      await q(`delete from history_entries where actor in ('bench-fill', 'bench')`);
    });
    // The values written above go back, so later benches read the seeded data.
    await ctx.db.transaction(async (tx) => {
      const written = new Set(lines);
      const seeded = Object.values(ctx.data.budgetData)
        .flat()
        .flatMap((p) => p.lines)
        .filter((l) => written.has(l.id));
      const cells = seeded.flatMap((l) =>
        MEASURES.flatMap((field) => l[field].map((value, month) => ({ lineId: l.id, month, field, value }))),
      );
      await writeCells(tx, mergeCells(cells.map(cellUpdateFromWire)), YEAR, { actor: 'bench', source: 'saisie' });
    });
    await rawQuery(ctx.raw, `delete from history_entries where actor = 'bench'`);

    const n = Number(sizes!.n);
    return [
      ratioFigure(
        'save 1 cell with its history (p50)',
        median(one),
        'ms',
        { label: 'the same save without history p50', value: median(oneBare) },
        1.5,
      ),
      ratioFigure(
        'save 5,000 cells with their history (median)',
        median(batch),
        'ms',
        { label: 'the same batch without history', value: median(batchBare) },
        2,
      ),
      {
        figure: `history of one cell among ${n.toLocaleString('en')} recorded changes (p95)`,
        value: percentile(cellHistory, 95),
        unit: 'ms',
        target: { text: '≤ 20 ms', met: percentile(cellHistory, 95) <= 20 },
      },
      { figure: 'history of one cell (p50)', value: median(cellHistory), unit: 'ms' },
      {
        figure: 'bytes per recorded cell change (history_cells table + indexes)',
        value: Math.round(Number(sizes!.bytes) / n),
        unit: 'B',
      },
      { figure: 'bytes per recorded cell change (table alone)', value: Math.round(Number(sizes!.heap) / n), unit: 'B' },
      {
        figure: `recording ${n.toLocaleString('en')} changes by raw SQL (fill)`,
        value: Math.round(fillMs),
        unit: 'ms',
      },
    ];
  },
} satisfies Bench;
