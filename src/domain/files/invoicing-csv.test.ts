import { describe, expect, it } from 'vitest';
import { makeClient, makeLine, makePole } from '../testing/builders';
import type { BudgetData, Client, Pole } from '../model';
import type { ExportFile } from './export-file';
import { invoicingCsvFile, invoicingExport } from './invoicing-csv';
import type { Workbook } from './workbook';

/** A pole invoiced in these months (0–11). */
function invoiced(pole: Pole, months: number[]): Pole {
  return { ...pole, facture: pole.facture.map((_, m) => months.includes(m)) };
}

/** Clients and their budgets, in the order given (the builder sorts by name itself). */
function data(entries: [Client, Pole[]][]): { clients: Client[]; budgetData: BudgetData } {
  return {
    clients: entries.map(([c]) => c),
    budgetData: Object.fromEntries(entries.map(([c, poles]) => [c.id, poles])),
  };
}

const NOW = new Date(2026, 0, 5, 9, 30);

describe('invoicing CSV', () => {
  it('writes the header lines, one block per invoiced client by name, RFC 4180 quoting and CRLF, byte for byte', () => {
    const { clients, budgetData } = data([
      [
        makeClient('Zèbre'),
        // Invoiced, but without lines: no row, so no block.
        [invoiced(makePole('SEO/GEO'), [5]), makePole('Paid', [makeLine('Google Ads – Search', { reel: [5] })])],
      ],
      [
        makeClient('=Dupont "père"; fils'),
        [
          invoiced(
            makePole('Paid', [
              makeLine('Google Ads – Search', { reel: [1234.5, 0, 100], achat: [-0.05] }),
              makeLine('Meta Ads (Facebook & Instagram)', { reel: [0.1 + 0.2], achat: [0, 0, 0] }),
            ]),
            [2, 0],
          ),
          invoiced(makePole('Data, "BI"', [makeLine('Tableaux de bord', { reel: [0, 10] })]), [1]),
        ],
      ],
      [makeClient('Alpha'), [makePole('Paid', [makeLine('Google Ads – Search', { reel: [99] })])]],
      [
        makeClient('Été'),
        [
          invoiced(
            makePole('Client (Conseil & Accompagnement Général)', [
              makeLine('Conseil stratégique', {
                reel: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -250],
                achat: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 99.99],
              }),
            ]),
            [11],
          ),
        ],
      ],
    ]);

    const file = invoicingCsvFile(clients, budgetData, 2025, NOW);

    const dupont = `"'=Dupont ""père""; fils"`;
    expect(file).not.toBeNull();
    expect(file!.fileName).toBe('facturation-2025-2026-01-05.csv');
    expect(file!.mimeType).toBe('text/csv;charset=utf-8');
    expect(file!.text).toBe(
      '\uFEFFExport facturation\r\n' +
        "Date d'export,05/01/2026\r\n" +
        '\r\n' +
        'Client,Pôle,Ligne Budgétaire,Mois,Réel,Achat\r\n' +
        `${dupont},Paid,Google Ads – Search,Janvier,1234.50,-0.05\r\n` +
        `${dupont},Paid,Meta Ads (Facebook & Instagram),Janvier,0.30,0\r\n` +
        `${dupont},Paid,Google Ads – Search,Mars,100,0\r\n` +
        `${dupont},Paid,Meta Ads (Facebook & Instagram),Mars,0,0\r\n` +
        `${dupont},"Data, ""BI""",Tableaux de bord,Février,10,0\r\n` +
        '\r\n' +
        'Client,Pôle,Ligne Budgétaire,Mois,Réel,Achat\r\n' +
        'Été,Client (Conseil & Accompagnement Général),Conseil stratégique,Décembre,-250,99.99\r\n' +
        '\r\n',
    );
  });

  it.each([
    ['no client', data([])],
    [
      'no invoiced month',
      data([[makeClient('Acme'), [makePole('Paid', [makeLine('Google Ads – Search', { reel: [10] })])]]]),
    ],
    ['invoiced poles without lines only', data([[makeClient('Acme'), [invoiced(makePole('Paid'), [0, 1])]]])],
    ['a client missing from budgetData', { clients: [makeClient('Acme')], budgetData: {} }],
  ])('gives no file with %s', (_label, { clients, budgetData }) => {
    expect(invoicingCsvFile(clients, budgetData, 2026, NOW)).toBeNull();
  });
});

