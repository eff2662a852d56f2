import { describe, expect, it } from 'vitest';
import { grandTotals, marginPrev, revisedForecast } from '../src/domain/budget';
import { POLE_CATALOGUE } from '../src/domain/catalogue';
import { polesFromWire } from '../src/domain/codec';
import type { AllYearsBackupDocument } from '../src/domain/files/backup-json';
import { MEASURES } from '../src/domain/measures';
import { centsToEuros, eurosToCents } from '../src/domain/money';
import { allYearsBackupSchema, backupSchema, type PoleWire } from '../src/domain/schemas';
import {
  DEMO_LINES_PER_CLIENT,
  DEMO_POLES_PER_CLIENT,
  generateDemoBackup,
  oneYearDocument,
  pastMonthsOf,
} from './demo-data';

const CATALOGUE_NAMES = POLE_CATALOGUE.map((p) => p.name);
const MAY_2026 = new Date('2026-05-10T12:00:00Z');

/** Every pole and line id of a document, over every year. */
const poleAndLineIds = (doc: AllYearsBackupDocument) =>
  doc.years.flatMap((y) =>
    Object.values(y.budgetData).flatMap((poles) => poles.flatMap((p) => [p.id, ...p.lines.map((l) => l.id)])),
  );

/** "pole / line" names of one client's poles. */
const lineKeys = (poles: readonly PoleWire[]) => poles.flatMap((p) => p.lines.map((l) => `${p.name} / ${l.name}`));

const budgetOf = (doc: AllYearsBackupDocument, year: number, clientId: string) =>
  doc.years.find((y) => y.year === year)!.budgetData[clientId]!;

/** Σ of the forecast sales of a year, in cents. */
const forecastSales = (doc: AllYearsBackupDocument, year: number) =>
  doc.clients
    .flatMap((c) => budgetOf(doc, year, c.id).flatMap((p) => p.lines))
    .reduce((sum, l) => sum + l.previsionnel.reduce((s, euros) => s + eurosToCents(euros), 0), 0);

