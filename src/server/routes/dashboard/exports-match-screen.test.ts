/**
 * Every export carries what the screen shows (docs/product.md#management-pack,
 * docs/product.md#file-dashboard-csv, docs/product.md#excel-export): over a demo agency, each
 * figure of the 'Dashboard' tab — derived from GET /api/dashboard as the tab derives it — is read
 * back from the same cell of the dashboard CSV, of the dashboard workbook, of the management
 * pack's workbook and from the text of GET /api/dashboard/pack.pdf. The expected figures are
 * picked from the screen's rows here, not through the exports' column model.
 *
 * 24 clients, not the issue's 300: restoring 300 clients × 3 years takes minutes per engine on
 * this machine; 24 keep the test near 10 s and cover listed, unlisted-free and N−1 rows alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText } from 'unpdf';
import { withVersion, type ComparedDashboard } from '@/domain/dashboard/compare';
import type { DashboardData } from '@/domain/dashboard/data';
import { dashboardFromData, type MarginRow, type MonthlyRow } from '@/domain/dashboard/views';
import { dashboardCsv } from '@/domain/files/dashboard-csv';
import { dashboardWorkbook } from '@/domain/files/dashboard-workbook';
import { managementPack, packWorkbook } from '@/domain/files/management-pack';
import type { WorkbookCell, WorkbookSheet } from '@/domain/files/workbook';
import { decimalToCents, formatEuros, type Cents } from '@/domain/money';
import { createTestApp } from '@/server/test/test-db';
import { generateDemoBackup } from '../../../../bench/demo-data';

const TODAY = new Date('2026-06-15T12:00:00Z');
const NOW = new Date(2026, 5, 15, 9, 0);
const SELECTION = { label: 'Tous les clients', slug: 'tous-clients' };

let t: Awaited<ReturnType<typeof createTestApp>>;
let screen: ComparedDashboard;
beforeAll(async () => {
  t = await createTestApp();
  const restore = await t.request('POST', '/api/backup', generateDemoBackup({ clients: 24, seed: 7, today: TODAY }));
  expect(restore.status).toBe(200);
  const answer = await t.request<DashboardData>('GET', '/api/dashboard?year=2026&clients=all');
  expect(answer.status).toBe(200);
  screen = withVersion(dashboardFromData(answer.json), undefined);
}, 120_000);
afterAll(() => t.db.close());

/** A figure of the screen: cents, or null where the screen shows `—` (no N−1). */
type Figure = Cents | null;

/** The screen's figures of a project or pole row, in the exports' order (SPEC's, à date, N−1). */
const marginFigures = (r: MarginRow): Figure[] => [
  r.previsionnel,
  r.achatPrevisionnel,
  r.reel,
  r.achat,
  r.margePrevisionnelle,
  r.marginReel,
  r.previsionMbDebut,
  r.ecartMbDebut,
  r.toDate.previsionnel,
  r.toDate.reel,
  r.toDate.margePrevisionnelle,
  r.toDate.marginReel,
  r.toDate.ecartMb,
  r.previousYear?.marginReel ?? null,
  r.previousYear?.ecart ?? null,
];
/** The columns of marginFigures in a row of the CSV or the workbook (percent columns skipped). */
const MARGIN_COLUMNS = [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 16, 17];
const monthFigures = (m: MonthlyRow): Figure[] =>
  m.known ? [m.reel, m.previsionnel, m.margin, m.ecart] : [null, m.previsionnel, null, null];

/** The CSV's rows as fields (every value is quoted, none holds `";"`). */
const csvRows = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .map((line) => (line === '' ? [] : line.slice(1, -1).split('";"')));
/** The rows of the CSV section titled `title`, its header row excluded. */
function csvSection(rows: string[][], title: string): string[][] {
  const start = rows.findIndex((r) => r.length === 1 && r[0] === title);
  expect(start).toBeGreaterThan(-1);
  const end = rows.findIndex((r, i) => i > start && r.length === 0);
  return rows.slice(start + 2, end === -1 ? undefined : end);
}
const csvFigure = (text: string | undefined): Figure =>
  text === '' || text === undefined ? null : decimalToCents(text.replace(',', '.'));

