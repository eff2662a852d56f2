import { describe, expect, it } from 'vitest';
import { aggregateBudgets, buildDashboard } from '../dashboard/from-budgets';
import { makeLine, makePole } from '../testing/builders';
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
    ]);
  });

  it('writes each project, its % Écart with one decimal, and a TOTAL of SUMs under the amounts only', () => {
    expect(cells(sheet('Marges par projet'))).toEqual([
      [
        '*Projet',
        '*Prévisionnel',
        '*Achat prévisionnel',
        '*Réel',
        '*Achat',
        '*MB Prévisionnelle',
        '*MB Réelle',
        '*Prév. MB Début',
        '*Écart MB Réelle vs MB Début',
        '*% Écart',
      ],
      ['=Alpha', '5000 €', '0 €', '4000 €', '5025 €', '5000 €', '-1025 €', '0 €', '-1025 €', '0 [0.0" %"]'],
      [
        'Beta',
        '100000 €',
        '40000 €',
        '120050 €',
        '30000 €',
        '60000 €',
        '90050 €',
        '10000 €',
        '80050 €',
        '800.5 [0.0" %"]',
      ],
      [
        '*TOTAL',
        '*=SUM(B2:B3) → 105000',
        '*=SUM(C2:C3) → 40000',
        '*=SUM(D2:D3) → 124050',
        '*=SUM(E2:E3) → 35025',
        '*=SUM(F2:F3) → 65000',
        '*=SUM(G2:G3) → 89025',
        '*=SUM(H2:H3) → 10000',
        '*=SUM(I2:I3) → 79025',
      ],
    ]);
  });

  it('writes the twelve months and the poles with their TOTAL', () => {
    const months = cells(sheet('Évolution mensuelle'));
    expect(months.slice(0, 3)).toEqual([
      ['*Mois', '*Réel', '*Prévisionnel', '*Marge', '*Écart'],
      ['Janvier', '120050 €', '100000 €', '90050 €', '20050 €'],
      ['Février', '4000 €', '5000 €', '-1025 €', '-1000 €'],
    ]);
    expect(months.length).toBe(1 + 12 + 1);
    expect(months[13]).toEqual([
      '*TOTAL',
      '*=SUM(B2:B13) → 124050',
      '*=SUM(C2:C13) → 105000',
      '*=SUM(D2:D13) → 89025',
      '*=SUM(E2:E13) → 19050',
    ]);
    expect(cells(sheet('Marges par pôle'))).toEqual([
      ['*Pôle', '*Marge'],
      ['Paid', '90050 €'],
      ['Data', '-1025 €'],
      ['*TOTAL', '*=SUM(B2:B3) → 89025'],
    ]);
  });

  it('writes the selected clients’ non-zero amounts in the long sheet Données', () => {
    expect(cells(sheet('Données'))).toEqual([
      ['*Client', '*Année', '*Pôle', '*Ligne', '*Mois', '*Mesure', '*Montant'],
      ['Beta', 2025, 'Paid', 'L', 'Janvier', 'Réel', '120050 €'],
    ]);
  });

  it('leaves no amount as a plain number (write.ts gives every amount and formula the euro format)', () => {
    const numbers = workbook.sheets.flatMap((s) =>
      s.rows
        .flat()
        .filter((c) => c?.kind === 'number')
        .map(shown),
    );
    expect(numbers).toEqual([2025, 2, '0 [0.0" %"]', '800.5 [0.0" %"]', 2025]);
  });

  it('gives a table without rows a TOTAL of 0, not a SUM reaching its own row (circular in Excel)', () => {
    const empty = dashboardWorkbook(buildDashboard(aggregateBudgets([])), SELECTION, 2025, NOW, []);
    const projects = cells(empty.sheets[1]);
    expect(projects.length).toBe(2);
    expect(projects[1]).toEqual(['*TOTAL', ...Array.from({ length: 8 }, () => '*0 €')]);
    expect(cells(empty.sheets[3])).toEqual([
      ['*Pôle', '*Marge'],
      ['*TOTAL', '*0 €'],
    ]);
    const formulas = empty.sheets.flatMap((s, i) =>
      s.rows.flatMap((row, r) => row.flatMap((c) => (c?.kind === 'formula' ? [[i, r + 1, c.formula] as const] : []))),
    );
    expect(formulas.length).toBe(4);
    for (const [, row, f] of formulas) expect(f).not.toMatch(new RegExp(`[A-Z]${row}(?!\\d)`));
  });
});
