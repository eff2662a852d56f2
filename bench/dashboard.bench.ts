/**
 * Benchmark of GET /api/dashboard (issue 5), following the contract of bench/lib.ts: on the demo
 * agency's current year (300 clients, 5–10 poles, 20–60 lines each, actuals for the months before
 * `today`; the years before and after stored too),
 * loaded through the restore path, it compares the endpoint's time over HTTP with the time of its
 * raw SQL aggregate on the driver, on the same database in the same run, and reports the response
 * size raw and gzip (what the server sends a browser). Medians after warm-up; nothing asserted.
 *
 * `npm run bench` picks up the default export. Standalone, on both engines:
 *
 *   npx tsx bench/dashboard.bench.ts [--clients 300] [--runs 9] [--engine pglite|postgres]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { createApp } from '../src/server/app';
import { migrate, pgliteDb, postgresDb, type Db } from '../src/server/db/client';
import { DASHBOARD_SUMS_SQL } from '../src/server/routes/dashboard/dashboard.repo';
import { startPostgres } from '../src/server/test/postgres-server';
import { generateDemoBackup, oneYearDocument } from './demo-data';
import {
  BENCH_TODAY,
  BENCH_YEAR,
  median,
  ratioFigure,
  rawQuery,
  sample,
  type Bench,
  type BenchContext,
  type Engine,
  type Figure,
  type RawDriver,
  withYear,
} from './lib';

/** Target of docs/product.md#performance as the issue sets it: endpoint ≤ 1.5 × its raw SQL; response < 64 kB. */
const MAX_RATIO = 1.5;
const MAX_KB = 64;

/** GET `path` as a browser does (gzip accepted): status, bytes on the wire, decoded body length. */
function getAsBrowser(baseUrl: string, path: string): Promise<{ status: number; wireBytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let wireBytes = 0;
        res.on('data', (chunk: Buffer) => (wireBytes += chunk.length));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, wireBytes, encoding: res.headers['content-encoding'] ?? 'identity' }),
        );
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** GET `path` with gzip accepted (fetch decodes it); throws on a non-200 answer. Returns the JSON text. */
async function getDashboard(baseUrl: string, path: string): Promise<string> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'gzip' } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${path} → ${res.status} ${text.slice(0, 300)}`);
  return text;
}

async function run(ctx: BenchContext): Promise<Figure[]> {
  const figures: Figure[] = [];
  const oneId = ctx.data.clients[0]?.id;
  if (!oneId) throw new Error('Le jeu de données est vide.');
  const cases = [
    { label: `all ${ctx.data.clients.length} clients`, param: 'all', ids: null },
    { label: '1 client', param: oneId, ids: [oneId] },
  ];
  // An all-clients answer takes a few hundred ms: 300 latency runs would take minutes per engine.
  const repeat = ctx.quick ? { warmup: 1, runs: 3 } : { warmup: 3, runs: 15 };
  for (const c of cases) {
    const path = withYear(`/api/dashboard?clients=${c.param}`);
    let body = '';
    const endpoint = median(await sample(async () => (body = await getDashboard(ctx.baseUrl, path)), repeat));
    const raw = median(await sample(() => rawQuery(ctx.raw, DASHBOARD_SUMS_SQL, [c.ids, BENCH_YEAR]), repeat));
    figures.push(
      ratioFigure(
        `GET /api/dashboard, ${c.label} (p50)`,
        endpoint,
        'ms',
        { label: 'its SQL aggregate on the raw driver', value: raw },
        MAX_RATIO,
      ),
    );
    const wire = await getAsBrowser(ctx.baseUrl, path);
    const rawKb = Buffer.byteLength(body) / 1024;
    const wireKb = wire.wireBytes / 1024;
    figures.push({
      figure: `response, ${c.label}, uncompressed`,
      value: rawKb,
      unit: 'kB',
      target: { text: `< ${MAX_KB} kB`, met: rawKb < MAX_KB },
    });
    figures.push({
      figure: `response, ${c.label}, on the wire (${wire.encoding})`,
      value: wireKb,
      unit: 'kB',
      target: { text: `< ${MAX_KB} kB`, met: wireKb < MAX_KB },
    });
  }
  return figures;
}

const bench: Bench = { name: 'dashboard', run };
export default bench;

// ---- standalone ------------------------------------------------------------------------------

/** A fresh migrated database of this engine with its raw driver; `close` stops everything. */
async function openEngine(engine: Engine): Promise<{ db: Db; raw: RawDriver; close: () => Promise<void> }> {
  if (engine === 'pglite') {
    const lite = await PGlite.create();
    const db = pgliteDb(lite);
    await migrate(db);
    return { db, raw: { kind: 'pglite', lite }, close: () => db.close() };
  }
  const server = await startPostgres();
  const pool = new pg.Pool({ connectionString: server.adminUrl, max: 10 });
  const db = postgresDb(pool);
  await migrate(db);
  return {
    db,
    raw: { kind: 'postgres', pool },
    close: async () => {
      await db.close();
      server.stop();
    },
  };
}

/** Runs the dashboard bench on its own: restores the demo data, serves it over HTTP, prints figures. */
export async function benchDashboardStandalone(
  options: { clients?: number; runs?: number; engines?: readonly Engine[] } = {},
) {
  const { clients = 300, runs = 9, engines = ['pglite', 'postgres'] } = options;
  const allYears = generateDemoBackup({ clients, seed: 1, today: BENCH_TODAY });
  const data = oneYearDocument(allYears, BENCH_YEAR);
  const lines = Object.values(data.budgetData)
    .flat()
    .reduce((n, p) => n + p.lines.length, 0);
  console.log(
    `dashboard bench: ${clients} clients, ${lines} lines in ${BENCH_YEAR} (${allYears.years.length} years stored), ${lines * 12} monthly rows; ${runs} runs after 3 warm-up`,
  );
  const results: { engine: Engine; figures: Figure[] }[] = [];
  for (const engine of engines) {
    const { db, raw, close } = await openEngine(engine);
    const app = createApp({ db });
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
    try {
      await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const restore = await fetch(`${baseUrl}/api/backup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(allYears),
      });
      if (restore.status !== 200) throw new Error(`restore failed: ${restore.status} ${await restore.text()}`);
      const ctx: BenchContext = {
        engine,
        quick: false,
        baseUrl,
        db,
        raw,
        allYears,
        data,
        repeat: { warmup: 3, runs },
        freshDatabase: () => Promise.reject(new Error('not used by this bench')),
        log: console.log,
      };
      const figures = await run(ctx);
      results.push({ engine, figures });
      for (const f of figures) {
        const ref = f.reference
          ? `  vs ${f.reference.value.toFixed(1)} ${f.unit} (${f.reference.label}), ratio ${(f.ratio ?? 0).toFixed(2)}`
          : '';
        const target = f.target ? `  target ${f.target.text}: ${f.target.met ? 'met' : 'NOT met'}` : '';
        console.log(`${engine.padEnd(8)} ${f.figure}: ${f.value.toFixed(1)} ${f.unit}${ref}${target}`);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await close();
    }
  }
  return results;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const engine = arg('engine');
  await benchDashboardStandalone({
    clients: Number(arg('clients') ?? 300),
    runs: Number(arg('runs') ?? 9),
    engines: engine === 'pglite' || engine === 'postgres' ? [engine] : undefined,
  });
}
