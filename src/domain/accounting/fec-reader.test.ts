import { describe, expect, it } from 'vitest';
import {
  decodeFec,
  FEC_FIELDS,
  FecReadError,
  FecTooLargeError,
  isFecDate,
  MAX_FEC_BYTES,
  MAX_FEC_LINES,
  normaliseColumnName,
  parseFecAmount,
  readFec,
} from './fec-reader';
import type { FecProblem } from './types';

// Files are written out as bytes, the way the producers write them: the header, the separator,
// the line ends and the encoding are what the reader has to get right.

/** The 18 values of a line in the legal order, from the few a test cares about. */
function row(fields: Partial<Record<(typeof FEC_FIELDS)[number], string>> = {}): string[] {
  const defaults: Record<(typeof FEC_FIELDS)[number], string> = {
    JournalCode: 'VE',
    JournalLib: 'Ventes',
    EcritureNum: 'VE/2026/00001',
    EcritureDate: '20260131',
    CompteNum: '706100',
    CompteLib: 'Prestations média',
    CompAuxNum: '',
    CompAuxLib: '',
    PieceRef: 'FAC-001',
    PieceDate: '20260131',
    EcritureLib: 'Honoraires janvier',
    Debit: '0,00',
    Credit: '1000,00',
    EcritureLet: '',
    DateLet: '',
    ValidDate: '20260131',
    Montantdevise: '',
    Idevise: '',
  };
  const values = { ...defaults, ...fields };
  return FEC_FIELDS.map((f) => values[f]);
}

interface Shape {
  separator?: string;
  eol?: string;
  /** A line end after the last line too. */
  finalEol?: boolean;
  bom?: boolean;
  encoding?: 'utf-8' | 'windows-1252';
}

/** The Windows-1252 bytes of the characters it places apart from Latin-1. */
const WINDOWS_1252_EXTRA: Record<string, number> = { '€': 0x80, '’': 0x92, '–': 0x96, œ: 0x9c };

/** Windows-1252 bytes of `text`: Latin-1 as is, and WINDOWS_1252_EXTRA; anything else is a mistake in the test. */
function windows1252(text: string): Uint8Array {
  return Uint8Array.from(text, (ch) => {
    const code = ch.charCodeAt(0);
    const extra = WINDOWS_1252_EXTRA[ch];
    if (extra !== undefined) return extra;
    if (code > 0xff || (code >= 0x80 && code < 0xa0)) throw new Error(`not in this test's Windows-1252: ${ch}`);
    return code;
  });
}

/** A file of these lines (each a line's text, or its values joined by the separator). */
function fecFile(lines: readonly (string | readonly string[])[], shape: Shape = {}): Uint8Array {
  const { separator = '|', eol = '\r\n', finalEol = false, bom = false, encoding = 'utf-8' } = shape;
  const text = lines.map((l) => (typeof l === 'string' ? l : l.join(separator))).join(eol) + (finalEol ? eol : '');
  if (encoding === 'windows-1252') return windows1252(text);
  const bytes = new TextEncoder().encode(text);
  return bom ? Uint8Array.of(0xef, 0xbb, 0xbf, ...bytes) : bytes;
}

const HEADER = [...FEC_FIELDS];

/** A file of `count` short lines (the required columns only: 200,001 of them are written fast), then `tail`. */
function shortLines(count: number, tail = ''): Uint8Array {
  const header = 'JournalCode|EcritureNum|EcritureDate|CompteNum|EcritureLib|Debit|Credit\r\n';
  return new TextEncoder().encode(header + 'VE|1|20260101|706|x|1|0\r\n'.repeat(count) + tail);
}

/** The problem readFec throws for these bytes (and that it throws a FecReadError). */
function problemOf(bytes: Uint8Array, options?: { maxLines: number }): FecProblem & { tooLarge: boolean } {
  try {
    readFec(bytes, options);
  } catch (e) {
    if (e instanceof FecReadError) {
      expect(e.message).toBe(e.problem.message);
      return { ...e.problem, tooLarge: e instanceof FecTooLargeError };
    }
    throw e;
  }
  throw new Error('readFec read the file');
}

