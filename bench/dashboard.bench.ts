/**
 * Benchmark of GET /api/dashboard (issue 5): on a generated agency of 300 clients (5–10 poles,
 * 20–60 lines each, actuals for the months before `today`), loaded through the restore path,
 * it compares the endpoint's time with the time of its raw SQL aggregate run straight on the
 * driver, on the same database in the same run — on embedded PGlite and on PostgreSQL — and
 * reports the response size, raw and gzip. Times are medians after warm-up; nothing is asserted.
 *
 *   npx tsx bench/dashboard.bench.ts [--clients 300] [--runs 15] [--engine pglite|postgres]
 */
import { gunzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { createApp } from '../src/server/app';
import { migrate, openPglite, openPostgres, type Db } from '../src/server/db/client';
import { DASHBOARD_SUMS_SQL } from '../src/server/routes/dashboard/dashboard.repo';
import { startPostgres, type PostgresServer } from '../src/server/test/postgres-server';
import { generateDemoBackup } from './demo-data';

export type Engine = 'pglite' | 'postgres';

export interface DashboardBenchCase {
  engine: Engine;
  /** What was asked: every client, or one client. */
  selection: 'all' | 'one';
  /** Median time of GET /api/dashboard (app.request with gzip accepted, body read), ms. */
  endpointMs: number;
  /** Median time of the raw SQL aggregate on the driver, ms. */
  rawSqlMs: number;
  /** endpointMs / rawSqlMs (target ≤ 1.5). */
  ratio: number;
  /** Response body size, bytes. */
  bytes: number;
  /** Bytes on the wire: the body as hono/compress sends it (gzip). */
  gzipBytes: number;
}

export interface DashboardBenchOptions {
  clients?: number;
  runs?: number;
  warmup?: number;
  engines?: readonly Engine[];
  log?: (line: string) => void;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/** Opens a fresh migrated database of this engine; `close` also stops the PostgreSQL server. */
async function openEngine(engine: Engine): Promise<{ db: Db; close: () => Promise<void> }> {
  if (engine === 'pglite') {
    const db = await openPglite();
    await migrate(db);
    return { db, close: () => db.close() };
  }
  const server: PostgresServer = await startPostgres();
  try {
    const db = await openPostgres(server.adminUrl);
    await migrate(db);
    return {
      db,
      close: async () => {
        await db.close();
        server.stop();
      },
    };
  } catch (err) {
    server.stop();
    throw err;
  }
}

/** Runs the benchmark; returns one case per engine and selection. */
export async function benchDashboard(options: DashboardBenchOptions = {}): Promise<DashboardBenchCase[]> {
  const { clients = 300, runs = 15, warmup = 3, engines = ['pglite', 'postgres'], log = console.log } = options;
  // A fixed `today` in late autumn: actuals fill January to October, forecasts every month.
  const backup = generateDemoBackup({ clients, seed: 5, today: new Date('2025-11-15T12:00:00Z') });
  const lines = Object.values(backup.budgetData).flat().reduce((n, p) => n + p.lines.length, 0);
  log(`dashboard bench: ${clients} clients, ${lines} lines, ${lines * 12} monthly rows; ${runs} runs after ${warmup} warm-up`);
  const results: DashboardBenchCase[] = [];
  for (const engine of engines) {
    const { db, close } = await openEngine(engine);
    try {
      const app = createApp({ db });
      const restore = await app.request('/api/backup', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(backup),
      });
      if (restore.status !== 200) throw new Error(`restore failed: ${restore.status} ${await restore.text()}`);
      const oneId = backup.clients[0]!.id;
      for (const selection of ['all', 'one'] as const) {
        const ids = selection === 'all' ? null : [oneId];
        const path = `/api/dashboard?clients=${selection === 'all' ? 'all' : oneId}`;
        let wire = Buffer.alloc(0);
        // As a browser asks: gzip accepted, so the time includes the compression.
        const endpoint = async () => {
          const res = await app.request(path, { headers: { 'accept-encoding': 'gzip' } });
          wire = Buffer.from(await res.arrayBuffer());
          if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${wire.toString()}`);
          if (res.headers.get('content-encoding') !== 'gzip') throw new Error(`GET ${path}: not compressed`);
        };
        const raw = () => db.query(DASHBOARD_SUMS_SQL, [ids]);
        for (let i = 0; i < warmup; i += 1) {
          await endpoint();
          await raw();
        }
        const endpointTimes: number[] = [];
        const rawTimes: number[] = [];
        // Interleaved, so a slow phase of the shared machine hits both sides alike.
        for (let i = 0; i < runs; i += 1) {
          endpointTimes.push(await time(endpoint));
          rawTimes.push(await time(raw));
        }
        const bytes = gunzipSync(wire).length;
        const c: DashboardBenchCase = {
          engine,
          selection,
          endpointMs: median(endpointTimes),
          rawSqlMs: median(rawTimes),
          ratio: median(endpointTimes) / median(rawTimes),
          bytes,
          gzipBytes: wire.length,
        };
        results.push(c);
        log(
          `${engine.padEnd(8)} ${selection.padEnd(3)}  endpoint ${c.endpointMs.toFixed(1)} ms  raw SQL ${c.rawSqlMs.toFixed(1)} ms  ` +
            `ratio ${c.ratio.toFixed(2)} (target ≤ 1.5)  response ${(c.bytes / 1024).toFixed(1)} kB raw, ` +
            `${(c.gzipBytes / 1024).toFixed(1)} kB gzip (target < 64 kB)`,
        );
      }
    } finally {
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
  await benchDashboard({
    clients: Number(arg('clients') ?? 300),
    runs: Number(arg('runs') ?? 15),
    engines: engine === 'pglite' || engine === 'postgres' ? [engine] : undefined,
  });
}
