import { describe, expect, it } from 'vitest';
import { makeClient, makeLine, makePole } from '../testing/builders';
import { budgetWorkbook, BUDGET_HEADER } from './budget-workbook';
import { columnLetters, sumOf, type WorkbookCell } from './workbook';

const NOW = new Date(2026, 10, 23, 10, 0);
const acme = { ...makeClient('Acme'), id: 'c-acme' };
const zen = { ...makeClient('Zénith'), id: 'c-zen' };
const search = {
  ...makeLine('Google Ads – Search', { previsionnel: [0.1, 0.2], reel: [1234.56], achat: [-0.05] }),
  id: 'l-1',
};
const meta = { ...makeLine('Meta Ads', { achat_previsionnel: [0, 0, 10] }), id: 'l-2' };
const audit = { ...makeLine('Audit SEO technique', { reel: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 99.99] }), id: 'l-3' };

const shown = (cell: WorkbookCell | undefined) =>
  cell === null || cell === undefined
    ? null
    : cell.kind === 'text'
      ? cell.value
      : cell.kind === 'number'
        ? cell.value
        : cell.kind === 'amount'
          ? cell.cents
          : `=${cell.formula} → ${cell.cents}`;

describe('budget workbook (docs/product.md#excel-export)', () => {
  const workbook = budgetWorkbook({
    year: 2026,
    scope: 'all',
    now: NOW,
    clients: [
      { client: zen, poles: [makePole('SEO', [audit]), makePole('Vide')] },
      { client: acme, poles: [{ ...makePole('Paid', [search, meta]), facture: [true, ...Array(11).fill(false)] }] },
    ],
    closedMonths: [{ month: 0, closedAt: '2026-02-03T09:00:00.000Z', closedBy: 'camille@agence.fr' }],
  });
  const [budget, monthly, closings, data, ids] = workbook.sheets;

  it('names the file and the sheets; the ids sheet is hidden; header and names frozen', () => {
    expect(workbook.fileName).toBe('budget-tous-clients-2026-2026-11-23.xlsx');
    expect(workbook.sheets.map((s) => [s.name, s.hidden ?? false])).toEqual([
      ['Budget', false],
      ['Marges mensuelles', false],
      ['Clôtures', false],
      ['Données', false],
      ['_ids', true],
    ]);
    expect([budget!.frozenRows, budget!.frozenColumns]).toEqual([1, 3]);
    expect(BUDGET_HEADER.length).toBe(3 + 48 + 6);
    expect(BUDGET_HEADER.slice(0, 8)).toEqual([
      'Client',
      'Pôle',
      'Ligne',
      'Janvier Prévisionnel',
      'Janvier Achat prévisionnel',
      'Janvier Réel',
      'Janvier Achat réel',
      'Février Prévisionnel',
    ]);
    expect(BUDGET_HEADER.slice(-6)).toEqual([
      'Total Prévisionnel',
      'Total Achat prévisionnel',
      'Total Réel',
      'Total Achat réel',
      'MB Prévisionnelle',
      'MB Réelle',
    ]);
  });

  it('writes clients by name, a pole row of SUM formulas above its lines, then the client and grand totals', () => {
    const col = (r: number, c: number) => shown(budget!.rows[r - 1]![c]);
    // Row 2: Acme's pole Paid, its January Prévisionnel the sum of its two lines.
    expect([col(2, 0), col(2, 1), col(2, 2), col(2, 3)]).toEqual(['Acme', 'Paid', '', '=SUM(D3:D4) → 10']);
    expect([col(3, 2), col(3, 3), col(3, 5), col(3, 6)]).toEqual(['Google Ads – Search', 10, 123456, -5]);
    // Line totals and margins are formulas of the row, with the value they compute.
    const d = (m: number) => `${columnLetters(3 + m * 4)}3`;
    expect(col(3, 51)).toBe(`=${sumOf(Array.from({ length: 12 }, (_, m) => d(m)))} → 30`);
    expect(col(3, 55)).toBe('=AZ3-BA3 → 30');
    expect(col(3, 56)).toBe('=BB3-BC3 → 123461');
    // Row 5: Acme's total; row 6 Zénith's pole (the pole without lines is left out), 8 its total, 9 the grand total.
    expect([col(5, 0), col(5, 1), col(5, 5)]).toEqual(['Acme', 'Total client', '=SUM(F2) → 123456']);
    expect([col(6, 0), col(6, 1), col(7, 2), col(8, 1)]).toEqual([
      'Zénith',
      'SEO',
      'Audit SEO technique',
      'Total client',
    ]);
    expect([col(9, 0), col(9, 49)]).toEqual(['Total général', '=SUM(AX5,AX8) → 9999']);
    expect(budget!.rows.length).toBe(9);
    const line = budget!.rows[2]![2]!;
    expect(line).toMatchObject({ kind: 'text', indent: 1 });
    expect(budget!.rows[1]![3]).toMatchObject({ kind: 'formula', bold: true });
  });

  it('writes each pole’s monthly MB prévisionnelle, MB réelle and invoiced flag, and a client total', () => {
    const rows = monthly!.rows.map((r) => r.map(shown));
    expect(rows[0]!.slice(0, 5)).toEqual([
      'Client',
      'Pôle',
      'Janvier MB prévisionnelle',
      'Janvier MB réelle',
      'Janvier Facturé',
    ]);
    expect(rows[0]!.length).toBe(2 + 36 + 2);
    // Acme's Paid: Janvier 0,10 − 0 prév., 1234,56 − (−0,05) réel, invoiced; Mars −10 € prév.
    expect(rows[1]!.slice(0, 11)).toEqual(['Acme', 'Paid', 10, 123461, 'Oui', 20, 0, 'Non', -1000, 0, 'Non']);
    expect(rows[1]!.slice(-2)).toEqual([-970, 123461]);
    expect(rows[2]!.slice(0, 5)).toEqual(['Acme', 'Total client', 10, 123461, null]);
    expect(rows.map((r) => r[1])).toEqual(['Pôle', 'Paid', 'Total client', 'SEO', 'Total client']);
  });

  it('writes the closed months with who closed them and when', () => {
    expect(closings!.rows.slice(0, 3).map((r) => r.map(shown))).toEqual([
      ['Mois', 'Clôturé', 'Par', 'Le'],
      ['Janvier', 'Oui', 'camille@agence.fr', '03/02/2026'],
      ['Février', 'Non', null, null],
    ]);
    expect(closings!.rows.length).toBe(13);
  });

  it('lists the ids of each line row, and the non-zero amounts in long format', () => {
    expect(ids!.rows.map((r) => r.map(shown))).toEqual([
      ['Rangée', 'Client (id)', 'Ligne (id)', 'Pôle', 'Ligne'],
      [3, 'c-acme', 'l-1', 'Paid', 'Google Ads – Search'],
      [4, 'c-acme', 'l-2', 'Paid', 'Meta Ads'],
      [7, 'c-zen', 'l-3', 'SEO', 'Audit SEO technique'],
    ]);
    expect(data!.rows.map((r) => r.map(shown))).toEqual([
      ['Client', 'Année', 'Pôle', 'Ligne', 'Mois', 'Mesure', 'Montant'],
      ['Acme', 2026, 'Paid', 'Google Ads – Search', 'Janvier', 'Prévisionnel', 10],
      ['Acme', 2026, 'Paid', 'Google Ads – Search', 'Janvier', 'Réel', 123456],
      ['Acme', 2026, 'Paid', 'Google Ads – Search', 'Janvier', 'Achat réel', -5],
      ['Acme', 2026, 'Paid', 'Google Ads – Search', 'Février', 'Prévisionnel', 20],
      ['Acme', 2026, 'Paid', 'Meta Ads', 'Mars', 'Achat prévisionnel', 1000],
      ['Zénith', 2026, 'SEO', 'Audit SEO technique', 'Décembre', 'Réel', 9999],
    ]);
  });

  it('names a client file by the client and has no grand total', () => {
    const one = budgetWorkbook({
      year: 2026,
      scope: 'client',
      now: NOW,
      clients: [{ client: acme, poles: [makePole('Paid', [search])] }],
    });
    expect(one.fileName).toBe('budget-Acme-2026-2026-11-23.xlsx');
    expect(one.sheets[0]!.rows.map((r) => shown(r[1]))).toEqual(['Pôle', 'Paid', 'Paid', 'Total client']);
  });

  it('nests SUM by 200 arguments (Excel takes 255)', () => {
    const refs = Array.from({ length: 401 }, (_, i) => `A${i + 1}`);
    const f = sumOf(refs);
    expect(f.startsWith('SUM(SUM(A1,')).toBe(true);
    expect(f.match(/SUM\(/g)!.length).toBe(4);
    expect(f.endsWith(',SUM(A401))')).toBe(true);
  });
});

describe('budget workbook: a driver line as formulas (docs/product.md#driver-lines)', () => {
  it("writes 'Frais de gestion' = ROUND(SUM of its sources' cells × 15 / 100, 2), its typed measures as amounts", () => {
    const google = { ...makeLine('Google', { achat_previsionnel: [1000] }), id: 'g' };
    const fees = { ...makeLine('Frais de gestion', { previsionnel: [150] }), id: 'f' };
    const audit = { ...makeLine('Audit', { achat_previsionnel: [500] }), id: 'a' };
    const paid = { ...makePole('Paid', [google, fees]), id: 'p-paid' };
    fees.driver = {
      measure: 'previsionnel',
      basisPoints: 1250,
      sourceMeasure: 'achat_previsionnel',
      sources: { lineIds: ['g', 'a'] },
    };
    const { sheets } = budgetWorkbook({
      year: 2026,
      scope: 'client',
      now: NOW,
      clients: [{ client: acme, poles: [paid, makePole('SEO', [audit])] }],
    });
    // Rows: 1 header, 2 Paid, 3 Google, 4 Frais, 5 SEO, 6 Audit. January: D previsionnel, E achat prévisionnel.
    const row = sheets[0]!.rows[3]!;
    expect(shown(row[3])).toBe('=ROUND(SUM(E3,E6)*12.5/100,2) → 15000');
    expect(shown(row[4])).toBe(0);
    expect(shown(row[7])).toBe(`=ROUND(SUM(${columnLetters(8)}3,${columnLetters(8)}6)*12.5/100,2) → 0`);
  });
});