const cellFigure = (c: WorkbookCell | undefined): Figure =>
  c === null || c === undefined ? null : c.kind === 'amount' || c.kind === 'formula' ? c.cents : (NaN as Cents);
const sheetRow = (sheet: WorkbookSheet | undefined, label: string) =>
  sheet!.rows.find((r) => r[0]?.kind === 'text' && r[0].value === label);

describe('the exports carry the screen’s figures (24-client demo agency)', () => {
  it('the screen has listed projects, poles, N−1 figures and months after the cut-off', () => {
    expect(screen.projectMargins.length).toBe(24);
    expect(screen.poleMargins.length).toBeGreaterThan(3);
    expect(screen.projectMargins.every((r) => r.previousYear !== null)).toBe(true);
    expect(screen.monthlyEvolution.filter((m) => !m.known).length).toBe(7);
  });

  it('the dashboard CSV: every project, pole and month figure in its cell', () => {
    const rows = csvRows(dashboardCsv(screen, SELECTION, NOW));
    const check = (title: string, screenRows: readonly MarginRow[]) => {
      const section = csvSection(rows, title);
      expect(section.map((r) => r[0])).toEqual(screenRows.map((r) => r.name));
      screenRows.forEach((r, i) => {
        expect(
          MARGIN_COLUMNS.map((c) => csvFigure(section[i]![c])),
          r.name,
        ).toEqual(marginFigures(r));
      });
    };
    check('Marges par projet', screen.projectMargins);
    check('Marges par pôle', screen.poleMargins);
    const months = csvSection(rows, 'Évolution mensuelle');
    screen.monthlyEvolution.forEach((m, i) => {
      expect(
        [1, 2, 3, 4].map((c) => csvFigure(months[i]![c])),
        m.month,
      ).toEqual(monthFigures(m));
    });
    const stats = new Map(csvSection(rows, 'Statistiques globales').map((r) => [r[0], r[1]]));
    const s = screen.globalStats;
    expect(csvFigure(stats.get('MB Réelle'))).toBe(s.totalMarginReel);
    expect(csvFigure(stats.get('MB Réelle à date'))).toBe(s.toDate.marginReel);
    expect(csvFigure(stats.get('MB Réelle N−1'))).toBe(s.previousYear?.marginReel);
  });

  it('the dashboard workbook: the same cells, and TOTALs equal to the screen’s TOTAL rows', () => {
    const workbook = dashboardWorkbook(screen, SELECTION, 2026, NOW, []);
    const sheet = (name: string) => workbook.sheets.find((s) => s.name === name);
    const check = (name: string, screenRows: readonly MarginRow[], total: MarginRow) => {
      for (const r of [...screenRows, total]) {
        const row = sheetRow(sheet(name), r.name);
        expect(
          MARGIN_COLUMNS.map((c) => cellFigure(row?.[c])),
          `${name} ${r.name}`,
        ).toEqual(marginFigures(r));
      }
    };
    check('Marges par projet', screen.projectMargins, screen.projectTotal);
    check('Marges par pôle', screen.poleMargins, screen.poleTotal);
    for (const m of screen.monthlyEvolution) {
      const row = sheetRow(sheet('Évolution mensuelle'), m.month);
      expect(
        [1, 2, 3, 4].map((c) => cellFigure(row?.[c])),
        m.month,
      ).toEqual(monthFigures(m));
    }
    const synthese = (label: string) => cellFigure(sheetRow(sheet('Synthèse'), label)?.[1]);
    expect(synthese('MB Réelle à date')).toBe(screen.globalStats.toDate.marginReel);
    expect(synthese('Écart MB vs N−1')).toBe(screen.globalStats.previousYear?.ecart);
  });

  it('the pack’s workbook: the screen’s ten columns of each project and pole', () => {
    const workbook = packWorkbook(managementPack(screen, SELECTION, 2026, NOW));
    const screenColumns = (r: MarginRow): Figure[] => [
      r.previsionMbDebut,
      r.margePrevisionnelle,
      r.marginReel,
      r.ecartMbDebut,
      r.toDate.margePrevisionnelle,
      r.toDate.marginReel,
      r.toDate.ecartMb,
      r.previousYear?.marginReel ?? null,
      r.previousYear?.ecart ?? null,
    ];
    for (const [name, rows] of [
      ['Marges par projet', screen.projectMargins],
      ['Marges par pôle', screen.poleMargins],
    ] as const) {
      const sheet = workbook.sheets.find((s) => s.name === name);
      for (const r of rows) {
        const row = sheetRow(sheet, r.name);
        expect(
          [1, 2, 3, 4, 6, 7, 8, 9, 10].map((c) => cellFigure(row?.[c])),
          r.name,
        ).toEqual(screenColumns(r));
      }
    }
  });

  it('GET /api/dashboard/pack.pdf: A4 landscape pages, each with the selection, date and « Page n / N », the screen’s figures in its text', async () => {
    const res = await t.app.request('/api/dashboard/pack.pdf?year=2026&clients=all');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="dossier-gestion-tous-clients-2026-/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    // A4 landscape: 841.89 × 595.28 pt.
    expect(new TextDecoder('latin1').decode(bytes)).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    const { totalPages, text: pages } = await extractText(bytes, { mergePages: false });
    expect(totalPages).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain('Dossier de gestion — Tous les clients — Exercice 2026, arrêté à fin Mai');
      expect(page).toMatch(/Édité le \d\d\/\d\d\/\d{4}/);
      expect(page).toContain(`Page ${i + 1} / ${totalPages}`);
    });
    // The text layer gives French numbers' thin and no-break spaces as plain spaces.
    const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');
    const lines = plain(pages.join('\n')).split('\n');
    const shown = (f: Figure) => (f === null ? '—' : plain(formatEuros(f)));
    // A row's text after its name; a name too long for its column is cut with « … ».
    const figuresOf = (name: string, after: string) => {
      const start = lines.indexOf(after);
      for (const [i, l] of lines.entries()) {
        if (i <= start) continue;
        if (l.startsWith(`${name} `)) return l.slice(name.length + 1);
        const cut = /^(.+?)… (.*)$/.exec(l);
        if (cut && name.startsWith(cut[1]!)) return cut[2];
      }
      return undefined;
    };
    const s = screen.globalStats;
    expect(lines).toContain(`Marge Brute Réelle ${shown(s.totalMarginReel)} —`);
    expect(lines).toContain(`MB Réelle à date ${shown(s.toDate.marginReel)} —`);
    expect(lines).toContain(`MB Réelle N−1 ${shown(s.previousYear!.marginReel)} —`);
    for (const [title, rows, total] of [
      ['Marges par projet', screen.projectMargins, screen.projectTotal],
      ['Marges par pôle', screen.poleMargins, screen.poleTotal],
    ] as const) {
      for (const r of [...rows, total]) {
        const amounts = [r.previsionMbDebut, r.margePrevisionnelle, r.marginReel, r.ecartMbDebut].map(shown);
        const toDate = [r.toDate.margePrevisionnelle, r.toDate.marginReel, r.toDate.ecartMb].map(shown);
        const n1 = [r.previousYear?.marginReel ?? null, r.previousYear?.ecart ?? null].map(shown);
        const figures = figuresOf(r.name, title);
        expect(figures, `${title} ${r.name}`).toBeDefined();
        expect(figures!.startsWith(`${amounts.join(' ')} `), `${title} ${r.name}: ${figures}`).toBe(true);
        expect(figures!.endsWith(` ${[...toDate, ...n1].join(' ')}`), `${title} ${r.name}: ${figures}`).toBe(true);
      }
    }
    for (const m of screen.monthlyEvolution) {
      expect(lines, m.month).toContain(`${m.month} ${monthFigures(m).map(shown).join(' ')}`);
    }
  });
});
