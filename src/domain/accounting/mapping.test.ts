import { describe, expect, it } from 'vitest';
import { CentsOverflowError, eurosToCents, sumCents, type Cents } from '../money';
import { MONTH_COUNT } from '../months';
import { FEC_FIELDS } from './fec-reader';
import { coverageShare, mapFec, shareByLargestRemainder, type CoverageFigures } from './mapping';
import { mappingDocument, type MappingDocumentInput } from './mapping-schema';
import type { FecFile, FecLine, ForecastLine, MappingResult } from './types';

const YEAR = 2026;
const DUPONT = '0b7f3c1e-8d2a-4c55-9f0e-1a2b3c4d5e6f';
const MARTIN = '5d1c9a70-3e4b-4f2a-8c6d-7e8f9a0b1c2d';

/** The 18 fields of a FEC and one extra column, as a producer may write them. */
const COLUMNS = [...FEC_FIELDS, 'Code_Analytique'];

interface LineSpec {
  account: string;
  /** Euros. */
  debit?: number;
  /** Euros. */
  credit?: number;
  /** `AAAAMMJJ`; default 15 March of YEAR. */
  date?: string;
  pieceDate?: string;
  journal?: string;
  thirdParty?: string;
  thirdPartyName?: string;
  label?: string;
  analytic?: string;
}

let lineNo = 1;
/** A ledger line as the reader would give it. */
function fecLine(spec: LineSpec): FecLine {
  lineNo += 1;
  const line = {
    lineNo,
    journal: spec.journal ?? 'VT',
    entryNum: String(lineNo),
    entryDate: spec.date ?? `${YEAR}0315`,
    pieceDate: spec.pieceDate ?? '',
    account: spec.account,
    accountLabel: '',
    label: spec.label ?? '',
    debit: eurosToCents(spec.debit ?? 0),
    credit: eurosToCents(spec.credit ?? 0),
    thirdParty: spec.thirdParty ?? '',
    thirdPartyName: spec.thirdPartyName ?? '',
  };
  const values = [
    line.journal,
    '',
    line.entryNum,
    line.entryDate,
    line.account,
    '',
    line.thirdParty,
    line.thirdPartyName,
    '',
    line.pieceDate,
    line.label,
    String(spec.debit ?? 0),
    String(spec.credit ?? 0),
    '',
    '',
    '',
    '',
    '',
    spec.analytic ?? '',
  ];
  return { ...line, values };
}

function fec(specs: LineSpec[], columns: readonly string[] = COLUMNS): FecFile {
  return { columns, separator: '\t', encoding: 'utf-8', lines: specs.map(fecLine) };
}

const mapping = (input: MappingDocumentInput) => mappingDocument.parse(input);

/** Twelve monthly amounts in cents from up to 12 euro amounts. */
const months = (euros: readonly number[] = []): Cents[] =>
  Array.from({ length: MONTH_COUNT }, (_, m) => eurosToCents(euros[m] ?? 0));
const MARCH = 2;
/** A forecast line whose March figures are given in euros. */
function forecastLine(pole: string, line: string, sales: number, purchases = 0): ForecastLine {
  const march = (value: number) => months(Array.from({ length: MARCH + 1 }, (_, m) => (m === MARCH ? value : 0)));
  return { pole, line, previsionnel: march(sales), achatPrevisionnel: march(purchases) };
}

const noForecasts = new Map<string, ForecastLine[]>();
const paid = { pole: 'Paid', line: 'Google Ads – Search' };
const seo = { pole: 'SEO', line: 'Netlinking' };

/** The mapped cells as `pole/line month field amount-in-cents`, easy to read in a table. */
const cellsOf = (result: MappingResult) =>
  result.cells.map(
    (c) => `${c.clientId === DUPONT ? 'dupont' : c.clientId}:${c.pole}/${c.line} ${c.month} ${c.field} ${c.amount}`,
  );

/** Each month: ledger = mapped + ignored + unmapped, for sales and for purchases. */
function expectBalanced(result: MappingResult) {
  for (const m of result.months) {
    expect(m.mappedSales + m.ignoredSales + m.unmappedSales).toBe(m.ledgerSales);
    expect(m.mappedPurchases + m.ignoredPurchases + m.unmappedPurchases).toBe(m.ledgerPurchases);
    expect(m.ignored).toBe(m.ignoredSales + m.ignoredPurchases);
    expect(m.unmapped).toBe(m.unmappedSales + m.unmappedPurchases);
    const cells = (field: string) =>
      sumCents(result.cells.filter((c) => c.month === m.month && c.field === field).map((c) => c.amount));
    expect(cells('reel')).toBe(m.mappedSales);
    expect(cells('achat')).toBe(m.mappedPurchases);
  }
  const unmapped = sumCents(result.unmapped.map((g) => g.amount));
  expect(unmapped).toBe(sumCents(result.months.map((m) => m.unmapped)));
}

