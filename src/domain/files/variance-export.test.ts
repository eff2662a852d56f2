import { describe, expect, it } from 'vitest';
import { centsFixture, SEPTEMBER_YEAR } from '../testing/builders';
import type { VarianceData } from '../variance';
import { varianceCsv, varianceFileName, varianceWorkbook } from './variance-export';

const side = (ca: number, mb: number) => ({ ca, mb });
const answer = centsFixture<VarianceData>({
  version: { id: 1, name: 'Budget initial' },
  cutoff: { month: 2, source: 'closed' },
  clients: [
    {
      clientId: 'a',
      name: 'Alpha',
      reference: side(120_000, 50_000),
      actual: side(80_000, 20_000),
      gap: -30_000,
      volume: -16_667,
      rate: -13_333,
      needsJustification: true,
      justification: null,
    },
    {
      clientId: 'b',
      name: 'Bêta',
      reference: side(300, 100),
      actual: side(901, 651),
      gap: 551,
      volume: 200,
      rate: 351,
      needsJustification: true,
      justification: { commentId: 4, text: 'Nouveau pôle Data', authorName: 'Camille', at: '2046-04-02T08:00:00.000Z' },
    },
  ],
  poles: [
    {
      name: 'Paid',
      reference: side(120_300, 50_100),
      actual: side(80_901, 20_651),
      gap: -29_449,
      volume: -16_408,
      rate: -13_041,
    },
  ],
  total: {
    reference: side(120_300, 50_100),
    actual: side(80_901, 20_651),
    gap: -29_449,
    volume: -16_408,
    rate: -13_041,
  },
});

describe('variance exports', () => {
  it('CSV: title, header, clients, poles, TOTAL; amounts with a decimal comma; the justification or « À justifier »', () => {
    expect(varianceCsv(answer, 2046).split('\r\n')).toEqual([
      '\uFEFF"Analyse des écarts 2046 contre « Budget initial », à fin mars"',
      '"Type";"Nom";"CA référence";"MB référence";"CA réel";"MB réelle";"Écart MB";"Effet volume";"Effet taux";"Justification"',
      '"Client";"Alpha";"1200";"500";"800";"200";"-300";"-166,67";"-133,33";"À justifier"',
      '"Client";"Bêta";"3";"1";"9,01";"6,51";"5,51";"2";"3,51";"Nouveau pôle Data"',
      '"Pôle";"Paid";"1203";"501";"809,01";"206,51";"-294,49";"-164,08";"-130,41";""',
      '"TOTAL";"TOTAL";"1203";"501";"809,01";"206,51";"-294,49";"-164,08";"-130,41";""',
      '',
    ]);
  });

  it('workbook: one sheet `Écarts`, amounts in cents for the euro format, TOTAL in bold', () => {
    const wb = varianceWorkbook(answer, 2046, 'tous-clients', new Date(2046, 3, 2));
    expect(wb.fileName).toBe('ecarts-tous-clients-2046-2046-04-02.xlsx');
    const sheet = wb.sheets[0]!;
    expect(sheet.name).toBe('Écarts');
    expect(sheet.rows).toHaveLength(6);
    expect(sheet.rows[2]![7]).toEqual({ kind: 'amount', cents: -16_667 });
    expect(sheet.rows[5]![0]).toEqual({ kind: 'text', value: 'TOTAL', bold: true });
    expect(varianceFileName('Alpha', 2046, new Date(2046, 0, 9), 'csv')).toBe('ecarts-Alpha-2046-2046-01-09.csv');
  });
});

describe('variance exports in a September year (docs/product.md#fiscal-years)', () => {
  it('names the cut-off month with its calendar year: position 2 of 2046 is November 2045', () => {
    const title = '"Analyse des écarts 2046 contre « Budget initial », à fin novembre 2045"';
    expect(varianceCsv(answer, 2046, SEPTEMBER_YEAR).split('\r\n')[0]).toBe(`\uFEFF${title}`);
    const wb = varianceWorkbook(answer, 2046, 'tous-clients', new Date(2046, 3, 2), SEPTEMBER_YEAR);
    expect(wb.sheets[0]!.rows[0]![0]).toEqual({ kind: 'text', value: title.slice(1, -1), bold: true });
  });
});
