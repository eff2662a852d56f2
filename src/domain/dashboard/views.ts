/**
 * Layer 2: everything the 'Dashboard' and 'Dashboard Pôles' tabs and the dashboard CSV show,
 * derived from a `DashboardData` only. Amounts in cents, percentages as plain numbers (12.3 means
 * 12.3 %, not rounded: formatting is the screen's and the CSV's job).
 */
import { compareFrench, comparePoleNames, compareLineNames } from '../catalogue';
import { ZERO_CENTS, percentOf, subCents, sumCents, type Cents } from '../money';
import { MONTHS } from '../months';
import { addTotals, emptyTotals, type MeasureTotals } from '../budget';
import type { ClientTotals, DashboardData } from './data';
import { addPrevious, addSums, emptySums, type Cutoff, type MonthSums, type PreviousSums, type Sums } from './sums';

/**
 * The figures 'à date' of a row (docs/product.md#dashboard-to-date): the four measures over the months up to the
 * cut-off, both margins, and the gap of the actual margin to the forecast one over those same
 * months (€, and % of the forecast margin à date when it is > 0, else 0). Cents.
 */
export interface ToDateFigures {
  previsionnel: Cents;
  achatPrevisionnel: Cents;
  reel: Cents;
  achat: Cents;
  margePrevisionnelle: Cents;
  marginReel: Cents;
  ecartMb: Cents;
  ecartMbPct: number;
}

/**
 * The previous year's actual margin over the same months and the gap to it (docs/product.md#dashboard-previous-year):
 * % of that margin when it is > 0, else 0. Cents.
 */
export interface PreviousYearFigures {
  marginReel: Cents;
  ecart: Cents;
  ecartPct: number;
}

/** À date figures of some measure totals (cents). */
export function toDateFigures(t: MeasureTotals): ToDateFigures {
  const margePrevisionnelle = subCents(t.previsionnel, t.achat_previsionnel);
  const marginReel = subCents(t.reel, t.achat);
  const ecartMb = subCents(marginReel, margePrevisionnelle);
  return {
    previsionnel: t.previsionnel,
    achatPrevisionnel: t.achat_previsionnel,
    reel: t.reel,
    achat: t.achat,
    margePrevisionnelle,
    marginReel,
    ecartMb,
    ecartMbPct: percentOf(ecartMb, margePrevisionnelle),
  };
}

/** N−1 figures of a row whose actual margin à date is `marginToDate`; null without previous-year data. */
export function previousYearFigures(previous: PreviousSums | null, marginToDate: Cents): PreviousYearFigures | null {
  if (!previous) return null;
  const marginReel = subCents(previous.reel, previous.achat);
  const ecart = subCents(marginToDate, marginReel);
  return { marginReel, ecart, ecartPct: percentOf(ecart, marginReel) };
}

/** The eight global statistics of docs/product.md#formulas-kpis, amounts in cents. */
export interface GlobalStats {
  totalPrevisionnel: Cents;
  totalAchatPrevisionnel: Cents;
  totalReel: Cents;
  totalAchat: Cents;
  totalMarginPrev: Cents;
  totalMarginReel: Cents;
  /** Number of clients in the selection (listed or not). */
  totalProjects: number;
  /** Σ of the clients' revised forecasts. */
  totalMbRevue: Cents;
  toDate: ToDateFigures;
  previousYear: PreviousYearFigures | null;
}

/** A row of 'Marges par Projet' or 'Marge par Pôle' (and its TOTAL): cents, percentages unrounded. */
export interface MarginRow {
  name: string;
  /** The client of a project row (its drill-down into the budget tab); absent on pole and TOTAL rows. */
  clientId?: string;
  previsionnel: Cents;
  achatPrevisionnel: Cents;
  reel: Cents;
  achat: Cents;
  margePrevisionnelle: Cents;
  marginReel: Cents;
  previsionMbDebut: Cents;
  previsionMbRevue: Cents;
  ecartMbDebut: Cents;
  ecartMbDebutPct: number;
  ecartMbRevue: Cents;
  ecartMbRevuePct: number;
  toDate: ToDateFigures;
  previousYear: PreviousYearFigures | null;
}

/** A bar of the pole chart: a pole with a positive actual margin (cents). */
export interface PoleChartBar {
  name: string;
  margin: Cents;
}