describe('shareByLargestRemainder: exact cents, ties to the first share', () => {
  it.each([
    ['60 / 40 of 100,01 €', 10001, [6000, 4000], [6001, 4000]],
    ['60 / 40 of −100,01 € (a credit note)', -10001, [6000, 4000], [-6001, -4000]],
    ['50 / 50 of 1 cent: the tie goes to the first', 1, [5000, 5000], [1, 0]],
    ['50 / 50 of −1 cent', -1, [5000, 5000], [-1, 0]],
    ['33,33 / 33,33 / 33,34 of 1 cent: the largest remainder', 1, [3333, 3333, 3334], [0, 0, 1]],
    ['33,33 / 33,33 / 33,34 of 2 cents: then the first of the tied', 2, [3333, 3333, 3334], [1, 0, 1]],
    ['equal thirds of 1 000 €', 100000, [1, 1, 1], [33334, 33333, 33333]],
    ['zero', 0, [1, 2], [0, 0]],
    ['a weight of 0 gets nothing', 7, [0, 3, 0, 4], [0, 3, 0, 4]],
    ['one share takes all', 12345, [10000], [12345]],
    ['weights beyond 2^53 once multiplied', 99_999_999_999_999, [99_999_999_999_999, 1], [99_999_999_999_998, 1]],
  ])('%s', (_case, total, weights, expected) => {
    const parts = shareByLargestRemainder(total as Cents, weights);
    expect(parts).toEqual(expected);
    expect(sumCents(parts)).toBe(total);
  });

  it('gives in plain numbers what BigInt gives, up to 2^53 and beyond', () => {
    /** The same rule written in BigInt only: the reference. */
    const reference = (total: number, weights: number[]) => {
      const whole = weights.reduce((a, w) => a + BigInt(w), 0n);
      const magnitude = BigInt(Math.abs(total));
      const parts = weights.map((w) => (magnitude * BigInt(w)) / whole);
      const rests = weights.map((w) => (magnitude * BigInt(w)) % whole);
      let left = magnitude - parts.reduce((a, p) => a + p, 0n);
      const order = rests
        .map((_, i) => i)
        .sort((a, b) => (rests[b]! > rests[a]! ? 1 : rests[b]! < rests[a]! ? -1 : a - b));
      for (const i of order) {
        if (left === 0n) break;
        parts[i]! += 1n;
        left -= 1n;
      }
      return parts.map((p) => Number(p) * (total < 0 ? -1 : 1) + 0);
    };
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 2000; i++) {
      // Magnitudes from a few cents to 10^15 cents, so products fall on both sides of 2^53.
      const total = Math.round((random() - 0.3) * 10 ** Math.floor(random() * 16));
      const weights = Array.from({ length: 1 + Math.floor(random() * 12) }, (): number =>
        random() < 0.2 ? 0 : Math.round(random() * 10 ** Math.floor(random() * 9)),
      );
      if (!weights.some((w) => w > 0)) weights[0] = 1;
      expect(shareByLargestRemainder(total as Cents, weights)).toEqual(reference(total, weights));
    }
  });

  it.each([[[]], [[0, 0]], [[3, -1]], [[1.5]]])('refuses weights %j', (weights) => {
    expect(() => shareByLargestRemainder(100 as Cents, weights)).toThrow(RangeError);
  });
});

