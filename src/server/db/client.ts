/**
 * One small database interface over the two drivers: embedded PGlite (default) and node-postgres
 * (when DATABASE_URL is set). Repositories write plain SQL against `Queryable`; composite
 * operations run inside `transaction`, which commits only when the callback resolves.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { currentYear } from '@/domain/years';
import { MIGRATIONS } from './migrations';

export interface QueryResult<T> {
  rows: T[];
  /** Rows changed by INSERT/UPDATE/DELETE, or returned by SELECT. */
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** The driver underneath, for the one library that brings its own query builder (better-auth). */
  readonly native: { kind: 'pglite'; lite: PGlite } | { kind: 'postgres'; pool: pg.Pool };
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The statement a failed query ran, kept on its error under this symbol: the SQL text as written in
 * the code (its first words), never its parameters, which hold user data (lib/errors.ts logs it).
 */
export const FAILED_STATEMENT = Symbol('failedStatement');

/** The first words of a statement, whitespace collapsed: enough to find it in the code. */
export function statementHead(sql: string): string {
  const flat = sql.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 80)}…` : flat;
}

/** Runs a query; a failure keeps the statement's head on the error (see FAILED_STATEMENT). */
async function named<R>(sql: string, run: () => Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (err) {
    if (err !== null && typeof err === 'object' && !(FAILED_STATEMENT in err)) {
      Object.defineProperty(err, FAILED_STATEMENT, { value: statementHead(sql), enumerable: false });
    }
    throw err;
  }
}

/** Wraps a PGlite instance (in memory, or a data directory). */
export function pgliteDb(lite: PGlite): Db {
  return {
    kind: 'pglite',
    native: { kind: 'pglite', lite },
    async query<T>(sql: string, params?: unknown[]) {
      const r = await named(sql, () => lite.query<T>(sql, params));
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await named(sql, () => lite.exec(sql));
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return lite.transaction((tx) =>
        fn({
          async query<R>(sql: string, params?: unknown[]) {
            const r = await named(sql, () => tx.query<R>(sql, params));
            return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
          },
          async exec(sql: string) {
            await named(sql, () => tx.exec(sql));
          },
        }),
      );
    },
    close: () => lite.close(),
  };
}

/** Wraps a node-postgres pool. */
export function postgresDb(pool: pg.Pool): Db {
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const r = await named(sql, () => c.query(sql, params));
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await named(sql, () => c.query(sql));
    },
  });
  return {
    kind: 'postgres',
    native: { kind: 'postgres', pool },
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      // A client whose rollback failed lost its server: released with the error, the pool drops it
      // instead of handing a dead connection to the next request.
      let broken: Error | undefined;
      try {
        await named('begin', () => client.query('begin'));
        const result = await fn(wrap(client));
        await named('commit', () => client.query('commit'));
        return result;
      } catch (err) {
        await client.query('rollback').catch((e: unknown) => {
          broken = e instanceof Error ? e : new Error(String(e));
        });
        throw err;
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/** Opens PGlite in `dataDir` (created if absent), or in memory when dataDir is undefined. */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Db> {
  const lite = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : {});
  return pgliteDb(lite);
}

/** How long a request waits for a connection before it answers 503 (PostgreSQL unreachable). */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Opens a node-postgres pool on `url`; fails fast when the server cannot be reached at start. Once
 * running, the pool survives PostgreSQL going away (a restart, a crash): the requests of that time
 * fail (503, lib/errors.ts), new connections are opened when it is back.
 */
export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client's network error must not crash the process.
  pool.on('error', (err) => console.error(`PostgreSQL : connexion au repos perdue (${errorCode(err)}).`));
  // A client in use (our transactions, better-auth's queries through Kysely) emits 'error' too when
  // its server goes away mid-query; an 'error' event without a listener ends the Node process. The
  // query in flight rejects on its own and is answered 503, so this listener only has to exist.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = postgresDb(pool);
  await db.query('select 1');
  return db;
}

/** An error's code (a SQLSTATE, or a Node code such as ECONNREFUSED), for the logs: never its values. */
export function errorCode(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : err instanceof Error ? err.name : typeof err;
}

/**
 * Refreshes the planner's statistics. PGlite has no autovacuum daemon, so without this its planner
 * never learns table sizes: after a restore it hash-joins all line items for a one-client query
 * (≈10× slower per save). Run at start (in migrate) and after bulk writes.
 */
export async function analyze(db: Db, tables: readonly string[] = []): Promise<void> {
  await db.query(`analyze ${tables.join(', ')}`);
}

/**
 * Applies the pending migrations (the first `upTo` of them when given: tests build a first-release
 * database), each in its own transaction; returns the ids applied.
 */
export async function migrate(
  db: Db,
  { currentYear: year = currentYear(), upTo }: { currentYear?: number; upTo?: string } = {},
): Promise<string[]> {
  await db.query(`create table if not exists schema_migrations (
    id text primary key, applied_at timestamptz not null default now())`);
  const applied: string[] = [];
  const last = upTo === undefined ? MIGRATIONS.length : MIGRATIONS.findIndex((m) => m.id === upTo) + 1;
  for (const m of MIGRATIONS.slice(0, last)) {
    const done = await db.transaction(async (tx) => {
      // Serialises concurrent starts on one PostgreSQL database.
      if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(724501)');
      const { rows } = await tx.query('select 1 from schema_migrations where id = $1', [m.id]);
      if (rows.length > 0) return false;
      await tx.exec(typeof m.sql === 'string' ? m.sql : m.sql({ currentYear: year }));
      await tx.query('insert into schema_migrations (id) values ($1)', [m.id]);
      return true;
    });
    if (done) applied.push(m.id);
  }
  await analyze(db);
  return applied;
}
