/**
 * Writes generated demo data into a database, through the same bulk path as a backup restore
 * (replaceAll), in one transaction. Shared by `npm run seed:demo` and the benchmarks.
 */
import { allYearsBackupFromWire } from '../src/domain/codec';
import type { AllYearsBackupDocument } from '../src/domain/files/backup-json';
import { analyze, type Db } from '../src/server/db/client';
import { replaceAll } from '../src/server/routes/backup/backup.repo';
import { generateDemoBackup, type DemoOptions } from './demo-data';

export class DatabaseNotEmptyError extends Error {
  constructor(readonly clientCount: number) {
    super(
      `La base contient déjà ${clientCount} client(s) : rien n'a été écrit. ` +
        `Relancez avec --replace pour remplacer toutes les données par les données de démonstration.`,
    );
    this.name = 'DatabaseNotEmptyError';
  }
}

/**
 * Seeds `db` (already migrated) with `clients` demo clients over three years (or the current one:
 * `years: 1`), and returns what it wrote. Refuses a database that holds any
 * client unless `replace` is true: demo data must never silently erase real budgets
 * (docs/decisions/007-seed-demo-refuses-non-empty.md).
 */
export async function seedDemo(db: Db, options: DemoOptions & { replace?: boolean }): Promise<AllYearsBackupDocument> {
  const backup = generateDemoBackup(options);
  await db.transaction(async (tx) => {
    // Counted inside the transaction, so a client created meanwhile cannot be erased unseen.
    const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from clients');
    const existing = rows[0]?.n ?? 0;
    if (existing > 0 && !options.replace) throw new DatabaseNotEmptyError(existing);
    await replaceAll(tx, allYearsBackupFromWire(backup));
  });
  // Statistics as a restarted server would have them (migrate analyzes at start).
  await analyze(db);
  return backup;
}
