/**
 * Reading a FEC (Fichier des Écritures Comptables, LPF art. A47 A-1), per
 * docs/product.md#actuals-from-the-accounting (« Reading »): bytes → the ledger lines with their
 * amounts in cents, or a refusal of the whole file naming the first line and field that cannot be
 * read, in French. Pure: `TextDecoder` is the only
 * platform API used (browsers and Node both have it), so the same code can run on the server and
 * in a Web Worker.
 *
 * What is read, and what is decided here (the product leaves it open):
 * - Encoding: UTF-8 (a BOM or none) when the bytes are valid UTF-8, else Windows-1252.
 * - The first non-blank line is the header; its names are matched by `normaliseColumnName`, in any
 *   order; the separator (tab, `|`, `;`, `,`) is the one that splits it into the most known names.
 *   A header naming no field but the amounts' (`Debit`, `Credit`, `Montant`, `Sens`: a bank
 *   statement's columns) is no FEC.
 * - Every data line must have exactly the header's number of fields. Lines holding nothing but
 *   blanks are skipped wherever they are (line numbers stay those of the file).
 * - Amounts are exact: at most two decimals, or more that are zeros (`12,500`); anything finer is
 *   refused rather than rounded, since the tool is exact to the cent.
 * - `Debit` + `Credit` win over `Montant` + `Sens` when a file has both.
 * Speed matters (a 100,000-line year is previewed within 3 s, rules included): one split per line,
 * char loops for amounts and dates, no regular expression and no object spread per line.
 */
import { MAX_ABS_CENTS, type Cents } from '../money';
import { foldName } from '../names';
import type { FecFile, FecLine, FecProblem } from './types';

/** Most data lines a file may hold (the header aside): beyond, FecTooLargeError (HTTP 413). */
export const MAX_FEC_LINES = 200_000;
/** Most bytes a file may weigh (64 MiB): beyond, FecTooLargeError (HTTP 413). */
export const MAX_FEC_BYTES = 64 * 1024 * 1024;

/** The 18 fields of the arrêté du 29 juillet 2013, in their legal order. */
export const FEC_FIELDS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

/** A field the reader knows: one of the 18, or `Montant` and `Sens`, which may replace Debit and Credit. */
type KnownField = (typeof FEC_FIELDS)[number] | 'Montant' | 'Sens';

/** The fields every file must name (the amounts: Debit + Credit, or Montant + Sens). */
const REQUIRED: readonly KnownField[] = ['JournalCode', 'EcritureNum', 'EcritureDate', 'CompteNum', 'EcritureLib'];

/** A file that cannot be read: `problem` says where and why, its message in French. */
export class FecReadError extends Error {
  readonly problem: FecProblem;
  constructor(problem: FecProblem) {
    super(problem.message);
    this.name = 'FecReadError';
    this.problem = problem;
  }
}

/** A file beyond MAX_FEC_LINES or MAX_FEC_BYTES: the server answers it with 413. */
export class FecTooLargeError extends FecReadError {
  constructor(problem: FecProblem) {
    super(problem);
    this.name = 'FecTooLargeError';
  }
}

/**
 * A column name as the reader compares it: lower case, no accents, no blanks, no `_`
 * (`« Écriture_Date »` → `ecrituredate`). Header names are matched this way, and so are the
 * rules' `column: {name}` conditions.
 */
export function normaliseColumnName(name: string): string {
  return foldName(name).replace(/[\s_]/g, '');
}

const KNOWN_FIELDS = new Map<string, KnownField>(
  [...FEC_FIELDS, 'Montant', 'Sens'].map((f) => [normaliseColumnName(f), f as KnownField]),
);

// ---- encoding --------------------------------------------------------------------------------

/**
 * Windows-1252's characters for the bytes 0x80–0x9F, where it differs from Latin-1 (the WHATWG
 * index; the five bytes it leaves undefined stand for themselves).
 */