describe('mapFec: which lines count', () => {
  const all = mapping({
    agentAccounts: ['467'],
    clients: [{ thirdParty: 'DUPONT', clientId: DUPONT }],
    rules: [{ when: { thirdParty: 'DUPONT' }, then: paid }],
  });
  it.each([
    ['a sale: credit − debit', { account: '706100', credit: 100 }, 10000, 0],
    ['a credit note reduces sales', { account: '706100', debit: 30 }, -3000, 0],
    ['a purchase: debit − credit', { account: '604000', debit: 80 }, 0, 8000],
    ['a purchase refunded', { account: '604000', credit: 80 }, 0, -8000],
    ['media bought as agent (467)', { account: '467100', debit: 500 }, 0, 50000],
    ['a customer account (411) is left out', { account: '411000', debit: 120 }, 0, 0],
    ['a class-4 account not listed as agent is left out', { account: '401000', credit: 80 }, 0, 0],
    ['the bank (512) is left out', { account: '512000', debit: 120 }, 0, 0],
    ['VAT (445) is left out', { account: '445710', credit: 20 }, 0, 0],
  ])('%s', (_case, spec, sales, purchases) => {
    const result = mapFec(fec([{ ...spec, thirdParty: 'DUPONT' }]), all, YEAR, noForecasts);
    const march = result.months[MARCH]!;
    expect([march.ledgerSales, march.ledgerPurchases]).toEqual([sales, purchases]);
    expect([march.mappedSales, march.mappedPurchases]).toEqual([sales, purchases]);
    expect(result.covered).toEqual({ first: MARCH, last: MARCH });
    expectBalanced(result);
  });

  it.each([
    ['AN', 'AN'],
    ['RAN, written in lower case', 'ran'],
    ['OUV', 'OUV'],
  ])('leaves out the opening journal %s entirely (not even « hors exercice »)', (_case, journal) => {
    const file = fec([
      { account: '706100', credit: 100, journal, thirdParty: 'DUPONT' },
      { account: '706100', credit: 100, journal, date: `${YEAR - 1}1231`, thirdParty: 'DUPONT' },
    ]);
    const result = mapFec(file, all, YEAR, noForecasts);
    expect(result.lines).toBe(2);
    expect(result.outsideYear).toBe(0);
    expect(result.covered).toBeNull();
    expect(result.months.every((m) => m.ledgerSales === 0)).toBe(true);
    expect(result.cells).toEqual([]);
  });

  it('reads opening journals from the document: none named, none left out', () => {
    const file = fec([{ account: '706100', credit: 100, journal: 'AN', thirdParty: 'DUPONT' }]);
    const result = mapFec(file, { ...all, openingJournals: [] }, YEAR, noForecasts);
    expect(result.months[MARCH]!.mappedSales).toBe(10000);
  });
});

