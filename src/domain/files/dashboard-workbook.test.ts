import { describe, expect, it } from 'vitest';
import { aggregateBudgets, buildDashboard } from '../dashboard/from-budgets';
import { makeLine, makePole, SEPTEMBER_YEAR } from '../testing/builders';
import { monthNames } from '../fiscal-year';
import { twoClientDashboard } from '../testing/dashboard-fixture';
import { dashboardWorkbook } from './dashboard-workbook';
import type { WorkbookCell, WorkbookSheet } from './workbook';

const NOW = new Date(2025, 2, 5, 10, 0);
const SELECTION = { label: '2 clients sélectionnés', slug: 'multi-clients' };

/** A cell as the assertions read it: text, a number (with its format), cents (`€`), or `=formula → cents`. */
const shown = (cell: WorkbookCell | undefined) => {
  if (cell === null || cell === undefined) return null;
  const star = 'bold' in cell && cell.bold ? '*' : '';
  switch (cell.kind) {
    case 'text':
      return `${star}${cell.value}`;
    case 'number':
      return cell.format ? `${cell.value} [${cell.format}]` : cell.value;
    case 'amount':
      return `${star}${cell.cents} €`;
    case 'formula':
      return `${star}=${cell.formula} → ${cell.cents}`;
  }
};
const cells = (sheet: WorkbookSheet | undefined) => sheet!.rows.map((row) => row.map(shown));