/** A row of 'Évolution Mensuelle', amounts in cents. */
export interface MonthlyRow {
  /** French month name ('Janvier'…). */
  month: string;
  monthIndex: number;
  reel: Cents;
  previsionnel: Cents;
  /** Σ (réel − achat) of the month. */
  margin: Cents;
  /** réel − prévisionnel. */
  ecart: Cents;
  /** Up to the cut-off: its actual figures are known (the chart's actual series stop after it). */
  known: boolean;
}

/** A row of 'Tableau Récapitulatif' (one client, or TOTAL): cents, percentage unrounded. */
export interface SummaryRow {
  name: string;
  previsionnel: Cents;
  reel: Cents;
  achats: Cents;
  /** reel − achats. */
  marge: Cents;
  /** Σ over line-months with réel > 0 of (réel − achat − prévisionnel). */
  ecart: Cents;
  /** Σ prévisionnel of those same line-months: the base of ecartPct. */
  prevRealise: Cents;
  /** percentOf(ecart, prevRealise). */
  ecartPct: number;
  toDate: ToDateFigures;
  previousYear: PreviousYearFigures | null;
}

/** The six columns of the poles dashboard (docs/product.md#poles-dashboard), in cents. */
export interface PoleViewRow {
  name: string;
  previsionnel: Cents;
  achatPrevisionnel: Cents;
  margePrevisionnelle: Cents;
  reel: Cents;
  achatReel: Cents;
  margeReelle: Cents;
  toDate: ToDateFigures;
}

/** A pole of the poles dashboard with its visible lines (first-appearance order). */
export interface PoleView extends PoleViewRow {
  lines: PoleViewRow[];
}

/** Everything the two dashboard tabs and the dashboard CSV show. */
export interface Dashboard {
  cutoff: Cutoff;
  globalStats: GlobalStats;
  projectMargins: MarginRow[];
  projectTotal: MarginRow;
  poleMargins: MarginRow[];
  poleTotal: MarginRow;
  poleChart: PoleChartBar[];
  monthlyEvolution: MonthlyRow[];
  summaryRows: SummaryRow[];
  summaryTotal: SummaryRow;
  polesView: PoleView[];
}

const TOTAL_NAME = 'TOTAL';

/** Listing rule of project and pole rows (docs/product.md#listing-rule): Σ réel > 0 or Σ achat > 0. */
function isListed(sums: Pick<Sums, 'reel' | 'achat'>): boolean {
  return sums.reel > 0 || sums.achat > 0;
}

/** A margin row from its amounts (cents); gaps and percentages derived (docs/product.md#formulas-project-rows). */
function marginRow(
  name: string,
  sums: Pick<Sums, 'previsionnel' | 'achat_previsionnel' | 'reel' | 'achat' | 'toDate'>,
  previsionMbDebut: Cents,
  previsionMbRevue: Cents,
  previous: PreviousSums | null,
): MarginRow {
  const toDate = toDateFigures(sums.toDate);
  const marginReel = subCents(sums.reel, sums.achat);
  const ecartMbDebut = subCents(marginReel, previsionMbDebut);
  const ecartMbRevue = subCents(marginReel, previsionMbRevue);
  return {
    name,
    previsionnel: sums.previsionnel,
    achatPrevisionnel: sums.achat_previsionnel,
    reel: sums.reel,
    achat: sums.achat,
    margePrevisionnelle: subCents(sums.previsionnel, sums.achat_previsionnel),
    marginReel,
    previsionMbDebut,
    previsionMbRevue,
    ecartMbDebut,
    ecartMbDebutPct: percentOf(ecartMbDebut, previsionMbDebut),
    ecartMbRevue,
    ecartMbRevuePct: percentOf(ecartMbRevue, previsionMbRevue),
    toDate,
    previousYear: previousYearFigures(previous, toDate.marginReel),
  };
}

/** The measure totals à date a row was built from (cents). */
function toDateTotals(t: ToDateFigures): MeasureTotals {
  return { previsionnel: t.previsionnel, achat_previsionnel: t.achatPrevisionnel, reel: t.reel, achat: t.achat };
}

/** Σ of some rows' measures à date (cents). */
function sumToDate(rows: readonly { toDate: ToDateFigures }[]): MeasureTotals {
  return rows.reduce((t, r) => addTotals(t, toDateTotals(r.toDate)), emptyTotals());
}

/** The previous-year sums behind some rows' N−1 figures: null when no row has any. */
function previousOfRows(rows: readonly { previousYear: PreviousYearFigures | null }[]): PreviousSums | null {
  // A margin is all the N−1 gap needs: carry it as réel with achat 0.
  return rows.reduce<PreviousSums | null>(
    (acc, r) => addPrevious(acc, r.previousYear ? { reel: r.previousYear.marginReel, achat: ZERO_CENTS } : null),
    null,
  );
}

