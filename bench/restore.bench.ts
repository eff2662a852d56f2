/**
 * Restore benchmark (issue 6): POST /api/backup of the 300-client demo data set — JSON parsing,
 * complete validation, the replacement in one transaction, the revised-forecast refresh — against
 * a plain batched insert of the same rows (multi-row INSERTs in one transaction through the raw
 * driver), on the same database, in the same run, on PGlite and on PostgreSQL 15.
 * Target: restore at least half the speed of the plain insert (time ≤ 2 × the reference).
 *
 * `npx tsx bench/restore.bench.ts [--clients N] [--runs N] [--engines pglite,postgres]`
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { centsToDecimal, eurosToCents } from '../src/domain/money';
import { MEASURES, type Backup } from '../src/domain/schemas';
import { createApp } from '../src/server/app';
import { migrate, pgliteDb, postgresDb, type Db } from '../src/server/db/client';
import { startPostgres } from '../src/server/test/postgres-server';
import { generateDemoBackup } from './demo-data';

export type Engine = 'pglite' | 'postgres';

export interface RestoreBenchResult {
  engine: Engine;
  clients: number;
  lines: number;
  monthlyRows: number;
  bodyBytes: number;
  /** Median time of POST /api/backup into an empty database, in ms. */
  restoreMs: number;
  /** Median time of the plain batched insert of the same rows, in ms. */
  referenceMs: number;
  /** referenceMs / restoreMs: the restore's speed relative to the plain insert (target ≥ 0.5). */
  relativeSpeed: number;
  /** Median time of POST /api/backup over a database already holding the data set, in ms. */
  replaceExistingMs: number;
}

/** The rows of a backup as the plain insert writes them: SQL parameter values, prepared untimed. */
function rowsOf(backup: Backup) {
  const money = (euros: number) => centsToDecimal(eurosToCents(euros));
  const clients = backup.clients.map((c) => [c.id, c.name, money(c.prevision_mb_annuelle_debut), new Date(c.created_at).toISOString()]);
  const poles: unknown[][] = [];
  const lines: unknown[][] = [];
  const months: unknown[][] = [];
  for (const [clientId, clientPoles] of Object.entries(backup.budgetData)) {
    for (const pole of clientPoles) {
      poles.push([pole.id, clientId, pole.name, pole.isExpanded, `{${pole.facture.map((f) => (f ? 't' : 'f')).join(',')}}`]);
      for (const line of pole.lines) {
        lines.push([line.id, pole.id, line.name]);
        for (let m = 0; m < 12; m += 1) months.push([line.id, m, ...MEASURES.map((measure) => money(line[measure][m]!))]);
      }
    }
  }
  return { clients, poles, lines, months };
}

type Rows = ReturnType<typeof rowsOf>;
type Exec = (sql: string, params: unknown[]) => Promise<unknown>;

/** Multi-row `insert … values (…), (…)` in chunks that stay under PostgreSQL's 65,535 parameters. */
async function batchedInsert(exec: Exec, table: string, columns: string[], casts: string[], rows: unknown[][]) {
  const perStatement = Math.floor(60_000 / columns.length);
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const values = chunk.map((_, r) => `(${columns.map((_, c) => `$${r * columns.length + c + 1}${casts[c]}`).join(', ')})`);
    await exec(`insert into ${table} (${columns.join(', ')}) values ${values.join(', ')}`, chunk.flat());
  }
}

/** The reference: the same rows, plain batched INSERTs, one transaction. */
async function plainInsert(exec: Exec, rows: Rows) {
  await batchedInsert(exec, 'clients', ['id', 'name', 'prevision_mb_annuelle_debut', 'created_at'], ['::uuid', '', '::numeric', '::timestamptz'], rows.clients);
  await batchedInsert(exec, 'expertise_poles', ['id', 'client_id', 'name', 'is_expanded', 'facture'], ['::uuid', '::uuid', '', '', '::boolean[]'], rows.poles);
  await batchedInsert(exec, 'budget_line_items', ['id', 'expertise_pole_id', 'name'], ['::uuid', '::uuid', ''], rows.lines);
  await batchedInsert(
    exec,
    'budget_monthly_data',
    ['budget_line_item_id', 'month_index', 'previsionnel', 'achat_previsionnel', 'reel', 'achat'],
    ['::uuid', '::smallint', '::numeric', '::numeric', '::numeric', '::numeric'],
    rows.months,
  );
}

