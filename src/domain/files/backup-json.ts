/**
 * JSON backup (PRODUCT §4): `{ clients, budgetData, exportDate, version }`, 2-space indent. The
 * server builds the document (GET /api/backup, one snapshot); the browser writes it to the file
 * with `backupFile`, so the file is that document, pretty-printed (decision 007-issue6).
 */
import { BACKUP_VERSION } from '../model';
import type { BudgetData, Client } from '../schemas';
import { JSON_MIME, type ExportFile } from './export-file';
import { fileDate } from './file-names';

/** The backup document, keys in the order the file shows them. */
export interface BackupDocument {
  clients: Client[];
  budgetData: BudgetData;
  /** ISO timestamp of the export. */
  exportDate: string;
  version: number;
}

/** The backup of these clients (by creation) and their budgets, exported at `exportDate`. */
export function buildBackup(data: { clients: Client[]; budgetData: BudgetData }, exportDate: Date): BackupDocument {
  return { clients: data.clients, budgetData: data.budgetData, exportDate: exportDate.toISOString(), version: BACKUP_VERSION };
}

/** The file text: the document with a 2-space indent, no trailing newline (as the original tool). */
export function backupJsonText(doc: BackupDocument): string {
  return JSON.stringify(doc, null, 2);
}

/** `budget-export-{YYYY-MM-DD}.json`, local date. */
export function backupFileName(now: Date): string {
  return `budget-export-${fileDate(now)}.json`;
}

/** The JSON backup file of this document; `now` (local) dates the file name. */
export function backupFile(doc: BackupDocument, now: Date): ExportFile {
  return { fileName: backupFileName(now), mimeType: JSON_MIME, text: backupJsonText(doc) };
}
