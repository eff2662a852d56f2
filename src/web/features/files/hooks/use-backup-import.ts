import { useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AnyBackupWire } from '@/domain/schemas';
import { clientsQueryOptions } from '@/web/lib/get-clients';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { reloadAllData } from '@/web/lib/query-keys';
import { undoAndReload } from '@/web/lib/undo-entry';
import { restoreBackup } from '../api/files-api';
import { clientCount, errorMessage } from '../lib/messages';

const IMPORT_ERROR = "Erreur d'import";

/**
 * What a restore replaces (docs/product.md#budget-years): a version 2 file, every exercice (those it holds are
 * listed); a one-year file (SPEC's shape), exercice `year` — the one selected — the other years
 * emptied. `fileYear` is the year a one-year export of this tool names, when it has one.
 */
export type ImportScope =
  { kind: 'all-years'; years: number[] } | { kind: 'one-year'; year: number; fileYear?: number };

export type PendingImport = {
  fileName: string;
  fileClients: number;
  currentClients: number;
  scope: ImportScope;
  raw: unknown;
};

/** The scope of a validated backup restored while exercice `year` is selected. */
function scopeOf(backup: AnyBackupWire, year: number): ImportScope {
  if ('years' in backup) return { kind: 'all-years', years: backup.years.map((y) => y.year) };
  return backup.year === undefined ? { kind: 'one-year', year } : { kind: 'one-year', year, fileYear: backup.year };
}

/**
 * The restore of a backup (docs/product.md#files): the chosen file is read and validated completely in the
 * browser, then `pending` asks for confirmation, then the server replaces everything in one
 * transaction (POST /api/backup?year=, `year` being the selected exercice, where a one-year file
 * goes) and every view reloads.
 */
export function useBackupImport(year: number) {
  const queryClient = useQueryClient();
  const [isReading, setIsReading] = useState(false);
  const [pending, setPending] = useState<PendingImport | null>(null);
  const [isImporting, setIsImporting] = useState(false);

  async function readChosenFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared at once, so choosing the same file again fires a new change.
    input.value = '';
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.json')) {
      notifyError(IMPORT_ERROR, "Le fichier n'est pas valide. Choisissez un fichier .json.");
      return;
    }
    setIsReading(true);
    try {
      // Loaded on demand: validation needs zod, which the budget tab's first bundle does without.
      const { parseBackupText } = await import('@/domain/files/backup-parse');
      const parsed = parseBackupText(await file.text());
      if (!parsed.ok) {
        notifyError(IMPORT_ERROR, parsed.message);
        return;
      }
      // The count the dialog shows is the server's at this moment (not a cached one), asked once.
      // (Clients span years: every year's list counts them all.)
      const current = await queryClient.fetchQuery({ ...clientsQueryOptions(year), staleTime: 0, retry: false });
      setPending({
        fileName: file.name,
        fileClients: parsed.backup.clients.length,
        currentClients: current.length,
        scope: scopeOf(parsed.backup, year),
        raw: parsed.raw,
      });
    } catch (error) {
      notifyError(IMPORT_ERROR, errorMessage(error, "Le fichier n'a pas pu être lu."), error);
    } finally {
      setIsReading(false);
    }
  }

  async function confirmImport() {
    if (!pending) return;
    setIsImporting(true);
    try {
      // A one-year file goes into the exercice the dialog named.
      const into = pending.scope.kind === 'one-year' ? pending.scope.year : year;
      const { clients, historyId } = await restoreBackup(pending.raw, into);
      setPending(null);
      // docs/product.md#history: the restore can be taken back from its toast.
      notifySuccess('Import réussi', `${clientCount(clients)} restauré${clients > 1 ? 's' : ''}.`, {
        action:
          historyId === null
            ? undefined
            : { label: 'Annuler', onClick: () => void undoAndReload(queryClient, historyId) },
      });
      await reloadAllData(queryClient);
    } catch (error) {
      setPending(null);
      notifyError(
        IMPORT_ERROR,
        `${errorMessage(error, 'Le serveur est injoignable.')} Aucune donnée n'a été modifiée.`,
        error,
      );
    } finally {
      setIsImporting(false);
    }
  }

  return { pending, isReading, isImporting, readChosenFile, confirmImport, cancel: () => setPending(null) };
}
