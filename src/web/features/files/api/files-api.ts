/**
 * The reads and the write of the files feature. Exports read the server at the moment of the
 * click (not a cached copy), so a file always holds the data as saved; they are plain calls, not
 * queries, because nothing on screen renders them.
 */
import type { BackupDocument } from '../../../../domain/files/backup-json';
import type { BudgetData, Client, Pole } from '../../../../domain/schemas';
import { api } from '../../../lib/api-client';

export const getClientBudget = (clientId: string) => api.get<Pole[]>(`/api/clients/${encodeURIComponent(clientId)}/budget`);

export const getAllBudgets = () => api.get<{ clients: Client[]; budgetData: BudgetData }>('/api/budget');

export const getBackup = () => api.get<BackupDocument>('/api/backup');

/** Replaces every client with the file's content; the server answers how many it restored. */
export const restoreBackup = (file: unknown) => api.post<{ clients: number }>('/api/backup', file);
