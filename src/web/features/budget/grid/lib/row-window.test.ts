import { describe, expect, it } from 'vitest';
import { rowOffsets, rowWindow } from './row-window';

describe('rowOffsets', () => {
  it.each<[number[], number[], number]>([
    [[], [], 0],
    [[80], [0], 80],
    [[80, 92, 44], [0, 80, 172], 216],
  ])('heights %o → tops %o, total %i', (heights, tops, total) => {
    expect(rowOffsets(heights)).toEqual({ tops, total });
  });
});

describe('rowWindow (ten rows of 100 px)', () => {
  const heights = Array.from({ length: 10 }, () => 100);
  const { tops } = rowOffsets(heights);
  it.each<[string, number, number, number, { start: number; end: number }]>([
    ['top of the list, no overscan', 0, 250, 0, { start: 0, end: 3 }],
    ['scrolled to a row boundary', 300, 200, 0, { start: 3, end: 5 }],
    ['scrolled mid-row', 350, 200, 0, { start: 3, end: 6 }],
    ['with overscan', 300, 200, 150, { start: 1, end: 7 }],
    ['overscan clipped at both ends', 0, 2000, 500, { start: 0, end: 10 }],
    ['scrolled past the end', 5000, 200, 0, { start: 10, end: 10 }],
  ])('%s', (_label, scrollTop, height, overscan, expected) => {
    expect(rowWindow(tops, heights, scrollTop, height, overscan)).toEqual(expected);
  });
});
