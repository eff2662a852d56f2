/**
 * Writes generated demo data into a database, through the same bulk path as a backup restore
 * (replaceAll), in one transaction. Shared by `npm run seed:demo` and the benchmarks.
 */
import { backupFromWire, oneYearBackup } from '../src/domain/codec';
import type { BackupWire as Backup } from '../src/domain/schemas';
import { analyze, type Db } from '../src/server/db/client';
import { replaceAll } from '../src/server/routes/backup/backup.repo';
import { currentYear } from '../src/domain/years';
import { generateDemoBackup } from './demo-data';

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
 * Seeds `db` (already migrated) with `clients` demo clients. Refuses a database that holds any
 * client unless `replace` is true: demo data must never silently erase real budgets
 * (docs/decisions/007-seed-demo-refuses-non-empty.md).
 */
export async function seedDemo(
  db: Db,
  options: { clients: number; seed?: number; today?: Date; replace?: boolean },
): Promise<Backup> {
  const backup = generateDemoBackup(options);
  await db.transaction(async (tx) => {
    // Counted inside the transaction, so a client created meanwhile cannot be erased unseen.
    const { rows } = await tx.query<{ n: number }>('select count(*)::int as n from clients');
    const existing = rows[0]?.n ?? 0;
    if (existing > 0 && !options.replace) throw new DatabaseNotEmptyError(existing);
    await replaceAll(tx, oneYearBackup(backupFromWire(backup), currentYear(options.today)));
  });
  // Statistics as a restarted server would have them (migrate analyzes at start).
  await analyze(db);
  return backup;
}
