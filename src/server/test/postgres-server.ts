/**
 * Starts a throwaway PostgreSQL server from the machine's binaries (Debian's PostgreSQL 15):
 * a temp data directory, 127.0.0.1 on a free port, run as the `postgres` OS user when we are
 * root (PostgreSQL refuses to run as root). Used by the API tests and the benchmarks.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PG_BIN } from './test-env';

export interface PostgresServer {
  /** URL of the `postgres` database as superuser; create databases from it. */
  adminUrl: string;
  version: string;
  /** Stops the server but keeps its data (an outage); `resume` starts it again on the same port. */
  halt(mode: 'fast' | 'immediate'): void;
  resume(): void;
  stop(): void;
}

const CANDIDATE_BIN_DIRS = [PG_BIN, '/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin'];

/** The folder holding initdb and pg_ctl, or undefined when PostgreSQL is not installed. */
export function findPostgresBin(): string | undefined {
  return CANDIDATE_BIN_DIRS.find(
    (dir) => dir && fs.existsSync(path.join(dir, 'pg_ctl')) && fs.existsSync(path.join(dir, 'initdb')),
  );
}

/** A TCP port free on 127.0.0.1 right now (for servers the tests and benchmarks start). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the postgres user when we are root; throws with its output. */
function run(bin: string, args: string[]) {
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${path.basename(bin)} a échoué (${r.status}) :\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

export async function startPostgres(): Promise<PostgresServer> {
  const binDir = findPostgresBin();
  if (!binDir) {
    throw new Error(
      '\n\n*** PostgreSQL introuvable : les binaires de PostgreSQL 15 (initdb, pg_ctl) sont absents. ***\n' +
        '*** La suite API doit tourner sur PostgreSQL : installez-les (apt-get install -y postgresql-15) ***\n' +
        '*** ou lancez « npm test », qui les installe. PG_BIN=… indique un autre dossier.            ***\n',
    );
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bm-pg-'));
  if (isRoot()) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const dataDir = path.join(dir, 'data');
  run(path.join(binDir, 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    // A throwaway server: durability is not what we test.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
  ].join(' ');
  const start = () =>
    run(path.join(binDir, 'pg_ctl'), [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      'start',
    ]);
  start();
  const version = run(path.join(binDir, 'postgres'), ['--version']).trim();
  let stopped = false;
  let halted = false;
  return {
    adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    version,
    halt(mode) {
      run(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', mode, '-w', 'stop']);
      halted = true;
    },
    resume() {
      start();
      halted = false;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        if (!halted) run(path.join(binDir, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
