/**
 * Reads a chosen file for the import (docs/product.md#excel-import, ADR 037), in the browser's
 * import worker (and in Node for the tests and the bench): a client CSV, or the sheet `Budget`
 * (and `_ids`) of a budget workbook with read-excel-file, numbers kept as their own text.
 *
 * Before anything is inflated, the size of the file, then the zip's own directory — how many
 * entries, how many bytes they inflate to — are checked against IMPORT_LIMITS. The unzipping is
 * ours (fflate, which never writes past the size an entry declares), so a zip bomb cannot grow
 * past the checked total; read-excel-file then gets the same entries stored uncompressed, which it
 * reads without inflating (and without spawning workers of its own).
 */
import { strFromU8, unzipSync, zipSync, type Unzipped } from 'fflate';
import { readSheet } from 'read-excel-file/universal';
import {
  IMPORT_LIMITS,
  ImportError,
  readBudgetSheet,
  readClientCsv,
  type ImportedFile,
  type SheetValue,
} from '@/domain/files/budget-import';
import { BUDGET_SHEET, IDS_SHEET } from '@/domain/files/budget-workbook';

const MB = 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / MB).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;

const u16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u32 = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;

const NOT_A_WORKBOOK = "Ce fichier n'est ni un classeur Excel (.xlsx) ni un CSV exporté par l'outil.";

/**
 * The zip's central directory, read without inflating anything: refuses more entries or more
 * inflated bytes than the limits, and ZIP64 archives (4 GB and more, never a budget workbook).
 */
export function checkZipDirectory(bytes: Uint8Array): void {
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (u32(bytes, i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ImportError(`${NOT_A_WORKBOOK} (archive .xlsx illisible)`);
  const entries = u16(bytes, end + 10);
  let p = u32(bytes, end + 16);
  if (entries === 0xffff || p === 0xffffffff) throw new ImportError('Classeur refusé : archive ZIP64 (trop grande).');
  if (entries > IMPORT_LIMITS.zipEntries) {
    throw new ImportError(`Classeur refusé : ${entries} fichiers dans l'archive, au plus ${IMPORT_LIMITS.zipEntries}.`);
  }
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (p + 46 > bytes.length || u32(bytes, p) !== 0x02014b50) {
      throw new ImportError(`${NOT_A_WORKBOOK} (répertoire de l'archive endommagé)`);
    }
    const inflated = u32(bytes, p + 24);
    if (inflated === 0xffffffff) throw new ImportError('Classeur refusé : archive ZIP64 (trop grande).');
    total += inflated;
    if (total > IMPORT_LIMITS.unzippedBytes) {
      throw new ImportError(
        `Classeur refusé : une fois décompressé, il ferait plus de ${megabytes(IMPORT_LIMITS.unzippedBytes)} (archive piégée ?).`,
      );
    }
    p += 46 + u16(bytes, p + 28) + u16(bytes, p + 30) + u16(bytes, p + 32);
  }
}

/** The path of each sheet by name, from workbook.xml and its relationships. */
function sheetPaths(files: Unzipped): Map<string, string> {
  const workbook = files['xl/workbook.xml'];
  const rels = files['xl/_rels/workbook.xml.rels'];
  if (!workbook || !rels) throw new ImportError(`${NOT_A_WORKBOOK} (classeur sans feuilles)`);
  const targets = new Map<string, string>();
  for (const m of strFromU8(rels).matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const id = /\bId="([^"]*)"/.exec(m[1]!)?.[1];
    const target = /\bTarget="([^"]*)"/.exec(m[1]!)?.[1];
    if (id && target) targets.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  }
  const paths = new Map<string, string>();
  for (const m of strFromU8(workbook).matchAll(/<sheet\b([^>]*)\/?>/g)) {
    const name = /\bname="([^"]*)"/.exec(m[1]!)?.[1];
    const id = /\br:id="([^"]*)"/.exec(m[1]!)?.[1];
    if (name && id && targets.has(id)) paths.set(unescapeXml(name), targets.get(id)!);
  }
  return paths;
}

const unescapeXml = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!);

/** Column letters → 0-based index. */
const columnIndex = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;

/**
 * Formula cells without a computed value (a file written by a script, never opened in a
 * spreadsheet): read-excel-file reads them as empty, which would import as 0. By (row, column).
 */