describe('readFec: files it reads', () => {
  it('reads an Odoo export: pipes, CRLF, no newline at the end, the client on the 411 line only', () => {
    const file = readFec(
      fecFile([
        HEADER,
        row({
          CompteNum: '411000',
          CompteLib: 'Clients',
          CompAuxNum: 'C0001',
          CompAuxLib: 'Boulangerie Martin',
          EcritureLib: 'Boulangerie Martin – FAC-001',
          Debit: '1440,00',
          Credit: '0,00',
        }),
        row({ Credit: '1200,00', EcritureLib: 'Honoraires Google Ads janvier' }),
        row({ CompteNum: '445710', CompteLib: 'TVA collectée', Credit: '240,00', EcritureLib: 'TVA FAC-001' }),
      ]),
    );
    expect(file.separator).toBe('|');
    expect(file.encoding).toBe('utf-8');
    expect(file.columns).toEqual(HEADER);
    expect(file.lines).toHaveLength(3);
    expect(file.lines[1]).toEqual({
      lineNo: 3,
      journal: 'VE',
      entryNum: 'VE/2026/00001',
      entryDate: '20260131',
      pieceDate: '20260131',
      account: '706100',
      accountLabel: 'Prestations média',
      label: 'Honoraires Google Ads janvier',
      debit: 0,
      credit: 120_000,
      thirdParty: 'C0001',
      thirdPartyName: 'Boulangerie Martin',
      values: row({ Credit: '1200,00', EcritureLib: 'Honoraires Google Ads janvier' }),
    });
    expect(file.lines.map((l) => [l.debit, l.credit])).toEqual([
      [144_000, 0],
      [0, 120_000],
      [0, 24_000],
    ]);
  });

  it.each([
    ['LF, with a newline at the end', { eol: '\n', finalEol: true }, [2, 3]],
    ['CRLF, no newline at the end', { eol: '\r\n' }, [2, 3]],
    ['CR alone (classic Mac)', { eol: '\r', finalEol: true }, [2, 3]],
  ])('reads line ends: %s', (_, shape, lineNos) => {
    const file = readFec(fecFile([HEADER, row(), row({ Credit: '2,00' })], shape));
    expect(file.lines.map((l) => l.lineNo)).toEqual(lineNos);
  });

  it('skips blank lines wherever they are, and keeps the file’s line numbers', () => {
    const bytes = fecFile(['', HEADER, row(), '', '   ', row({ Credit: '2,00' }), '', '']);
    const file = readFec(bytes);
    expect(file.lines.map((l) => [l.lineNo, l.credit])).toEqual([
      [3, 100_000],
      [6, 200],
    ]);
  });

  it('reads a file with a header and no line', () => {
    expect(readFec(fecFile([HEADER], { finalEol: true })).lines).toEqual([]);
  });

  it.each([
    ['tab', '\t', { EcritureLib: 'Honoraires ; SEO | janvier' }],
    ['pipe', '|', { EcritureLib: 'Honoraires ; SEO, janvier' }],
    ['semicolon', ';', { EcritureLib: 'Honoraires SEO, janvier' }],
    ['comma', ',', { EcritureLib: 'Honoraires SEO ; janvier', Debit: '0.00', Credit: '1000.00' }],
  ])('detects the %s separator from the header; other separators in a label are text', (_, separator, fields) => {
    const file = readFec(fecFile([HEADER, row(fields)], { separator }));
    expect(file.separator).toBe(separator);
    expect(file.lines[0]!.label).toBe(fields.EcritureLib);
    expect(file.lines[0]!.credit).toBe(100_000);
  });

  it('reads a tab file with a UTF-8 BOM: the BOM is not part of the first column’s name', () => {
    const file = readFec(
      fecFile([HEADER, row({ EcritureLib: 'Référencement ; netlinking' })], { separator: '\t', bom: true }),
    );
    expect(file.encoding).toBe('utf-8');
    expect(file.columns[0]).toBe('JournalCode');
    expect(file.lines[0]!.label).toBe('Référencement ; netlinking');
  });

  it('reads Windows-1252: « Sécurité » and « € » in labels', () => {
    const file = readFec(
      fecFile(
        [HEADER, row({ CompteNum: '431000', CompteLib: 'Sécurité sociale', EcritureLib: 'URSSAF – acompte 1 500 €' })],
        { encoding: 'windows-1252' },
      ),
    );
    expect(file.encoding).toBe('windows-1252');
    expect(file.lines[0]!.accountLabel).toBe('Sécurité sociale');
    expect(file.lines[0]!.label).toBe('URSSAF – acompte 1 500 €');
  });

  it.each([
    ['000000001250,50', 125_050],
    ['1250,5', 125_050],
    [' 1250,5', 125_050],
    ['-12,00', -1200],
    ['+3', 300],
    ['12', 1200],
    ['12.5', 1250],
    ['12,500', 1250],
    [',5', 50],
    ['12,', 1200],
    ['', 0],
    ['0,00', 0],
    ['-0,00', 0],
    ['999999999999,99', 99_999_999_999_999],
  ])('reads the amount « %s » as %i cents', (text, cents) => {
    const file = readFec(fecFile([HEADER, row({ Debit: text, Credit: '' })]));
    expect(file.lines[0]!.debit).toBe(cents);
    expect(file.lines[0]!.credit).toBe(0);
    expect(Object.is(file.lines[0]!.debit, -0)).toBe(false);
  });

  it.each([
    ['D', 'debit'],
    ['C', 'credit'],
    ['+1', 'debit'],
    ['-1', 'credit'],
    ['1', 'debit'],
    ['d', 'debit'],
    ['c', 'credit'],
  ] as const)('reads Montant + Sens « %s » as a %s', (sens, side) => {
    const header = [...HEADER.filter((f) => f !== 'Debit' && f !== 'Credit'), 'Montant', 'Sens'];
    const values = [...row().filter((_, i) => i !== 11 && i !== 12), '00001250,50', sens];
    const line = readFec(fecFile([header, values])).lines[0]!;
    expect([line.debit, line.credit]).toEqual(side === 'debit' ? [125_050, 0] : [0, 125_050]);
  });

  it('keeps extra columns: their names in columns, their values in values', () => {
    const file = readFec(
      fecFile([
        [...HEADER, 'CodeAnalytique', 'DateRglt'],
        [...row(), 'DUPONT-PAID', '20260215'],
      ]),
    );
    expect(file.columns.slice(18)).toEqual(['CodeAnalytique', 'DateRglt']);
    expect(file.lines[0]!.values.slice(18)).toEqual(['DUPONT-PAID', '20260215']);
  });

  it('matches header names in any order, case, accents, blanks and underscores; optional fields may be absent', () => {
    const file = readFec(
      fecFile([
        ['crédit', ' compte num ', 'ÉcritureDate', 'journal_code', 'ECRITURENUM', 'écriture lib', 'DÉBIT'],
        ['12,00', '706100', '20260315', 'VE', 'VE/1', 'Honoraires', ''],
      ]),
    );
    expect(file.columns).toEqual([
      'crédit',
      'compte num',
      'ÉcritureDate',
      'journal_code',
      'ECRITURENUM',
      'écriture lib',
      'DÉBIT',
    ]);
    expect(file.lines[0]).toMatchObject({
      journal: 'VE',
      entryNum: 'VE/1',
      entryDate: '20260315',
      pieceDate: '',
      account: '706100',
      accountLabel: '',
      label: 'Honoraires',
      debit: 0,
      credit: 1200,
      thirdParty: '',
      thirdPartyName: '',
    });
  });

  it('gives each line of an entry the third party of its 411/401 line, wherever the lines are', () => {
    const file = readFec(
      fecFile([
        HEADER,
        // VE/1: the fee and VAT lines come before the customer line, a bank line in between.
        row({ EcritureNum: 'VE/1', CompteNum: '706100' }),
        row({ EcritureNum: 'VE/1', CompteNum: '445710' }),
        row({ JournalCode: 'BQ', EcritureNum: 'BQ/1', CompteNum: '512000' }),
        // A first 411 line without an auxiliary account does not count; the next one does.
        row({ EcritureNum: 'VE/1', CompteNum: '411000' }),
        row({ EcritureNum: 'VE/1', CompteNum: '411000', CompAuxNum: 'C0001', CompAuxLib: 'Boulangerie Martin' }),
        row({ EcritureNum: 'VE/1', CompteNum: '411100', CompAuxNum: 'C0002', CompAuxLib: 'Groupe Simon' }),
        // A line with its own auxiliary account keeps it.
        row({ EcritureNum: 'VE/1', CompteNum: '706200', CompAuxNum: 'X9', CompAuxLib: 'Autre' }),
        // The same number in another journal is another entry.
        row({ JournalCode: 'AC', EcritureNum: 'VE/1', CompteNum: '604100' }),
        // A purchase: the 401 line gives its supplier.
        row({ JournalCode: 'AC', EcritureNum: 'AC/7', CompteNum: '604100' }),
        row({
          JournalCode: 'AC',
          EcritureNum: 'AC/7',
          CompteNum: '401000',
          CompAuxNum: 'GOOGLE',
          CompAuxLib: 'Google Ireland',
        }),
        // An auxiliary account on another account does not spread to its entry.
        row({ JournalCode: 'OD', EcritureNum: 'OD/1', CompteNum: '467100', CompAuxNum: 'M1', CompAuxLib: 'Mandat' }),
        row({ JournalCode: 'OD', EcritureNum: 'OD/1', CompteNum: '604100' }),
      ]),
    );
    expect(file.lines.map((l) => [l.journal, l.account, l.thirdParty, l.thirdPartyName])).toEqual([
      ['VE', '706100', 'C0001', 'Boulangerie Martin'],
      ['VE', '445710', 'C0001', 'Boulangerie Martin'],
      ['BQ', '512000', '', ''],
      ['VE', '411000', 'C0001', 'Boulangerie Martin'],
      ['VE', '411000', 'C0001', 'Boulangerie Martin'],
      ['VE', '411100', 'C0002', 'Groupe Simon'],
      ['VE', '706200', 'X9', 'Autre'],
      ['AC', '604100', '', ''],
      ['AC', '604100', 'GOOGLE', 'Google Ireland'],
      ['AC', '401000', 'GOOGLE', 'Google Ireland'],
      ['OD', '467100', 'M1', 'Mandat'],
      ['OD', '604100', '', ''],
    ]);
  });

  it('reads as many lines as the limit allows, blank lines not counted', () => {
    const file = readFec(shortLines(3, '\r\n\r\n  \r\n'), { maxLines: 3 });
    expect(file.lines).toHaveLength(3);
    expect(problemOf(shortLines(4), { maxLines: 3 })).toEqual({
      line: 0,
      field: null,
      message: 'Le fichier dépasse 3 lignes.',
      tooLarge: true,
    });
  });
});