const WINDOWS_1252_C1 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * The text of the bytes and the encoding read: UTF-8 when they are valid UTF-8 (a BOM is dropped),
 * else Windows-1252. A file written in ISO-8859-15, as the law allows, reads the same except for
 * the 8 characters where the two differ: its euro sign (byte 0xA4) reads `¤`, and Š š Ž ž Œ œ Ÿ
 * likewise; Windows-1252, what Windows software writes, has € at 0x80. (Browsers decode a page
 * labelled ISO-8859-1 as Windows-1252 for the same reason.)
 */
export function decodeFec(bytes: Uint8Array): { text: string; encoding: FecFile['encoding'] } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // A BOM followed by bytes that are not UTF-8: the BOM is no text either way.
    const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
    const latin = new TextDecoder('windows-1252').decode(hasBom ? bytes.subarray(3) : bytes);
    // Node 20.18.3+ and 22.13+ decode 'windows-1252' as Latin-1 (nodejs/node#60888): € comes out
    // as U+0080. Mapping that range again is right there, and changes nothing where the decoder is.
    const text = latin.replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80]!);
    return { text, encoding: 'windows-1252' };
  }
}

// ---- fields ----------------------------------------------------------------------------------

/** Why an amount cannot be read. */
type AmountFault = 'unreadable' | 'subCent' | 'outOfRange';

// Copied once: read per amount, an imported binding can cost a getter call on some module loaders.
const MAX_CENTS: number = MAX_ABS_CENTS;
/** The largest whole euros a storable amount has. */
const MAX_WHOLE_EUROS = Math.floor(MAX_CENTS / 100);

/**
 * A FEC amount (trimmed) → cents, by hand: an optional sign, digits (leading zeros allowed), an
 * optional `,` or `.` and decimals; empty is 0. Decimals past the second must be zeros. No float
 * is ever involved: the euros are counted digit by digit, bounded long before 2^53.
 */
function readAmount(text: string): number | AmountFault {
  const n = text.length;
  if (n === 0) return 0;
  let i = 0;
  let c = text.charCodeAt(0);
  const negative = c === 45; // '-'
  if (negative || c === 43 /* '+' */) i = 1;
  let whole = 0;
  let digits = 0;
  for (; i < n; i += 1) {
    c = text.charCodeAt(i);
    if (c < 48 || c > 57) break;
    whole = whole * 10 + (c - 48);
    digits += 1;
    if (whole > MAX_WHOLE_EUROS) return 'outOfRange';
  }
  let fraction = 0;
  if (i < n) {
    if (c !== 44 && c !== 46) return 'unreadable'; // ',' or '.'
    let place = 0;
    for (i += 1; i < n; i += 1, place += 1) {
      c = text.charCodeAt(i);
      if (c < 48 || c > 57) return 'unreadable';
      digits += 1;
      if (place === 0) fraction += (c - 48) * 10;
      else if (place === 1) fraction += c - 48;
      else if (c !== 48) return 'subCent';
    }
  }
  if (digits === 0) return 'unreadable';
  const cents = whole * 100 + fraction;
  if (cents > MAX_CENTS) return 'outOfRange';
  return negative && cents !== 0 ? -cents : cents;
}

/**
 * A FEC amount → cents (`000000001250,50`, `1250,5`, `-12,00`, `+3`, `12.5`, empty → 0), or null
 * when it is not one, has a non-zero third decimal, or exceeds MAX_ABS_CENTS. Expects it trimmed.
 */
export function parseFecAmount(text: string): Cents | null {
  const read = readAmount(text);
  return typeof read === 'number' ? (read as Cents) : null;
}