/**
 * The TOTAL row of margin rows — the rows given, so the TOTAL of a searched table covers the
 * rows shown: amounts summed, percentages recomputed from the sums (cents).
 */
export function marginTotal(rows: readonly MarginRow[]): MarginRow {
  const sum = (pick: (r: MarginRow) => Cents): Cents => sumCents(rows.map(pick));
  return marginRow(
    TOTAL_NAME,
    {
      previsionnel: sum((r) => r.previsionnel),
      achat_previsionnel: sum((r) => r.achatPrevisionnel),
      reel: sum((r) => r.reel),
      achat: sum((r) => r.achat),
      toDate: sumToDate(rows),
    },
    sum((r) => r.previsionMbDebut),
    sum((r) => r.previsionMbRevue),
    previousOfRows(rows),
  );
}

/** The eight global statistics over every selected client (listed or not), in cents. */
export function globalStats(data: DashboardData): GlobalStats {
  const total = data.clients.reduce((s, c) => addSums(s, c.sums), emptySums());
  return {
    totalPrevisionnel: total.previsionnel,
    totalAchatPrevisionnel: total.achat_previsionnel,
    totalReel: total.reel,
    totalAchat: total.achat,
    totalMarginPrev: subCents(total.previsionnel, total.achat_previsionnel),
    totalMarginReel: subCents(total.reel, total.achat),
    totalProjects: data.clients.length,
    totalMbRevue: total.revue,
    toDate: toDateFigures(total.toDate),
    previousYear: previousYearFigures(data.previous, subCents(total.toDate.reel, total.toDate.achat)),
  };
}

/** Clients listed (Σ réel > 0 or Σ achat > 0), by name (French collation). */
function listedClients(data: DashboardData): ClientTotals[] {
  return data.clients.filter((c) => isListed(c.sums)).sort((a, b) => compareFrench(a.name, b.name));
}

/** 'Marges par Projet' rows: one per listed client, by name; amounts in cents. */
export function projectMargins(data: DashboardData): MarginRow[] {
  return listedClients(data).map((c) => ({
    ...marginRow(c.name, c.sums, c.previsionMbDebut, c.sums.revue, c.previous),
    clientId: c.id,
  }));
}

/**
 * 'Marge par Pôle' rows: grouped by pole name over the clients, listed ones only, catalogue
 * order then other names alphabetically; forecasts are the poles' summed shares (see
 * `dashboardData`), so the TOTAL (Σ of rows) never drifts from what the rows show, although it
 * may differ by a few cents from the clients' own forecasts.
 */
export function poleMargins(data: DashboardData): MarginRow[] {
  return data.poles
    .filter((p) => isListed(p.sums))
    .sort((a, b) => comparePoleNames(a.name, b.name))
    .map((p) => marginRow(p.name, p.sums, p.previsionMbDebut, p.previsionMbRevue, p.previous));
}

/** Bars of the pole chart: the listed pole rows whose actual margin is > 0, same order (cents). */
export function poleChart(rows: readonly MarginRow[]): PoleChartBar[] {
  return rows.filter((r) => r.marginReel > 0).map((r) => ({ name: r.name, margin: r.marginReel }));
}

/**
 * 'Évolution Mensuelle': 12 rows in fiscal order, amounts in cents, named by `names` (the fiscal
 * year's month names, docs/product.md#fiscal-years; « Janvier »… in a calendar year).
 */
export function monthlyEvolution(
  months: readonly MonthSums[],
  cutoff = 11,
  names: readonly string[] = MONTHS,
): MonthlyRow[] {
  return names.map((month, monthIndex) => {
    const m = months[monthIndex] ?? { reel: ZERO_CENTS, previsionnel: ZERO_CENTS, achat: ZERO_CENTS };
    return {
      month,
      monthIndex,
      reel: m.reel,
      previsionnel: m.previsionnel,
      margin: subCents(m.reel, m.achat),
      ecart: subCents(m.reel, m.previsionnel),
      known: monthIndex <= cutoff,
    };
  });
}

/** A summary row from its amounts (cents); marge and % derived. */
function summaryRow(
  name: string,
  s: Pick<Sums, 'previsionnel' | 'reel' | 'achat' | 'ecartRealise' | 'prevRealise' | 'toDate'>,
  previous: PreviousSums | null,
): SummaryRow {
  const toDate = toDateFigures(s.toDate);
  return {
    name,
    previsionnel: s.previsionnel,
    reel: s.reel,
    achats: s.achat,
    marge: subCents(s.reel, s.achat),
    ecart: s.ecartRealise,
    prevRealise: s.prevRealise,
    ecartPct: percentOf(s.ecartRealise, s.prevRealise),
    toDate,
    previousYear: previousYearFigures(previous, toDate.marginReel),
  };
}