describe('readFec: files it refuses, naming the line and the field', () => {
  const semicolonHeader = HEADER.join(';');
  it.each<[string, Uint8Array, Omit<FecProblem, 'message'>, string]>([
    ['an empty file', fecFile(['', '']), { line: 0, field: null }, 'Le fichier est vide.'],
    [
      'a bank statement, not a FEC',
      fecFile(['Date;Libellé;Montant', '31/01/2026;VIR DUPONT;1200,00']),
      { line: 1, field: null },
      "Ce fichier n'est pas un FEC : l'en-tête ne nomme pas les colonnes JournalCode, EcritureNum…",
    ],
    [
      'a missing column',
      fecFile([HEADER.filter((f) => f !== 'EcritureDate'), row().slice(0, 17)]),
      { line: 1, field: 'EcritureDate' },
      "Ligne 1 : colonne « EcritureDate » absente de l'en-tête",
    ],
    [
      'no amount columns',
      fecFile([HEADER.slice(0, 11), row().slice(0, 11)]),
      { line: 1, field: 'Debit' },
      "Ligne 1 : colonnes « Debit » et « Credit » (ou « Montant » et « Sens ») absentes de l'en-tête",
    ],
    [
      'Montant without Sens',
      fecFile([
        [...HEADER.slice(0, 11), 'Montant'],
        [...row().slice(0, 11), '12,00'],
      ]),
      { line: 1, field: 'Sens' },
      "Ligne 1 : colonne « Sens » absente de l'en-tête",
    ],
    [
      'Debit without Credit',
      fecFile([HEADER.filter((f) => f !== 'Credit'), row().slice(0, 17)]),
      { line: 1, field: 'Credit' },
      "Ligne 1 : colonne « Credit » absente de l'en-tête",
    ],
    [
      'a column named twice',
      fecFile([
        [...HEADER, 'débit'],
        [...row(), '1,00'],
      ]),
      { line: 1, field: 'Debit' },
      "Ligne 1 : colonne « Debit » en double dans l'en-tête",
    ],
    [
      'a stray « ; » in a label of a « ; » file',
      fecFile([semicolonHeader, row().join(';'), row({ EcritureLib: 'Honoraires ; SEO' }).join(';')]),
      { line: 3, field: null },
      'Ligne 3 : 19 champs au lieu de 18 (séparateur « ; »)',
    ],
    [
      'a file cut in the middle of its last line',
      fecFile([HEADER, row(), row().join('|').slice(0, 60)]),
      { line: 3, field: null },
      'Ligne 3 : 9 champs au lieu de 18 (séparateur « | »)',
    ],
    [
      'mixed separators',
      fecFile([HEADER, row(), row().join(';')]),
      { line: 3, field: null },
      'Ligne 3 : 1 champ au lieu de 18 (séparateur « | », mais cette ligne semble séparée par « ; »)',
    ],
    [
      'a missing field in a tab file',
      fecFile([HEADER, row().slice(1)], { separator: '\t' }),
      { line: 2, field: null },
      'Ligne 2 : 17 champs au lieu de 18 (séparateur tabulation)',
    ],
    [
      'a month 13',
      fecFile([HEADER, row(), row(), row({ EcritureDate: '20261345' })]),
      { line: 4, field: 'EcritureDate' },
      'Ligne 4 : date illisible dans EcritureDate (« 20261345 »)',
    ],
    [
      'a 30 February',
      fecFile([HEADER, row({ EcritureDate: '20260230' })]),
      { line: 2, field: 'EcritureDate' },
      'Ligne 2 : date illisible dans EcritureDate (« 20260230 »)',
    ],
    [
      'a date with dashes',
      fecFile([HEADER, row({ EcritureDate: '2026-01-31' })]),
      { line: 2, field: 'EcritureDate' },
      'Ligne 2 : date illisible dans EcritureDate (« 2026-01-31 »)',
    ],
    [
      'an empty EcritureDate',
      fecFile([HEADER, row({ EcritureDate: '' })]),
      { line: 2, field: 'EcritureDate' },
      'Ligne 2 : date illisible dans EcritureDate (« »)',
    ],
    [
      'a bad PieceDate (it may be empty, not wrong)',
      fecFile([HEADER, row({ PieceDate: '' }), row({ PieceDate: '20260132' })]),
      { line: 3, field: 'PieceDate' },
      'Ligne 3 : date illisible dans PieceDate (« 20260132 »)',
    ],
    [
      'a bad date, under the header’s own name for the column',
      fecFile([
        ['JournalCode', 'EcritureNum', 'écriture date', 'CompteNum', 'EcritureLib', 'Debit', 'Credit'],
        ['VE', '1', '20261301', '706', 'x', '1', '0'],
      ]),
      { line: 2, field: 'écriture date' },
      'Ligne 2 : date illisible dans écriture date (« 20261301 »)',
    ],
    [
      'an unreadable debit',
      fecFile([HEADER, row({ Debit: '12,3,4' })]),
      { line: 2, field: 'Debit' },
      'Ligne 2 : montant illisible dans Debit (« 12,3,4 »)',
    ],
    [
      'an unreadable credit, under the header’s own name',
      fecFile([HEADER.map((f) => (f === 'Credit' ? 'Crédit' : f)), row({ Credit: '1 200,00' })]),
      { line: 2, field: 'Crédit' },
      'Ligne 2 : montant illisible dans Crédit (« 1 200,00 »)',
    ],
    [
      'a sign alone',
      fecFile([HEADER, row({ Debit: '-' })]),
      { line: 2, field: 'Debit' },
      'Ligne 2 : montant illisible dans Debit (« - »)',
    ],
    [
      'a third decimal',
      fecFile([HEADER, row({ Debit: '12,345' })]),
      { line: 2, field: 'Debit' },
      'Ligne 2 : montant au-delà du centime dans Debit (« 12,345 »)',
    ],
    [
      'an amount beyond what is stored',
      fecFile([HEADER, row({ Credit: '1000000000000,00' })]),
      { line: 2, field: 'Credit' },
      'Ligne 2 : montant hors limites dans Credit (« 1000000000000,00 »)',
    ],
    [
      'an unreadable Sens',
      fecFile([
        ['JournalCode', 'EcritureNum', 'EcritureDate', 'CompteNum', 'EcritureLib', 'Montant', 'Sens'],
        ['VE', '1', '20260101', '706', 'x', '12,00', 'X'],
      ]),
      { line: 2, field: 'Sens' },
      'Ligne 2 : sens illisible dans Sens (« X »)',
    ],
  ])('refuses %s', (_, bytes, where, message) => {
    expect(problemOf(bytes)).toEqual({ ...where, message, tooLarge: false });
  });

  it(`refuses more than ${MAX_FEC_LINES.toLocaleString('en')} lines as too large`, () => {
    expect(problemOf(shortLines(MAX_FEC_LINES + 1))).toEqual({
      line: 0,
      field: null,
      message: 'Le fichier dépasse 200 000 lignes.',
      tooLarge: true,
    });
  });

  it('refuses more than 64 MB as too large, before reading it', () => {
    expect(problemOf(new Uint8Array(MAX_FEC_BYTES + 1))).toEqual({
      line: 0,
      field: null,
      message: 'Le fichier dépasse 64 Mo.',
      tooLarge: true,
    });
  });
});

