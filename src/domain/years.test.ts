import { describe, expect, it } from 'vitest';
import { currentYear, invalidYearMessage, isYear, yearsToOffer } from './years';
import { yearQuery, yearText } from './schemas';

describe('isYear', () => {
  it.each([
    [2000, true],
    [2100, true],
    [2026, true],
    [1999, false],
    [2101, false],
    [2026.5, false],
    ['2026', false],
    [Number.NaN, false],
  ])('%s → %s', (value, expected) => {
    expect(isYear(value)).toBe(expected);
  });
});

describe('yearsToOffer', () => {
  it.each([
    ['nothing stored: this year and the next', [], 2026, [2026, 2027]],
    ['stored years kept, ascending, without duplicates', [2027, 2024, 2026], 2026, [2024, 2026, 2027]],
    ['an older year stays offered', [2019], 2026, [2019, 2026, 2027]],
    ['never past 2100', [], 2100, [2100]],
  ])('%s', (_case, stored, current, expected) => {
    expect(yearsToOffer(stored, current)).toEqual(expected);
  });
});

describe('the ?year= parameter', () => {
  it('may be absent: the server then takes the fiscal year holding today (fiscal-defaults.test.ts)', () => {
    expect(yearQuery.parse({})).toEqual({});
    expect(yearQuery.parse({ year: '2027' })).toEqual({ year: 2027 });
    expect(currentYear(new Date(2027, 0, 1, 0, 0))).toBe(2027);
  });

  it.each([
    ['2026', 2026],
    ['2000', 2000],
    ['2100', 2100],
  ])('reads %s', (text, year) => {
    expect(yearText.parse(text)).toBe(year);
  });

  it.each(['1999', '2101', 'abc', '2026.5', '-2026', '', ' 2026', '02026x'])('refuses « %s », naming it', (text) => {
    const parsed = yearText.safeParse(text);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(invalidYearMessage(`« ${text} »`));
  });
});
