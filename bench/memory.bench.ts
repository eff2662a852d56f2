/**
 * Server memory: the resident set (RSS) of a real server process (`node --import tsx
 * src/server/main.ts`, as `npm start` runs it) on a fresh database seeded with 300 demo clients
 * over three years,
 * right after it listens and then after every read endpoint has answered once. A child process,
 * so the figure is the server's alone, not the benchmark's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BackupWire as Backup } from '../src/domain/schemas';
import { openConfiguredDb } from '../src/server/db/open';
import { oneYearDocument } from './demo-data';
import { api, BENCH_TODAY, BENCH_YEAR, withYear, type Bench } from './lib';
import { seedDemo } from './seed';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLIENTS = 300;

/**
 * Every read the screens make once when opened, in the bench year (`data` is that year). The
 * dashboards engineer adds the dashboards' aggregate endpoints here.
 */
export const READ_ENDPOINTS: readonly ((data: Backup) => string)[] = [
  () => '/api/years',
  () => withYear('/api/clients'),
  () => withYear('/api/budget'),
  // The backup of every year (version 2): the largest read.
  () => '/api/backup',
  (data) => withYear(`/api/clients/${data.clients[0]!.id}/budget`),
  // Both dashboard tabs read this one endpoint: every client, then one; the lines view its own.
  () => withYear('/api/dashboard?clients=all'),
  (data) => withYear(`/api/dashboard?clients=${data.clients[0]!.id}`),
  () => withYear('/api/dashboard/lines?clients=all'),
];

/** Resident set size of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`VmRSS illisible pour le processus ${pid}.`);
  return Number(kb) / 1024;
}

/** Starts the server on a free port; resolves with its base URL once it listens. */
function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const port = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1];
      if (port) resolve({ child, baseUrl: `http://127.0.0.1:${port}` });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`Le serveur s'est arrêté (${code}) :\n${output}`)));
  });
}

export default {
  name: 'memory',
  async run(ctx) {
    const fresh = await ctx.freshDatabase();
    try {
      const env =
        'DATA_DIR' in fresh.env
          ? { dataDir: fresh.env.DATA_DIR, databaseUrl: undefined }
          : { dataDir: '', databaseUrl: fresh.env.DATABASE_URL };
      const { db, release } = await openConfiguredDb(env);
      let data: Backup;
      try {
        data = oneYearDocument(await seedDemo(db, { clients: CLIENTS, seed: 2, today: BENCH_TODAY }), BENCH_YEAR);
      } finally {
        await db.close();
        release();
      }
      const { child, baseUrl } = await startServer(fresh.env);
      try {
        await api(baseUrl, 'GET', '/api/health');
        const atStart = rssMb(child.pid!);
        for (const endpoint of READ_ENDPOINTS) await api(baseUrl, 'GET', endpoint(data));
        const afterReads = rssMb(child.pid!);
        return [
          {
            figure: `server RSS, ${CLIENTS} clients × 3 years, after every read endpoint once (${READ_ENDPOINTS.length})`,
            value: afterReads,
            unit: 'MB',
            reference: { label: 'same server just started', value: atStart },
          },
        ];
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    } finally {
      await fresh.dispose();
    }
  },
} satisfies Bench;
