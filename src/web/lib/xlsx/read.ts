/**
 * Reads a chosen file for the import (docs/product.md#excel-import, ADR 037), in the browser's
 * import worker (and in Node for the tests and the bench): a client CSV, or the sheet `Budget`
 * (and `_ids`) of a budget workbook with read-excel-file, numbers kept as their own text.
 *
 * Before anything is inflated, the size of the file, then the zip's own directory — how many
 * entries, how many bytes they inflate to — are checked against IMPORT_LIMITS. The unzipping is
 * ours (zip.ts: from that same directory, each entry stopped past the size it declares), so a zip
 * bomb cannot grow past the checked total. Each part read-excel-file will read (the two sheets, the workbook, its
 * relationships, styles, shared strings) is then scanned for rows and cell references past the
 * limits (checkSheetExtent), and only those parts are handed to it, stored uncompressed, which it
 * reads without inflating (and without spawning workers of its own).
 */
import { strFromU8, zipSync, type Unzipped } from 'fflate';
import { readSheet } from 'read-excel-file/universal';
import {
  CALENDAR_IMPORT,
  IMPORT_LIMITS,
  ImportError,
  cellPlace,
  readBudgetSheet,
  readClientCsv,
  type ImportTarget,
  type ImportedFile,
  type SheetValue,
} from '@/domain/files/budget-import';
import { BUDGET_SHEET, IDS_SHEET } from '@/domain/files/budget-workbook';
import { columnLetters } from '@/domain/files/workbook';
import { NOT_A_WORKBOOK, checkZipDirectory, megabytes, u32, unzipEntries } from './zip';

/** A relationship's type, `…/relationships/{kind}` (transitional or strict OOXML): its kind (`worksheet`, `styles`…). */
const RELATIONSHIP_TYPE =
  /^http:\/\/(?:schemas\.openxmlformats\.org\/officeDocument\/2006|purl\.oclc\.org\/ooxml\/officeDocument)\/relationships\/(\w+)$/;

/**
 * The path of each sheet by name (the first sheet of a name, as read-excel-file picks it), from
 * workbook.xml and its relationships; and the other parts read-excel-file reads (the workbook, its
 * relationships, styles and shared strings).
 */
function workbookParts(files: Unzipped): { sheets: Map<string, string>; others: Set<string> } {
  const workbook = files['xl/workbook.xml'];
  const rels = files['xl/_rels/workbook.xml.rels'];
  if (!workbook || !rels) throw new ImportError(`${NOT_A_WORKBOOK} (classeur sans feuilles)`);
  const targets = new Map<string, string>();
  const others = new Set(['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/sharedStrings.xml']);
  for (const m of strFromU8(rels).matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const id = /\bId="([^"]*)"/.exec(m[1]!)?.[1];
    const target = /\bTarget="([^"]*)"/.exec(m[1]!)?.[1];
    const type = RELATIONSHIP_TYPE.exec(/\bType="([^"]*)"/.exec(m[1]!)?.[1] ?? '')?.[1];
    if (!id || !target) continue;
    const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (type === 'worksheet') targets.set(id, path);
    else if (type === 'styles' || type === 'sharedStrings') others.add(path);
  }
  const sheets = new Map<string, string>();
  for (const m of strFromU8(workbook).matchAll(/<sheet\b([^>]*)\/?>/g)) {
    const name = /\bname="([^"]*)"/.exec(m[1]!)?.[1];
    const id = /\br:id="([^"]*)"/.exec(m[1]!)?.[1];
    if (name && id && targets.has(id) && !sheets.has(unescapeXml(name)))
      sheets.set(unescapeXml(name), targets.get(id)!);
  }
  return { sheets, others };
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

/**
 * A reference as Excel writes it, between `start` and `end` in `xml` — a cell `B7` (one to three
 * letters, then a row), or with `isRow` a row `7` — as [row, 0-based column], else null.
 */
function referenceAt(xml: string, start: number, end: number, isRow: boolean): [row: number, column: number] | null {
  let i = start;
  let column = 0;
  for (let ch = xml.charCodeAt(i); i < end && ch >= 65 && ch <= 90; ch = xml.charCodeAt(++i))
    column = column * 26 + ch - 64;
  if (isRow ? i !== start : i === start || i - start > 3) return null;
  if (i === end || xml.charCodeAt(i) === 48) return null;
  let row = 0;
  for (; i < end; i++) {
    const ch = xml.charCodeAt(i);
    if (ch < 48 || ch > 57) return null;
    row = row * 10 + ch - 48;
  }
  return [row, column - 1];
}

