import { describe, expect, it } from 'vitest';
import {
  cellsDifference,
  forecastChanges,
  lineChangeText,
  poleChangeText,
  polesForecastTotals,
} from './forecast-changes';
import type { Cents } from './money';
import type { ForecastLine, ForecastPole } from './model';

/** 12 months: `values` from January, then 0. */
const months = (...values: number[]) => [...values, ...Array.from({ length: 12 - values.length }, () => 0)] as Cents[];
const line = (id: string, name: string, previsionnel: Cents[] = months(), achat = months()): ForecastLine => ({
  id,
  name,
  previsionnel,
  achat_previsionnel: achat,
});
const pole = (id: string, name: string, ...lines: ForecastLine[]): ForecastPole => ({
  id,
  name,
  isExpanded: true,
  facture: Array.from({ length: 12 }, () => false),
  lines,
});

describe('forecastChanges', () => {
  it('finds nothing between a budget and itself', () => {
    const poles = [pole('P', 'Paid', line('A', 'Google', months(100, 200), months(40)))];
    expect(forecastChanges(poles, poles)).toEqual({
      poles: [],
      lines: [],
      cells: [],
      totals: { before: { previsionnel: 300, achat_previsionnel: 40 }, after: polesForecastTotals(poles) },
    });
  });

  it('lists each changed cell with both amounts, sales before purchases, month by month', () => {
    const before = [pole('P', 'Paid', line('A', 'Google', months(100, 200), months(40, 0, 7)))];
    const after = [pole('P', 'Paid', line('A', 'Google', months(100, 250), months(40, 10, 0)))];
    expect(forecastChanges(before, after).cells).toEqual([
      { lineId: 'A', lineName: 'Google', poleName: 'Paid', month: 1, field: 'previsionnel', before: 200, after: 250 },
      {
        lineId: 'A',
        lineName: 'Google',
        poleName: 'Paid',
        month: 1,
        field: 'achat_previsionnel',
        before: 0,
        after: 10,
      },
      { lineId: 'A', lineName: 'Google', poleName: 'Paid', month: 2, field: 'achat_previsionnel', before: 7, after: 0 },
    ]);
  });

  it('counts an added line from 0 and a removed one to 0, removed lines last', () => {
    const before = [pole('P', 'Paid', line('A', 'Google', months(100)), line('B', 'Meta', months(0, 30)))];
    const after = [pole('P', 'Paid', line('C', 'TikTok', months(5)), line('A', 'Google', months(100)))];
    const changes = forecastChanges(before, after);
    expect(changes.lines).toEqual([
      { lineId: 'C', change: 'ajouté', name: 'TikTok', poleName: 'Paid', previousName: null, previousPoleName: null },
      { lineId: 'B', change: 'supprimé', name: 'Meta', poleName: 'Paid', previousName: null, previousPoleName: null },
    ]);
    expect(changes.cells.map((c) => [c.lineId, c.month, c.before, c.after])).toEqual([
      ['C', 0, 0, 5],
      ['B', 1, 30, 0],
    ]);
  });

  it('names a line renamed, moved to another pole, or both; a renamed pole; a pole added or removed', () => {
    const before = [
      pole('P', 'Paid', line('A', 'Google'), line('B', 'Meta')),
      pole('S', 'SEO', line('C', 'Audit')),
      pole('X', 'Data'),
    ];
    const after = [
      pole('P', 'Paid & Social', line('A', 'Google Ads'), line('C', 'Audit')),
      pole('S', 'SEO', line('B', 'Meta Ads')),
      pole('N', 'CRM'),
    ];
    const changes = forecastChanges(before, after);
    expect(changes.poles).toEqual([
      { poleId: 'P', change: 'modifié', name: 'Paid & Social', previousName: 'Paid' },
      { poleId: 'N', change: 'ajouté', name: 'CRM', previousName: null },
      { poleId: 'X', change: 'supprimé', name: 'Data', previousName: null },
    ]);
    expect(changes.lines).toEqual([
      {
        lineId: 'A',
        change: 'modifié',
        name: 'Google Ads',
        poleName: 'Paid & Social',
        previousName: 'Google',
        previousPoleName: null,
      },
      {
        lineId: 'C',
        change: 'modifié',
        name: 'Audit',
        poleName: 'Paid & Social',
        previousName: null,
        previousPoleName: 'SEO',
      },
      {
        lineId: 'B',
        change: 'modifié',
        name: 'Meta Ads',
        poleName: 'SEO',
        previousName: 'Meta',
        previousPoleName: 'Paid',
      },
    ]);
    expect(changes.cells).toEqual([]);
  });

  it.each([
    ['a version without the client (nothing frozen): every cell is new, from 0', 'new', 5],
    ['a budget emptied: every cell goes to 0', 'emptied', -5],
  ] as const)('%s', (_title, kind, mbDifference) => {
    const full = [pole('P', 'Paid', line('A', 'Google', months(1, 2, 3), months(1)))];
    const [before, after] = kind === 'emptied' ? [full, []] : [[], full];
    const changes = forecastChanges(before, after);
    expect(changes.cells).toHaveLength(4);
    const mb = (t: typeof changes.totals.after) => t.previsionnel - t.achat_previsionnel;
    expect(mb(changes.totals.after) - mb(changes.totals.before)).toBe(mbDifference);
  });

  it('sums its cells, per measure, to the totals’ difference, to the cent', () => {
    const before = [
      pole('P', 'Paid', line('A', 'Google', months(10_001, 20_002), months(333)), line('B', 'Meta', months(7))),
    ];
    const after = [
      pole('P', 'Paid', line('A', 'Google', months(10_000, 20_003, 1), months(0, 334))),
      pole('S', 'SEO', line('C', 'Audit', months(99), months(98))),
    ];
    const { cells, totals } = forecastChanges(before, after);
    expect(cellsDifference(cells, 'previsionnel')).toBe(totals.after.previsionnel - totals.before.previsionnel);
    expect(cellsDifference(cells, 'achat_previsionnel')).toBe(
      totals.after.achat_previsionnel - totals.before.achat_previsionnel,
    );
    expect(totals.after).toEqual({ previsionnel: 30_103, achat_previsionnel: 432 });
  });
});

