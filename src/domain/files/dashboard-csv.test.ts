import { describe, expect, it } from 'vitest';
import { ALL_CLIENTS } from '../client-filter';
import { twoClientDashboard } from '../testing/dashboard-fixture';
import { SEPTEMBER_YEAR } from '../testing/builders';
import { monthNames } from '../fiscal-year';
import { csvPercent, dashboardCsv, dashboardCsvFileName, dashboardCsvSelection } from './dashboard-csv';

const clients = [
  { id: 'a', name: 'Zèbre & Cie' },
  { id: 'b', name: 'Beta' },
];

describe('dashboardCsvSelection', () => {
  it.each([
    ['every client', ALL_CLIENTS, { label: 'Tous les clients', slug: 'tous-clients' }],
    ['one client', ['a'], { label: 'Zèbre & Cie', slug: 'Zèbre--Cie' }],
    ['one client that no longer exists', ['x'], { label: 'Client inconnu', slug: 'Client-inconnu' }],
    ['two clients', ['b', 'a'], { label: '2 clients sélectionnés', slug: 'multi-clients' }],
  ])('%s', (_label, filter, expected) => {
    expect(dashboardCsvSelection(filter, clients)).toEqual(expected);
  });
});

describe('csvPercent (one decimal, decimal comma)', () => {
  it.each([
    [0, '0,0'],
    [12.345, '12,3'],
    [12.35, '12,4'],
    [-4, '-4,0'],
    [-0.04, '0,0'],
    [800.5, '800,5'],
  ])('%d → %s', (percent, expected) => {
    expect(csvPercent(percent)).toBe(expected);
  });
});