export function formulasWithoutValue(xml: string): Map<string, string> {
  const found = new Map<string, string>();
  let i = xml.indexOf('<f');
  while (i >= 0) {
    const next = xml[i + 2];
    if (next === '>' || next === ' ' || next === '/') {
      const start = xml.lastIndexOf('<c ', i);
      const end = xml.indexOf('</c>', i);
      const cell = xml.slice(start, end);
      if (!/<v>[^<]/.test(cell)) {
        const ref = /^<c r="([A-Z]+)(\d+)"/.exec(cell);
        const formula = /<f[^>]*>([^<]*)<\/f>/.exec(cell)?.[1] ?? '';
        if (ref) found.set(`${Number(ref[2])}:${columnIndex(ref[1]!)}`, unescapeXml(formula));
      }
    }
    i = xml.indexOf('<f', i + 2);
  }
  return found;
}

function countRows(xml: string): number {
  let n = 0;
  for (let i = xml.indexOf('<row'); i >= 0; i = xml.indexOf('<row', i + 4)) {
    const next = xml[i + 4];
    if (next === ' ' || next === '>') n++;
  }
  return n;
}

type Rows = SheetValue[][];

async function sheetRows(stored: ArrayBuffer, name: string, formulas: Map<string, string>): Promise<Rows> {
  const data = (await readSheet(stored, name, {
    trim: false,
    parseNumber: (number: string) => ({ number }),
  })) as unknown as Rows;
  for (const [key, formula] of formulas) {
    const [row, column] = key.split(':').map(Number) as [number, number];
    const cells = data[row - 1] ?? (data[row - 1] = []);
    cells[column] = { formula };
  }
  return data;
}

/** The budget workbook's lines (ImportError on the first problem). */
export async function readWorkbookBytes(bytes: Uint8Array): Promise<ImportedFile> {
  if (bytes.length > IMPORT_LIMITS.fileBytes) {
    throw new ImportError(
      `Fichier refusé : ${megabytes(bytes.length)}, au plus ${megabytes(IMPORT_LIMITS.fileBytes)}.`,
    );
  }
  if (u32(bytes, 0) === 0xe011cfd0) {
    throw new ImportError('Ancien format Excel (.xls) : enregistrez le classeur au format .xlsx, puis importez-le.');
  }
  if (u32(bytes, 0) !== 0x04034b50) throw new ImportError(NOT_A_WORKBOOK);
  checkZipDirectory(bytes);
  let files: Unzipped;
  try {
    files = unzipSync(bytes, { filter: (f) => f.name.endsWith('.xml') || f.name.endsWith('.rels') });
  } catch {
    throw new ImportError(`${NOT_A_WORKBOOK} (archive .xlsx endommagée)`);
  }
  const paths = sheetPaths(files);
  const budgetPath = paths.get(BUDGET_SHEET);
  if (!budgetPath || !files[budgetPath]) {
    throw new ImportError(
      `Feuille « ${BUDGET_SHEET} » introuvable (renommée ?) ; le classeur a : ${[...paths.keys()].map((n) => `« ${n} »`).join(', ') || 'aucune feuille'}.`,
    );
  }
  const budgetXml = strFromU8(files[budgetPath]);
  // The header row is one of them: the limit counts data rows.
  const rowCount = countRows(budgetXml) - 1;
  if (rowCount > IMPORT_LIMITS.rows) {
    throw new ImportError(
      `Feuille « ${BUDGET_SHEET} », ligne ${IMPORT_LIMITS.rows + 2} : trop de lignes (${rowCount.toLocaleString('fr-FR')}) ; au plus ${IMPORT_LIMITS.rows.toLocaleString('fr-FR')}.`,
    );
  }
  const idsPath = paths.get(IDS_SHEET);
  const stored = zipSync(files, { level: 0 });
  const buffer = stored.buffer.slice(stored.byteOffset, stored.byteOffset + stored.byteLength) as ArrayBuffer;
  let budget: Rows;
  let ids: Rows | null;
  try {
    budget = await sheetRows(buffer, BUDGET_SHEET, formulasWithoutValue(budgetXml));
    ids = idsPath && files[idsPath] ? await sheetRows(buffer, IDS_SHEET, new Map()) : null;
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(`${NOT_A_WORKBOOK} (contenu illisible : ${error instanceof Error ? error.message : ''})`);
  }
  return readBudgetSheet(budget, ids);
}

/** A chosen file: a client CSV by its name, else a workbook. */
export async function readImportFile(name: string, bytes: Uint8Array): Promise<ImportedFile> {
  if (/\.csv$/i.test(name)) {
    if (bytes.length > IMPORT_LIMITS.fileBytes) {
      throw new ImportError(
        `Fichier refusé : ${megabytes(bytes.length)}, au plus ${megabytes(IMPORT_LIMITS.fileBytes)}.`,
      );
    }
    return readClientCsv(new TextDecoder('utf-8').decode(bytes));
  }
  return readWorkbookBytes(bytes);
}