describe('generateDemoBackup', () => {
  it('gives the same data for the same seed and date, other data for another seed', () => {
    const a = generateDemoBackup({ clients: 12, seed: 42, today: MAY_2026 });
    expect(generateDemoBackup({ clients: 12, seed: 42, today: MAY_2026 })).toEqual(a);
    expect(generateDemoBackup({ clients: 12, seed: 43, today: MAY_2026 })).not.toEqual(a);
  });

  it('gives the first clients of a larger set unchanged (one stream per generation)', () => {
    const small = generateDemoBackup({ clients: 3, seed: 5, today: MAY_2026 });
    const large = generateDemoBackup({ clients: 6, seed: 5, today: MAY_2026 });
    expect(large.clients.slice(0, 3)).toEqual(small.clients);
    for (const client of small.clients)
      expect(budgetOf(large, 2027, client.id)).toEqual(budgetOf(small, 2027, client.id));
  });

  it('gives three empty years for 0 clients', () => {
    const doc = generateDemoBackup({ clients: 0, today: MAY_2026 });
    expect(doc.clients).toEqual([]);
    expect(doc.years).toEqual([2025, 2026, 2027].map((year) => ({ year, clients: [], budgetData: {} })));
  });

  it('gives, with years: 1, the current year of the three-year data and nothing else', () => {
    const three = generateDemoBackup({ clients: 10, seed: 7, today: MAY_2026 });
    const one = generateDemoBackup({ clients: 10, seed: 7, today: MAY_2026, years: 1 });
    expect(one.clients).toEqual(three.clients);
    expect(one.years).toEqual([three.years[1]]);
  });

  // today → the three years and how many months of each carry actuals (UTC).
  it.each([
    ['in January', '2026-01-20T09:00:00Z', 1, [12, 0, 0]],
    ['in June', '2026-06-01T00:00:00Z', 2, [12, 5, 0]],
    ['in December', '2026-12-31T23:59:59Z', 3, [12, 11, 0]],
    ['at the last instant of March UTC', '2026-03-31T23:59:59.999Z', 4, [12, 2, 0]],
    ['at the first instant of a year UTC', '2030-01-01T00:00:00Z', 5, [12, 0, 0]],
  ])('%s: valid, actuals and invoiced months in past months only', (_label, todayIso, seed, pastMonths) => {
    const today = new Date(todayIso);
    const doc = generateDemoBackup({ clients: 25, seed, today });
    expect(allYearsBackupSchema.safeParse(doc).success).toBe(true);
    expect(doc.version).toBe(2);
    expect(doc.clients).toHaveLength(25);
    const current = today.getUTCFullYear();
    expect(doc.years.map((y) => y.year)).toEqual([current - 1, current, current + 1]);
    expect(doc.years.map((y) => pastMonthsOf(y.year, today))).toEqual(pastMonths);

    doc.years.forEach((year, k) => {
      const past = pastMonths[k]!;
      expect(year.clients.map((c) => c.id)).toEqual(doc.clients.map((c) => c.id));
      const bad: string[] = [];
      const monthsWithActuals = new Set<number>();
      let invoiced = 0;
      for (const client of year.clients) {
        const poles = year.budgetData[client.id]!;
        // 5–10 distinct catalogue poles, in catalogue order.
        expect(poles.length).toBeGreaterThanOrEqual(DEMO_POLES_PER_CLIENT.min);
        expect(poles.length).toBeLessThanOrEqual(DEMO_POLES_PER_CLIENT.max);
        const ranks = poles.map((p) => CATALOGUE_NAMES.indexOf(p.name as (typeof CATALOGUE_NAMES)[number]));
        expect(ranks.every((r) => r >= 0)).toBe(true);
        expect([...ranks].sort((a, b) => a - b)).toEqual(ranks);
        expect(new Set(ranks).size).toBe(ranks.length);

        const lines = poles.flatMap((p) => p.lines);
        expect(lines.length).toBeGreaterThanOrEqual(DEMO_LINES_PER_CLIENT.min);
        expect(lines.length).toBeLessThanOrEqual(DEMO_LINES_PER_CLIENT.max);
        for (const pole of poles) {
          expect(pole.lines.length).toBeGreaterThan(0);
          expect(new Set(pole.lines.map((l) => l.name)).size).toBe(pole.lines.length);
          pole.facture.forEach((flag, m) => {
            if (flag && m >= past) bad.push(`invoiced in a month without actuals: ${year.year}/${pole.id}/${m}`);
            if (flag) invoiced += 1;
          });
        }
        // Collected rather than asserted one by one: ~50,000 values a year, one readable failure.
        for (const line of lines) {
          for (const measure of MEASURES) {
            line[measure].forEach((euros, m) => {
              const where = `${year.year}/${line.name}/${measure}/${m}: ${euros}`;
              // At most two decimals, never negative, below 1 M€ a month.
              if (centsToEuros(eurosToCents(euros)) !== euros || euros < 0 || euros >= 1_000_000) bad.push(where);
              if ((measure === 'reel' || measure === 'achat') && euros !== 0) {
                if (m >= past) bad.push(`actual in a month without actuals: ${where}`);
                else monthsWithActuals.add(m);
              }
            });
          }
        }
        const model = polesFromWire(poles);
        expect(eurosToCents(client.prevision_mb_annuelle_revue)).toBe(revisedForecast(model));
        // The initial forecast: the planned margin × 0.85–1.15, rounded to 100 €.
        const planned = marginPrev(grandTotals(model));
        const initial = eurosToCents(client.prevision_mb_annuelle_debut);
        expect(Math.abs(initial - planned)).toBeLessThanOrEqual(0.15 * Math.abs(planned) + 5_000);
      }
      expect(bad).toEqual([]);
      // Every past month has actuals somewhere; about 70 % of the past pole-months are invoiced.
      expect([...monthsWithActuals].sort((a, b) => a - b)).toEqual(Array.from({ length: past }, (_, m) => m));
      const pastPoleMonths = Object.values(year.budgetData).flat().length * past;
      if (past === 0) expect(invoiced).toBe(0);
      else expect(invoiced / pastPoleMonths).toBeGreaterThan(0.6);
      if (past > 0) expect(invoiced / pastPoleMonths).toBeLessThan(0.8);
    });
  });

  it('gives each year its own poles and lines: new ids, the same names, a few lines more or less', () => {
    const doc = generateDemoBackup({ clients: 300, seed: 9, today: new Date('2026-09-15T00:00:00Z') });
    const ids = [...doc.clients.map((c) => c.id), ...poleAndLineIds(doc)];
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(doc.clients.map((c) => c.name)).size).toBe(300);

    let kept = 0;
    let changed = 0;
    for (const client of doc.clients) {
      const [previous, current, next] = doc.years.map((y) => y.budgetData[client.id]!);
      // The same poles every year; most lines too.
      expect(previous!.map((p) => p.name)).toEqual(current!.map((p) => p.name));
      expect(next!.map((p) => p.name)).toEqual(current!.map((p) => p.name));
      const now = new Set(lineKeys(current!));
      for (const neighbour of [previous!, next!]) {
        const other = new Set(lineKeys(neighbour));
        kept += [...now].filter((k) => other.has(k)).length;
        changed += [...now].filter((k) => !other.has(k)).length + [...other].filter((k) => !now.has(k)).length;
      }
    }
    // Some variation, little of it: lines dropped or added are a few percent of the lines.
    expect(changed).toBeGreaterThan(0);
    expect(changed / kept).toBeLessThan(0.1);
  });

  it('grows the forecasts modestly year over year', () => {
    const doc = generateDemoBackup({ clients: 100, seed: 3, today: MAY_2026 });
    const totals = [2025, 2026, 2027].map((year) => forecastSales(doc, year));
    // Each year's total over the previous one's: 2–8 % a year per client, a line more or less.
    const growth = totals.slice(1).map((total, k) => total / totals[k]!);
    for (const g of growth) {
      expect(g).toBeGreaterThan(1);
      expect(g).toBeLessThan(1.1);
    }
  });

  it('gives one year in the shape of a one-year backup, clients with that year’s forecasts', () => {
    const doc = generateDemoBackup({ clients: 5, seed: 2, today: MAY_2026 });
    const one = oneYearDocument(doc, 2027);
    expect(backupSchema.safeParse(one).success).toBe(true);
    expect(one.year).toBe(2027);
    expect(one.budgetData).toBe(doc.years[2]!.budgetData);
    expect(one.clients.map((c) => [c.id, c.name, c.prevision_mb_annuelle_debut])).toEqual(
      doc.clients.map((c, i) => [c.id, c.name, doc.years[2]!.clients[i]!.prevision_mb_annuelle_debut]),
    );
    expect(() => oneYearDocument(doc, 2030)).toThrow(/2030/);
  });
});
