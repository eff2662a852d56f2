import { describe, expect, it } from 'vitest';
import { makeLine, makePole } from '../testing/builders';
import { CLIENT_CSV_HEADER, clientCsvFile, clientCsvFileName, clientCsvHeader } from './client-csv';

const BOM = '\uFEFF';
/** `n` quoted zero cells, each followed by `;`: the empty months of a row. */
const zeros = (n: number) => '"0";'.repeat(n);

// Written out by hand, not generated: this is the contract with French Excel.
const HEADER =
  '"Pôle";"Ligne Budgétaire";' +
  '"Janvier Prévisionnel";"Janvier Réel";"Janvier Achat";' +
  '"Février Prévisionnel";"Février Réel";"Février Achat";' +
  '"Mars Prévisionnel";"Mars Réel";"Mars Achat";' +
  '"Avril Prévisionnel";"Avril Réel";"Avril Achat";' +
  '"Mai Prévisionnel";"Mai Réel";"Mai Achat";' +
  '"Juin Prévisionnel";"Juin Réel";"Juin Achat";' +
  '"Juillet Prévisionnel";"Juillet Réel";"Juillet Achat";' +
  '"Août Prévisionnel";"Août Réel";"Août Achat";' +
  '"Septembre Prévisionnel";"Septembre Réel";"Septembre Achat";' +
  '"Octobre Prévisionnel";"Octobre Réel";"Octobre Achat";' +
  '"Novembre Prévisionnel";"Novembre Réel";"Novembre Achat";' +
  '"Décembre Prévisionnel";"Décembre Réel";"Décembre Achat";' +
  '"Total Prévisionnel";"Total Réel";"Total Achat";"Marge"\r\n';

describe('client CSV', () => {
  it('writes BOM, quoted `;` cells, decimal commas, the formula guard and CRLF, byte for byte', () => {
    const poles = [
      makePole('Référencement', [
        makeLine('Netlinking', {
          // January: cents and whole euros; February: negatives, and 0.1 + 0.2 which must read 0,30.
          previsionnel: [1234.5, -50],
          reel: [1000, -0.05],
          achat: [250.25, 0.1 + 0.2],
        }),
      ]),
      makePole('Vide'), // a pole without lines gives no row
      makePole('Pôle maison', [makeLine('=Dupont "père"; fils', { achat: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 12] })]),
    ];

    const file = clientCsvFile('=Dupont "père"; fils', 2027, poles, new Date(2026, 0, 5, 23, 59));

    expect(file).not.toBeNull();
    expect(file!.fileName).toBe('budget-Dupont-père-fils-2027-2026-01-05.csv');
    expect(file!.mimeType).toBe('text/csv;charset=utf-8');
    expect(file!.text).toBe(
      BOM +
        HEADER +
        '"Référencement";"Netlinking";"1234,50";"1000";"250,25";"-50";"-0,05";"0,30";' +
        zeros(30) +
        '"1184,50";"999,95";"250,55";"749,40"\r\n' +
        `"Pôle maison";"'=Dupont ""père""; fils";` +
        zeros(33) +
        '"0";"0";"12";' +
        '"0";"0";"12";"-12"\r\n',
    );
  });

  it.each([
    ['no pole', []],
    ['poles without lines', [makePole('Paid'), makePole('SEO/GEO')]],
  ])('gives no file for a client with %s', (_label, poles) => {
    expect(clientCsvFile('Acme', 2026, poles, new Date(2026, 0, 5))).toBeNull();
  });

  it.each([
    ['Acme', 2026, 'budget-Acme-2026-2026-12-31.csv'],
    ['Acme', 2027, 'budget-Acme-2027-2026-12-31.csv'],
    ['Équipe Zèbre & Cie', 2025, 'budget-Équipe-Zèbre--Cie-2025-2026-12-31.csv'],
    ['a/b:c', 2100, 'budget-abc-2100-2026-12-31.csv'],
  ])('names the file of %j in %i %j (exercice, then the local date)', (name, year, expected) => {
    expect(clientCsvFileName(name, year, new Date(2026, 11, 31, 0, 0))).toBe(expected);
  });

  it('heads a September year’s months by their calendar names, in fiscal order (docs/product.md#fiscal-years)', () => {
    const header = clientCsvHeader({ fiscalYearStartMonth: 9, yearNaming: 'end' }, 2026);
    expect(header.slice(2, 6)).toEqual([
      'Septembre 2025 Prévisionnel',
      'Septembre 2025 Réel',
      'Septembre 2025 Achat',
      'Octobre 2025 Prévisionnel',
    ]);
    expect(header.at(-5)).toBe('Août 2026 Achat');
    expect(CLIENT_CSV_HEADER.slice(2, 4)).toEqual(['Janvier Prévisionnel', 'Janvier Réel']);
  });
});