/** True when `text` is `AAAAMMJJ` and a real day of the Gregorian calendar (20260229 is not). */
export function isFecDate(text: string): boolean {
  if (text.length !== 8) return false;
  for (let i = 0; i < 8; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  const year =
    (text.charCodeAt(0) - 48) * 1000 +
    (text.charCodeAt(1) - 48) * 100 +
    (text.charCodeAt(2) - 48) * 10 +
    (text.charCodeAt(3) - 48);
  const month = (text.charCodeAt(4) - 48) * 10 + (text.charCodeAt(5) - 48);
  const day = (text.charCodeAt(6) - 48) * 10 + (text.charCodeAt(7) - 48);
  if (month < 1 || month > 12 || day < 1) return false;
  if (month === 2) {
    const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
    return day <= (leap ? 29 : 28);
  }
  return day <= (month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31);
}

/** The side a `Sens` value puts `Montant` on: D, +1 or 1 → debit; C or -1 → credit; null otherwise. */
function sideOf(sens: string): 'debit' | 'credit' | null {
  switch (sens) {
    case 'D':
    case 'd':
    case '+1':
    case '1':
      return 'debit';
    case 'C':
    case 'c':
    case '-1':
      return 'credit';
    default:
      return null;
  }
}

// ---- messages --------------------------------------------------------------------------------

const quote = (s: string) => (s === '' ? '« »' : `« ${s} »`);
const separatorName = (s: string) => (s === '\t' ? 'tabulation' : quote(s));
/** 200000 → `200 000`: French digit groups, with a plain space so the message stays plain text. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ' ');

function fail(line: number, field: string | null, message: string): never {
  throw new FecReadError({ line, field, message });
}

const AMOUNT_MESSAGES: Record<AmountFault, string> = {
  unreadable: 'montant illisible',
  subCent: 'montant au-delà du centime',
  outOfRange: 'montant hors limites',
};

function amountFault(lineNo: number, column: string, text: string, fault: AmountFault): never {
  return fail(lineNo, column, `Ligne ${lineNo} : ${AMOUNT_MESSAGES[fault]} dans ${column} (${quote(text)})`);
}

function dateFault(lineNo: number, column: string, text: string): never {
  return fail(lineNo, column, `Ligne ${lineNo} : date illisible dans ${column} (${quote(text)})`);
}

/** A line with the wrong number of fields; when another separator splits it right, says so (mixed separators). */
function fieldCountFault(lineNo: number, raw: string, found: number, expected: number, separator: string): never {
  const other = SEPARATORS.find((s) => s !== separator && raw.split(s).length === expected);
  const hint = other ? `, mais cette ligne semble séparée par ${separatorName(other)}` : '';
  return fail(
    lineNo,
    null,
    `Ligne ${lineNo} : ${found} ${found === 1 ? 'champ' : 'champs'} au lieu de ${expected} (séparateur ${separatorName(separator)}${hint})`,
  );
}

// ---- the header ------------------------------------------------------------------------------

const SEPARATORS = ['\t', '|', ';', ','] as const;

/** How many of `names` are known fields. */
const knownCount = (names: readonly string[]) => names.filter((n) => KNOWN_FIELDS.has(normaliseColumnName(n))).length;

/** Column names any spreadsheet of amounts may have (a bank statement's `Montant`): alone, they make no FEC. */
const GENERIC_FIELDS: ReadonlySet<KnownField> = new Set(['Debit', 'Credit', 'Montant', 'Sens']);

interface Header {
  separator: FecFile['separator'];
  columns: string[];
  /** Column index of each known field the header names. */
  index: Map<KnownField, number>;
}

/** The header line read: its separator, its names and where each known field is; or the refusal. */
function readHeader(text: string, lineNo: number): Header {
  let separator: FecFile['separator'] = '\t';
  let best = 0;
  for (const s of SEPARATORS) {
    const count = knownCount(text.split(s));
    if (count > best) [separator, best] = [s, count];
  }
  const columns = text.split(separator).map((n) => n.trim());
  const index = new Map<KnownField, number>();
  let twice: KnownField | null = null;
  for (const [i, name] of columns.entries()) {
    const field = KNOWN_FIELDS.get(normaliseColumnName(name));
    if (field === undefined) continue;
    if (index.has(field)) twice ??= field;
    else index.set(field, i);
  }
  if (![...index.keys()].some((field) => !GENERIC_FIELDS.has(field))) {
    fail(lineNo, null, "Ce fichier n'est pas un FEC : l'en-tête ne nomme pas les colonnes JournalCode, EcritureNum…");
  }
  if (twice !== null) fail(lineNo, twice, `Ligne ${lineNo} : colonne ${quote(twice)} en double dans l'en-tête`);
  const absent = (field: KnownField) =>
    fail(lineNo, field, `Ligne ${lineNo} : colonne ${quote(field)} absente de l'en-tête`);
  for (const field of REQUIRED) if (!index.has(field)) absent(field);
  const hasDebitCredit = index.has('Debit') && index.has('Credit');
  const hasMontantSens = index.has('Montant') && index.has('Sens');
  if (!hasDebitCredit && !hasMontantSens) {
    if (index.has('Montant')) absent('Sens');
    if (index.has('Debit')) absent('Credit');
    if (index.has('Credit')) absent('Debit');
    fail(
      lineNo,
      'Debit',
      `Ligne ${lineNo} : colonnes « Debit » et « Credit » (ou « Montant » et « Sens ») absentes de l'en-tête`,
    );
  }
  return { separator, columns, index };
}

// ---- the file --------------------------------------------------------------------------------

/** A line holding nothing but blanks (or nothing): skipped. */
function isBlank(line: string): boolean {
  return line.length === 0 || (line.charCodeAt(0) <= 32 && line.trim() === '');
}

/** True when `value` starts or ends with a blank (trimming it would change it). */
function needsTrim(value: string): boolean {
  const n = value.length;
  if (n === 0) return false;
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(n - 1);
  return first <= 32 || last <= 32 || first === 160 || last === 160;
}

/** The file's lines, split on CR, LF or CRLF (classic Mac, Unix, Windows). */
function splitLines(text: string): string[] {
  return text.indexOf('\r') < 0 ? text.split('\n') : text.split(/\r\n|\r|\n/);
}

/**
 * Reads a whole FEC: its header, encoding, separator and every ledger line, amounts in cents and
 * third parties resolved per entry. Throws FecReadError naming the first line that cannot be read
 * (FecTooLargeError beyond MAX_FEC_BYTES or `maxLines`, MAX_FEC_LINES unless a test says
 * otherwise); nothing is guessed.
 */
export function readFec(bytes: Uint8Array, { maxLines = MAX_FEC_LINES }: { maxLines?: number } = {}): FecFile {
  if (bytes.length > MAX_FEC_BYTES) {
    throw new FecTooLargeError({
      line: 0,
      field: null,
      message: `Le fichier dépasse ${MAX_FEC_BYTES / 1024 / 1024} Mo.`,
    });
  }
  const { text, encoding } = decodeFec(bytes);
  const rows = splitLines(text);
  let headerAt = 0;
  while (headerAt < rows.length && isBlank(rows[headerAt]!)) headerAt += 1;
  if (headerAt === rows.length) fail(0, null, 'Le fichier est vide.');
  checkLineCount(rows, headerAt, maxLines);

  const { separator, columns, index } = readHeader(rows[headerAt]!, headerAt + 1);
  // Column indexes (the required ones are there: readHeader checked; -1 for an absent optional one).
  const at = (field: KnownField) => index.get(field) ?? -1;
  const iJournal = at('JournalCode');
  const iEntryNum = at('EcritureNum');
  const iEntryDate = at('EcritureDate');
  const iAccount = at('CompteNum');
  const iLabel = at('EcritureLib');
  const iAccountLabel = at('CompteLib');
  const iAux = at('CompAuxNum');
  const iAuxName = at('CompAuxLib');
  const iPieceDate = at('PieceDate');
  const useDebitCredit = index.has('Debit') && index.has('Credit');
  // Debit + Credit, or Montant + Sens: the two columns read, and their names as written.
  const [iFirst, iSecond] = useDebitCredit ? [at('Debit'), at('Credit')] : [at('Montant'), at('Sens')];
  const firstName = columns[iFirst]!;
  const secondName = columns[iSecond]!;
  const entryDateName = columns[iEntryDate]!;
  const pieceDateName = iPieceDate < 0 ? '' : columns[iPieceDate]!;
  const expected = columns.length;

  const lines: FecLine[] = [];
  // The third party of each entry (JournalCode + EcritureNum) that has a 411/401 line carrying one.
  const entryParties = new Map<string, { num: string; name: string }>();
  for (let r = headerAt + 1; r < rows.length; r += 1) {
    const raw = rows[r]!;
    if (isBlank(raw)) continue;
    const lineNo = r + 1;
    const values = raw.split(separator);
    if (values.length !== expected) fieldCountFault(lineNo, raw, values.length, expected, separator);
    for (let k = 0; k < expected; k += 1) {
      if (needsTrim(values[k]!)) values[k] = values[k]!.trim();
    }
    const entryDate = values[iEntryDate]!;
    if (!isFecDate(entryDate)) dateFault(lineNo, entryDateName, entryDate);
    const pieceDate = iPieceDate < 0 ? '' : values[iPieceDate]!;
    if (pieceDate !== '' && !isFecDate(pieceDate)) dateFault(lineNo, pieceDateName, pieceDate);

    const firstText = values[iFirst]!;
    const first = readAmount(firstText);
    if (typeof first !== 'number') amountFault(lineNo, firstName, firstText, first);
    let debit: number;
    let credit: number;
    if (useDebitCredit) {
      const secondText = values[iSecond]!;
      const second = readAmount(secondText);
      if (typeof second !== 'number') amountFault(lineNo, secondName, secondText, second);
      debit = first;
      credit = second;
    } else {
      const side = sideOf(values[iSecond]!);
      if (side === null) {
        fail(lineNo, secondName, `Ligne ${lineNo} : sens illisible dans ${secondName} (${quote(values[iSecond]!)})`);
      }
      debit = side === 'debit' ? first : 0;
      credit = side === 'debit' ? 0 : first;
    }

    const account = values[iAccount]!;
    const aux = iAux < 0 ? '' : values[iAux]!;
    const auxName = iAuxName < 0 ? '' : values[iAuxName]!;
    if (aux !== '' && (account.startsWith('411') || account.startsWith('401'))) {
      const key = `${values[iJournal]}\u0000${values[iEntryNum]}`;
      if (!entryParties.has(key)) entryParties.set(key, { num: aux, name: auxName });
    }
    lines.push({
      lineNo,
      journal: values[iJournal]!,
      entryNum: values[iEntryNum]!,
      entryDate,
      pieceDate,
      account,
      accountLabel: iAccountLabel < 0 ? '' : values[iAccountLabel]!,
      label: values[iLabel]!,
      debit: debit as Cents,
      credit: credit as Cents,
      thirdParty: aux,
      thirdPartyName: aux === '' ? '' : auxName,
      values,
    });
  }

  // Second pass: an entry's lines need not be contiguous, so its 411/401 line may come after them.
  if (entryParties.size > 0) {
    for (const line of lines) {
      if (line.thirdParty !== '') continue;
      const party = entryParties.get(`${line.journal}\u0000${line.entryNum}`);
      if (party) {
        line.thirdParty = party.num;
        line.thirdPartyName = party.name;
      }
    }
  }
  return { columns, separator, encoding, lines };
}

/** Refuses (FecTooLargeError) more than `maxLines` non-blank lines after the header. */
function checkLineCount(rows: readonly string[], headerAt: number, maxLines: number) {
  if (rows.length - headerAt - 1 <= maxLines) return;
  let count = 0;
  for (let r = headerAt + 1; r < rows.length; r += 1) if (!isBlank(rows[r]!)) count += 1;
  if (count > maxLines) {
    throw new FecTooLargeError({
      line: 0,
      field: null,
      message: `Le fichier dépasse ${grouped(maxLines)} lignes.`,
    });
  }
}
