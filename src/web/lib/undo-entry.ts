/**
 * Undoing one history entry (docs/product.md#history), for every feature that offers it: the
 * budget tab (Ctrl+Z, its buttons, its panel, the toasts after a deleted line or a paste) and the
 * files feature (the toast after a restore). The server reverts the entry as a new entry; undoing
 * that one redoes.
 */
import type { QueryClient } from '@tanstack/react-query';
import { historyEntryFromWire, type HistoryEntry } from '@/domain/codec';
import { conflictText, type CellRef } from '@/domain/history-view';
import type { UndoAnswer } from '@/domain/answers';
import { ApiError, api } from './api-client';
import { notifyError, notifySuccess } from './notify';
import { reloadAllData } from './query-keys';

/** POST /api/history/:id/undo: the new entry (source 'annulation'; its cells are what it changed, in cents). */
export async function postUndo(id: number): Promise<HistoryEntry> {
  const { entry } = await api.post<UndoAnswer>(`/api/history/${id}/undo`);
  return historyEntryFromWire(entry);
}

/** Said when an undo fails without a message from the server. */
export const UNDO_FAILED = "Impossible d'annuler la modification";

/**
 * The error toast's text for a failed undo: the server's French message, with the cells a 409
 * lists named by `nameOf` (as the grid labels them) when it is given.
 */
export function undoFailureText(error: unknown, nameOf?: (cell: CellRef) => string): string {
  if (!(error instanceof ApiError)) return UNDO_FAILED;
  const names = nameOf ? error.cells.map(nameOf) : [];
  return conflictText(error.message, names);
}

/** One toast for the undos and redos in a row, updated rather than stacked. */
const UNDO_TOAST = 'history-undo';

/**
 * Undoes entry `id`, then reloads every view (the undo may bring back a line or a client, or a
 * whole restore) and says what it did; a refusal (409: changed since, already undone) shows the
 * server's message in the error toast, and nothing changed. Resolves to the new entry, or null.
 */
export async function undoAndReload(
  queryClient: QueryClient,
  id: number,
  nameOf?: (cell: CellRef) => string,
): Promise<HistoryEntry | null> {
  let entry: HistoryEntry;
  try {
    entry = await postUndo(id);
  } catch (error) {
    notifyError('Erreur', undoFailureText(error, nameOf), error, UNDO_TOAST);
    // A refused undo may mean someone else changed the data: show what is stored now.
    await reloadAllData(queryClient);
    return null;
  }
  notifySuccess(entry.summary, undefined, { id: UNDO_TOAST });
  await reloadAllData(queryClient);
  return entry;
}
