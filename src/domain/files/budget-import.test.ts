import { describe, expect, it } from 'vitest';
import { makeClient, makeLine, makePole } from '../testing/builders';
import { CentsOverflowError, MAX_ABS_CENTS, parseAmountText, subCents, ZERO_CENTS } from '../money';
import { amountOf, ImportError, readBudgetSheet, readClientCsv, type SheetValue } from './budget-import';
import { BUDGET_HEADER, IDS_HEADER } from './budget-workbook';
import { clientCsvFile } from './client-csv';
import { importRequest, planImport } from './import-plan';

const place = () => 'Feuille « Budget », ligne 3, colonne F (Janvier Réel)';
const n = (number: string) => ({ number });

describe('amounts of imported cells (docs/product.md#excel-import)', () => {
  it.each<[SheetValue, number]>([
    ['1 234,56', 123456],
    ['1\u00a0234,56 €', 123456],
    ['-0,05', -5],
    ['1234.56', 123456],
    ['', 0],
    [null, 0],
    [n('0.30000000000000004'), 30],
    [n('1234.5'), 123450],
    [n('1.005'), 101],
    [n('-1.005'), -101],
    [n('1.5E-2'), 2],
    [n('12'), 1200],
    // A number stored as text, as Excel keeps a pasted « 42 » with a leading apostrophe.
    ['42', 4200],
  ])('%j → %i cents', (value, cents) => {
    expect(amountOf(value, place)).toBe(cents);
  });

  it.each<[SheetValue, string]>([
    ['abc', '« abc » n’est pas un montant'.replace('’', "'")],
    ['1e5', "« 1e5 » n'est pas un montant"],
    [new Date(Date.UTC(2026, 0, 15)), "une date (2026-01-15) à la place d'un montant"],
    [true, "« VRAI » n'est pas un montant"],
    [{ formula: 'SUM(A1:A2)' }, 'une formule sans valeur calculée (« =SUM(A1:A2) »)'],
    [n('1e20'), "« 1e20 » n'est pas un montant"],
  ])('refuses %j, naming the cell', (value, reason) => {
    expect(() => amountOf(value, place)).toThrow(
      new RegExp(`^${place().replace(/[()]/g, '\\$&')} : ${reason.replace(/[()]/g, '\\$&')}`),
    );
  });

  it('keeps 0.1 + 0.2 exact: 0,30 €', () => {
    expect((parseAmountText('0,1')! + parseAmountText('0,2')!) / 100).toBe(0.3);
  });
});

/** A `Budget` sheet: header, then rows of [client, pole, line, ...48 amounts]. */
function sheet(rows: SheetValue[][]): SheetValue[][] {
  return [[...BUDGET_HEADER], ...rows];
}
const zeros = (): SheetValue[] => Array.from({ length: 48 }, () => n('0'));

describe('reading the sheet Budget', () => {
  it('skips total rows, reads amounts, and takes ids from _ids only while they describe the row', () => {
    const line = ['Acme', 'Paid', 'Search', ...zeros()];
    line[5] = n('0.1');
    const file = readBudgetSheet(
      sheet([['Acme', 'Paid', null, ...zeros()], line, ['Acme', 'Paid', 'Meta', ...zeros()]]),
      [[...IDS_HEADER], [n('3'), 'c1', 'l1', 'Paid', 'Search'], [n('4'), 'c1', 'l2', 'Paid', 'Ancien nom']],
    );
    expect(file.lines.map((l) => [l.row, l.line, l.lineId ?? null])).toEqual([
      [3, 'Search', 'l1'],
      [4, 'Meta', null],
    ]);
    expect(file.lines[0]!.figures.reel![0]).toBe(10);
  });

  it.each<[string, SheetValue[][], string]>([
    [
      'a renamed column',
      [['Client', 'Pôle', 'Nom']],
      'Feuille « Budget », ligne 1, colonne C : en-tête « Ligne » attendu, « Nom » trouvé.',
    ],
    ['an empty sheet', [], 'Feuille « Budget » : la feuille est vide.'],
    [
      'text in an amount cell',
      sheet([['Acme', 'Paid', 'Search', n('1'), 'beaucoup']]),
      "Feuille « Budget », ligne 2, colonne E (Janvier Achat prévisionnel) : « beaucoup » n'est pas un montant.",
    ],
    [
      'a date where an amount should be',
      sheet([['Acme', 'Paid', 'Search', new Date(Date.UTC(2026, 2, 1))]]),
      "Feuille « Budget », ligne 2, colonne D (Janvier Prévisionnel) : une date (2026-03-01) à la place d'un montant.",
    ],
    [
      'a line without pole',
      sheet([['Acme', null, 'Search']]),
      'Feuille « Budget », ligne 2, colonne B (Pôle) : le nom du pôle manque.',
    ],
  ])('refuses %s, naming sheet, row and column', (_, rows, message) => {
    expect(() => readBudgetSheet(rows, null)).toThrow(new ImportError(message));
  });

  it('refuses more than 50,000 rows before reading them', () => {
    const rows = Array.from({ length: 50_002 }, () => [] as SheetValue[]);
    expect(() => readBudgetSheet(rows, null)).toThrow(/^Feuille « Budget », ligne 50001 : trop de lignes/);
  });
});

