// @vitest-environment node
/**
 * The `.xlsx` written and read back with the libraries themselves (docs/product.md#excel-export,
 * docs/product.md#excel-import): formulas, formats, frozen panes and the hidden sheet in the
 * file's XML; the round trip (export, change figures, import: exactly those cells change); and
 * each bad file refused before or while reading.
 */
import { describe, expect, it } from 'vitest';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import writeExcelFile, { type Cell } from 'write-excel-file/universal';
import readXlsxFile from 'read-excel-file/universal';
import { BUDGET_HEADER, budgetWorkbook } from '@/domain/files/budget-workbook';
import { clientCsvFile } from '@/domain/files/client-csv';
import { planImport } from '@/domain/files/import-plan';
import { makeClient, makeLine, makePole } from '@/domain/testing/builders';
import { readImportFile, readWorkbookBytes } from './read';
import { workbookBlob } from './write';

const acme = { ...makeClient('Acme'), id: '11111111-1111-4111-8111-111111111111' };
const search = { ...makeLine('Google Ads – Search', { previsionnel: [0.1, 0.2], reel: [1234.56] }), id: 'a1' };
const meta = { ...makeLine('Meta Ads', { achat: [5] }), id: 'a2' };
const poles = [{ ...makePole('Paid', [search, meta]), id: 'p1' }];
const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

/** The number format code of each cell style (`s`), from styles.xml: its cellXfs and numFmts. */
function cellFormats(styles: string): (style: number) => string {
  const codes = new Map<string, string>([['0', 'General']]);
  for (const m of styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"\/>/g)) {
    codes.set(m[1]!, m[2]!.replaceAll('&quot;', '"'));
  }
  const xfs = [.../<cellXfs[^>]*>(.*?)<\/cellXfs>/.exec(styles)![1]!.matchAll(/<xf\b([^>]*)>/g)];
  return (style) => codes.get(/numFmtId="(\d+)"/.exec(xfs[style]![1]!)?.[1] ?? '0') ?? 'unknown';
}

async function exported() {
  const workbook = budgetWorkbook({
    year: 2026,
    scope: 'client',
    now: new Date(2026, 10, 23),
    clients: [{ client: acme, poles }],
  });
  return bytesOf(await workbookBlob(workbook));
}

describe('the written .xlsx', () => {
  it('holds SUM formulas with their values, the euro format, frozen panes, a hidden _ids, recalculation on load', async () => {
    const files = unzipSync(await exported());
    const workbookXml = strFromU8(files['xl/workbook.xml']!);
    expect(workbookXml).toContain('name="_ids" state="hidden"');
    expect(workbookXml).toContain('<calcPr fullCalcOnLoad="1"/>');
    const budget = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(budget).toContain('<pane ySplit="1" xSplit="3" topLeftCell="D2" activePane="bottomRight" state="frozen"/>');
    expect(budget).toMatch(/<c r="D2" s="\d+"><f>SUM\(D3:D4\)<\/f><v>0.10<\/v><\/c>/);
    expect(budget).toMatch(/<c r="BE3" s="\d+"><f>BB3-BC3<\/f><v>1234\.56<\/v><\/c>/);
  });

  it('gives every amount and formula cell the euro number format, and no name cell', async () => {
    const files = unzipSync(await exported());
    const budget = strFromU8(files['xl/worksheets/sheet1.xml']!);
    const format = cellFormats(strFromU8(files['xl/styles.xml']!));
    const formatOf = (ref: string) => format(Number(new RegExp(`<c r="${ref}" s="(\\d+)"`).exec(budget)![1]));
    // D3 an amount (0,10 €), D2 a pole subtotal, BE3 a margin, F4 a zero amount; A2, C3 names.
    expect(['D3', 'D2', 'BE3', 'F4', 'A2', 'C3'].map(formatOf)).toEqual([
      '#,##0.00 "€"',
      '#,##0.00 "€"',
      '#,##0.00 "€"',
      '#,##0.00 "€"',
      'General',
      'General',
    ]);
  });
});

/** The import of the exported workbook with F3 set to 1500.1 and K4 to 0.3: those two cells, exactly. */
function expectOnlyTheTwoEdits(file: Awaited<ReturnType<typeof readWorkbookBytes>>) {
  const plan = planImport(file, { clients: [acme], budgetData: { [acme.id]: poles }, closedMonths: new Set() });
  expect(plan.newLines).toEqual([]);
  expect(plan.skipped).toEqual([]);
  expect(plan.cells.map((c) => [c.line, c.month, c.field, c.old, c.new])).toEqual([
    ['Google Ads – Search', 0, 'reel', 123456, 150010],
    ['Meta Ads', 1, 'achat', 0, 30],
  ]);
}

