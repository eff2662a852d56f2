import { describe, expect, it } from 'vitest';
import { dashboardCsv } from '../files/dashboard-csv';
import { dashboardWorkbook } from '../files/dashboard-workbook';
import type { Cents } from '../money';
import { twoClientDashboard } from '../testing/dashboard-fixture';
import { polesWithVersion, withVersion } from './compare';

// The fixture: Beta's MB forecast 1000 − 400 = 600 € (Paid); '=Alpha' 50 € (Data).
const { beta, dashboard } = twoClientDashboard();
const sums = (previsionnel: number, achat: number) => ({
  previsionnel: previsionnel as Cents,
  achat_previsionnel: achat as Cents,
  toDate: { previsionnel: previsionnel as Cents, achat_previsionnel: achat as Cents },
});
/** A version holding Beta only: 800 € of sales, 300 € of purchases (MB 500 €), in its pole Paid. */
const version = {
  id: 3,
  name: 'Budget initial',
  clients: [{ id: beta.id, ...sums(80_000, 30_000) }],
  poles: [{ name: 'Paid', ...sums(80_000, 30_000) }],
};

describe('withVersion', () => {
  it('leaves the dashboard as it is without a version', () => {
    expect(withVersion(dashboard, null)).toBe(dashboard);
  });

  it('adds the version’s MB forecast and the live one’s gap to each row and TOTAL; absent rows compare with 0', () => {
    const compared = withVersion(dashboard, version);
    expect(compared.versionName).toBe('Budget initial');
    const byName = new Map(compared.projectMargins.map((r) => [r.name, r.version]));
    expect(byName.get('Beta')).toEqual({ margePrevisionnelle: 50_000, ecart: 10_000 });
    expect(byName.get('=Alpha')).toEqual({ margePrevisionnelle: 0, ecart: 5_000 });
    expect(compared.projectTotal.version).toEqual({ margePrevisionnelle: 50_000, ecart: 15_000 });
    expect(compared.poleMargins.map((r) => [r.name, r.version])).toEqual([
      ['Paid', { margePrevisionnelle: 50_000, ecart: 10_000 }],
      ['Data', { margePrevisionnelle: 0, ecart: 5_000 }],
    ]);
    expect(compared.poleTotal.version).toEqual({ margePrevisionnelle: 50_000, ecart: 15_000 });
  });

  it('the CSV names the version and adds its two columns to the project and pole tables', () => {
    const csv = dashboardCsv(withVersion(dashboard, version), { label: 'Tous', slug: 'tous' }, new Date(2025, 2, 5));
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain('"Version comparée";"Budget initial"');
    const header = lines.find((l) => l.startsWith('"Projet"'))!;
    expect(header.endsWith('"MB Budget initial";"Écart vs Budget initial"')).toBe(true);
    expect(lines.find((l) => l.startsWith('"Beta"'))!.endsWith('"500";"100"')).toBe(true);
    expect(lines.find((l) => l.startsWith('"Pôle"'))!.endsWith('"MB Budget initial";"Écart vs Budget initial"')).toBe(
      true,
    );
    expect(dashboardCsv(dashboard, { label: 'Tous', slug: 'tous' }, new Date(2025, 2, 5))).not.toContain(
      'Budget initial',
    );
  });

  it('the workbook adds the two columns as amounts, summed in TOTAL', () => {
    const book = dashboardWorkbook(
      withVersion(dashboard, version),
      { label: 'Tous', slug: 'tous' },
      2025,
      new Date(),
      [],
    );
    const projects = book.sheets.find((s) => s.name === 'Marges par projet')!;
    const header = projects.rows[0]!.map((c) => (c?.kind === 'text' ? c.value : ''));
    // Last, as in the CSV: after SPEC's columns, '% Écart' and the nine à date and N−1 ones.
    expect(header.slice(-3)).toEqual(['% Écart vs N−1', 'MB Budget initial', 'Écart vs Budget initial']);
    const total = projects.rows.at(-1)!;
    expect(total.slice(19, 21).map((c) => (c?.kind === 'formula' ? c.cents : null))).toEqual([50_000, 15_000]);
  });
});

describe('polesWithVersion (the poles dashboard, ADR 062)', () => {
  const linesVersion = {
    id: 3,
    name: 'Budget initial',
    poles: [{ pole: 'Paid', lines: [{ name: 'L', ...sums(80_000, 30_000) }] }],
  };
  const row = (p: { name: string; version?: unknown; lines?: { name: string; version?: unknown }[] }) => [
    p.name,
    p.version,
    p.lines?.map((l) => [l.name, l.version]),
  ];

  it('leaves the poles as they are without a version', () => {
    expect(polesWithVersion(dashboard.polesView, null)).toBe(dashboard.polesView);
  });

  it('adds the version’s MB forecast and the gap to each pole by name and each line by pole and line name', () => {
    expect(polesWithVersion(dashboard.polesView, version, linesVersion).map(row)).toEqual([
      ['Paid', { margePrevisionnelle: 50_000, ecart: 10_000 }, [['L', { margePrevisionnelle: 50_000, ecart: 10_000 }]]],
      ['Data', { margePrevisionnelle: 0, ecart: 5_000 }, [['M', { margePrevisionnelle: 0, ecart: 5_000 }]]],
    ]);
  });

  it('compares the lines with 0 until the version’s lines are read', () => {
    const paid = polesWithVersion(dashboard.polesView, version).find((p) => p.name === 'Paid')!;
    expect(paid.lines[0]!.version).toEqual({ margePrevisionnelle: 0, ecart: 60_000 });
  });
});
