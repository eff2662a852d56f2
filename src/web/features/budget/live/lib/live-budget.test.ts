import { describe, expect, it } from 'vitest';
import { assertCents as cents, lineTotals, type CellUpdate, type Pole } from '@/domain';
import { makeLine, makePole } from '@/domain/testing/builders';
import { patchBudget } from './live-budget';

const line = makeLine('Google Ads', { reel: [100, 200] });
const other = makeLine('Meta Ads', { reel: [50] });
const poles: Pole[] = [makePole('Paid', [line, other])];
const set = (lineId: string, month: number, euros: number): CellUpdate => ({
  lineId,
  month,
  field: 'reel',
  value: cents(euros * 100),
});
const none = { isTyping: () => false, overlay: (p: readonly Pole[]) => [...p] };

describe('patchBudget', () => {
  it('writes the new values in place: the totals follow, untouched lines keep their identity', () => {
    const [pole] = patchBudget(poles, [set(line.id, 0, 150)], none);
    expect(pole!.lines[0]!.reel.slice(0, 2)).toEqual([15000, 20000]);
    expect(lineTotals(pole!.lines[0]!).reel).toBe(35000);
    expect(pole!.lines[1]).toBe(other);
  });

  it('leaves a cell being typed in alone, applies the others', () => {
    const typing = (c: CellUpdate) => c.lineId === line.id && c.month === 0;
    const [pole] = patchBudget(poles, [set(line.id, 0, 999), set(line.id, 1, 300)], { ...none, isTyping: typing });
    expect(pole!.lines[0]!.reel.slice(0, 2)).toEqual([10000, 30000]);
  });

  it('keeps edits not stored yet on top (the save finds the conflict)', () => {
    const overlay = (p: readonly Pole[]) => patchBudget(p, [set(line.id, 0, 120)], none);
    const [pole] = patchBudget(poles, [set(line.id, 0, 150)], { ...none, overlay });
    expect(pole!.lines[0]!.reel[0]).toBe(12000);
  });

  it('ignores a line this budget does not hold (deleted meanwhile)', () => {
    expect(patchBudget(poles, [set('absente', 0, 1)], none)).toEqual(poles);
  });
});
