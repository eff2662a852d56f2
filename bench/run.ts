/**
 * `npm run bench [-- --quick] [--only <bench name>[,<bench name>…]] [--engine pglite|postgres]`: runs every bench/*.bench.ts on embedded PGlite
 * and, when its binaries are present, on a real PostgreSQL started like the API tests start it;
 * prints one table and writes it to bench/results.md.
 *
 * The HTTP server runs in this process (createApp + @hono/node-server on 127.0.0.1, a free port)
 * over the very database the raw references use, so an API figure and its reference read the same
 * rows on the same engine. Benchmarks that need a separate server process (memory) start their own.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { AllYearsBackupDocument } from '../src/domain/files/backup-json';
import { migrate, openPostgres, pgliteDb, postgresDb, type Db } from '../src/server/db/client';
import { findPostgresBin, startPostgres, type PostgresServer } from '../src/server/test/postgres-server';
import { generateDemoBackup, oneYearDocument } from './demo-data';
import {
  BENCH_TODAY,
  BENCH_YEAR,
  withServer,
  type Bench,
  type BenchContext,
  type Engine,
  type Figure,
  type FreshDatabase,
  type RawDriver,
} from './lib';
import { seedDemo } from './seed';

const benchDir = path.dirname(fileURLToPath(import.meta.url));

const { values: args } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, only: { type: 'string' }, engine: { type: 'string' } },
});
const quick = args.quick;
const clientCount = quick ? 50 : 300;
const repeat = quick ? { warmup: 10, runs: 40 } : { warmup: 50, runs: 300 };

interface Row extends Figure {
  engine: Engine | '—';
  bench: string;
}

interface EngineSetup {
  db: Db;
  raw: RawDriver;
  /** What the seed wrote: the benches' data set. */
  allYears: AllYearsBackupDocument;
  freshDatabase(): Promise<FreshDatabase>;
  seededDatabase(): Promise<FreshDatabase>;
  close(): Promise<void>;
}

/** Migrates and seeds a database with the benches' data set (and analyzes it). */
type Seed = (db: Db) => Promise<AllYearsBackupDocument>;

function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * The main PGlite database, seeded, then closed once to keep a copy of its folder as seeded:
 * `seededDatabase()` hands out copies of it (a file copy instead of another seed, ~36 s of CPU).
 */
