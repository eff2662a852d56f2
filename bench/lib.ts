/**
 * The benchmark contract (documented in bench/README.md). Each `bench/*.bench.ts` default-exports
 * a `Bench`; `bench/run.ts` runs them on every engine and prints one table. Figures are medians
 * (or percentiles) of repeated runs after a warm-up, each compared with a reference measured in
 * the same run on the same machine, because absolute numbers on a shared machine mean little.
 */
import path from 'node:path';
import { spawn } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import { serve } from '@hono/node-server';
import pg from 'pg';
import type { AllYearsBackupDocument } from '../src/domain/files/backup-json';
import type { BackupWire as Backup } from '../src/domain/schemas';
import { createApp } from '../src/server/app';
import { createLive } from '../src/server/live/hub';
import { migrate, pgliteDb, postgresDb, type Db } from '../src/server/db/client';

export type Engine = 'pglite' | 'postgres';

/** The benchmarks' "today": mid-year, so half the months carry actuals, the same on every run. */
export const BENCH_TODAY = new Date('2026-06-15T12:00:00Z');
/**
 * The demo's current year (BENCH_TODAY's): the year every one-year figure reads and writes. The
 * data set also holds the year before (all actuals) and the year after (forecasts only).
 */
export const BENCH_YEAR = BENCH_TODAY.getUTCFullYear();

/** `path` with `?year=` (or `&year=`): every budget route reads one year, BENCH_YEAR unless told. */
export function withYear(path: string, year: number = BENCH_YEAR): string {
  return `${path}${path.includes('?') ? '&' : '?'}year=${year}`;
}

/** One row of the results table. */
export interface Figure {
  /** What is measured, e.g. "save 1 cell, PATCH /api/cells (p50)". */
  figure: string;
  value: number;
  /** ms, req/s, kB, MB, count… */
  unit: string;
  /** What the figure is compared with, measured in the same run (same unit). */
  reference?: { label: string; value: number };
  /** value ÷ reference.value; computed by the runner when a reference is given and ratio is not. */
  ratio?: number;
  /** The goal in words ("≤ 2×", "0", "< 150 kB") and whether this run met it. */
  target?: { text: string; met: boolean };
}

/** The database driver itself, under our Db layer: what "raw" references are measured with. */
export type RawDriver = { kind: 'pglite'; lite: PGlite } | { kind: 'postgres'; pool: pg.Pool };

/** Where a new, empty, migrated database lives, as the server's environment variables. */
export interface FreshDatabase {
  env: { DATA_DIR: string } | { DATABASE_URL: string };
  /** Drops it (PostgreSQL) or deletes its folder (PGlite). */
  dispose(): Promise<void>;
}

export interface BenchContext {
  engine: Engine;
  /** `--quick`: fewer runs, shorter load, fewer clients — for iterating, not for results. */
  quick: boolean;
  /** The in-process HTTP server on 127.0.0.1 (createApp over `db`), e.g. http://127.0.0.1:41234. */
  baseUrl: string;
  /** The database the server uses, already seeded with `data`. */
  db: Db;
  /** The raw driver on the same database (PGlite: the very same instance). */
  raw: RawDriver;
  /** Every year seeded before the benchmarks: generateDemoBackup({ seed: 1, today: BENCH_TODAY }), 3 years. */
  allYears: AllYearsBackupDocument;
  /** Its current year, BENCH_YEAR, in SPEC's one-year shape: the clients and budgets most benches use. */
  data: Backup;
  /** Warm-up and measured repetitions for a latency figure (smaller with --quick). */
  repeat: { warmup: number; runs: number };
  /** Another empty migrated database on the same engine (e.g. for a child-process server). */
  freshDatabase(): Promise<FreshDatabase>;
  /**
   * Another database holding `allYears` exactly as seeded (migrated, analyzed), copied from a
   * snapshot taken right after the seed: what a bench that needs the data set in a database of its
   * own (a child-process server) gets for the price of a file copy, not of another seed.
   */
  seededDatabase(): Promise<FreshDatabase>;
  log(message: string): void;
}

export interface Bench {
  name: string;
  /** 'engine' (default): run once per database engine. 'once': engine-independent (bundle). */
  scope?: 'engine' | 'once';
  run(ctx: BenchContext): Promise<Figure[]>;
}

// ---- measuring -------------------------------------------------------------------------------

/** Runs `fn` `warmup` times unmeasured, then `runs` times; returns each run's duration in ms. */
export async function sample(
  fn: (i: number) => Promise<unknown>,
  repeat: { warmup: number; runs: number },
): Promise<number[]> {
  for (let i = 0; i < repeat.warmup; i += 1) await fn(i);
  const times: number[] = [];
  for (let i = 0; i < repeat.runs; i += 1) {
    const start = performance.now();
    await fn(repeat.warmup + i);
    times.push(performance.now() - start);
  }
  return times;
}

/**
 * Runs `a` then `b`, round after round: `warmup` rounds unmeasured, then `runs`; returns the
 * durations of each in ms. Alternating makes drift on a shared machine hit both alike.
 */
export async function samplePair(
  a: (i: number) => Promise<unknown>,
  b: (i: number) => Promise<unknown>,
  repeat: { warmup: number; runs: number },
): Promise<[number[], number[]]> {
  const times: [number[], number[]] = [[], []];
  for (let i = 0; i < repeat.warmup + repeat.runs; i += 1) {
    for (const [k, fn] of [a, b].entries()) {
      const start = performance.now();
      await fn(i);
      if (i >= repeat.warmup) times[k]!.push(performance.now() - start);
    }
  }
  return times;
}