interface Target {
  engine: Engine;
  db: Db;
  /** Runs `fn` in one transaction of the raw driver (no wrapper of ours). */
  rawTransaction(fn: (exec: Exec) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

async function openTarget(engine: Engine): Promise<Target> {
  if (engine === 'pglite') {
    const lite = await PGlite.create();
    const db = pgliteDb(lite);
    await migrate(db);
    return {
      engine,
      db,
      rawTransaction: (fn) => lite.transaction((tx) => fn((sql, params) => tx.query(sql, params))),
      close: () => lite.close(),
    };
  }
  const server = await startPostgres();
  const admin = new pg.Pool({ connectionString: server.adminUrl, max: 1 });
  await admin.query('create database bench_restore');
  await admin.end();
  const pool = new pg.Pool({ connectionString: server.adminUrl.replace(/\/postgres$/, '/bench_restore'), max: 4 });
  const db = postgresDb(pool);
  await migrate(db);
  return {
    engine,
    db,
    async rawTransaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await fn((sql, params) => client.query(sql, params));
        await client.query('commit');
      } catch (err) {
        await client.query('rollback');
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
      server.stop();
    },
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function time(fn: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** Measures one engine; the database is emptied (untimed) before each run. */
async function benchEngine(engine: Engine, backup: Backup, runs: number): Promise<RestoreBenchResult> {
  const target = await openTarget(engine);
  try {
    const app = createApp({ db: target.db });
    const body = JSON.stringify(backup);
    const rows = rowsOf(backup);
    const empty = () => target.db.query('truncate budget_monthly_data, budget_line_items, expertise_poles, clients');
    const restore = async () => {
      const res = await app.request('/api/backup', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
      if (res.status !== 200) throw new Error(`POST /api/backup → ${res.status} ${await res.text()}`);
    };
    const restoreMs: number[] = [];
    const referenceMs: number[] = [];
    const replaceMs: number[] = [];
    // One untimed warm-up of each, then alternate so drift (caches, autovacuum) hits both alike.
    for (let run = -1; run < runs; run += 1) {
      await empty();
      const r = await time(restore);
      replaceMs.push(await time(restore)); // over the data just restored
      await empty();
      const p = await time(() => target.rawTransaction((exec) => plainInsert(exec, rows)));
      if (run >= 0) {
        restoreMs.push(r);
        referenceMs.push(p);
      } else replaceMs.pop();
    }
    const result: RestoreBenchResult = {
      engine,
      clients: backup.clients.length,
      lines: rows.lines.length,
      monthlyRows: rows.months.length,
      bodyBytes: Buffer.byteLength(body),
      restoreMs: median(restoreMs),
      referenceMs: median(referenceMs),
      relativeSpeed: median(referenceMs) / median(restoreMs),
      replaceExistingMs: median(replaceMs),
    };
    return result;
  } finally {
    await target.close();
  }
}

/** Runs the restore benchmark; `npm run bench` calls this (issue 3's runner). */
export async function runRestoreBench(
  options: { clients?: number; runs?: number; engines?: Engine[]; log?: (line: string) => void } = {},
): Promise<RestoreBenchResult[]> {
  const { clients = 300, runs = 5, engines = ['pglite', 'postgres'], log = console.log } = options;
  const backup = generateDemoBackup({ clients, seed: 1, today: new Date('2026-07-15T12:00:00Z') });
  const results: RestoreBenchResult[] = [];
  for (const engine of engines) {
    const r = await benchEngine(engine, backup, runs);
    results.push(r);
    log(
      `restore ${r.engine.padEnd(8)} ${r.clients} clients, ${r.lines} lignes, ${r.monthlyRows} mois, ` +
        `${(r.bodyBytes / 1e6).toFixed(1)} Mo : POST /api/backup ${r.restoreMs.toFixed(0)} ms, ` +
        `INSERT groupés ${r.referenceMs.toFixed(0)} ms → vitesse relative ${r.relativeSpeed.toFixed(2)} ` +
        `(cible ≥ 0,50 : ${r.relativeSpeed >= 0.5 ? 'atteinte' : 'MANQUÉE'}) ; remplacement de données existantes ${r.replaceExistingMs.toFixed(0)} ms`,
    );
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { clients: { type: 'string' }, runs: { type: 'string' }, engines: { type: 'string' } } });
  await runRestoreBench({
    clients: values.clients ? Number(values.clients) : undefined,
    runs: values.runs ? Number(values.runs) : undefined,
    engines: values.engines?.split(',').filter((e): e is Engine => e === 'pglite' || e === 'postgres'),
  });
}