describe('decodeFec', () => {
  it.each([
    ['UTF-8', Uint8Array.of(0x53, 0xc3, 0xa9, 0x63), 'Séc', 'utf-8'],
    ['UTF-8 with a BOM (dropped)', Uint8Array.of(0xef, 0xbb, 0xbf, 0x4f, 0x4b), 'OK', 'utf-8'],
    ['Windows-1252 (not valid UTF-8)', Uint8Array.of(0x53, 0xe9, 0x63, 0x20, 0x80), 'Séc €', 'windows-1252'],
    // A BOM then bytes that are not UTF-8: the BOM is no text either way.
    ['a BOM then Windows-1252', Uint8Array.of(0xef, 0xbb, 0xbf, 0xe9), 'é', 'windows-1252'],
    // Every byte Windows-1252 places apart from Latin-1 (whatever Node's own decoder does).
    [
      'Windows-1252’s 0x80–0x9F',
      Uint8Array.from({ length: 32 }, (_, i) => 0x80 + i),
      '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ',
      'windows-1252',
    ],
    // ISO-8859-15's euro sign is 0xA4, Windows-1252's ¤: such a file's € reads ¤ (documented).
    ['ISO-8859-15’s €', Uint8Array.of(0x31, 0x20, 0xa4), '1 ¤', 'windows-1252'],
  ])('reads %s', (_, bytes, text, encoding) => {
    expect(decodeFec(bytes)).toEqual({ text, encoding });
  });
});

