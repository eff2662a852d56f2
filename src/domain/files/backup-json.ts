/**
 * JSON backup (PRODUCT §4): `{ clients, budgetData, exportDate, version }`, 2-space indent. The
 * server builds the document (GET /api/backup, one snapshot); the browser writes it to the file
 * with `backupFile`, so the file is that document, pretty-printed (decision 007-issue6).
 */
import { BACKUP_VERSION, backupSchema, describeIssues, type Backup, type BudgetData, type Client } from '../schemas';
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

/** What reading a backup file gives: the validated backup and the file's own value, or the first problem. */
export type ParsedBackup =
  | { ok: true; backup: Backup; /** The parsed file as it is, sent to the server unchanged. */ raw: unknown }
  | { ok: false; message: string };

/** The French message of a file that is not a readable backup (SPEC §8). */
export const INVALID_BACKUP_FILE = "Le fichier n'est pas valide.";

/**
 * Reads a backup file completely before anything changes (PRODUCT §4): JSON syntax, then the
 * whole schema (12 values per array, finite amounts, unique ids, every budgetData key a listed
 * client). A problem gives the French message naming the first one.
 */
export function parseBackupText(text: string): ParsedBackup {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, message: INVALID_BACKUP_FILE };
  }
  const parsed = backupSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, message: `${INVALID_BACKUP_FILE} ${describeIssues(parsed.error).message}` };
  return { ok: true, backup: parsed.data, raw };
}
