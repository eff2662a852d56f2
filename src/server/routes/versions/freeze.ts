/**
 * Freezing a version with its history entry (docs/product.md#versions-and-landing, ADR 049): what
 * `POST /api/years/:year/versions` and a roll forward asked to freeze « Budget initial {N+1} » both
 * do, inside the caller's transaction.
 */
import type { CreatedVersionAnswer } from '@/domain/answers';
import { SUMMARIES } from '@/domain/history';
import { foldName } from '@/domain/names';
import type { Queryable } from '@/server/db/client';
import { conflict } from '@/server/lib/errors';
import { versionAlreadyExists } from '@/server/lib/messages';
import { insertEntry } from '../history/history.repo';
import { freezeVersion, lockYearVersions, versionNamed } from './versions.repo';

/**
 * Freezes every client of `year` as version `name` (the year's reference when it is its first)
 * and records it; 409 when the year already has a version of that name. Run inside a transaction.
 */
export async function freezeAndRecord(
  tx: Queryable,
  v: { year: number; name: string; actor: string },
): Promise<CreatedVersionAnswer> {
  const folded = foldName(v.name);
  await lockYearVersions(tx, v.year);
  const taken = await versionNamed(tx, v.year, folded);
  if (taken !== undefined) throw conflict(versionAlreadyExists(taken, v.year));
  const { version, clients } = await freezeVersion(tx, { ...v, folded });
  const historyId = await insertEntry(tx, {
    actor: v.actor,
    source: 'version',
    clientId: null,
    year: v.year,
    summary: SUMMARIES.versionFrozen(v.year, v.name, clients),
    ops: [],
  });
  return { ...version, clients, historyId };
}