async function setupPglite(seed: Seed): Promise<EngineSetup> {
  // A data directory on disk, as the server uses in production (not an in-memory instance).
  const dir = tempDir('bm-bench-pglite-');
  const dataPath = path.join(dir, 'pglite');
  const seeding = await PGlite.create(dataPath);
  const allYears = await seed(pgliteDb(seeding));
  await seeding.close();
  const seeded = tempDir('bm-bench-pglite-seeded-');
  fs.cpSync(dataPath, path.join(seeded, 'pglite'), { recursive: true });
  const lite = await PGlite.create(dataPath);
  const fresh: string[] = [];
  const newDataDir = (copyOfSeeded: boolean): FreshDatabase => {
    const dataDir = tempDir('bm-bench-pglite-');
    fresh.push(dataDir);
    if (copyOfSeeded) fs.cpSync(path.join(seeded, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
    return { env: { DATA_DIR: dataDir }, dispose: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  };
  return {
    db: pgliteDb(lite),
    raw: { kind: 'pglite', lite },
    allYears,
    freshDatabase: async () => newDataDir(false),
    seededDatabase: async () => newDataDir(true),
    async close() {
      await lite.close();
      for (const d of [dir, seeded, ...fresh]) fs.rmSync(d, { recursive: true, force: true });
    },
  };
}

/**
 * The main PostgreSQL database, seeded through a pool closed before the benches' pools open, so
 * that it can be copied as the template `bench_seeded`: `seededDatabase()` creates databases from it.
 */
async function setupPostgres(server: PostgresServer, seed: Seed): Promise<EngineSetup> {
  const admin = await openPostgres(server.adminUrl, 1);
  const urlOf = (name: string) => server.adminUrl.replace(/\/postgres$/, `/${name}`);
  await admin.query('create database bench_main');
  const seeding = new pg.Pool({ connectionString: urlOf('bench_main'), max: 10 });
  let allYears: AllYearsBackupDocument;
  try {
    allYears = await seed(postgresDb(seeding));
  } finally {
    await seeding.end();
  }
  // A database being copied must have no session: the copy is taken before the pools below open.
  await admin.query('create database bench_seeded template bench_main');
  // The server's pool (its default size) and a separate pool for raw references, so a reference
  // never waits for a connection the server holds.
  const pool = new pg.Pool({ connectionString: urlOf('bench_main'), max: 10 });
  const rawPool = new pg.Pool({ connectionString: urlOf('bench_main'), max: 8 });
  let n = 0;
  const newDatabase = async (copyOfSeeded: boolean): Promise<FreshDatabase> => {
    n += 1;
    const name = `bench_fresh_${n}`;
    await admin.query(`create database ${name}${copyOfSeeded ? ' template bench_seeded' : ''}`);
    return {
      env: { DATABASE_URL: urlOf(name) },
      dispose: async () => void (await admin.query(`drop database if exists ${name} with (force)`)),
    };
  };
  return {
    db: postgresDb(pool),
    raw: { kind: 'postgres', pool: rawPool },
    allYears,
    freshDatabase: () => newDatabase(false),
    seededDatabase: () => newDatabase(true),
    async close() {
      await pool.end();
      await rawPool.end();
      await admin.close();
    },
  };
}

async function loadBenches(): Promise<Bench[]> {
  const files = fs
    .readdirSync(benchDir)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort();
  const benches: Bench[] = [];
  for (const file of files) {
    const mod = (await import(path.join(benchDir, file))) as { default: Bench };
    if (!args.only || args.only.split(',').some((part) => mod.default.name.includes(part))) benches.push(mod.default);
  }
  return benches;
}

/** What each step of the run took: wall-clock seconds, and this process's CPU seconds (user + system). */
interface StepTime {
  step: string;
  wallS: number;
  cpuS: number;
}
const stepTimes: StepTime[] = [];

/**
 * Runs `fn` and records its time under `step`. The CPU time counts this process only (PGlite, the
 * in-process server, the raw references), not PostgreSQL's nor Chromium's: on a loaded machine it
 * says what the step costs better than the wall clock does.
 */
async function timed<T>(step: string, log: (message: string) => void, fn: () => Promise<T>): Promise<T> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  try {
    return await fn();
  } finally {
    const used = process.cpuUsage(cpu);
    const time = { step, wallS: (performance.now() - wall) / 1000, cpuS: (used.user + used.system) / 1e6 };
    stepTimes.push(time);
    log(`${step} : ${time.wallS.toFixed(1)} s (CPU de ce processus : ${time.cpuS.toFixed(1)} s)`);
  }
}

/** Runs one bench, turning a crash into a visible failed row rather than a missing one. */
async function runBench(bench: Bench, ctx: BenchContext, engine: Engine | '—'): Promise<Row[]> {
  try {
    const figures = await timed(`${bench.name} (${engine})`, ctx.log, () => bench.run(ctx));
    return figures.map((f) => ({
      ...f,
      ratio: f.ratio ?? (f.reference ? f.value / f.reference.value : undefined),
      engine,
      bench: bench.name,
    }));
  } catch (err) {
    console.error(`ÉCHEC de ${bench.name} (${engine}) :`, err);
    return [
      {
        engine,
        bench: bench.name,
        figure: `${bench.name}: ÉCHEC — ${String(err).slice(0, 120)}`,
        value: Number.NaN,
        unit: '',
        target: { text: 'runs', met: false },
      },
    ];
  }
}

export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return '—';
  if (Number.isInteger(n) && Math.abs(n) < 1e6) return String(n);
  const abs = Math.abs(n);
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2;
  return n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function tableLines(rows: readonly Row[]): string[] {
  const header = ['engine', 'figure', 'value', 'reference (same run)', 'ratio', 'target', 'met'];
  const body = rows.map((r) => [
    r.engine,
    r.figure,
    `${formatNumber(r.value)} ${r.unit}`.trim(),
    r.reference ? `${r.reference.label}: ${formatNumber(r.reference.value)} ${r.unit}` : '—',
    r.ratio === undefined ? '—' : `${formatNumber(r.ratio)}×`,
    r.target?.text ?? '—',
    r.target ? (r.target.met ? 'yes' : '**NO**') : '—',
  ]);
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...body.map((cells) => `| ${cells.join(' | ')} |`),
  ];
}

async function main() {
  const started = performance.now();
  const log = (message: string) =>
    console.log(`[bench ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`);
  const benches = await loadBenches();
  const rows: Row[] = [];
  const pgBin = findPostgresBin();
  let postgres: PostgresServer | undefined;
  const engines = (pgBin ? (['pglite', 'postgres'] as const) : (['pglite'] as const)).filter(
    (e) => !args.engine || e === args.engine,
  );
  if (!pgBin) log('PostgreSQL absent (binaires introuvables) : PGlite seulement.');
  let postgresVersion = '';

  try {
    const perEngine = benches.filter((b) => (b.scope ?? 'engine') === 'engine');
    for (const engine of perEngine.length > 0 ? engines : []) {
      log(`${engine} : préparation de ${clientCount} clients de démonstration…`);
      if (engine === 'postgres') {
        postgres = await startPostgres();
        postgresVersion = postgres.version;
      }
      const seed: Seed = async (db) => {
        await migrate(db);
        return seedDemo(db, { clients: clientCount, seed: 1, today: BENCH_TODAY });
      };
      const setup = await timed(`seed (${engine})`, log, () =>
        engine === 'pglite' ? setupPglite(seed) : setupPostgres(postgres!, seed),
      );
      const { allYears } = setup;
      try {
        await withServer(setup.db, async (baseUrl) => {
          const ctx: BenchContext = {
            engine,
            quick,
            baseUrl,
            db: setup.db,
            raw: setup.raw,
            allYears,
            data: oneYearDocument(allYears, BENCH_YEAR),
            repeat,
            freshDatabase: setup.freshDatabase,
            seededDatabase: setup.seededDatabase,
            log,
          };
          for (const bench of perEngine) {
            rows.push(...(await runBench(bench, ctx, engine)));
          }
        });
      } finally {
        await setup.close();
      }
    }
    const once = benches.filter((b) => b.scope === 'once');
    const onceData = generateDemoBackup({ clients: clientCount, seed: 1, today: BENCH_TODAY });
    for (const bench of once) {
      const notApplicable = () => {
        throw new Error(`${bench.name} : scope 'once' n'a pas de base de données.`);
      };
      const ctx = {
        engine: 'pglite',
        quick,
        baseUrl: '',
        get db(): Db {
          return notApplicable();
        },
        get raw(): RawDriver {
          return notApplicable();
        },
        // No database, but the same demo data set as the engines' benches (the xlsx bench reads it).
        allYears: onceData,
        data: oneYearDocument(onceData, BENCH_YEAR),
        repeat,
        freshDatabase: notApplicable,
        seededDatabase: notApplicable,
        log,
      } satisfies BenchContext;
      rows.push(...(await runBench(bench, ctx, '—')));
    }
  } finally {
    postgres?.stop();
  }

  const seconds = (performance.now() - started) / 1000;
  const table = tableLines(rows);
  console.log(`\n${table.join('\n')}\n`);
  const times = `Time per step, wall clock (this process's CPU): ${stepTimes
    .map((t) => `${t.step} ${t.wallS.toFixed(0)} s (${t.cpuS.toFixed(0)} s)`)
    .join(', ')}.`;
  console.log(`${times}\n`);
  const md = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\` on ${new Date().toISOString()} in ${seconds.toFixed(0)} s.`,
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )} at the end; Node ${process.version}; PGlite (data directory on disk)${postgresVersion ? `; ${postgresVersion} (fsync off, as in the tests)` : pgBin ? '; PostgreSQL not run (--engine)' : '; PostgreSQL not found (its binaries are absent): PGlite only'}.`,
    `Data set: generateDemoBackup({ clients: ${clientCount}, seed: 1, today: ${BENCH_TODAY.toISOString().slice(0, 10)} }): ${BENCH_YEAR - 1}, ${BENCH_YEAR} and ${BENCH_YEAR + 1}; one-year figures read and write ${BENCH_YEAR}; latency figures are percentiles of ${repeat.runs} runs after ${repeat.warmup} warm-up runs.`,
    'Each reference is measured in the same run, on the same engine and data; "ratio" is value ÷ reference. See bench/README.md.',
    '',
    ...table,
    '',
    times,
    '',
  ].join('\n');
  // Only a complete run replaces the committed results; a partial one goes beside it, ignored by git.
  const partial = quick || args.only !== undefined || args.engine !== undefined;
  const file = partial ? 'results.partial.md' : 'results.md';
  fs.writeFileSync(path.join(benchDir, file), md);
  log(`terminé en ${seconds.toFixed(0)} s — bench/${file} écrit.`);
  const failed = rows.filter((r) => Number.isNaN(r.value));
  process.exit(failed.length > 0 ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
