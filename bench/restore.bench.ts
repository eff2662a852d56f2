/**
 * Restore benchmark (issues 6 and 11): POST /api/backup?year= of one year of the 300-client demo
 * data set in SPEC's shape — JSON parsing, complete validation, the replacement in one
 * transaction, the revised-forecast refresh — against a plain batched insert of the same rows
 * (multi-row INSERTs in one transaction through the raw driver), into the same empty database, in
 * the same run, on PGlite and on PostgreSQL 15. Target: restore at least half the speed of the
 * plain insert, i.e. time ≤ 2 × the reference. Then the years (issue 11): that one-year restore
 * over 3 years stored against the same over 1 year stored (target ≤ 1.2×), and the restore of
 * every year (version 2).
 *
 * Follows the contract of bench/lib.ts (default export, run by `npm run bench`); it works on its
 * own empty database (ctx.freshDatabase()), so the shared data set is left as it was. Also runs
 * alone: `npx tsx bench/restore.bench.ts [--clients N] [--runs N] [--engine pglite|postgres]`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { AllYearsBackupDocument } from '../src/domain/files/backup-json';
import { centsToDecimal, eurosToCents } from '../src/domain/money';
import { MEASURES } from '../src/domain/measures';
import { backupSchema, type BackupWire as Backup } from '../src/domain/schemas';
import { createApp } from '../src/server/app';
import { startPostgres } from '../src/server/test/postgres-server';
import { generateDemoBackup, oneYearDocument } from './demo-data';
import {
  BENCH_TODAY,
  BENCH_YEAR,
  median,
  openFresh,
  ratioFigure,
  rawTransaction,
  sample,
  type Bench,
  type Engine,
  type Figure,
  type FreshDatabase,
  type OpenDatabase,
  withYear,
} from './lib';

/** The rows of a one-year backup restored as `year`, as the plain insert writes them: SQL parameter values, prepared untimed. */
function rowsOf(backup: Backup, year: number) {
  const money = (euros: number) => centsToDecimal(eurosToCents(euros));
  const clients = backup.clients.map((c) => [c.id, c.name, new Date(c.created_at).toISOString()]);
  const clientYears = backup.clients.map((c) => [c.id, year, money(c.prevision_mb_annuelle_debut)]);
  const poles: unknown[][] = [];
  const lines: unknown[][] = [];
  const months: unknown[][] = [];
  for (const [clientId, clientPoles] of Object.entries(backup.budgetData)) {
    for (const pole of clientPoles) {
      poles.push([
        pole.id,
        clientId,
        year,
        pole.name,
        pole.isExpanded,
        `{${pole.facture.map((f) => (f ? 't' : 'f')).join(',')}}`,
      ]);
      for (const line of pole.lines) {
        lines.push([line.id, pole.id, year, line.name]);
        for (let m = 0; m < 12; m += 1)
          months.push([line.id, year, m, ...MEASURES.map((measure) => money(line[measure][m]!))]);
      }
    }
  }
  return { clients, clientYears, poles, lines, months };
}

type Rows = ReturnType<typeof rowsOf>;
type Exec = (sql: string, params?: unknown[]) => Promise<unknown>;

/** Multi-row `insert … values (…), (…)` in chunks that stay under PostgreSQL's 65,535 parameters. */
async function batchedInsert(exec: Exec, table: string, columns: string[], casts: string[], rows: unknown[][]) {
  const perStatement = Math.floor(60_000 / columns.length);
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const values = chunk.map(
      (_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}${casts[c]}`).join(', ')})`,
    );
    await exec(`insert into ${table} (${columns.join(', ')}) values ${values.join(', ')}`, chunk.flat());
  }
}