/** 'Tableau Récapitulatif' rows: listed clients by name, amounts in cents. */
export function summaryRows(data: DashboardData): SummaryRow[] {
  return listedClients(data).map((c) => summaryRow(c.name, c.sums, c.previous));
}

/** TOTAL of the summary rows given (those shown): amounts summed, % recomputed from the sums (cents). */
export function summaryTotal(rows: readonly SummaryRow[]): SummaryRow {
  const sum = (pick: (r: SummaryRow) => Cents): Cents => sumCents(rows.map(pick));
  return summaryRow(
    TOTAL_NAME,
    {
      previsionnel: sum((r) => r.previsionnel),
      reel: sum((r) => r.reel),
      achat: sum((r) => r.achats),
      ecartRealise: sum((r) => r.ecart),
      prevRealise: sum((r) => r.prevRealise),
      toDate: sumToDate(rows),
    },
    previousOfRows(rows),
  );
}

/** The six poles-dashboard columns of some sums (cents). */
function poleViewRow(name: string, s: Sums): PoleViewRow {
  return {
    name,
    previsionnel: s.previsionnel,
    achatPrevisionnel: s.achat_previsionnel,
    margePrevisionnelle: subCents(s.previsionnel, s.achat_previsionnel),
    reel: s.reel,
    achatReel: s.achat,
    margeReelle: subCents(s.reel, s.achat),
    toDate: toDateFigures(s.toDate),
  };
}

/**
 * Hiding rule of the poles dashboard (docs/product.md#formulas-poles-view): shown unless the prévisionnel, réel and achat
 * totals are all ≤ 0. Achat prévisionnel alone does not keep a row visible.
 */
function isVisibleInPolesView(s: Sums): boolean {
  return s.previsionnel > 0 || s.reel > 0 || s.achat > 0;
}

/**
 * 'Dashboard Pôles': catalogue poles first (catalogue order), then other pole names
 * alphabetically, each with its lines merged by name across clients, the pole's catalogue lines
 * first (catalogue order), then the others alphabetically (m21: not the order clients list them);
 * poles and lines failing the hiding rule are left out. Amounts in cents.
 */
export function polesView(data: DashboardData): PoleView[] {
  return data.poles
    .filter((p) => isVisibleInPolesView(p.sums))
    .sort((a, b) => comparePoleNames(a.name, b.name))
    .map((p) => {
      const compare = compareLineNames(p.name);
      return {
        ...poleViewRow(p.name, p.sums),
        lines: p.lines
          .filter((l) => isVisibleInPolesView(l.sums))
          .sort((a, b) => compare(a.name, b.name))
          .map((l) => poleViewRow(l.name, l.sums)),
      };
    });
}

/**
 * Everything the dashboards and the dashboard CSV show, from the reduced selection (cents); the
 * months are named by `monthNames` (docs/product.md#fiscal-years: `monthNames(settings, year)`).
 */
export function dashboardFromData(data: DashboardData, monthNames: readonly string[] = MONTHS): Dashboard {
  const projects = projectMargins(data);
  const poles = poleMargins(data);
  const summary = summaryRows(data);
  return {
    cutoff: data.cutoff,
    globalStats: globalStats(data),
    projectMargins: projects,
    projectTotal: marginTotal(projects),
    poleMargins: poles,
    poleTotal: marginTotal(poles),
    poleChart: poleChart(poles),
    monthlyEvolution: monthlyEvolution(data.months, data.cutoff.month, monthNames),
    summaryRows: summary,
    summaryTotal: summaryTotal(summary),
    polesView: polesView(data),
  };
}

/** True when the selection has nothing to show: no project row and no pole in the poles view. */
export function isEmptyDashboard(d: Pick<Dashboard, 'projectMargins' | 'polesView'>): boolean {
  return d.projectMargins.length === 0 && d.polesView.length === 0;
}

/** The cut-off month's name, as the evolution names it (« Mars », or « Novembre 2025 » in a September year). */
export const cutoffName = (d: Pick<Dashboard, 'cutoff' | 'monthlyEvolution'>): string =>
  d.monthlyEvolution[d.cutoff.month]?.month ?? '';