describe('planning an import', () => {
  const acme = { ...makeClient('Acme'), id: 'c1' };
  const search = { ...makeLine('Search', { reel: [5, 5] }), id: 'l1' };
  const budgetData = { c1: [{ ...makePole('Paid', [search]), id: 'p1' }] };
  const ctx = { clients: [acme], budgetData, closedMonths: new Set([1]) };
  const row = (
    line: string,
    pole: string,
    reel: number[],
    extra: Partial<{ lineId: string; client: string }> = {},
  ) => ({
    where: `Feuille « Budget », ligne 2`,
    row: 2,
    sheet: 'Budget',
    clientName: extra.client ?? 'acme',
    ...(extra.lineId && { lineId: extra.lineId }),
    pole,
    line,
    figures: { reel: Array.from({ length: 12 }, (_, m) => (reel[m] ?? 0) * 100) as never },
  });

  it('matches by name (case and accents aside), skips closed months, proposes new lines, totals before/after', () => {
    const plan = planImport(
      {
        kind: 'xlsx',
        lines: [row('SEARCH', 'paid', [7, 9]), row('TikTok Ads', 'Paid', [0, 0, 3]), row('Netlinking', 'seo/geo', [1])],
      },
      ctx,
    );
    expect(plan.cells.map((c) => [c.line, c.month, c.old, c.new, c.target])).toEqual([
      ['Search', 0, 500, 700, { lineId: 'l1' }],
      ['TikTok Ads', 2, 0, 300, { newLine: 0 }],
      ['Netlinking', 0, 0, 100, { newLine: 1 }],
    ]);
    expect(plan.skipped.map((c) => [c.month, c.old, c.new])).toEqual([[1, 500, 900]]);
    expect(plan.newLines).toEqual([
      { clientId: 'c1', clientName: 'Acme', pole: 'Paid', name: 'TikTok Ads', newPole: false },
      { clientId: 'c1', clientName: 'Acme', pole: 'SEO/GEO', name: 'Netlinking', newPole: true },
    ]);
    expect(plan.clients[0]!.before.reel).toBe(1000);
    expect(plan.clients[0]!.after.reel).toBe(1600);
    expect(importRequest(plan).cells[0]).toEqual({ lineId: 'l1', month: 0, field: 'reel', value: 7 });
  });

  it('matches by id first (a line renamed in the tool since the export)', () => {
    const plan = planImport({ kind: 'xlsx', lines: [row('Ancien nom', 'Paid', [6], { lineId: 'l1' })] }, ctx);
    expect(plan.newLines).toEqual([]);
    expect(plan.cells.map((c) => c.line)).toEqual(['Search']);
  });

  it("refuses a client's total after the import past 2^53 cents rather than showing it a cent off (ADR 039)", () => {
    // 90 cells at the maximum (a restored year, which the per-year bound does not hold): exact.
    const max = MAX_ABS_CENTS / 100;
    const full = Array.from({ length: 7 }, (_, i) => makeLine(`L${i}`, { reel: Array(12).fill(max) }));
    const half = makeLine('Demi', { reel: Array(6).fill(max) });
    const big = {
      clients: [acme],
      budgetData: { c1: [makePole('Paid', [...full, half])] },
      closedMonths: new Set<number>(),
    };
    const reel = (months: number, first = MAX_ABS_CENTS) =>
      Array.from({ length: 12 }, (_, m) => (m === 0 ? first : m < months ? MAX_ABS_CENTS : ZERO_CENTS));
    const lower = subCents(MAX_ABS_CENTS, parseAmountText('0,01')!);
    const exact = planImport(
      { kind: 'xlsx', lines: [{ ...row('Demi', 'Paid', []), figures: { reel: reel(6, lower) } }] },
      big,
    );
    expect(exact.clients[0]!.after.reel).toBe(8_999_999_999_999_909);
    // One cell more: 91 × the maximum.
    const lines = [{ ...row('Demi', 'Paid', []), figures: { reel: reel(7) } }];
    expect(() => planImport({ kind: 'xlsx', lines }, big)).toThrow(CentsOverflowError);
  });

  it.each([
    [[row('X', 'Paid', [], { client: 'Inconnu' })], 'client inconnu « Inconnu »'],
    [[row('X', 'Astrologie', [])], 'colonne B (Pôle) : pôle inconnu « Astrologie »'],
    [[row('Search', 'Paid', []), row('search', 'Paid', [])], 'la ligne « search » (Paid, Acme) apparaît deux fois'],
  ])('refuses %#', (lines, message) => {
    expect(() => planImport({ kind: 'xlsx', lines }, ctx)).toThrow(message);
  });
});

describe('the client CSV read back', () => {
  it('reads its own export exactly (no forecast purchases in it)', () => {
    const poles = [makePole('Paid', [makeLine('=Search', { previsionnel: [1234.56], reel: [0.1], achat: [-0.05] })])];
    const csv = clientCsvFile('Acme', 2026, poles, new Date())!.text;
    const file = readClientCsv(csv);
    expect(file.lines).toHaveLength(1);
    expect(file.lines[0]).toMatchObject({ pole: 'Paid', line: '=Search' });
    expect(file.lines[0]!.figures.previsionnel![0]).toBe(123456);
    expect(file.lines[0]!.figures.reel![0]).toBe(10);
    expect(file.lines[0]!.figures.achat![0]).toBe(-5);
    expect(file.lines[0]!.figures.achat_previsionnel).toBeUndefined();
  });

  it('refuses text in an amount, naming the CSV row and column', () => {
    const csv = clientCsvFile('Acme', 2026, [makePole('Paid', [makeLine('Search')])], new Date())!.text.replace(
      '"Search";"0"',
      '"Search";"douze"',
    );
    expect(() => readClientCsv(csv)).toThrow(
      "Feuille « CSV », ligne 2, colonne C (Janvier Prévisionnel) : « douze » n'est pas un montant.",
    );
  });
});
