import { describe, expect, it } from 'vitest';
import { agencyAlerts, alertKey, alertText, clientAlerts, NO_ALERTS, type PoleMonth } from './alerts';
import { digestMail, isRepeatDue } from './mail';
import type { Cents } from './money';

const row = (month: number, f: Partial<Record<'p' | 'ap' | 'r' | 'a', number>>, poleId = 'paid'): PoleMonth => ({
  poleId,
  month,
  previsionnel: (f.p ?? 0) as Cents,
  achatPrevisionnel: (f.ap ?? 0) as Cents,
  reel: (f.r ?? 0) as Cents,
  achat: (f.a ?? 0) as Cents,
});
const purchases = { ...NO_ALERTS, purchasesOverForecast: { percent: 10, cents: 5000 as Cents } };

describe('purchases over forecast (both limits crossed)', () => {
  it.each([
    ['nothing bought', 100_000, 0, null],
    ['under 10 %', 100_000, 108_000, null],
    ['over 10 % and 50 €', 100_000, 120_000, 110_000],
    ['over 50 € only: a forecast of zero', 0, 4_000, null],
    ['over both, forecast zero', 0, 6_000, 5_000],
    ['a negative forecast (credit note) counts by its size', -100_000, -40_000, -90_000],
  ])('%s', (_, ap, a, threshold) => {
    const alerts = clientAlerts(purchases, 'c', 2030, [row(3, { ap, a })]);
    expect(alerts.map((x) => x.threshold)).toEqual(threshold === null ? [] : [threshold]);
    if (threshold !== null) expect(alerts[0]).toMatchObject({ kind: 'purchasesOverForecast', month: 3, value: a });
  });
});

describe('margin rate à date', () => {
  const margin = { ...NO_ALERTS, marginRateBelow: { points: 5 } };
  it('compares the months up to the last one holding an actual', () => {
    // Forecast 40 % in January; February's forecast (10 %) is after the last actual: not counted.
    const rows = [row(0, { p: 10_000, ap: 6_000, r: 10_000, a: 6_600 }), row(1, { p: 10_000, ap: 9_000 })];
    expect(clientAlerts(margin, 'c', 2030, rows)).toEqual([
      { kind: 'marginRateBelow', clientId: 'c', year: 2030, poleId: null, month: 0, value: 3400, threshold: 3500 },
    ]);
    expect(clientAlerts(margin, 'c', 2030, [row(0, { p: 10_000, ap: 6_000, r: 10_000, a: 6_500 })])).toEqual([]);
  });
  it.each([
    ['no actual', [row(0, { p: 10_000, ap: 6_000 })]],
    ['no sales yet', [row(0, { p: 10_000, ap: 6_000, a: 100 })]],
    ['no forecast sales', [row(0, { r: 10_000, a: 9_000 })]],
  ])('says nothing with %s', (_, rows) => {
    expect(clientAlerts(margin, 'c', 2030, rows)).toEqual([]);
  });
});

describe('the agency’s months', () => {
  const s = { ...NO_ALERTS, closeByDay: 5 };
  const done = { closed: new Set<number>(), imported: new Set<number>() };
  it.each([
    ['on day 5 of February, January is in time', new Date(2030, 1, 5, 23), []],
    ['on day 6, January is one day late', new Date(2030, 1, 6, 0), [[0, 1]]],
    [
      'on 10 March, January 33 days late (February, 5 days late too, waits for it)',
      new Date(2030, 2, 10, 8),
      [[0, 33]],
    ],
  ])('%s', (_, now, expected) => {
    expect(agencyAlerts(s, 2030, now, done).map((a) => [a.month, a.value])).toEqual(expected);
  });
  const closedUpTo = (last: number) => ({ ...done, closed: new Set(Array.from({ length: last + 1 }, (_, m) => m)) });
  it('judges December on day N of the next year’s January', () => {
    expect(agencyAlerts(s, 2030, new Date(2031, 0, 5), closedUpTo(10))).toEqual([]);
    expect(agencyAlerts(s, 2030, new Date(2031, 0, 6), closedUpTo(10))).toMatchObject([{ month: 11, value: 1 }]);
  });
  it('names the oldest open month only, for closing; every late month for the imports', () => {
    const both = { ...s, importByDay: 5 };
    expect(agencyAlerts(both, 2030, new Date(2030, 3, 10), done).map((a) => `${a.kind} ${a.month}`)).toEqual([
      'closeLate 0',
      'importLate 0',
      'importLate 1',
      'importLate 2',
    ]);
  });
  it('leaves a closed month alone', () => {
    expect(agencyAlerts(s, 2030, new Date(2030, 2, 10), { ...done, closed: new Set([0]) }).map((a) => a.month)).toEqual(
      [1],
    );
  });
  it('keys an alert by what it is about, not its figures', () => {
    const [a] = agencyAlerts(s, 2030, new Date(2030, 1, 6), done);
    expect(alertKey(a!)).toBe('closeLate::2030::0');
  });
  // docs/product.md#fiscal-years: FY2030 from September 2029; its month 0 is September 2029.
  const september = { fiscalYearStartMonth: 9, yearNaming: 'end' } as const;
  it.each([
    ['on 5 October 2029, September is in time', new Date(2029, 9, 5, 23), []],
    ['on 6 October 2029, September is one day late', new Date(2029, 9, 6, 0), [[0, 1]]],
  ])('a September year: %s', (_, now, expected) => {
    expect(agencyAlerts(s, 2030, now, done, september).map((a) => [a.month, a.value])).toEqual(expected);
  });
  it('judges a September year’s August (month 11) on day N of the next September', () => {
    expect(agencyAlerts(s, 2030, new Date(2030, 8, 5), closedUpTo(10), september)).toEqual([]);
    expect(agencyAlerts(s, 2030, new Date(2030, 8, 6), closedUpTo(10), september)).toMatchObject([
      { month: 11, value: 1 },
    ]);
  });
  it('names a September year’s month with its calendar year', () => {
    const [a] = agencyAlerts(s, 2030, new Date(2029, 9, 6), done, september);
    expect(alertText(a!, { clientName: null, poleName: null }, september)).toBe(
      "Mois non clôturé — Septembre 2029 n'est pas clôturé (limite : le 5 du mois suivant)",
    );
  });
});

describe('e-mail texts', () => {
  it('makes no digest of nothing, and counts in French', () => {
    expect(digestMail({ unread: [], alerts: [], link: 'x' })).toBeNull();
    expect(digestMail({ unread: ['a'], alerts: ['b', 'c'], link: 'x' })!.subject).toBe(
      'Budget & Marges : 1 notification non lue, 2 alertes toujours actives',
    );
  });
  it.each([
    ['six days after it fired', new Date(2030, 0, 1, 8), null, new Date(2030, 0, 7, 23), false],
    ['seven days after it fired', new Date(2030, 0, 1, 8), null, new Date(2030, 0, 8, 6), true],
    ['six days after its repeat', new Date(2030, 0, 1, 8), new Date(2030, 0, 8, 7), new Date(2030, 0, 14, 7), false],
    ['a week after its repeat', new Date(2030, 0, 1, 8), new Date(2030, 0, 8, 7), new Date(2030, 0, 15, 7), true],
  ])('repeats an alert weekly: %s → %s', (_, since, repeated, now, due) => {
    expect(isRepeatDue(since, repeated, now)).toBe(due);
  });
});