describe('round trip', () => {
  it('export, change two figures as Excel would, import: exactly those cells change', async () => {
    const files = unzipSync(await exported());
    let sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    // F3 = Janvier Réel of Google Ads – Search (1234.56 → 1500.1); K4 = Février Achat réel of Meta Ads (0 → 0.3).
    sheet = sheet.replace(/(<c r="F3"[^>]*>)<v>1234.56<\/v>/, '$1<v>1500.0999999999999</v>');
    sheet = sheet.replace(/(<c r="K4"[^>]*>)<v>0<\/v>/, '$1<v>0.30000000000000004</v>');
    files['xl/worksheets/sheet1.xml'] = strToU8(sheet);
    expectOnlyTheTwoEdits(await readWorkbookBytes(zipSync(files)));
  });
});

describe('round trip through the libraries', () => {
  it('read every sheet with read-excel-file, change two figures, write it again with write-excel-file, import: exactly those cells change', async () => {
    // What a user's spreadsheet program does: open the file, edit two cells, save a new file (formulas
    // become their values here, the hidden sheet stays).
    const sheets = await readXlsxFile((await exported()).slice().buffer);
    expect(sheets.map((s) => s.sheet)).toEqual(['Budget', 'Marges mensuelles', 'Données', '_ids']);
    const budget = sheets[0]!.data;
    expect(budget[2]![5]).toBe(1234.56); // F3: Janvier Réel of Google Ads – Search
    budget[2]![5] = 1500.1;
    expect(budget[3]![10]).toBe(0); // K4: Février Achat réel of Meta Ads
    budget[3]![10] = 0.1 + 0.2;
    const rewritten = await writeExcelFile(
      sheets.map(({ sheet, data }) => ({
        sheet,
        data: data.map((row) =>
          row.map((value): Cell => (value === null ? null : { value: value as string | number })),
        ),
      })),
    ).toBlob();
    expectOnlyTheTwoEdits(await readWorkbookBytes(await bytesOf(rewritten)));
  });
});

describe('a September year (docs/product.md#fiscal-years, ADR 060)', () => {
  const SEPTEMBER = { fiscalYearStartMonth: 9, yearNaming: 'end' } as const;
  const exportedIn = async (fiscal: typeof SEPTEMBER | undefined) =>
    bytesOf(
      await workbookBlob(
        budgetWorkbook({
          year: 2026,
          scope: 'client',
          now: new Date(2026, 10, 23),
          clients: [{ client: acme, poles }],
          fiscal,
        }),
      ),
    );

  it("names every sheet's months by the fiscal year, in fiscal order", async () => {
    const sheets = await readXlsxFile((await exportedIn(SEPTEMBER)).slice().buffer);
    const [budget, monthly, data] = sheets.map((sheet) => sheet.data);
    expect(budget![0]!.slice(3, 8)).toEqual([
      'Septembre 2025 Prévisionnel',
      'Septembre 2025 Achat prévisionnel',
      'Septembre 2025 Réel',
      'Septembre 2025 Achat réel',
      'Octobre 2025 Prévisionnel',
    ]);
    expect(budget![0]![3 + 11 * 4]).toBe('Août 2026 Prévisionnel');
    expect(monthly![0]!.slice(2, 5)).toEqual([
      'Septembre 2025 MB prévisionnelle',
      'Septembre 2025 MB réelle',
      'Septembre 2025 Facturé',
    ]);
    // Données: 1 234,56 € of actual sales in the year's first month, September 2025.
    expect(data!.find((row) => row[6] === 1234.56)?.slice(4, 6)).toEqual(['Septembre 2025', 'Réel']);
  });

  it('imports back into the same year with the same setting: exactly the two changed cells', async () => {
    const files = unzipSync(await exportedIn(SEPTEMBER));
    let sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    sheet = sheet.replace(/(<c r="F3"[^>]*>)<v>1234.56<\/v>/, '$1<v>1500.1</v>');
    sheet = sheet.replace(/(<c r="K4"[^>]*>)<v>0<\/v>/, '$1<v>0.3</v>');
    files['xl/worksheets/sheet1.xml'] = strToU8(sheet);
    expectOnlyTheTwoEdits(await readWorkbookBytes(zipSync(files), { fiscal: SEPTEMBER, year: 2026 }));
  });

  it.each([
    [
      'a calendar file into a September year',
      undefined,
      { fiscal: SEPTEMBER, year: 2026 },
      'Septembre 2025 Prévisionnel',
      'Janvier Prévisionnel',
    ],
    [
      'a September file into a calendar year',
      SEPTEMBER,
      { fiscal: { fiscalYearStartMonth: 1, yearNaming: 'end' } as const, year: 2026 },
      'Janvier Prévisionnel',
      'Septembre 2025 Prévisionnel',
    ],
    [
      'a September file into the next year',
      SEPTEMBER,
      { fiscal: SEPTEMBER, year: 2027 },
      'Septembre 2026 Prévisionnel',
      'Septembre 2025 Prévisionnel',
    ],
  ])(
    'refuses %s, naming the header expected and found (its months would land on others)',
    async (_, written, target, expected, found) => {
      await expect(readWorkbookBytes(await exportedIn(written), target)).rejects.toThrow(
        `Feuille « Budget », ligne 1, colonne D : en-tête « ${expected} » attendu, « ${found} » trouvé.`,
      );
    },
  );

  it('a calendar year still imports a file written before the setting existed (any year: its headers carry none)', async () => {
    const file = await readWorkbookBytes(await exportedIn(undefined), {
      fiscal: { fiscalYearStartMonth: 1, yearNaming: 'end' },
      year: 2031,
    });
    expect(file.lines.map((l) => l.line)).toEqual(['Google Ads – Search', 'Meta Ads']);
  });

  it('the client CSV goes back into its September year too, and not into a calendar one', async () => {
    const bytes = strToU8(clientCsvFile('Acme', 2026, poles, new Date(2026, 10, 23), SEPTEMBER)!.text);
    const read = await readImportFile('acme.csv', bytes, { fiscal: SEPTEMBER, year: 2026 });
    expect(read.lines[0]!.figures.reel![0]).toBe(123456);
    await expect(readImportFile('acme.csv', bytes)).rejects.toThrow(
      'en-tête « Janvier Prévisionnel » attendu, « Septembre 2025 Prévisionnel » trouvé.',
    );
  });
});