describe('mapFec: the month', () => {
  const doc = mapping({ rules: [{ when: { account: '7' }, then: { clientId: DUPONT, ...paid } }] });
  it.each([
    ['EcritureDate by default', doc, { date: `${YEAR}0131`, pieceDate: `${YEAR}0228` }, 0],
    [
      'PieceDate when asked',
      { ...doc, monthFrom: 'PieceDate' as const },
      { date: `${YEAR}0131`, pieceDate: `${YEAR}0228` },
      1,
    ],
    [
      'an empty PieceDate falls back to EcritureDate',
      { ...doc, monthFrom: 'PieceDate' as const },
      { date: `${YEAR}0131` },
      0,
    ],
    ['December', doc, { date: `${YEAR}1231` }, 11],
  ])('%s', (_case, document, dates, month) => {
    const result = mapFec(fec([{ account: '706', credit: 10, ...dates }]), document, YEAR, noForecasts);
    expect(result.cells.map((c) => c.month)).toEqual([month]);
    expect(result.covered).toEqual({ first: month, last: month });
  });

  it('counts lines outside the year, whatever their account, and leaves them out', () => {
    const file = fec([
      { account: '706', credit: 10, date: `${YEAR - 1}1231` },
      { account: '512', debit: 10, date: `${YEAR + 1}0101` },
      { account: '706', credit: 10, date: `${YEAR}0201` },
      { account: '411', debit: 10, date: `${YEAR}0610` },
      { account: '706', credit: 10, date: `${YEAR}0401` },
    ]);
    const result = mapFec(file, doc, YEAR, noForecasts);
    expect(result.lines).toBe(5);
    expect(result.outsideYear).toBe(2);
    // A 411 line in June: the file covers up to June even if no sale is dated then.
    expect(result.covered).toEqual({ first: 1, last: 5 });
    expect(sumCents(result.months.map((m) => m.ledgerSales))).toBe(2000);
  });

  it('uses PieceDate for the year too', () => {
    const file = fec([{ account: '706', credit: 10, date: `${YEAR}0105`, pieceDate: `${YEAR - 1}1220` }]);
    const result = mapFec(file, { ...doc, monthFrom: 'PieceDate' }, YEAR, noForecasts);
    expect(result.outsideYear).toBe(1);
    expect(result.covered).toBeNull();
  });

  it('answers an empty file with 12 empty months', () => {
    const result = mapFec(fec([]), doc, YEAR, noForecasts);
    expect(result).toMatchObject({ lines: 0, outsideYear: 0, covered: null, cells: [], unmapped: [] });
    expect(result.months.map((m) => m.month)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expectBalanced(result);
  });
});

describe('mapFec: conditions', () => {
  const base: LineSpec = {
    account: '706100',
    credit: 10,
    journal: 'VT',
    thirdParty: 'DUPONT',
    label: 'Facture Éditions Leroy – Google  Ads mars',
    analytic: 'DUP-01',
  };
  it.each([
    ['account: a prefix', { account: '7061' }, true],
    ['account: the whole number', { account: '706100' }, true],
    ['account: another prefix', { account: '7062' }, false],
    ['account: not a prefix but inside', { account: '061' }, false],
    ['thirdParty: exact', { thirdParty: 'DUPONT' }, true],
    ['thirdParty: case counts', { thirdParty: 'dupont' }, false],
    ['thirdParty: a part is not enough', { thirdParty: 'DUP' }, false],
    ['journal: exact', { journal: 'VT' }, true],
    ['journal: another', { journal: 'AC' }, false],
    ['label: contained', { label: 'Leroy' }, true],
    ['label: case aside', { label: 'LEROY' }, true],
    ['label: accents aside (rule without)', { label: 'editions leroy' }, true],
    ['label: accents aside (rule with)', { label: 'Lérôy' }, true],
    ['label: blanks collapsed', { label: 'google ads' }, true],
    ['label: absent', { label: 'seo' }, false],
    ['column: equals', { column: { name: 'Code_Analytique', equals: 'DUP-01' } }, true],
    ['column: name matched as headers are', { column: { name: 'code analytique', equals: 'DUP-01' } }, true],
    ['column: value exact (case counts)', { column: { name: 'Code_Analytique', equals: 'dup-01' } }, false],
    ['column: a standard field', { column: { name: 'Écriture Num', equals: 'x' } }, false],
    ['column: the file lacks it', { column: { name: 'Axe client', equals: 'DUP-01' } }, false],
    ['all given must hold', { account: '706', journal: 'VT', thirdParty: 'DUPONT', label: 'leroy' }, true],
    ['one failing fails the rule', { account: '706', journal: 'AC', thirdParty: 'DUPONT' }, false],
  ])('%s', (_case, when, matches) => {
    const doc = mapping({ rules: [{ when, then: { clientId: DUPONT, ...paid } }] });
    const result = mapFec(fec([base]), doc, YEAR, noForecasts);
    expect(result.months[MARCH]!.mappedSales).toBe(matches ? 1000 : 0);
    expect(result.months[MARCH]!.unmappedSales).toBe(matches ? 0 : 1000);
  });

  it.each([
    ['a tab', 'Campagne Google\tAds'],
    ['several blanks and case', 'CAMPAGNE GOOGLE   ADS '],
    ['a no-break space', 'Campagne Google\u00a0Ads'],
    ['accents', 'Campagne Gôogle Âds'],
  ])('matches a label whatever its blanks, case and accents: %s', (_case, label) => {
    const doc = mapping({ rules: [{ when: { label: 'google ads' }, then: { clientId: DUPONT, ...paid } }] });
    expect(mapFec(fec([{ ...base, label }]), doc, YEAR, noForecasts).months[MARCH]!.mappedSales).toBe(1000);
  });

  it('compares a column value trimmed', () => {
    const doc = mapping({
      rules: [{ when: { column: { name: 'Code_Analytique', equals: 'DUP-01' } }, then: { clientId: DUPONT, ...paid } }],
    });
    const file = fec([{ ...base, analytic: '' }]);
    // The reader trims values; a value it left padded still matches.
    const padded = {
      ...file,
      lines: file.lines.map((l) => ({ ...l, values: l.values.map((v, i) => (i === 18 ? ' DUP-01 ' : v)) })),
    };
    expect(mapFec(padded, doc, YEAR, noForecasts).months[MARCH]!.mappedSales).toBe(1000);
  });

  it('tries the rules in order: the first match wins', () => {
    const doc = mapping({
      rules: [
        { when: { account: '706', label: 'netlinking' }, then: { clientId: DUPONT, ...seo } },
        { when: { account: '706' }, then: { clientId: DUPONT, ...paid } },
        { when: { account: '7' }, then: { ignore: true } },
      ],
    });
    const file = fec([
      { account: '706100', credit: 1, label: 'Netlinking mars' },
      { account: '706100', credit: 2, label: 'Campagne' },
      { account: '708000', credit: 4, label: 'Netlinking refacturé' },
    ]);
    const result = mapFec(file, doc, YEAR, noForecasts);
    expect(cellsOf(result)).toEqual(['dupont:Paid/Google Ads – Search 2 reel 200', 'dupont:SEO/Netlinking 2 reel 100']);
    expect(result.months[MARCH]!.ignoredSales).toBe(400);
  });

  it('skips a rule on a column the file lacks and tries the next', () => {
    const doc = mapping({
      rules: [
        { when: { column: { name: 'Axe client', equals: 'DUP' } }, then: { clientId: MARTIN, ...paid } },
        { when: { account: '7' }, then: { clientId: DUPONT, ...paid } },
      ],
    });
    const result = mapFec(fec([base], COLUMNS.slice(0, 18)), doc, YEAR, noForecasts);
    expect(result.cells.map((c) => c.clientId)).toEqual([DUPONT]);
  });
});

describe('mapFec: clients', () => {
  const doc = mapping({
    clients: [
      { thirdParty: 'DUPONT', clientId: DUPONT.toUpperCase() },
      { thirdParty: 'MARTIN', clientId: MARTIN },
    ],
    rules: [
      { when: { account: '706', thirdParty: 'GOOGLE' }, then: { clientId: MARTIN, ...seo } },
      { when: { account: '706' }, then: paid },
      { when: { account: '604' }, then: { clientId: DUPONT.toUpperCase(), ...paid } },
    ],
  });
  it.each([
    [
      'the third party’s client, ids lower case',
      { account: '706100', credit: 10, thirdParty: 'DUPONT' },
      [`dupont:Paid/Google Ads – Search 2 reel 1000`],
    ],
    [
      'then.clientId wins over the third party',
      { account: '706100', credit: 10, thirdParty: 'GOOGLE' },
      [`${MARTIN}:SEO/Netlinking 2 reel 1000`],
    ],
    [
      'then.clientId, lower case',
      { account: '604', debit: 10, thirdParty: 'GOOGLE' },
      [`dupont:Paid/Google Ads – Search 2 achat 1000`],
    ],
    ['a third party no client is mapped to: unmapped', { account: '706100', credit: 10, thirdParty: 'LEROY' }, []],
    ['no third party: unmapped', { account: '706100', credit: 10 }, []],
    ['third parties compare exactly', { account: '706100', credit: 10, thirdParty: 'Dupont' }, []],
  ])('%s', (_case, spec, cells) => {
    const result = mapFec(fec([spec]), doc, YEAR, noForecasts);
    expect(cellsOf(result)).toEqual(cells);
    expect(result.unmapped.length).toBe(cells.length === 0 ? 1 : 0);
    expectBalanced(result);
  });
});

describe('mapFec: split', () => {
  const split = (shares: [number, number, number] | [number, number]) =>
    mapping({
      rules: [
        {
          when: { account: '7' },
          then: { clientId: DUPONT, split: shares.map((percent, i) => ({ pole: 'P', line: `L${i + 1}`, percent })) },
        },
      ],
    });
  it.each([
    ['60 / 40 of 100,01 €', [60, 40] as [number, number], [100.01], ['L1 6001', 'L2 4000']],
    ['60 / 40 of a credit note of −100,01 €', [60, 40] as [number, number], [-100.01], ['L1 -6001', 'L2 -4000']],
    [
      '33,33 / 33,33 / 33,34 of 1 cent',
      [33.33, 33.33, 33.34] as [number, number, number],
      [0.01],
      ['L1 0', 'L2 0', 'L3 1'],
    ],
    [
      '33,33 / 33,33 / 33,34 of 2 cents: the tie to the first',
      [33.33, 33.33, 33.34] as [number, number, number],
      [0.02],
      ['L1 1', 'L2 0', 'L3 1'],
    ],
    ['50 / 50 of 1 cent: the first', [50, 50] as [number, number], [0.01], ['L1 1', 'L2 0']],
    // Three lines of 0,01 € summed first (0,03 €), then split once: not 0,01 € to L1 three times.
    [
      'three lines of 1 cent split once, after summing',
      [50, 50] as [number, number],
      [0.01, 0.01, 0.01],
      ['L1 2', 'L2 1'],
    ],
  ])('%s', (_case, shares, credits, expected) => {
    const file = fec(credits.map((credit) => ({ account: '706', credit })));
    const result = mapFec(file, split(shares), YEAR, noForecasts);
    expect(result.cells.map((c) => `${c.line} ${c.amount}`)).toEqual(expected);
    expectBalanced(result);
  });

  it('shares each month on its own', () => {
    const file = fec([
      { account: '706', credit: 0.01, date: `${YEAR}0110` },
      { account: '706', credit: 0.01, date: `${YEAR}0210` },
    ]);
    const result = mapFec(file, split([50, 50]), YEAR, noForecasts);
    expect(result.cells.map((c) => `${c.line} ${c.month} ${c.amount}`)).toEqual([
      'L1 0 1',
      'L1 1 1',
      'L2 0 0',
      'L2 1 0',
    ]);
  });
});

describe('mapFec: spread over the forecast', () => {
  const doc = mapping({
    clients: [{ thirdParty: 'DUPONT', clientId: DUPONT }],
    rules: [
      { when: { account: '706000' }, then: { spread: 'forecast' } },
      { when: { account: '604' }, then: { spread: 'forecast' } },
    ],
  });
  const spread = (lines: ForecastLine[], spec: LineSpec) => {
    const result = mapFec(fec([{ thirdParty: 'DUPONT', ...spec }]), doc, YEAR, new Map([[DUPONT, lines]]));
    expectBalanced(result);
    return result;
  };
  it.each([
    [
      'in proportion to the month’s forecast',
      [forecastLine('Paid', 'Search', 100), forecastLine('SEO', 'Audit', 300)],
      { account: '706000', credit: 10 },
      ['Paid/Search 250', 'SEO/Audit 750'],
    ],
    [
      'equal forecasts: the leftover cent to the first line given',
      [forecastLine('SEO', 'Audit', 100), forecastLine('Paid', 'Search', 100)],
      { account: '706000', credit: 0.01 },
      ['Paid/Search 0', 'SEO/Audit 1'],
    ],
    [
      'lines with no or a negative forecast get nothing',
      [forecastLine('Paid', 'Search', 0), forecastLine('Paid', 'Meta', -50), forecastLine('SEO', 'Audit', 20)],
      { account: '706000', credit: 10 },
      ['SEO/Audit 1000'],
    ],
    [
      'a purchase follows the purchase forecast',
      [forecastLine('Paid', 'Search', 100, 10), forecastLine('SEO', 'Audit', 100, 30)],
      { account: '604000', debit: 10 },
      ['Paid/Search 250', 'SEO/Audit 750'],
    ],
    [
      'a credit note is spread too',
      [forecastLine('Paid', 'Search', 1), forecastLine('SEO', 'Audit', 2)],
      { account: '706000', debit: 0.1 },
      ['Paid/Search -3', 'SEO/Audit -7'],
    ],
  ])('%s', (_case, lines, spec, expected) => {
    expect(spread(lines, spec).cells.map((c) => `${c.pole}/${c.line} ${c.amount}`)).toEqual(expected);
  });

  it.each([
    ['no forecast that month', [forecastLine('Paid', 'Search', 0, 0)], { account: '706000', credit: 10 }],
    ['only negative forecasts', [forecastLine('Paid', 'Search', -10)], { account: '706000', credit: 10 }],
    [
      'a sales forecast but no purchase forecast',
      [forecastLine('Paid', 'Search', 100, 0)],
      { account: '604', debit: 10 },
    ],
    ['a client without lines', [], { account: '706000', credit: 10 }],
    [
      'a forecast in another month only',
      [forecastLine('Paid', 'Search', 100)],
      { account: '706000', credit: 10, date: `${YEAR}0415` },
    ],
  ])('leaves the line unmapped: %s', (_case, lines, spec) => {
    const result = spread(lines, spec);
    expect(result.cells).toEqual([]);
    expect(result.unmapped).toEqual([
      expect.objectContaining({ thirdParty: 'DUPONT', account: spec.account, amount: 1000, lines: 1 }),
    ]);
  });

  it('reads the forecasts of the client found, keyed lower case', () => {
    const result = mapFec(
      fec([{ account: '706000', credit: 10, thirdParty: 'DUPONT' }]),
      mapping({ rules: [{ when: { account: '706' }, then: { clientId: MARTIN.toUpperCase(), spread: 'forecast' } }] }),
      YEAR,
      new Map([[MARTIN, [forecastLine('Paid', 'Search', 5)]]]),
    );
    expect(result.cells).toEqual([
      { clientId: MARTIN, pole: 'Paid', line: 'Search', month: MARCH, field: 'reel', amount: 1000 },
    ]);
  });
});

describe('mapFec: ignored and unmapped', () => {
  const doc = mapping({
    clients: [{ thirdParty: 'DUPONT', clientId: DUPONT }],
    rules: [
      { when: { account: '627' }, then: { ignore: true } },
      { when: { account: '706', thirdParty: 'DUPONT' }, then: paid },
    ],
  });

  it('counts ignored lines each in its own sign', () => {
    const file = fec([
      { account: '627000', debit: 12 },
      { account: '627000', credit: 2 },
    ]);
    const result = mapFec(file, doc, YEAR, noForecasts);
    expect(result.months[MARCH]).toMatchObject({
      ledgerPurchases: 1000,
      ignoredPurchases: 1000,
      ignored: 1000,
      mappedPurchases: 0,
    });
    expect(result.cells).toEqual([]);
    expect(result.unmapped).toEqual([]);
  });

  it('groups unmapped lines by third party, account and field, largest first', () => {
    const file = fec([
      { account: '706100', credit: 10, thirdParty: 'LEROY', thirdPartyName: '' },
      { account: '706100', credit: 15, thirdParty: 'LEROY', thirdPartyName: 'Éditions Leroy', date: `${YEAR}0402` },
      { account: '706200', credit: 25, thirdParty: 'LEROY' },
      { account: '622000', debit: 40, thirdParty: 'AGENCE' },
      { account: '708000', debit: 40, thirdParty: 'ZOE' },
      { account: '604000', debit: 1 },
      { account: '706100', credit: 100, thirdParty: 'DUPONT' },
    ]);
    const result = mapFec(file, doc, YEAR, noForecasts);
    expect(result.unmapped).toEqual([
      { thirdParty: 'AGENCE', thirdPartyName: '', account: '622000', field: 'achat', amount: 4000, lines: 1 },
      { thirdParty: 'ZOE', thirdPartyName: '', account: '708000', field: 'reel', amount: -4000, lines: 1 },
      {
        thirdParty: 'LEROY',
        thirdPartyName: 'Éditions Leroy',
        account: '706100',
        field: 'reel',
        amount: 2500,
        lines: 2,
      },
      { thirdParty: 'LEROY', thirdPartyName: '', account: '706200', field: 'reel', amount: 2500, lines: 1 },
      { thirdParty: '', thirdPartyName: '', account: '604000', field: 'achat', amount: 100, lines: 1 },
    ]);
    expect(result.months[MARCH]).toMatchObject({ unmappedSales: -500, unmappedPurchases: 4100, mappedSales: 10000 });
    expect(result.months[MARCH]!.ledgerSales).toBe(10000 + 1000 + 2500 - 4000);
    expectBalanced(result);
  });
});

describe('mapFec: cells', () => {
  it('adds what several rules send to one cell, and lists a cell that nets to 0', () => {
    const doc = mapping({
      rules: [
        { when: { account: '7061' }, then: { clientId: DUPONT, ...paid } },
        {
          when: { account: '7062' },
          then: {
            clientId: DUPONT,
            split: [
              { ...paid, percent: 50 },
              { ...seo, percent: 50 },
            ],
          },
        },
        { when: { account: '7063' }, then: { clientId: MARTIN, ...seo } },
      ],
    });
    const file = fec([
      { account: '706100', credit: 10 },
      { account: '706200', credit: 10 },
      { account: '706300', credit: 10 },
      { account: '706300', debit: 10 },
    ]);
    const result = mapFec(file, doc, YEAR, noForecasts);
    expect(cellsOf(result)).toEqual([
      'dupont:Paid/Google Ads – Search 2 reel 1500',
      'dupont:SEO/Netlinking 2 reel 500',
      `${MARTIN}:SEO/Netlinking 2 reel 0`,
    ]);
  });

  it('refuses a total beyond what cents count exactly, rather than a cent off', () => {
    const doc = mapping({ rules: [{ when: { account: '7' }, then: { clientId: DUPONT, ...paid } }] });
    const huge = { account: '706', credit: 50_000_000_000_000 };
    expect(() => mapFec(fec([huge, huge]), doc, YEAR, noForecasts)).toThrow(CentsOverflowError);
  });
});

describe('mapFec: properties over random files', () => {
  /** mulberry32: a seeded PRNG, so a failure replays. */
  function prng(seed: number) {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const thirdParties = ['DUPONT', 'MARTIN', 'LEROY', 'GOOGLE', ''];
  const accounts = ['706100', '706200', '708000', '604000', '622600', '627000', '467100', '411000', '401000', '512000'];
  const journals = ['VT', 'AC', 'BQ', 'OD', 'AN'];
  const labels = ['Facture Dupont', 'Google Ads', 'ÉDITIONS LEROY', 'netlinking', 'Frais bancaires'];

  function randomCase(seed: number) {
    const random = prng(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const amount = () => Math.round((random() - 0.2) * 100000) / 100;
    const specs: LineSpec[] = Array.from({ length: 300 }, () => {
      const year = random() < 0.05 ? YEAR - 1 : YEAR;
      const month = String(1 + Math.floor(random() * 12)).padStart(2, '0');
      const debit = random() < 0.5;
      return {
        account: pick(accounts),
        journal: pick(journals),
        thirdParty: pick(thirdParties),
        label: pick(labels),
        date: `${year}${month}15`,
        pieceDate: random() < 0.5 ? `${YEAR}${String(1 + Math.floor(random() * 12)).padStart(2, '0')}01` : '',
        debit: debit ? amount() : 0,
        credit: debit ? 0 : amount(),
        analytic: pick(['A', 'B', '']),
      };
    });
    const target = () => ({ pole: pick(['Paid', 'SEO', 'Data']), line: pick(['L1', 'L2']) });
    const actions = [
      () => target(),
      () => ({ clientId: pick([DUPONT, MARTIN]), ...target() }),
      () => ({
        split: [
          { ...target(), percent: 33.33 },
          { ...target(), percent: 33.33 },
          { ...target(), percent: 33.34 },
        ],
      }),
      () => ({ spread: 'forecast' as const }),
      () => ({ ignore: true as const }),
    ];
    const conditions = [
      () => ({ account: pick(accounts).slice(0, 1 + Math.floor(random() * 4)) }),
      () => ({ thirdParty: pick(thirdParties.slice(0, 4)) }),
      () => ({ journal: pick(journals) }),
      () => ({ label: pick(['dupont', 'editions', 'ADS', 'frais']) }),
      () => ({ column: { name: pick(['code analytique', 'Axe']), equals: pick(['A', 'B']) } }),
    ];
    const doc = mapping({
      agentAccounts: ['467'],
      monthFrom: random() < 0.5 ? 'PieceDate' : 'EcritureDate',
      clients: [
        { thirdParty: 'DUPONT', clientId: DUPONT },
        { thirdParty: 'GOOGLE', clientId: MARTIN },
      ],
      rules: Array.from({ length: 8 }, () => ({
        when: Object.assign({}, pick(conditions)(), random() < 0.3 ? pick(conditions)() : {}),
        then: pick(actions)(),
      })),
    });
    const forecast = (): Cents[] =>
      months(Array.from({ length: 12 }, () => (random() < 0.3 ? 0 : Math.round(random() * 1000))));
    const forecasts = new Map(
      [DUPONT, MARTIN].map((id) => [
        id,
        ['L1', 'L2', 'L3'].map((line) => ({
          pole: 'Paid',
          line,
          previsionnel: forecast(),
          achatPrevisionnel: forecast(),
        })),
      ]),
    );
    return { file: fec(specs), doc, forecasts, random };
  }

  it.each(Array.from({ length: 40 }, (_, i) => [i + 1]))(
    'seed %i: every month balances, whatever the order of the lines',
    (seed) => {
      const { file, doc, forecasts, random } = randomCase(seed);
      const result = mapFec(file, doc, YEAR, forecasts);
      expectBalanced(result);
      expect(result.lines).toBe(300);
      // Shuffled lines give the very same answer: sums are taken before any rounding.
      const shuffled = [...file.lines];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
      }
      expect(mapFec({ ...file, lines: shuffled }, doc, YEAR, forecasts)).toEqual(result);
    },
  );

  it('reaches every outcome over the seeds (the property is not vacuous)', () => {
    const results = Array.from({ length: 40 }, (_, i) => {
      const { file, doc, forecasts } = randomCase(i + 1);
      return mapFec(file, doc, YEAR, forecasts);
    });
    const some = (test: (r: MappingResult) => boolean) => results.some(test);
    expect(some((r) => r.outsideYear > 0)).toBe(true);
    expect(some((r) => r.months.some((m) => m.ignoredSales !== 0 && m.ignoredPurchases !== 0))).toBe(true);
    expect(some((r) => r.months.some((m) => m.unmappedSales !== 0 && m.unmappedPurchases !== 0))).toBe(true);
    expect(some((r) => r.months.some((m) => m.mappedSales !== 0 && m.mappedPurchases !== 0))).toBe(true);
    // Only a spread sends amounts to L3 (rules name L1 and L2).
    expect(some((r) => r.cells.some((c) => c.line === 'L3'))).toBe(true);
  });
});

describe('coverageShare: whole percent, rounded down', () => {
  const figures = (ledgerSales: number, unmappedSales: number, ledgerPurchases = 0, unmappedPurchases = 0) =>
    ({ ledgerSales, unmappedSales, ledgerPurchases, unmappedPurchases }) as CoverageFigures;
  it.each([
    ['an empty ledger', figures(0, 0), 100],
    ['everything mapped', figures(10000, 0, 5000, 0), 100],
    ['exactly 94 %', figures(10000, 600), 94],
    ['94,99 % shows 94', figures(10000, 501), 94],
    ['95 % exactly', figures(10000, 500), 95],
    ['99,9 % shows 99, never 100 while something is unmapped', figures(100000, 100), 99],
    ['one cent of 999 999 999 999,99 € unmapped', figures(99_999_999_999_999, 1), 99],
    ['sales and purchases together', figures(6000, 300, 4000, 300), 94],
    ['purchases only', figures(0, 0, 4000, 4000), 0],
    ['signs aside: a credit note unmapped', figures(10000, -600), 94],
    ['negative ledger purchases', figures(0, 0, -2000, -100), 95],
    ['unmapped beyond the ledger (a credit note mapped): 0', figures(1000, 3000), 0],
    ['a ledger of 0 with something unmapped: 0', figures(0, 100), 0],
    ['nothing mapped', figures(5000, 5000), 0],
  ])('%s', (_case, f, percent) => {
    expect(coverageShare(f)).toBe(percent);
  });
});
