/**
 * JSON backup (docs/product.md#file-json-backup): `{ clients, budgetData, exportDate, version }`, 2-space indent. The
 * server builds the document (GET /api/backup, one snapshot); the browser writes it to the file
 * with `backupFile`, so the file is that document, pretty-printed (ADR 014).
 */
import { budgetDataToWire, clientsToWire } from '../codec';
import type { BudgetData, Client } from '../model';
import type { BudgetDataWire, ClientWire } from '../schemas';
import { JSON_MIME, type ExportFile } from './export-file';
import { fileDate } from './file-names';

/** Current backup format version, written as an extra top-level field. */
export const BACKUP_VERSION = 1;

/** The backup document as the file holds it (euros: the wire shapes), keys in the file's order. */
export interface BackupDocument {
  clients: ClientWire[];
  budgetData: BudgetDataWire;
  /** ISO timestamp of the export. */
  exportDate: string;
  version: number;
}

/** The backup of these clients (by creation) and their budgets (cents), exported at `exportDate`. */
export function buildBackup(
  data: { clients: readonly Client[]; budgetData: BudgetData },
  exportDate: Date,
): BackupDocument {
  return {
    clients: clientsToWire(data.clients),
    budgetData: budgetDataToWire(data.budgetData),
    exportDate: exportDate.toISOString(),
    version: BACKUP_VERSION,
  };
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