/** The reference: the same rows, plain batched INSERTs, in the caller's transaction. */
async function plainInsert(exec: Exec, rows: Rows) {
  await batchedInsert(exec, 'clients', ['id', 'name', 'created_at'], ['::uuid', '', '::timestamptz'], rows.clients);
  await batchedInsert(
    exec,
    'client_years',
    ['client_id', 'year', 'prevision_mb_annuelle_debut'],
    ['::uuid', '::smallint', '::numeric'],
    rows.clientYears,
  );
  await batchedInsert(
    exec,
    'expertise_poles',
    ['id', 'client_id', 'year', 'name', 'is_expanded', 'facture'],
    ['::uuid', '::uuid', '::smallint', '', '', '::boolean[]'],
    rows.poles,
  );
  await batchedInsert(
    exec,
    'budget_line_items',
    ['id', 'expertise_pole_id', 'year', 'name'],
    ['::uuid', '::uuid', '::smallint', ''],
    rows.lines,
  );
  await batchedInsert(
    exec,
    'budget_monthly_data',
    ['budget_line_item_id', 'year', 'month_index', 'previsionnel', 'achat_previsionnel', 'reel', 'achat'],
    ['::uuid', '::smallint', '::smallint', '::numeric', '::numeric', '::numeric', '::numeric'],
    rows.months,
  );
}

/**
 * Restore figures for one engine, on an empty database that is emptied (untimed) between runs.
 * Each measured run also restores every year (version 2: the three years) over the one restored,
 * then the one year again over the three: the one-year restore with 3 years stored against the
 * same with 1 year stored, in the same run.
 */
