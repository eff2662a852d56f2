/**
 * Server memory: the resident set (RSS) of a real server process (`node --import tsx
 * src/server/main.ts`, as `npm start` runs it) on a database of its own holding the benches' data
 * set as seeded (300 demo clients over three years: a copy, ctx.seededDatabase()), right after it
 * listens and then after every read endpoint has answered once. A child process, so the figure is
 * the server's alone, not the benchmark's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BackupWire as Backup } from '../src/domain/schemas';
import { api, withYear, type Bench } from './lib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
    const fresh = await ctx.seededDatabase();
    const data = ctx.data;
    try {
      const { child, baseUrl } = await startServer(fresh.env);
      try {
        await api(baseUrl, 'GET', '/api/health');
        const atStart = rssMb(child.pid!);
        for (const endpoint of READ_ENDPOINTS) await api(baseUrl, 'GET', endpoint(data));
        const afterReads = rssMb(child.pid!);
        return [
          {
            figure: `server RSS, ${data.clients.length} clients × ${ctx.allYears.years.length} years, after every read endpoint once (${READ_ENDPOINTS.length})`,
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