/** The p-th percentile (0–100, nearest rank) of the samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const median = (samples: readonly number[]) => percentile(samples, 50);

/** A figure compared with a reference, with a "value ≤ max × reference" target. */
export function ratioFigure(
  figure: string,
  value: number,
  unit: string,
  reference: { label: string; value: number },
  maxRatio: number,
): Figure {
  const ratio = value / reference.value;
  return { figure, value, unit, reference, ratio, target: { text: `≤ ${maxRatio}×`, met: ratio <= maxRatio } };
}

// ---- raw driver ------------------------------------------------------------------------------

/** One statement on the raw driver (autocommit), rows as the driver returns them. */
export async function rawQuery<T>(raw: RawDriver, sql: string, params: unknown[] = []): Promise<T[]> {
  if (raw.kind === 'pglite') return (await raw.lite.query<T>(sql, params)).rows;
  return (await raw.pool.query(sql, params)).rows as T[];
}

/** The budget's tables, as every bench vacuums and analyzes them between its writes and its runs. */
const BUDGET_TABLES = 'budget_monthly_data, budget_line_items, expertise_poles, client_years';

/**
 * What autovacuum would have done (PGlite has none): the budget's tables vacuumed and analyzed, so
 * a run neither pays for the seed's writes nor plans on stale statistics.
 */
export async function vacuumBudget(raw: RawDriver): Promise<void> {
  await rawQuery(raw, `vacuum analyze ${BUDGET_TABLES}`);
}

/** Statements in one transaction on the raw driver; `q` runs a statement inside it. */
export async function rawTransaction(
  raw: RawDriver,
  fn: (q: (sql: string, params?: unknown[]) => Promise<unknown>) => Promise<void>,
): Promise<void> {
  if (raw.kind === 'pglite') {
    await raw.lite.transaction((tx) => fn((sql, params) => tx.query(sql, params)));
    return;
  }
  const client = await raw.pool.connect();
  try {
    await client.query('begin');
    await fn((sql, params) => client.query(sql, params));
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

// ---- HTTP ------------------------------------------------------------------------------------

/** A JSON request to the bench server; throws on a non-2xx answer (a benchmark must not fail silently). */
export async function api<T>(baseUrl: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The line ids of one client of a one-year data set, in order. */
export function lineIdsOf(data: Backup, clientIndex: number): string[] {
  const client = data.clients[clientIndex];
  if (!client) throw new Error(`Client ${clientIndex} absent du jeu de données.`);
  return (data.budgetData[client.id] ?? []).flatMap((p) => p.lines.map((l) => l.id));
}

/** The SQL that upserts one monthly row ($4: its year) — the raw reference of a cell save. */
export const RAW_UPSERT_PREVISIONNEL = `insert into budget_monthly_data (budget_line_item_id, month_index, previsionnel, year)
  values ($1, $2, $3, $4)
  on conflict (budget_line_item_id, month_index) do update set previsionnel = excluded.previsionnel`;

// ---- servers and databases -------------------------------------------------------------------

/** Serves `createApp` over `db` on 127.0.0.1 (a free port) in this process while `fn` runs. */
export async function withServer<T>(db: Db, fn: (baseUrl: string) => Promise<T>): Promise<T> {
  // Its own live hub, closed at the end: an event stream left open would hold server.close.
  const live = createLive(db);
  const app = createApp({ db, live });
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
      resolve({ server: s, port: info.port }),
    );
  });
  // Node closes idle keep-alive sockets after 5 s; a bench that pauses longer (raw references, the
  // dashboard's 150 s fill of 1,000 clients × 3 years) would race that close on its next request
  // (ECONNRESET: seen at 120 s). Longer than fetch's own limit (undici closes an idle socket after
  // at most 10 min), so the client always lets go first. The idle time is ours, not a user's.
  if ('keepAliveTimeout' in server) server.keepAliveTimeout = 15 * 60_000;
  try {
    return await fn(`http://127.0.0.1:${port}`);
  } finally {
    await live.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** A migrated database opened with our Db layer and the raw driver on it. */
export interface OpenDatabase {
  db: Db;
  raw: RawDriver;
  close(): Promise<void>;
}

/**
 * Opens the database of a FreshDatabase (PGlite folder, or PostgreSQL URL with a pool of
 * `poolSize`) and migrates it.
 */
export async function openFresh(fresh: FreshDatabase, poolSize = 4): Promise<OpenDatabase> {
  let target: OpenDatabase;
  if ('DATA_DIR' in fresh.env) {
    const lite = await PGlite.create(path.join(fresh.env.DATA_DIR, 'pglite'));
    target = { db: pgliteDb(lite), raw: { kind: 'pglite', lite }, close: () => lite.close() };
  } else {
    const pool = new pg.Pool({ connectionString: fresh.env.DATABASE_URL, max: poolSize });
    target = { db: postgresDb(pool), raw: { kind: 'postgres', pool }, close: () => pool.end() };
  }
  await migrate(target.db);
  return target;
}

/**
 * Runs `script` (JavaScript, its arguments `args`) in a child Node process — readers of event
 * streams, as browsers are elsewhere, so their HTTP work is not billed to the server measured.
 * Resolves once it prints `ready`; the function it resolves with closes its stdin and waits for its exit.
 */
export async function childReaders(script: string, args: string[], what: string): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, ['-e', script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
    child.once('exit', (code) => reject(new Error(`${what} arrêtés (code ${code})`)));
  });
  return () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.stdin.end();
    });
}

/** A logger of steps: each call logs `what` with the seconds since the previous one, under `prefix`. */
export function lapLogger(ctx: Pick<BenchContext, 'log'>, prefix: string): (what: string) => void {
  let start = performance.now();
  return (what) => {
    ctx.log(`${prefix} : ${what} en ${((performance.now() - start) / 1000).toFixed(1)} s`);
    start = performance.now();
  };
}
