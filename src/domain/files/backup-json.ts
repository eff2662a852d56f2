/**
 * JSON backup (docs/product.md#file-json-backup), 2-space indent: version 2 holds every year
 * (`{ version, clients, years, comments?, notifications?, exportDate }`, ADR 021, ADR 050); one year keeps SPEC's shape
 * (`{ clients, budgetData, exportDate, version: 1, year }`, docs/product.md#budget-years). The
 * server builds the document (GET /api/backup, one snapshot); the browser writes it to the file
 * with `backupFile`, so the file is that document, pretty-printed (ADR 014).
 */
import { budgetDataToWire, clientsToWire, versionBackupToWire, yearBudgetToWire } from '../codec';
import { attributesOf } from '../client-attributes';
import type { BackupComment, BackupNotification } from '../comments';
import type { BackupSignoff } from '../signoff';
import type { AllYearsBackup, BudgetData, Client } from '../model';
import type { BudgetDataWire, ClientIdentityWire, ClientWire, VersionBackupWire, YearBudgetWire } from '../schemas';
import { BACKUP_VERSION, ONE_YEAR_BACKUP_VERSION } from './backup-version';
import { JSON_MIME, type ExportFile } from './export-file';
import { fileDate } from './file-names';

export { BACKUP_VERSION, ONE_YEAR_BACKUP_VERSION };

/** A one-year backup document as the file holds it (euros: the wire shapes), keys in the file's order. */
export interface OneYearBackupDocument {
  clients: ClientWire[];
  budgetData: BudgetDataWire;
  /** ISO timestamp of the export. */
  exportDate: string;
  version: typeof ONE_YEAR_BACKUP_VERSION;
  year: number;
}

/** The version 2 backup document: every client once, then each year. */
export interface AllYearsBackupDocument {
  version: typeof BACKUP_VERSION;
  clients: ClientIdentityWire[];
  years: YearBudgetWire[];
  /** The versions (ADR 049), by id. */
  versions: VersionBackupWire[];
  comments?: BackupComment[];
  notifications?: BackupNotification[];
  /** The sign-off statuses that are not a bare draft (ADR 055). */
  signoffs: BackupSignoff[];
  exportDate: string;
}

export type BackupDocument = OneYearBackupDocument | AllYearsBackupDocument;

/** The backup of one year: these clients (by creation) and their budgets (cents), SPEC's shape. */
export function buildBackup(
  data: { clients: readonly Client[]; budgetData: BudgetData },
  year: number,
  exportDate: Date,
): OneYearBackupDocument {
  return {
    // SPEC's shape, byte for byte: the client attributes are version 2's only (ADR 055).
    clients: clientsToWire(data.clients).map(({ manager: _m, sector: _s, status: _st, ...client }) => client),
    budgetData: budgetDataToWire(data.budgetData),
    exportDate: exportDate.toISOString(),
    version: ONE_YEAR_BACKUP_VERSION,
    year,
  };
}

/** The backup of every year (version 2). */
export function buildAllYearsBackup(data: AllYearsBackup, exportDate: Date): AllYearsBackupDocument {
  return {
    version: BACKUP_VERSION,
    clients: data.clients.map(({ id, name, created_at, ...attributes }) => ({
      id,
      name,
      created_at,
      ...attributesOf(attributes),
    })),
    years: data.years.map(yearBudgetToWire),
    versions: (data.versions ?? []).map(versionBackupToWire),
    ...(data.comments && { comments: data.comments }),
    ...(data.notifications && { notifications: data.notifications }),
    signoffs: data.signoffs ?? [],
    exportDate: exportDate.toISOString(),
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