async function measure(
  target: OpenDatabase,
  allYears: AllYearsBackupDocument,
  year: number,
  repeat: { warmup: number; runs: number },
): Promise<Figure[]> {
  const app = createApp({ db: target.db });
  const backup = oneYearDocument(allYears, year);
  const oneYear = JSON.stringify(backup);
  const everyYear = JSON.stringify(allYears);
  const rows = rowsOf(backup, year);
  // Every table holding a client's data references clients, directly or through its poles and
  // lines: client_years, expertise_poles, budget_line_items, budget_monthly_data, and the
  // dashboard sums of migration 0006 (dashboard_pole_months, dashboard_client_months). CASCADE
  // empties them all with it; a hand-made list of them broke when 0006 added its sums (« cannot
  // truncate a table referenced in a foreign key constraint »), and would again with the next
  // table. The history and the accounts reference no client: they stay, as a real restore keeps them.
  const empty = () => target.db.query('truncate clients cascade');
  const restore = (path: string, body: string) => async () => {
    const res = await app.request(path, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    if (res.status !== 200) throw new Error(`POST ${path} → ${res.status} ${(await res.text()).slice(0, 300)}`);
  };
  const restoreOneYear = restore(withYear('/api/backup', year), oneYear);
  const restoreEveryYear = restore('/api/backup', everyYear);
  const timed = async (fn: () => Promise<unknown>) => {
    const start = performance.now();
    await fn();
    return performance.now() - start;
  };
  // Alternated run by run, so drift on a shared machine (caches, other processes) hits both alike.
  const restoreMs: number[] = [];
  const referenceMs: number[] = [];
  const replaceMs: number[] = [];
  const everyYearMs: number[] = [];
  const overThreeMs: number[] = [];
  for (let run = 0; run < repeat.warmup + repeat.runs; run += 1) {
    const measured = run >= repeat.warmup;
    await empty();
    const r = await timed(restoreOneYear);
    const again = await timed(restoreOneYear); // over the data just restored: the usual real case
    if (measured) {
      everyYearMs.push(await timed(restoreEveryYear)); // over one year: three years stored after it
      overThreeMs.push(await timed(restoreOneYear)); // over three years: one left
    }
    await empty();
    const p = await timed(() => rawTransaction(target.raw, (exec) => plainInsert(exec, rows)));
    if (measured) {
      restoreMs.push(r);
      replaceMs.push(again);
      referenceMs.push(p);
    }
  }
  await empty();
  const validateMs = await sample(async () => backupSchema.parse(JSON.parse(oneYear)), repeat);
  const size = `${backup.clients.length} clients, ${rows.lines.length} lignes, ${rows.months.length} lignes mensuelles, ${(oneYear.length / 1e6).toFixed(1)} Mo`;
  const reference = { label: 'INSERT multi-lignes bruts des mêmes lignes, 1 transaction', value: median(referenceMs) };
  return [
    ratioFigure(
      `restauration d'un exercice dans une base vide, POST /api/backup?year= (${size}, médiane)`,
      median(restoreMs),
      'ms',
      reference,
      2,
    ),
    {
      figure: "restauration d'un exercice par-dessus le même (1 exercice en base), POST /api/backup?year= (médiane)",
      value: median(replaceMs),
      unit: 'ms',
      reference,
    },
    ratioFigure(
      `restauration d'un exercice par-dessus ${allYears.years.length} exercices en base, POST /api/backup?year= (médiane)`,
      median(overThreeMs),
      'ms',
      { label: 'la même par-dessus 1 exercice', value: median(replaceMs) },
      1.2,
    ),
    {
      figure: `restauration de tous les exercices (version 2, ${allYears.years.length} exercices, ${(everyYear.length / 1e6).toFixed(1)} Mo) par-dessus 1, POST /api/backup (médiane)`,
      value: median(everyYearMs),
      unit: 'ms',
      reference: { label: 'un exercice dans une base vide', value: median(restoreMs) },
    },
    { figure: 'dont lecture JSON + validation complète (médiane)', value: median(validateMs), unit: 'ms' },
  ];
}

const bench = {
  name: 'restore',
  async run(ctx) {
    const fresh = await ctx.freshDatabase();
    const target = await openFresh(fresh);
    try {
      ctx.log(`restore: ${ctx.data.clients.length} clients sur ${ctx.engine}`);
      return await measure(
        target,
        ctx.allYears,
        BENCH_YEAR,
        // Each run restores four times and inserts once (35–50 s on either engine): no warm-up
        // run, two runs (their mean), to keep `npm run bench` within its ten minutes.
        ctx.quick ? { warmup: 0, runs: 1 } : { warmup: 0, runs: 2 },
      );
    } finally {
      await target.close();
      await fresh.dispose();
    }
  },
} satisfies Bench;
export default bench;

/** Standalone: a fresh database per engine (PGlite on disk, a throwaway PostgreSQL 15). */
async function main() {
  const { values } = parseArgs({
    options: { clients: { type: 'string' }, runs: { type: 'string' }, engine: { type: 'string' } },
  });
  const data = generateDemoBackup({ clients: Number(values.clients ?? 300), seed: 1, today: BENCH_TODAY });
  const repeat = { warmup: 1, runs: Number(values.runs ?? 3) };
  const engines = (['pglite', 'postgres'] as const).filter((e): e is Engine => !values.engine || values.engine === e);
  for (const engine of engines) {
    let fresh: FreshDatabase;
    let stopServer = () => {};
    if (engine === 'pglite') {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-bench-restore-'));
      fresh = { env: { DATA_DIR: dir }, dispose: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    } else {
      const server = await startPostgres();
      stopServer = () => server.stop();
      const admin = new pg.Pool({ connectionString: server.adminUrl, max: 1 });
      await admin.query('create database bench_restore');
      await admin.end();
      fresh = {
        env: { DATABASE_URL: server.adminUrl.replace(/\/postgres$/, '/bench_restore') },
        dispose: async () => {},
      };
    }
    const target = await openFresh(fresh);
    try {
      for (const f of await measure(target, data, BENCH_YEAR, repeat)) {
        const ref = f.reference ? ` | référence ${f.reference.value.toFixed(0)} ms (${f.reference.label})` : '';
        const ratio =
          f.ratio !== undefined
            ? ` | ${f.ratio.toFixed(2)}× (cible ${f.target?.text} : ${f.target?.met ? 'atteinte' : 'MANQUÉE'})`
            : '';
        console.log(`${engine.padEnd(8)} ${f.figure} : ${f.value.toFixed(0)} ${f.unit}${ref}${ratio}`);
      }
    } finally {
      await target.close();
      await fresh.dispose();
      stopServer();
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