describe('parseFecAmount and isFecDate', () => {
  it.each([
    ['0', 0],
    ['-0', 0],
    ['007', 700],
    ['1.5', 150],
    ['-1250,50', -125_050],
    ['12,3,4', null],
    ['1 250,00', null],
    ['1e3', null],
    ['+', null],
    [',', null],
    ['12,001', null],
    ['1000000000000', null],
  ])('parseFecAmount(%j) is %s', (text, cents) => {
    expect(parseFecAmount(text)).toBe(cents);
  });

  it.each([
    ['20260101', true],
    ['20261231', true],
    ['20240229', true],
    ['20000229', true],
    ['21000229', false],
    ['20260229', false],
    ['20260431', false],
    ['20260001', false],
    ['20260100', false],
    ['2026011', false],
    ['2026010a', false],
  ])('isFecDate(%j) is %s', (text, valid) => {
    expect(isFecDate(text)).toBe(valid);
  });
});

describe('normaliseColumnName', () => {
  it.each([
    ['JournalCode', 'journalcode'],
    ['  Écriture_Date ', 'ecrituredate'],
    ['compte num', 'comptenum'],
    ['CRÉDIT', 'credit'],
    ['Code analytique', 'codeanalytique'],
    ['', ''],
  ])('%j → %j', (name, normalised) => {
    expect(normaliseColumnName(name)).toBe(normalised);
  });
});