const isSpace = (ch: number) => ch === 32 || ch === 9 || ch === 10 || ch === 13;
/**
 * A start tag `c`, `row` or `dimension`, with or without a namespace prefix (read-excel-file's
 * parser drops what precedes the first `:`).
 */
const EXTENT_TAG = /<(?:[^\s/>:]+:)?(c|row|dimension)(?=[\s/>])/g;
/** Where the attribute name at `i` ends, and whether its local part (after a prefix) is `name`. */
function attributeAt(xml: string, i: number, name: string): [end: number, isIt: boolean] {
  const start = i;
  let local = i;
  for (let ch = xml.charCodeAt(i); i < xml.length && !isSpace(ch) && ch !== 61 && ch !== 62;) {
    if (ch === 58 && local === start) local = i + 1;
    ch = xml.charCodeAt(++i);
  }
  return [i, i - local === name.length && xml.startsWith(name, local) && !xml.startsWith('xmlns:', start)];
}

/**
 * Refuses a part of the workbook whose rows, cell references or declared dimension reach past the
 * import's limits, before read-excel-file sees it. That library builds a grid as tall as the
 * furthest row and as wide as the furthest filled column (9.3.17: empty rows pushed up to each
 * `<row r>` or cell row, every row padded with empty cells to the widest), so one cell at
 * XFD1048576 in a file of a few kB would be 17 billion cells. It ignores `<dimension>` today; a
 * dimension past the limits is refused all the same (a sheet saved by Excel declares the cells it
 * holds). A reference not written as Excel writes it (`B7`; a row `7`) is refused.
 *
 * Every start tag `c`, `row` or `dimension` is read as read-excel-file's parser reads it: a
 * namespace prefix, on the tag and on its attributes, dropped; quoted values, which may hold `>`.
 * Its attributes are read by hand: a regex for them over the 50 MB sheet of 300 clients takes
 * seconds.
 */