describe('dashboardCsv', () => {
  // The fixture's figures: src/domain/testing/dashboard-fixture.ts.
  const { dashboard } = twoClientDashboard();
  const date = new Date(2025, 2, 5);

  const TO_DATE_HEADER =
    ';"Prévisionnel à date";"Réel à date";"MB Prévisionnelle à date";"MB Réelle à date";"Écart MB à date";"% Écart MB à date";"MB Réelle N−1";"Écart MB vs N−1";"% Écart vs N−1"';

  const MARGIN_HEADER =
    '"Prévisionnel";"Achat prévisionnel";"Réel";"Achat";"MB Prévisionnelle";"MB Réelle";"Prév. MB Début";"Écart MB Réelle vs MB Début";"% Écart"' +
    TO_DATE_HEADER;

  it('writes every byte as docs/product.md#file-dashboard-csv says', () => {
    // After the cut-off (Février) the months have no actual: Réel, Marge and Écart empty, not 0.
    const futureMonths = [
      'Mars',
      'Avril',
      'Mai',
      'Juin',
      'Juillet',
      'Août',
      'Septembre',
      'Octobre',
      'Novembre',
      'Décembre',
    ].map((m) => `"${m}";"";"0";"";""\r\n`);
    const expected =
      '\uFEFF' +
      '"Export Dashboard"\r\n' +
      '"Clients";"2 clients sélectionnés"\r\n' +
      '"Date d\'export";"05/03/2025"\r\n' +
      '"Arrêté à fin";"Février"\r\n' +
      '\r\n' +
      '"Statistiques globales"\r\n' +
      '"Indicateur";"Valeur"\r\n' +
      '"Total Prévisionnel";"1050"\r\n' +
      '"Total Achat prévisionnel";"400"\r\n' +
      '"Total Réel";"1240,50"\r\n' +
      '"Total Achat";"350,25"\r\n' +
      '"MB Prévisionnelle";"650"\r\n' +
      '"MB Réelle";"890,25"\r\n' +
      '"Nombre de projets";"2"\r\n' +
      '"Total MB Annuelle Revue";"890,25"\r\n' +
      '"Prévisionnel à date";"1050"\r\n' +
      '"Réel à date";"1240,50"\r\n' +
      '"MB Prévisionnelle à date";"650"\r\n' +
      '"MB Réelle à date";"890,25"\r\n' +
      '"Écart MB à date";"240,25"\r\n' +
      '"% Écart MB à date";"37,0"\r\n' +
      '"MB Réelle N−1";"800"\r\n' +
      '"Écart MB vs N−1";"90,25"\r\n' +
      '"% Écart vs N−1";"11,3"\r\n' +
      '\r\n' +
      '"Marges par projet"\r\n' +
      '"Projet";' +
      MARGIN_HEADER +
      '\r\n' +
      '"\'=Alpha";"50";"0";"40";"50,25";"50";"-10,25";"0";"-10,25";"";"50";"40";"50";"-10,25";"-60,25";"-120,5";"";"";""\r\n' +
      '"Beta";"1000";"400";"1200,50";"300";"600";"900,50";"100";"800,50";"800,5";"1000";"1200,50";"600";"900,50";"300,50";"50,1";"800";"100,50";"12,6"\r\n' +
      '\r\n' +
      '"Évolution mensuelle"\r\n' +
      '"Mois";"Réel";"Prévisionnel";"Marge";"Écart"\r\n' +
      '"Janvier";"1200,50";"1000";"900,50";"200,50"\r\n' +
      '"Février";"40";"50";"-10,25";"-10"\r\n' +
      futureMonths.join('') +
      '\r\n' +
      '"Marges par pôle"\r\n' +
      '"Pôle";' +
      MARGIN_HEADER +
      '\r\n' +
      '"Paid";"1000";"400";"1200,50";"300";"600";"900,50";"100";"800,50";"800,5";"1000";"1200,50";"600";"900,50";"300,50";"50,1";"800";"100,50";"12,6"\r\n' +
      '"Data";"50";"0";"40";"50,25";"50";"-10,25";"0";"-10,25";"";"50";"40";"50";"-10,25";"-60,25";"-120,5";"";"";""\r\n' +
      '\r\n' +
      '"Tableau récapitulatif"\r\n' +
      '"Projet";"Prévisionnel";"Réel";"Achats";"Marge";"Écart";"% Écart"' +
      TO_DATE_HEADER +
      '\r\n' +
      '"\'=Alpha";"50";"40";"50,25";"-10,25";"-60,25";"-120,5";"50";"40";"50";"-10,25";"-60,25";"-120,5";"";"";""\r\n' +
      '"Beta";"1000";"1200,50";"300";"900,50";"-99,50";"-10,0";"1000";"1200,50";"600";"900,50";"300,50";"50,1";"800";"100,50";"12,6"\r\n';
    expect(dashboardCsv(dashboard, { label: '2 clients sélectionnés', slug: 'multi-clients' }, date)).toBe(expected);
  });

  it.each([
    [{ label: 'Tous les clients', slug: 'tous-clients' }, 2025, 'dashboard-export-tous-clients-2025-2025-03-05.csv'],
    [{ label: 'Acme', slug: 'Acme' }, 2026, 'dashboard-export-Acme-2026-2025-03-05.csv'],
    [
      { label: '2 clients sélectionnés', slug: 'multi-clients' },
      2024,
      'dashboard-export-multi-clients-2024-2025-03-05.csv',
    ],
  ])('names the file after the selection %j, the exercice %i and the local date', (selection, year, expected) => {
    expect(dashboardCsvFileName(selection, year, date)).toBe(expected);
  });
});

describe('dashboard CSV in a September year (docs/product.md#fiscal-years)', () => {
  it('names the cut-off and the evolution months in fiscal order, with their calendar year', () => {
    const { dashboard } = twoClientDashboard(monthNames(SEPTEMBER_YEAR, 2026));
    const lines = dashboardCsv(
      dashboard,
      { label: 'Tous les clients', slug: 'tous-clients' },
      new Date(2025, 10, 5),
    ).split('\r\n');
    expect(lines).toContain('"Arrêté à fin";"Octobre 2025"');
    const evolution = lines.indexOf('"Évolution mensuelle"');
    expect(lines[evolution + 2]).toMatch(/^"Septembre 2025";/);
    expect(lines[evolution + 13]).toMatch(/^"Août 2026";/);
  });
});
