import { describe, expect, it } from 'vitest';
import type { Cents } from '../money';
import {
  landedMonths,
  landingViewRow,
  landingViewTotal,
  monthsFromCumulated,
  versionMargin,
  type MonthSums,
} from './landing-view';

const c = (n: number) => n as Cents;
const sums = (previsionnel: number, achat_previsionnel: number, reel: number, achat: number): MonthSums => ({
  previsionnel: c(previsionnel),
  achat_previsionnel: c(achat_previsionnel),
  reel: c(reel),
  achat: c(achat),
});
/** 12 months, each with the same sums. */
const year = (s: MonthSums) => Array.from({ length: 12 }, () => s);

describe('landedMonths', () => {
  it.each([
    // cut-off, expected months: actual MB (réel − achat = 70) up to it, forecast MB (100 − 40 = 60) after
    [0, [70, ...Array(11).fill(60)]],
    [5, [...Array(6).fill(70), ...Array(6).fill(60)]],
    [11, Array(12).fill(70)],
  ])('takes the actual MB up to month %i and the forecast MB after it', (cutoff, expected) => {
    expect(landedMonths(year(sums(100, 40, 90, 20)), cutoff)).toEqual(expected);
  });

  it('counts a month up to the cut-off without actuals as 0, not as its forecast', () => {
    expect(landedMonths(year(sums(100, 40, 0, 0)), 2).slice(0, 4)).toEqual([0, 0, 0, 60]);
  });

  it('keeps negative margins and months absent as 0', () => {
    expect(landedMonths([sums(10, 50, 5, 30)], 0)).toEqual([-25, ...Array(11).fill(0)]);
    expect(landedMonths([sums(10, 50, 5, 30), sums(10, 50, 5, 30)], 0)).toEqual([-25, -40, ...Array(10).fill(0)]);
  });
});

describe('monthsFromCumulated', () => {
  it('gives each month from the sums of January to it, a missing row holding what the month before held', () => {
    const cumulated = [sums(100, 40, 90, 20), undefined, sums(250, 100, 90, 20), ...Array(9).fill(undefined)];
    const months = monthsFromCumulated(cumulated);
    expect(months[0]).toEqual(sums(100, 40, 90, 20));
    expect(months[1]).toEqual(sums(0, 0, 0, 0));
    expect(months[2]).toEqual(sums(150, 60, 0, 0));
    expect(months[11]).toEqual(sums(0, 0, 0, 0));
  });

  it('starts from nothing before the first row', () => {
    const cumulated = [undefined, undefined, sums(5, 1, 0, 0), ...Array(9).fill(sums(5, 1, 0, 0))];
    expect(monthsFromCumulated(cumulated).map((m) => m.previsionnel)).toEqual([0, 0, 5, ...Array(9).fill(0)]);
  });
});

describe('versionMargin', () => {
  it('sums forecast − forecast purchases over the months it holds', () => {
    expect(versionMargin([{ previsionnel: c(1000), achat_previsionnel: c(250) }, undefined])).toBe(750);
    expect(versionMargin([])).toBe(0);
  });
});

describe('landingViewRow and landingViewTotal', () => {
  const who = (pole: string) => ({ clientId: 'a', client: 'Alpha', pole });
  it('gives the gap against the version, and a total split at the cut-off that adds up', () => {
    const paid = landingViewRow(who('Paid'), year(sums(100, 40, 90, 20)), 2, c(800));
    expect(paid.landed).toBe(3 * 70 + 9 * 60);
    expect(paid.gap).toBe(750 - 800);
    // A pole the version does not hold: reference 0, the gap is all of it.
    const seo = landingViewRow(who('SEO'), year(sums(10, 0, 0, 0)), 2, c(0));
    expect(seo).toMatchObject({ landed: 90, reference: 0, gap: 90 });
    // A pole only the version holds (deleted since): nothing landed, the gap is minus the reference.
    const gone = landingViewRow(who('Data'), [], 2, c(300));
    expect(gone).toMatchObject({ landed: 0, gap: -300 });

    const total = landingViewTotal([paid, seo, gone], 2);
    expect(total.landed).toBe(750 + 90);
    expect(total.reference).toBe(1100);
    expect(total.gap).toBe(840 - 1100);
    expect(total.actualToDate).toBe(3 * 70);
    expect(total.forecastAfter).toBe(9 * 60 + 9 * 10);
    expect(total.actualToDate + total.forecastAfter).toBe(total.landed);
    expect(total.months[0]).toBe(70);
    expect(total.months[3]).toBe(70);
  });

  it('totals nothing as zeros', () => {
    expect(landingViewTotal([], 0)).toEqual({
      months: Array(12).fill(0),
      landed: 0,
      reference: 0,
      gap: 0,
      actualToDate: 0,
      forecastAfter: 0,
    });
  });
});