describe('poleChangeText and lineChangeText', () => {
  const base = { lineId: 'L', poleName: 'Paid', previousName: null, previousPoleName: null };
  it.each([
    [{ ...base, change: 'ajouté', name: 'Meta' }, 'Ligne « Meta » ajoutée (Paid)'],
    [{ ...base, change: 'supprimé', name: 'Meta' }, 'Ligne « Meta » supprimée (Paid)'],
    [{ ...base, change: 'modifié', name: 'Meta Ads', previousName: 'Meta' }, 'Ligne « Meta » renommée en « Meta Ads »'],
    [
      { ...base, change: 'modifié', name: 'Meta', poleName: 'SEO', previousPoleName: 'Paid' },
      'Ligne « Meta » déplacée de « Paid » vers « SEO »',
    ],
    [
      { ...base, change: 'modifié', name: 'Meta Ads', poleName: 'SEO', previousName: 'Meta', previousPoleName: 'Paid' },
      'Ligne « Meta » renommée en « Meta Ads » et déplacée de « Paid » vers « SEO »',
    ],
  ] as const)('%o → %s', (change, text) => {
    expect(lineChangeText(change)).toBe(text);
  });

  it.each([
    [{ poleId: 'P', change: 'ajouté', name: 'CRM', previousName: null }, 'Pôle « CRM » ajouté'],
    [{ poleId: 'P', change: 'supprimé', name: 'Data', previousName: null }, 'Pôle « Data » supprimé'],
    [
      { poleId: 'P', change: 'modifié', name: 'Paid & Social', previousName: 'Paid' },
      'Pôle « Paid » renommé en « Paid & Social »',
    ],
  ] as const)('%o → %s', (change, text) => {
    expect(poleChangeText(change)).toBe(text);
  });
});
