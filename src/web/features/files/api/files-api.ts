/**
 * The reads and the write of the files feature. Exports read the server at the moment of the
 * click (not a cached copy), so a file always holds the data as saved; they are plain calls, not
 * queries, because nothing on screen renders them. The invoicing export and the restore name
 * their exercice (`?year=`); the JSON backup holds every year (docs/product.md#budget-years).
 */
import { budgetDataFromWire, clientsFromWire } from '@/domain/codec';
import type { AllYearsBackupDocument } from '@/domain/files/backup-json';
import type { AllBudgetsAnswer, CommentsAnswer, RestoreAnswer, YearCommentsAnswer } from '@/domain/answers';
import type { MonthLock } from '@/domain/control';
import { api, withYear } from '@/web/lib/api-client';

/** Every client's budget of exercice `year` (GET /api/budget?year=), in cents. */
export const getAllBudgets = async (year: number) => {
  const all = await api.get<AllBudgetsAnswer>(withYear('/api/budget', year));
  return { clients: clientsFromWire(all.clients), budgetData: budgetDataFromWire(all.budgetData) };
};

/** A client-year's comments (GET /api/comments), for the sheet `Commentaires` of its workbook. */
export const getClientComments = (clientId: string, year: number) =>
  api.get<CommentsAnswer>(`/api/comments?clientId=${encodeURIComponent(clientId)}&year=${year}`);

/** Every client's comments of exercice `year` in the caller's scope (GET /api/comments/all): the all-clients workbook. */
export const getYearComments = (year: number) => api.get<YearCommentsAnswer>(withYear('/api/comments/all', year));

/** The version 2 backup: every client, every year (GET /api/backup without a year). */
/** The exercice's closed months (GET /api/years/{year}/locks): the import skips them, the budget workbook lists them. */
export const getMonthLocks = (year: number) => api.get<MonthLock[]>(`/api/years/${year}/locks`);

export const getBackup = () => api.get<AllYearsBackupDocument>('/api/backup');

/**
 * Replaces all data with the file's content (POST /api/backup?year=): a version 2 file restores
 * every year; a one-year file becomes exercice `year`, the other years emptied. The server
 * answers how many clients it restored and the restore's history entry (docs/product.md#history:
 * undoing it brings the data from before back).
 */
export const restoreBackup = (file: unknown, year: number) =>
  api.post<RestoreAnswer>(withYear('/api/backup', year), file);