export function checkSheetExtent(sheet: string, xml: string): void {
  // The header row is one of them: the limit counts data rows.
  const rowCount = countRows(xml) - 1;
  if (rowCount > IMPORT_LIMITS.rows) {
    throw new ImportError(
      `${cellPlace(sheet, IMPORT_LIMITS.rows + 2)} : trop de lignes (${rowCount.toLocaleString('fr-FR')}) ; au plus ${IMPORT_LIMITS.rows.toLocaleString('fr-FR')}.`,
    );
  }
  const lastRow = IMPORT_LIMITS.rows + 1;
  const limits = `au plus ${lastRow.toLocaleString('fr-FR')} lignes et ${IMPORT_LIMITS.columns} colonnes (A à ${columnLetters(IMPORT_LIMITS.columns - 1)}) ; supprimez les lignes et colonnes en trop`;
  const beyond = (row: number, column?: number) =>
    new ImportError(`${cellPlace(sheet, row, column)} : au-delà des limites de l'import, ${limits}.`);
  const unreadable = (reference: string) =>
    new ImportError(`Feuille « ${sheet} » : référence de cellule illisible (« ${reference} »).`);
  const check = (tag: 'c' | 'row' | 'dimension', start: number, end: number) => {
    const corners = tag === 'dimension' ? xml.slice(start, end).split(':') : [null];
    let at = start;
    for (const corner of corners) {
      const to = corner === null ? end : at + corner.length;
      const ref = referenceAt(xml, at, to, tag === 'row');
      at = to + 1;
      if (!ref) throw unreadable(xml.slice(start, end));
      const [row, column] = ref;
      if (row <= lastRow && column < IMPORT_LIMITS.columns) continue;
      if (tag !== 'dimension') throw beyond(row, tag === 'c' ? column : undefined);
      throw new ImportError(
        `Feuille « ${sheet} » : sa zone utilisée déclarée (« ${xml.slice(start, end)} ») dépasse les limites de l'import, ${limits}.`,
      );
    }
  };
  const end = xml.length;
  for (const found of xml.matchAll(EXTENT_TAG)) {
    const tag = found[1] as 'c' | 'row' | 'dimension';
    let j = found.index + found[0].length;
    for (;;) {
      while (j < end && isSpace(xml.charCodeAt(j))) j++;
      if (j >= end || xml[j] === '>' || xml[j] === '/') break;
      const [nameEnd, isReference] = attributeAt(xml, j, tag === 'dimension' ? 'ref' : 'r');
      j = nameEnd;
      while (j < end && isSpace(xml.charCodeAt(j))) j++;
      if (xml[j] === '=') j++;
      while (j < end && isSpace(xml.charCodeAt(j))) j++;
      const quote = xml[j];
      const close = quote === '"' || quote === "'" ? xml.indexOf(quote, j + 1) : -1;
      if (close < 0) throw unreadable(xml.slice(found.index, j + 1));
      if (isReference) check(tag, j + 1, close);
      j = close + 1;
    }
  }
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

/**
 * The budget workbook's lines (ImportError on the first problem); `target`: the exercice and fiscal
 * year whose month headers row 1 must carry (docs/product.md#fiscal-years).
 */
export async function readWorkbookBytes(
  bytes: Uint8Array,
  target: ImportTarget = CALENDAR_IMPORT,
): Promise<ImportedFile> {
  if (bytes.length > IMPORT_LIMITS.fileBytes) {
    throw new ImportError(
      `Fichier refusé : ${megabytes(bytes.length)}, au plus ${megabytes(IMPORT_LIMITS.fileBytes)}.`,
    );
  }
  if (u32(bytes, 0) === 0xe011cfd0) {
    throw new ImportError('Ancien format Excel (.xls) : enregistrez le classeur au format .xlsx, puis importez-le.');
  }
  if (u32(bytes, 0) !== 0x04034b50) throw new ImportError(NOT_A_WORKBOOK);
  const entries = checkZipDirectory(bytes);
  const files = unzipEntries(bytes, entries, (name) => name.endsWith('.xml') || name.endsWith('.rels'));
  const { sheets, others } = workbookParts(files);
  const budgetPath = sheets.get(BUDGET_SHEET);
  if (!budgetPath || !files[budgetPath]) {
    throw new ImportError(
      `Feuille « ${BUDGET_SHEET} » introuvable (renommée ?) ; le classeur a : ${[...sheets.keys()].map((n) => `« ${n} »`).join(', ') || 'aucune feuille'}.`,
    );
  }
  const idsPath = sheets.get(IDS_SHEET);
  const hasIds = idsPath !== undefined && files[idsPath] !== undefined;
  // read-excel-file gets only the parts it reads, each checked first: whichever part it takes for
  // a sheet (were its reading of workbook.xml ever to differ from ours), it has passed the limits.
  const parts: [label: string, path: string][] = [
    [BUDGET_SHEET, budgetPath],
    ...(hasIds ? [[IDS_SHEET, idsPath] as [string, string]] : []),
    ...[...others].map((path): [string, string] => [path, path]),
  ];
  const handed: Unzipped = {};
  for (const [label, path] of parts) {
    const part = files[path];
    if (!part || handed[path]) continue;
    checkSheetExtent(label, strFromU8(part));
    handed[path] = part;
  }
  const budgetXml = strFromU8(files[budgetPath]);
  const stored = zipSync(handed, { level: 0 });
  const buffer = stored.buffer.slice(stored.byteOffset, stored.byteOffset + stored.byteLength) as ArrayBuffer;
  let budget: Rows;
  let ids: Rows | null;
  try {
    budget = await sheetRows(buffer, BUDGET_SHEET, formulasWithoutValue(budgetXml));
    ids = hasIds ? await sheetRows(buffer, IDS_SHEET, new Map()) : null;
  } catch (error) {
    if (error instanceof ImportError) throw error;
    throw new ImportError(`${NOT_A_WORKBOOK} (contenu illisible : ${error instanceof Error ? error.message : ''})`);
  }
  return readBudgetSheet(budget, ids, target);
}

/** A chosen file: a client CSV by its name, else a workbook. */
export async function readImportFile(
  name: string,
  bytes: Uint8Array,
  target: ImportTarget = CALENDAR_IMPORT,
): Promise<ImportedFile> {
  if (/\.csv$/i.test(name)) {
    if (bytes.length > IMPORT_LIMITS.fileBytes) {
      throw new ImportError(
        `Fichier refusé : ${megabytes(bytes.length)}, au plus ${megabytes(IMPORT_LIMITS.fileBytes)}.`,
      );
    }
    return readClientCsv(new TextDecoder('utf-8').decode(bytes), target);
  }
  return readWorkbookBytes(bytes, target);
}