describe('the sheet Commentaires (docs/product.md#excel-export)', () => {
  it('holds one row per comment: line, month, author, date, text, resolved; and the import ignores it', async () => {
    const comment = {
      clientName: 'Acme',
      lineId: 'a1',
      lineName: 'Google Ads – Search',
      poleName: 'Paid',
      month: 2,
      field: 'reel' as const,
      authorName: 'Camille Martin',
      at: '2026-03-05T08:07:00.000Z',
      text: 'Ce chiffre vient du devis v2',
      resolved: false,
    };
    const workbook = budgetWorkbook({
      year: 2026,
      scope: 'client',
      now: new Date(2026, 10, 23),
      clients: [{ client: acme, poles }],
      comments: [
        comment,
        {
          ...comment,
          lineId: null,
          lineName: null,
          poleName: null,
          month: null,
          field: null,
          text: 'Avoir Meta attendu',
          resolved: true,
        },
        { ...comment, lineId: 'gone', lineName: null, poleName: null, text: '=1+1' },
      ],
    });
    const bytes = await bytesOf(await workbookBlob(workbook));
    const sheets = await readXlsxFile(bytes.slice().buffer);
    expect(sheets.map((s) => s.sheet)).toEqual(['Budget', 'Marges mensuelles', 'Données', '_ids', 'Commentaires']);
    expect(sheets[4]!.data).toEqual([
      ['Client', 'Ligne', 'Mois', 'Mesure', 'Auteur', 'Date', 'Texte', 'Résolu'],
      [
        'Acme',
        'Paid › Google Ads – Search',
        'Mars',
        'Réel',
        'Camille Martin',
        '5 mars 2026 à 09:07',
        'Ce chiffre vient du devis v2',
        'Non',
      ],
      ['Acme', 'Client-exercice', null, null, 'Camille Martin', '5 mars 2026 à 09:07', 'Avoir Meta attendu', 'Oui'],
      ['Acme', 'ligne supprimée', 'Mars', 'Réel', 'Camille Martin', '5 mars 2026 à 09:07', '=1+1', 'Non'],
    ]);
    // Text, never a formula.
    expect(strFromU8(unzipSync(bytes)['xl/worksheets/sheet4.xml']!)).not.toContain('<f>');
    expect((await readWorkbookBytes(bytes)).lines).toHaveLength(2);
  });

  it('in the all-clients workbook: every client’s comments, the client named, by client then oldest first', async () => {
    // As GET /api/comments/all answers (ADR 063): oldest first across clients.
    const bravo = { ...makeClient('Bêta'), id: '22222222-2222-4222-8222-222222222222' };
    const base = {
      lineId: null,
      lineName: null,
      poleName: null,
      month: null,
      field: null,
      authorName: 'Camille Martin',
      at: '2026-03-05T08:07:00.000Z',
      resolved: false,
    };
    const workbook = budgetWorkbook({
      year: 2026,
      scope: 'all',
      now: new Date(2026, 10, 23),
      clients: [
        { client: acme, poles },
        { client: bravo, poles: [] },
      ],
      comments: [
        { ...base, clientName: 'Bêta', text: 'Devis v2 signé' },
        { ...base, clientName: 'Acme', text: 'Avoir Meta attendu' },
        { ...base, clientName: 'Acme', text: 'Vu', resolved: true },
      ],
    });
    const sheets = await readXlsxFile((await bytesOf(await workbookBlob(workbook))).slice().buffer);
    const sheet = sheets.find((s) => s.sheet === 'Commentaires')!;
    expect(sheet.data.map((row) => [row[0], row[1], row[6], row[7]])).toEqual([
      ['Client', 'Ligne', 'Texte', 'Résolu'],
      ['Acme', 'Client-exercice', 'Avoir Meta attendu', 'Non'],
      ['Acme', 'Client-exercice', 'Vu', 'Oui'],
      ['Bêta', 'Client-exercice', 'Devis v2 signé', 'Non'],
    ]);
  });
});

