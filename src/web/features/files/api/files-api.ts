/**
 * The reads and the write of the files feature. Exports read the server at the moment of the
 * click (not a cached copy), so a file always holds the data as saved; they are plain calls, not
 * queries, because nothing on screen renders them.
 */
import { budgetDataFromWire, clientsFromWire } from '@/domain/codec';
import type { BudgetDataWire, ClientWire } from '@/domain/schemas';
import type { BackupDocument } from '@/domain/files/backup-json';
import { api } from '@/web/lib/api-client';

export const getAllBudgets = async () => {
  const all = await api.get<{ clients: ClientWire[]; budgetData: BudgetDataWire }>('/api/budget');
  return { clients: clientsFromWire(all.clients), budgetData: budgetDataFromWire(all.budgetData) };
};

export const getBackup = () => api.get<BackupDocument>('/api/backup');

/** Replaces every client with the file's content; the server answers how many it restored. */
export const restoreBackup = (file: unknown) => api.post<{ clients: number }>('/api/backup', file);