describe('invoicing dialog formats (docs/product.md#invoicing-export)', () => {
  const acme = makeClient('Acme');
  const zen = makeClient('Zen');
  const { clients, budgetData } = data([
    [
      acme,
      [
        invoiced(
          makePole('Paid', [
            makeLine('Search', { reel: [1234.5, 10], achat: [-0.05] }),
            makeLine('Meta', { reel: [0, 0], achat: [0, 0] }),
          ]),
          [0, 1],
        ),
      ],
    ],
    [zen, [invoiced(makePole('Data', [makeLine('Audit', { reel: [0, 7] })]), [1])]],
  ]);
  const base = { clients, budgetData, year: 2025, now: NOW, months: null };

  it('writes SPEC’s CSV by default with every month and client: the button’s format, zero rows kept', () => {
    const file = invoicingExport({ ...base, format: 'csv' }) as ExportFile;
    expect(file.fileName).toBe('facturation-2025-2026-01-05.csv');
    expect(file.text).toBe(
      '\uFEFFExport facturation\r\n' +
        "Date d'export,05/01/2026\r\n" +
        '\r\n' +
        'Client,Pôle,Ligne Budgétaire,Mois,Réel,Achat\r\n' +
        'Acme,Paid,Search,Janvier,1234.50,-0.05\r\n' +
        'Acme,Paid,Meta,Janvier,0,0\r\n' +
        'Acme,Paid,Search,Février,10,0\r\n' +
        'Acme,Paid,Meta,Février,0,0\r\n' +
        '\r\n' +
        'Client,Pôle,Ligne Budgétaire,Mois,Réel,Achat\r\n' +
        'Zen,Data,Audit,Février,7,0\r\n' +
        '\r\n',
    );
  });

  it('names the months of a September year by their calendar names, in fiscal order (docs/product.md#fiscal-years)', () => {
    const fiscal = { fiscalYearStartMonth: 9, yearNaming: 'end' } as const;
    const file = invoicingExport({
      ...base,
      clients: [zen],
      months: new Set([1]),
      format: 'csv',
      fiscal,
    }) as ExportFile;
    expect(file.text).toContain('Zen,Data,Audit,Octobre 2024,7,0\r\n');
  });

  it('keeps only the months and clients chosen', () => {
    const file = invoicingExport({ ...base, clients: [zen], months: new Set([1]), format: 'csv' }) as ExportFile;
    expect(file.text).toBe(
      '\uFEFFExport facturation\r\n' +
        "Date d'export,05/01/2026\r\n" +
        '\r\n' +
        'Client,Pôle,Ligne Budgétaire,Mois,Réel,Achat\r\n' +
        'Zen,Data,Audit,Février,7,0\r\n' +
        '\r\n',
    );
    expect(invoicingExport({ ...base, clients: [zen], months: new Set([0]), format: 'csv' })).toBeNull();
  });

  it('writes the CSV for French Excel: `;`, every value quoted, decimal comma, BOM, CRLF, no zero rows', () => {
    const file = invoicingExport({ ...base, months: new Set([0]), format: 'csv-fr' }) as ExportFile;
    expect(file.fileName).toBe('facturation-2025-2026-01-05-excel.csv');
    expect(file.text).toBe(
      '\uFEFF"Export facturation"\r\n' +
        '"Date d\'export";"05/01/2026"\r\n' +
        '\r\n' +
        '"Client";"Pôle";"Ligne Budgétaire";"Mois";"Réel";"Achat"\r\n' +
        '"Acme";"Paid";"Search";"Janvier";"1234,50";"-0,05"\r\n' +
        '\r\n',
    );
  });

  it('writes the .xlsx: one table without zero rows, a Marge formula per row and a TOTAL of SUMs', () => {
    const book = invoicingExport({ ...base, format: 'xlsx' }) as Workbook;
    expect(book.fileName).toBe('facturation-2025-2026-01-05.xlsx');
    const rows = book.sheets[0]!.rows.map((r) =>
      r.map((c) =>
        c === null
          ? null
          : c.kind === 'text'
            ? c.value
            : c.kind === 'formula'
              ? `=${c.formula} → ${c.cents}`
              : 'cents' in c
                ? c.cents
                : c.value,
      ),
    );
    expect(rows).toEqual([
      ['Client', 'Pôle', 'Ligne Budgétaire', 'Mois', 'Réel', 'Achat', 'Marge'],
      ['Acme', 'Paid', 'Search', 'Janvier', 123450, -5, '=E2-F2 → 123455'],
      ['Acme', 'Paid', 'Search', 'Février', 1000, 0, '=E3-F3 → 1000'],
      ['Zen', 'Data', 'Audit', 'Février', 700, 0, '=E4-F4 → 700'],
      ['TOTAL', null, null, null, '=SUM(E2:E4) → 125150', '=SUM(F2:F4) → -5', '=SUM(G2:G4) → 125155'],
    ]);
    expect(book.sheets[0]!.frozenRows).toBe(1);
  });
});
