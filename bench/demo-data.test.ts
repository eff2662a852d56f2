import { describe, expect, it } from 'vitest';
import { revisedForecast } from '../src/domain/budget';
import { POLE_CATALOGUE } from '../src/domain/catalogue';
import { centsToEuros, eurosToCents } from '../src/domain/money';
import { polesFromWire } from '../src/domain/codec';
import { MEASURES } from '../src/domain/measures';
import { backupSchema } from '../src/domain/schemas';
import { DEMO_LINES_PER_CLIENT, DEMO_POLES_PER_CLIENT, generateDemoBackup } from './demo-data';

const CATALOGUE_NAMES = POLE_CATALOGUE.map((p) => p.name);

describe('generateDemoBackup', () => {
  it('gives the same backup for the same seed and date, another for another seed', () => {
    const today = new Date('2026-05-10T12:00:00Z');
    const a = generateDemoBackup({ clients: 12, seed: 42, today });
    expect(generateDemoBackup({ clients: 12, seed: 42, today })).toEqual(a);
    expect(generateDemoBackup({ clients: 12, seed: 43, today })).not.toEqual(a);
  });

  it('gives the first clients of a larger set unchanged (one stream per generation)', () => {
    const today = new Date('2026-05-10T12:00:00Z');
    const small = generateDemoBackup({ clients: 3, seed: 5, today });
    const large = generateDemoBackup({ clients: 6, seed: 5, today });
    expect(large.clients.slice(0, 3).map((c) => c.name)).toEqual(small.clients.map((c) => c.name));
  });

  it('gives an empty backup for 0 clients', () => {
    const backup = generateDemoBackup({ clients: 0, today: new Date('2026-05-10T12:00:00Z') });
    expect(backup.clients).toEqual([]);
    expect(backup.budgetData).toEqual({});
  });

  // today → number of past months (months before today's month, UTC), which carry the actuals.
  it.each([
    ['in January: no past month', '2026-01-20T09:00:00Z', 0, 1],
    ['in June: five past months', '2026-06-01T00:00:00Z', 5, 2],
    ['in December: eleven past months', '2026-12-31T23:59:59Z', 11, 3],
    ['at the last instant of March UTC', '2026-03-31T23:59:59.999Z', 2, 4],
  ])('%s', (_label, todayIso, pastMonths, seed) => {
    const backup = generateDemoBackup({ clients: 25, seed, today: new Date(todayIso) });
    expect(backupSchema.safeParse(backup).success).toBe(true);
    expect(backup.clients).toHaveLength(25);

    const bad: string[] = [];
    let actualsBefore = 0;
    let invoicedBefore = 0;
    for (const client of backup.clients) {
      const poles = backup.budgetData[client.id]!;
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
        pole.facture.forEach((invoiced, m) => {
          if (m >= pastMonths) expect(invoiced).toBe(false);
          else if (invoiced) invoicedBefore += 1;
        });
      }

      // Collected rather than asserted one by one: ~50,000 values, one readable failure.
      for (const line of lines) {
        for (const measure of MEASURES) {
          line[measure].forEach((euros, m) => {
            const where = `${client.name}/${line.name}/${measure}/${m}: ${euros}`;
            // At most two decimals, never negative, below 1 M€ a month.
            if (centsToEuros(eurosToCents(euros)) !== euros || euros < 0 || euros >= 1_000_000) bad.push(where);
            if (measure === 'reel' || measure === 'achat') {
              if (m >= pastMonths && euros !== 0) bad.push(`actual in a current or future month: ${where}`);
              else if (euros > 0) actualsBefore += 1;
            }
          });
        }
      }
      expect(eurosToCents(client.prevision_mb_annuelle_revue)).toBe(revisedForecast(polesFromWire(poles)));
      expect(client.prevision_mb_annuelle_debut).not.toBe(0);
      expect(client.name).toMatch(/^\p{Lu}/u);
    }
    expect(bad).toEqual([]);
    // Past months do carry actuals and some invoiced months (none when there is no past month).
    if (pastMonths === 0) {
      expect(actualsBefore + invoicedBefore).toBe(0);
    } else {
      expect(actualsBefore).toBeGreaterThan(0);
      expect(invoicedBefore).toBeGreaterThan(0);
    }
  });

  it('keeps ids unique and client names distinct over 300 clients', () => {
    const backup = generateDemoBackup({ clients: 300, seed: 9, today: new Date('2026-09-15T00:00:00Z') });
    const ids = [
      ...backup.clients.map((c) => c.id),
      ...Object.values(backup.budgetData).flatMap((poles) => poles.flatMap((p) => [p.id, ...p.lines.map((l) => l.id)])),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(backup.clients.map((c) => c.name)).size).toBe(300);
    expect(backupSchema.safeParse(backup).success).toBe(true);
  });
});
