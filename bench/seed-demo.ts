/**
 * `npm run seed:demo -- --clients N [--seed S] [--replace]`: fills the configured database
 * (DATA_DIR's embedded PGlite, or DATABASE_URL) with N demo clients, opened like the server
 * opens it — so it refuses to run while a server holds DATA_DIR. Three years: the previous one
 * (every month with actuals), the current one (actuals until today's month), the next (forecasts).
 */
import { parseArgs } from 'node:util';
import { openConfiguredDb } from '../src/server/db/open';
import { parseEnv } from '../src/server/env';
import { seedDemo } from './seed';

const USAGE = 'Usage : npm run seed:demo -- --clients N [--seed S] [--replace]';

function positiveInt(text: string | undefined, name: string, fallback?: number): number {
  if (text === undefined && fallback !== undefined) return fallback;
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} doit être un entier positif.\n${USAGE}`);
  return n;
}

async function main() {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string' },
      seed: { type: 'string' },
      replace: { type: 'boolean', default: false },
    },
  });
  const clients = positiveInt(values.clients, 'clients');
  const seed = positiveInt(values.seed, 'seed', 1);
  const env = parseEnv();
  const { db, release } = await openConfiguredDb(env);
  try {
    const started = performance.now();
    const backup = await seedDemo(db, { clients, seed, replace: values.replace });
    const where = env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `base embarquée ${env.dataDir}`;
    const years = backup.years.map((y) => {
      const poles = Object.values(y.budgetData).flat();
      const lines = poles.reduce((n, p) => n + p.lines.length, 0);
      return `${y.year} : ${poles.length} pôles, ${lines} lignes`;
    });
    console.log(
      `${clients} clients sur ${years.length} exercices (${years.join(' ; ')}) écrits dans ${where} ` +
        `(graine ${seed}, ${Math.round(performance.now() - started)} ms).`,
    );
  } finally {
    await db.close();
    release();
  }
}

main().catch((err: unknown) => {
  // Known refusals (locked DATA_DIR, non-empty database, bad flag) are already French sentences.
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