describe('dashboard workbook (docs/product.md#excel-export)', () => {
  // The fixture's figures: src/domain/testing/dashboard-fixture.ts ('=Alpha' is text here: no guard).
  const { beta, dashboard } = twoClientDashboard();
  const budgets = [{ client: beta, poles: [makePole('Paid', [makeLine('L', { reel: [1200.5] })])] }];
  const workbook = dashboardWorkbook(dashboard, SELECTION, 2025, NOW, budgets);
  const sheet = (name: string) => workbook.sheets.find((s) => s.name === name);

  it('names the file and the sheets; headers and labels frozen in the tables', () => {
    expect(workbook.fileName).toBe('dashboard-export-multi-clients-2025-2025-03-05.xlsx');
    expect(workbook.sheets.map((s) => [s.name, s.frozenRows ?? 0, s.frozenColumns ?? 0, s.hidden ?? false])).toEqual([
      ['Synthèse', 0, 0, false],
      ['Marges par projet', 1, 1, false],
      ['Évolution mensuelle', 1, 1, false],
      ['Marges par pôle', 1, 1, false],
      ['Tableau récapitulatif', 1, 1, false],
      ['Données', 1, 0, false],
    ]);
  });

  it('writes the global statistics as euro amounts', () => {
    expect(cells(sheet('Synthèse'))).toEqual([
      ['*Export Dashboard'],
      ['Clients', '2 clients sélectionnés'],
      ['Exercice', 2025],
      ["Date d'export", '05/03/2025'],
      ['Arrêté à fin', 'Février'],
      [],
      ['*Indicateur', '*Valeur'],
      ['Total Prévisionnel', '105000 €'],
      ['Total Achat prévisionnel', '40000 €'],
      ['Total Réel', '124050 €'],
      ['Total Achat', '35025 €'],
      ['MB Prévisionnelle', '65000 €'],
      ['MB Réelle', '89025 €'],
      ['Nombre de projets', 2],
      ['Total MB Annuelle Revue', '89025 €'],
      ['Prévisionnel à date', '105000 €'],
      ['Réel à date', '124050 €'],
      ['MB Prévisionnelle à date', '65000 €'],
      ['MB Réelle à date', '89025 €'],
      ['Écart MB à date', '24025 €'],
      ['% Écart MB à date', '37 [0.0" %"]'],
      ['MB Réelle N−1', '80000 €'],
      ['Écart MB vs N−1', '9025 €'],
      ['% Écart vs N−1', '11.3 [0.0" %"]'],
    ]);
  });

  const HEADER = [
    'Prévisionnel',
    'Achat prévisionnel',
    'Réel',
    'Achat',
    'MB Prévisionnelle',
    'MB Réelle',
    'Prév. MB Début',
    'Écart MB Réelle vs MB Début',
    '% Écart',
    'Prévisionnel à date',
    'Réel à date',
    'MB Prévisionnelle à date',
    'MB Réelle à date',
    'Écart MB à date',
    '% Écart MB à date',
    'MB Réelle N−1',
    'Écart MB vs N−1',
    '% Écart vs N−1',
  ].map((h) => `*${h}`);
  const P = (value: number) => `${value} [0.0" %"]`;
  const ALPHA = ['0 €', '4000 €', '5025 €', '5000 €', '-1025 €', '0 €', '-1025 €'];
  const alphaRow = (name: string) => [
    name,
    '5000 €',
    ...ALPHA,
    null, // % Écart: its base, the Prév. MB Début, is 0
    '5000 €',
    '4000 €',
    '5000 €',
    '-1025 €',
    '-6025 €',
    P(-120.5),
    null, // no N−1
    null,
    null,
  ];
  const betaRow = (name: string) => [
    name,
    '100000 €',
    '40000 €',
    '120050 €',
    '30000 €',
    '60000 €',
    '90050 €',
    '10000 €',
    '80050 €',
    P(800.5),
    '100000 €',
    '120050 €',
    '60000 €',
    '90050 €',
    '30050 €',
    P(50.1),
    '80000 €',
    '10050 €',
    P(12.6),
  ];
  // SUMs under the amounts (their value the screen's TOTAL), the TOTAL's percentages recomputed.
  const TOTAL = [
    '*TOTAL',
    ...['B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'].map(
      (c, i) => `*=SUM(${c}2:${c}3) → ${[105000, 40000, 124050, 35025, 65000, 89025, 10000, 79025][i]}`,
    ),
    P(790.3),
    ...['K', 'L', 'M', 'N', 'O'].map((c, i) => `*=SUM(${c}2:${c}3) → ${[105000, 124050, 65000, 89025, 24025][i]}`),
    P(37),
    '*=SUM(Q2:Q3) → 80000',
    '*=SUM(R2:R3) → 9025',
    P(11.3),
  ];

  it('writes each project with the screen’s columns, à date and N−1 included, and a TOTAL of SUMs', () => {
    expect(cells(sheet('Marges par projet'))).toEqual([
      ['*Projet', ...HEADER],
      alphaRow('=Alpha'),
      betaRow('Beta'),
      TOTAL,
    ]);
  });

  it('writes the poles with the same columns as the projects (the screen’s pole table)', () => {
    expect(cells(sheet('Marges par pôle'))).toEqual([['*Pôle', ...HEADER], betaRow('Paid'), alphaRow('Data'), TOTAL]);
  });

  it('writes the twelve months, those after the cut-off without actuals, and their TOTAL', () => {
    const months = cells(sheet('Évolution mensuelle'));
    expect(months.slice(0, 4)).toEqual([
      ['*Mois', '*Réel', '*Prévisionnel', '*Marge', '*Écart'],
      ['Janvier', '120050 €', '100000 €', '90050 €', '20050 €'],
      ['Février', '4000 €', '5000 €', '-1025 €', '-1000 €'],
      ['Mars', null, '0 €', null, null],
    ]);
    expect(months.length).toBe(1 + 12 + 1);
    expect(months[13]).toEqual([
      '*TOTAL',
      '*=SUM(B2:B13) → 124050',
      '*=SUM(C2:C13) → 105000',
      '*=SUM(D2:D13) → 89025',
      '*=SUM(E2:E13) → 19050',
    ]);
  });

  it('writes the summary table (Tableau récapitulatif)', () => {
    const summary = cells(sheet('Tableau récapitulatif'));
    expect(summary[0]!.slice(0, 7)).toEqual([
      '*Projet',
      '*Prévisionnel',
      '*Réel',
      '*Achats',
      '*Marge',
      '*Écart',
      '*% Écart',
    ]);
    expect(summary[2]!.slice(0, 7)).toEqual(['Beta', '100000 €', '120050 €', '30000 €', '90050 €', '-9950 €', P(-10)]);
    expect(summary[3]!.slice(0, 7)).toEqual([
      '*TOTAL',
      '*=SUM(B2:B3) → 105000',
      '*=SUM(C2:C3) → 124050',
      '*=SUM(D2:D3) → 35025',
      '*=SUM(E2:E3) → 89025',
      '*=SUM(F2:F3) → -15975',
      P(-15.2),
    ]);
  });

  it('writes the selected clients’ non-zero amounts in the long sheet Données', () => {
    expect(cells(sheet('Données'))).toEqual([
      ['*Client', '*Année', '*Pôle', '*Ligne', '*Mois', '*Mesure', '*Montant'],
      ['Beta', 2025, 'Paid', 'L', 'Janvier', 'Réel', '120050 €'],
    ]);
  });

  it('leaves no amount as a plain number (write.ts gives every amount and formula the euro format)', () => {
    const plain = workbook.sheets.flatMap((s) =>
      s.rows
        .flat()
        .filter((c) => c?.kind === 'number' && c.format === undefined)
        .map(shown),
    );
    // The exercice (Synthèse, Données) and the project count; every other number is a percentage.
    expect(plain).toEqual([2025, 2, 2025]);
  });

  it('gives a table without rows a TOTAL of 0, not a SUM reaching its own row (circular in Excel)', () => {
    const empty = dashboardWorkbook(buildDashboard(aggregateBudgets([])), SELECTION, 2025, NOW, []);
    const projects = cells(empty.sheets[1]);
    expect(projects.length).toBe(2);
    // Amounts 0; no percentage (every base is 0) and no N−1 (no previous year).
    const zeroTotal = ['*TOTAL', ...Array.from({ length: 8 }, () => '*0 €'), null];
    const zeroToDate = [...Array.from({ length: 5 }, () => '*0 €'), null, null, null, null];
    expect(projects[1]).toEqual([...zeroTotal, ...zeroToDate]);
    expect(cells(empty.sheets[3])).toEqual([
      ['*Pôle', ...HEADER],
      [...zeroTotal, ...zeroToDate],
    ]);
    const formulas = empty.sheets.flatMap((s, i) =>
      s.rows.flatMap((row, r) => row.flatMap((c) => (c?.kind === 'formula' ? [[i, r + 1, c.formula] as const] : []))),
    );
    expect(formulas.length).toBe(4);
    for (const [, row, f] of formulas) expect(f).not.toMatch(new RegExp(`[A-Z]${row}(?!\\d)`));
  });
});

describe('dashboard workbook in a September year (docs/product.md#fiscal-years)', () => {
  const { dashboard } = twoClientDashboard(monthNames(SEPTEMBER_YEAR, 2026));
  const workbook = dashboardWorkbook(dashboard, SELECTION, 2026, NOW, []);
  const sheet = (name: string) => workbook.sheets.find((s) => s.name === name);

  it('names the cut-off and the evolution months in fiscal order, with their calendar year', () => {
    expect(cells(sheet('Synthèse'))[4]).toEqual(['Arrêté à fin', 'Octobre 2025']);
    const months = cells(sheet('Évolution mensuelle')).map((row) => row[0]);
    expect(months.slice(1, 4)).toEqual(['Septembre 2025', 'Octobre 2025', 'Novembre 2025']);
    expect(months[12]).toBe('Août 2026');
  });
});