describe('bad files', () => {
  const refused = (name: string, bytes: Uint8Array) => readImportFile(name, bytes);

  it('refuses a file that is not a workbook', async () => {
    await expect(refused('budget.xlsx', strToU8('bonjour'))).rejects.toThrow(
      "Ce fichier n'est ni un classeur Excel (.xlsx) ni un CSV exporté par l'outil.",
    );
  });

  it('refuses a file of 50 MB before reading it', async () => {
    await expect(refused('gros.xlsx', new Uint8Array(50 * 1024 * 1024))).rejects.toThrow(
      /^Fichier refusé : 50 Mo, au plus 40 Mo\.$/,
    );
  });

  it('refuses a zip bomb by its directory, before inflating anything', async () => {
    // An entry declaring 300 MB (as 300 MB of zeros deflated to 300 kB would): 1 MB of zeros,
    // its directory entry then saying 300 MB (deflating 300 MB in a test takes too long).
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(1024 * 1024) }, { level: 9 });
    const view = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
    let entry = bomb.length - 22;
    while (view.getUint32(entry, true) !== 0x02014b50) entry--;
    view.setUint32(entry + 24, 300 * 1024 * 1024, true);
    expect(bomb.length).toBeLessThan(10 * 1024);
    await expect(refused('bombe.xlsx', bomb)).rejects.toThrow(/une fois décompressé, il ferait plus de 200 Mo/);
  });

  it('refuses a renamed sheet, naming the sheets found', async () => {
    const blob = await writeExcelFile([{ data: [['Client']], sheet: 'Budget 2026' }]).toBlob();
    await expect(refused('x.xlsx', await bytesOf(blob))).rejects.toThrow(
      'Feuille « Budget » introuvable (renommée ?) ; le classeur a : « Budget 2026 ».',
    );
  });

  it.each([
    [
      'text',
      { value: 'abc', type: String },
      "Feuille « Budget », ligne 2, colonne F (Janvier Réel) : « abc » n'est pas un montant.",
    ],
    [
      'a date',
      { value: new Date(Date.UTC(2026, 0, 15)), type: Date, format: 'dd/mm/yyyy' },
      "Feuille « Budget », ligne 2, colonne F (Janvier Réel) : une date (2026-01-15) à la place d'un montant.",
    ],
  ] as const)(
    'refuses %s in an amount cell of a real .xlsx, naming sheet, row and column',
    async (_label, cell, message) => {
      const row: Cell[] = BUDGET_HEADER.map((_, i) =>
        i < 3 ? { value: ['Acme', 'Paid', 'Search'][i]!, type: String } : null,
      );
      row[5] = cell;
      const blob = await writeExcelFile([
        { data: [BUDGET_HEADER.map((h) => ({ value: h, type: String })), row], sheet: 'Budget' },
      ]).toBlob();
      await expect(refused('budget.xlsx', await bytesOf(blob))).rejects.toThrow(message);
    },
  );

  it('refuses formulas without computed values (a file written by a script), naming the first', async () => {
    const header = (await readWorkbookBytes(await exported())).lines.length;
    expect(header).toBe(2);
    const files = unzipSync(await exported());
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!).replace(
      /(<c r="D3"[^>]*?)( t="\w+")?>(<v>[^<]*<\/v>)/,
      '$1><f>D4*2</f>',
    );
    files['xl/worksheets/sheet1.xml'] = strToU8(sheet);
    await expect(readWorkbookBytes(zipSync(files))).rejects.toThrow(
      'Feuille « Budget », ligne 3, colonne D (Janvier Prévisionnel) : une formule sans valeur calculée (« =D4*2 »)',
    );
  });

  describe('a sheet reaching past the limits, refused before read-excel-file builds its grid', () => {
    // read-excel-file 9.3.17 adds an empty row up to each row number and pads every row to the
    // furthest filled column: one cell at XFD1048576 would be a grid of 17 billion cells.
    const BEYOND =
      "au-delà des limites de l'import, au plus 50\u202f001 lignes et 100 colonnes (A à CV) ; supprimez les lignes et colonnes en trop.";
    const before = (tag: string, xml: string) => (sheet: string) => sheet.replace(tag, `${xml}${tag}`);
    it.each([
      [
        'a cell at row 1,048,576',
        'sheet1',
        before('</sheetData>', '<row><c r="A1048576"><v>1</v></c></row>'),
        `Feuille « Budget », ligne 1048576, colonne A : ${BEYOND}`,
      ],
      [
        'a cell at column XFD',
        'sheet1',
        before('</sheetData>', '<row r="6"><c r="XFD6"><v>1</v></c></row>'),
        `Feuille « Budget », ligne 6, colonne XFD : ${BEYOND}`,
      ],
      [
        'a prefixed cell, its reference in single quotes',
        'sheet1',
        before('</sheetData>', '<row r="6"><x:c x:r=\'XFD6\'><x:v>1</x:v></x:c></row>'),
        `Feuille « Budget », ligne 6, colonne XFD : ${BEYOND}`,
      ],
      [
        'an empty row numbered 1,048,576',
        'sheet1',
        before('</sheetData>', '<row r="1048576"/>'),
        `Feuille « Budget », ligne 1048576 : ${BEYOND}`,
      ],
      [
        'a declared dimension A1:XFD1048576',
        'sheet1',
        before('<sheetData>', '<dimension ref="A1:XFD1048576"/>'),
        `Feuille « Budget » : sa zone utilisée déclarée (« A1:XFD1048576 ») dépasse les limites de l'import, ${BEYOND.slice(BEYOND.indexOf('au plus'))}`,
      ],
      [
        'a reference Excel does not write (1e9 as a row)',
        'sheet1',
        before('</sheetData>', '<row><c r="A1e9"><v>1</v></c></row>'),
        'Feuille « Budget » : référence de cellule illisible (« A1e9 »).',
      ],
      [
        'a cell at XFD1048576 in the hidden _ids',
        'sheet4',
        before('</sheetData>', '<row><c r="XFD1048576"><v>1</v></c></row>'),
        `Feuille « _ids », ligne 1048576, colonne XFD : ${BEYOND}`,
      ],
    ])('refuses %s', async (_label, sheet, edit, message) => {
      const files = unzipSync(await exported());
      const path = `xl/worksheets/${sheet}.xml`;
      files[path] = strToU8(edit(strFromU8(files[path]!)));
      const bomb = zipSync(files, { level: 9 });
      expect(bomb.length).toBeLessThan(20 * 1024);
      await expect(readWorkbookBytes(bomb)).rejects.toThrow(message);
    });

    it('reads a sheet that stays within them (a note in column CV, row 8)', async () => {
      const files = unzipSync(await exported());
      files['xl/worksheets/sheet1.xml'] = strToU8(
        before(
          '</sheetData>',
          '<row r="8"><c r="CV8" t="inlineStr"><is><t>note</t></is></c></row>',
        )(strFromU8(files['xl/worksheets/sheet1.xml']!)),
      );
      expect((await readWorkbookBytes(zipSync(files))).lines.map((l) => l.line)).toEqual([
        'Google Ads – Search',
        'Meta Ads',
      ]);
    });
  });

  it('refuses 200,000 rows before parsing them', async () => {
    const files = unzipSync(await exported());
    const rows = Array.from({ length: 200_000 }, (_, i) => `<row r="${i + 5}"/>`).join('');
    files['xl/worksheets/sheet1.xml'] = strToU8(
      strFromU8(files['xl/worksheets/sheet1.xml']!).replace('</sheetData>', `${rows}</sheetData>`),
    );
    await expect(readWorkbookBytes(zipSync(files))).rejects.toThrow(
      /^Feuille « Budget », ligne 50002 : trop de lignes \(200\s004\) ; au plus 50\s000\.$/,
    );
  });
});
