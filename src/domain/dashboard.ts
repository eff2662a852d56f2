/**
 * The dashboards of PRODUCT §3, in two layers:
 *
 * 1. `Sums` / `DashboardInput`: additive sums in cents per line, pole, client and month. They are
 *    all plain Σ, so they can come from full budgets (`aggregateBudgets`, below) or straight from
 *    SQL `SUM(...)` queries on the server — both must produce the same `DashboardInput`.
 * 2. `buildDashboard`: everything the 'Dashboard' and 'Dashboard Pôles' tabs and the dashboard
 *    CSV show, derived from a `DashboardInput` only. Amounts in cents, percentages as plain
 *    numbers (12.3 means 12.3 %, not rounded: formatting is the screen's and the CSV's job).
 */
import { lineMonthTotals, revisedMonthMargin } from './budget';
import { compareFrench, comparePoleNames } from './catalogue';
import { ZERO_CENTS, addCents, percentOf, subCents, sumCents, type Cents } from './money';
import { MONTH_COUNT, MONTHS } from './months';
import type { Client, Line, Pole } from './model';

// ---- layer 1: additive sums ------------------------------------------------------------------

/** Additive sums of a line, pole or client, all in cents. */
export interface Sums {
  previsionnel: Cents;
  achat_previsionnel: Cents;
  reel: Cents;
  achat: Cents;
  /** Σ over line-months of (réel > 0 ? réel − achat : prévisionnel − achat prévisionnel). */
  revue: Cents;
  /** Σ over line-months with réel > 0 of (réel − achat − prévisionnel). */
  ecartRealise: Cents;
  /** Σ prévisionnel over those same line-months (réel > 0): the base of % Écart. */
  prevRealise: Cents;
}

/** A line of a pole in the aggregate: its name and sums (cents). */
export interface LineAggregate {
  name: string;
  sums: Sums;
}

/** One pole name of one client: its sums and its lines merged by name, first-appearance order. */
export interface PoleAggregate {
  name: string;
  sums: Sums;
  lines: LineAggregate[];
}

/** One client of the selection: initial forecast (cents) and one aggregate per pole name. */
export interface ClientAggregate {
  id: string;
  name: string;
  previsionMbDebut: Cents;
  poles: PoleAggregate[];
}

/** Σ over the selection of one month's figures, in cents. */
export interface MonthSums {
  reel: Cents;
  previsionnel: Cents;
  achat: Cents;
}

/** What the dashboards are computed from: the selected clients and 12 months (January first). */
export interface DashboardInput {
  clients: ClientAggregate[];
  /** Exactly 12 entries, month 0 (janvier) to 11; a missing entry reads as zeros. */
  months: MonthSums[];
}

/** Sums of zero, in cents. */
export function emptySums(): Sums {
  const z = ZERO_CENTS;
  return { previsionnel: z, achat_previsionnel: z, reel: z, achat: z, revue: z, ecartRealise: z, prevRealise: z };
}

/** Field-by-field sum of two Sums, in cents. */
export function addSums(a: Sums, b: Sums): Sums {
  return {
    previsionnel: addCents(a.previsionnel, b.previsionnel),
    achat_previsionnel: addCents(a.achat_previsionnel, b.achat_previsionnel),
    reel: addCents(a.reel, b.reel),
    achat: addCents(a.achat, b.achat),
    revue: addCents(a.revue, b.revue),
    ecartRealise: addCents(a.ecartRealise, b.ecartRealise),
    prevRealise: addCents(a.prevRealise, b.prevRealise),
  };
}

/** Sums of one line over its 12 months, in cents. */
export function lineSums(line: Line): Sums {
  return accumulateLine(line, null);
}

/**
 * lineSums, also adding the line's réel, prévisionnel and achat of each month to `months` when
 * given (one pass over the line).
 */
function accumulateLine(line: Line, months: MonthSums[] | null): Sums {
  const sums = emptySums();
  for (let month = 0; month < MONTH_COUNT; month += 1) {
    const t = lineMonthTotals(line, month);
    sums.previsionnel = addCents(sums.previsionnel, t.previsionnel);
    sums.achat_previsionnel = addCents(sums.achat_previsionnel, t.achat_previsionnel);
    sums.reel = addCents(sums.reel, t.reel);
    sums.achat = addCents(sums.achat, t.achat);
    sums.revue = addCents(sums.revue, revisedMonthMargin(t));
    if (t.reel > 0) {
      sums.ecartRealise = addCents(sums.ecartRealise, subCents(subCents(t.reel, t.achat), t.previsionnel));
      sums.prevRealise = addCents(sums.prevRealise, t.previsionnel);
    }
    const m = months?.[month];
    if (m) {
      m.reel = addCents(m.reel, t.reel);
      m.previsionnel = addCents(m.previsionnel, t.previsionnel);
      m.achat = addCents(m.achat, t.achat);
    }
  }
  return sums;
}

/** Adds `sums` to the entry named `name` of `list`, appending it when new (first-appearance order). */
function mergeByName<T extends { name: string; sums: Sums }>(list: T[], name: string, make: () => T, sums: Sums): T {
  let entry = list.find((e) => e.name === name);
  if (!entry) {
    entry = make();
    list.push(entry);
  }
  entry.sums = addSums(entry.sums, sums);
  return entry;
}

/**
 * One client's aggregate from its full budget: poles merged by name, lines by name within a pole.
 * Also adds the client's month figures to `months` (cents).
 */
function aggregateClient(client: Client, poles: readonly Pole[], months: MonthSums[]): ClientAggregate {
  const aggregates: PoleAggregate[] = [];
  for (const pole of poles) {
    const lines = pole.lines.map((line) => ({ name: line.name, sums: accumulateLine(line, months) }));
    const poleSum = lines.reduce((s, l) => addSums(s, l.sums), emptySums());
    const entry = mergeByName(aggregates, pole.name, () => ({ name: pole.name, sums: emptySums(), lines: [] }), poleSum);
    for (const line of lines) {
      mergeByName(entry.lines, line.name, () => ({ name: line.name, sums: emptySums() }), line.sums);
    }
  }
  return {
    id: client.id,
    name: client.name,
    previsionMbDebut: client.prevision_mb_annuelle_debut,
    poles: aggregates,
  };
}

/**
 * The dashboard input of the selected clients' full budgets (the pure path; the server builds
 * the same shape from SQL sums). Clients keep the given order; amounts in cents.
 */
export function aggregateBudgets(budgets: readonly { client: Client; poles: readonly Pole[] }[]): DashboardInput {
  const months = Array.from({ length: MONTH_COUNT }, (): MonthSums => ({ reel: ZERO_CENTS, previsionnel: ZERO_CENTS, achat: ZERO_CENTS }));
  const clients = budgets.map(({ client, poles }) => aggregateClient(client, poles, months));
  return { clients, months };
}

// ---- layer 1.5: the selection reduced (what GET /api/dashboard sends) ------------------------

/** A client's pole sums without their lines: what the client-level figures need (cents). */
export interface ClientPoleSums {
  id: string;
  name: string;
  previsionMbDebut: Cents;
  poles: readonly { name: string; sums: Sums }[];
}

/** A client of the selection reduced to its totals over every pole (cents). */
export interface ClientTotals {
  id: string;
  name: string;
  previsionMbDebut: Cents;
  sums: Sums;
}

/**
 * One pole name over the selection (cents): Σ of its sums, Σ of its shares of the clients'
 * initial and revised forecasts (PRODUCT §3), and its lines merged by name across clients
 * (first-appearance order: client order, then pole and line creation order).
 */
export interface PoleTotals {
  name: string;
  sums: Sums;
  previsionMbDebut: Cents;
  previsionMbRevue: Cents;
  lines: LineAggregate[];
}

/**
 * The selection reduced to what the dashboards show: one entry per client, one per pole name,
 * 12 months. Its size grows with the clients and the distinct pole and line names, not with
 * the lines, so the server can send it as is (ADR 011-issue5).
 */
export interface DashboardData {
  clients: ClientTotals[];
  /** First-appearance order (the dashboards sort them). */
  poles: PoleTotals[];
  months: MonthSums[];
}

/**
 * A pole's share of a client's forecast (cents): forecast × pole margin / client margin, only
 * when the forecast and the client's actual margin are both > 0, else 0 (SPEC §9).
 */
function forecastShare(forecast: Cents, poleMargin: Cents, clientMargin: Cents): Cents {
  return forecast > 0 && clientMargin > 0 ? prorate(forecast, poleMargin, clientMargin) : ZERO_CENTS;
}

/**
 * The reduced selection from client-level pole sums and the lines merged per pole name (cents).
 * Both paths end here: `summarizeDashboard` (full budgets) and the server's SQL sums. Each
 * client's forecasts are shared among its poles in proportion to their actual margins, each share
 * rounded to the cent (half away from zero), and summed per pole name.
 */
export function dashboardData(
  clients: readonly ClientPoleSums[],
  linesByPole: ReadonlyMap<string, readonly LineAggregate[]>,
  months: readonly MonthSums[],
): DashboardData {
  const poles = new Map<string, PoleTotals>();
  const totals = clients.map((client): ClientTotals => {
    const sums = client.poles.reduce((s, p) => addSums(s, p.sums), emptySums());
    const clientMargin = subCents(sums.reel, sums.achat);
    for (const pole of client.poles) {
      const poleMargin = subCents(pole.sums.reel, pole.sums.achat);
      let acc = poles.get(pole.name);
      if (!acc) {
        acc = { name: pole.name, sums: emptySums(), previsionMbDebut: ZERO_CENTS, previsionMbRevue: ZERO_CENTS, lines: [...(linesByPole.get(pole.name) ?? [])] };
        poles.set(pole.name, acc);
      }
      acc.sums = addSums(acc.sums, pole.sums);
      acc.previsionMbDebut = addCents(acc.previsionMbDebut, forecastShare(client.previsionMbDebut, poleMargin, clientMargin));
      acc.previsionMbRevue = addCents(acc.previsionMbRevue, forecastShare(sums.revue, poleMargin, clientMargin));
    }
    return { id: client.id, name: client.name, previsionMbDebut: client.previsionMbDebut, sums };
  });
  const twelveMonths = Array.from({ length: MONTH_COUNT }, (_, m) => months[m] ?? { reel: ZERO_CENTS, previsionnel: ZERO_CENTS, achat: ZERO_CENTS });
  return { clients: totals, poles: [...poles.values()], months: twelveMonths };
}

/** The reduced selection of a full-detail input (the pure path), amounts in cents. */
export function summarizeDashboard(input: DashboardInput): DashboardData {
  const linesByPole = new Map<string, LineAggregate[]>();
  for (const client of input.clients) {
    for (const pole of client.poles) {
      const lines = linesByPole.get(pole.name) ?? [];
      for (const line of pole.lines) {
        mergeByName(lines, line.name, () => ({ name: line.name, sums: emptySums() }), line.sums);
      }
      linesByPole.set(pole.name, lines);
    }
  }
  return dashboardData(input.clients, linesByPole, input.months);
}

// ---- layer 2: what the dashboards show -------------------------------------------------------

/** The eight global statistics of SPEC §3, amounts in cents. */
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
}

/** A row of 'Marges par Projet' or 'Marge par Pôle' (and its TOTAL): cents, percentages unrounded. */
export interface MarginRow {
  name: string;
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
}

/** The six columns of the poles dashboard (SPEC §2), in cents. */
export interface PoleViewRow {
  name: string;
  previsionnel: Cents;
  achatPrevisionnel: Cents;
  margePrevisionnelle: Cents;
  reel: Cents;
  achatReel: Cents;
  margeReelle: Cents;
}

/** A pole of the poles dashboard with its visible lines (first-appearance order). */
export interface PoleView extends PoleViewRow {
  lines: PoleViewRow[];
}

/** Everything the two dashboard tabs and the dashboard CSV show. */
export interface Dashboard {
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


/** Listing rule of project and pole rows (SPEC §9): Σ réel > 0 or Σ achat > 0. */
function isListed(sums: Pick<Sums, 'reel' | 'achat'>): boolean {
  return sums.reel > 0 || sums.achat > 0;
}

/**
 * amount × part / whole in cents, computed exactly (BigInt: the product of two large amounts
 * exceeds 2^53) and rounded half away from zero like every other rounding of money here.
 * `whole` must be > 0.
 */
export function prorate(amount: Cents, part: Cents, whole: Cents): Cents {
  const num = BigInt(amount) * BigInt(part);
  const den = BigInt(whole);
  const quotient = num / den; // truncated toward zero
  const remainder = num % den; // same sign as num
  const twiceRest = 2n * (remainder < 0n ? -remainder : remainder);
  // A rounded share of an integer product is an integer: cents.
  if (twiceRest < den) return Number(quotient) as Cents;
  return Number(quotient + (num < 0n ? -1n : 1n)) as Cents;
}

/** A margin row from its amounts (cents); gaps and percentages derived (SPEC §9). */
function marginRow(
  name: string,
  sums: Pick<Sums, 'previsionnel' | 'achat_previsionnel' | 'reel' | 'achat'>,
  previsionMbDebut: Cents,
  previsionMbRevue: Cents,
): MarginRow {
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
  };
}

/** The TOTAL row of margin rows: amounts summed, percentages recomputed from the sums (cents). */
function marginTotal(rows: readonly MarginRow[]): MarginRow {
  const sum = (pick: (r: MarginRow) => Cents): Cents => sumCents(rows.map(pick));
  return marginRow(
    TOTAL_NAME,
    {
      previsionnel: sum((r) => r.previsionnel),
      achat_previsionnel: sum((r) => r.achatPrevisionnel),
      reel: sum((r) => r.reel),
      achat: sum((r) => r.achat),
    },
    sum((r) => r.previsionMbDebut),
    sum((r) => r.previsionMbRevue),
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
  };
}

/** Clients listed (Σ réel > 0 or Σ achat > 0), by name (French collation). */
function listedClients(data: DashboardData): ClientTotals[] {
  return data.clients.filter((c) => isListed(c.sums)).sort((a, b) => compareFrench(a.name, b.name));
}

/** 'Marges par Projet' rows: one per listed client, by name; amounts in cents. */
export function projectMargins(data: DashboardData): MarginRow[] {
  return listedClients(data).map((c) => marginRow(c.name, c.sums, c.previsionMbDebut, c.sums.revue));
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
    .map((p) => marginRow(p.name, p.sums, p.previsionMbDebut, p.previsionMbRevue));
}

/** Bars of the pole chart: the listed pole rows whose actual margin is > 0, same order (cents). */
export function poleChart(rows: readonly MarginRow[]): PoleChartBar[] {
  return rows.filter((r) => r.marginReel > 0).map((r) => ({ name: r.name, margin: r.marginReel }));
}

/** 'Évolution Mensuelle': 12 rows, January to December, amounts in cents. */
export function monthlyEvolution(months: readonly MonthSums[]): MonthlyRow[] {
  return MONTHS.map((month, monthIndex) => {
    const m = months[monthIndex] ?? { reel: ZERO_CENTS, previsionnel: ZERO_CENTS, achat: ZERO_CENTS };
    return {
      month,
      monthIndex,
      reel: m.reel,
      previsionnel: m.previsionnel,
      margin: subCents(m.reel, m.achat),
      ecart: subCents(m.reel, m.previsionnel),
    };
  });
}

/** A summary row from its amounts (cents); marge and % derived. */
function summaryRow(name: string, s: Pick<Sums, 'previsionnel' | 'reel' | 'achat' | 'ecartRealise' | 'prevRealise'>): SummaryRow {
  return {
    name,
    previsionnel: s.previsionnel,
    reel: s.reel,
    achats: s.achat,
    marge: subCents(s.reel, s.achat),
    ecart: s.ecartRealise,
    prevRealise: s.prevRealise,
    ecartPct: percentOf(s.ecartRealise, s.prevRealise),
  };
}

/** 'Tableau Récapitulatif' rows: listed clients by name, amounts in cents. */
export function summaryRows(data: DashboardData): SummaryRow[] {
  return listedClients(data).map((c) => summaryRow(c.name, c.sums));
}

/** TOTAL of summary rows: amounts summed, % recomputed from the sums (cents). */
function summaryTotal(rows: readonly SummaryRow[]): SummaryRow {
  const sum = (pick: (r: SummaryRow) => Cents): Cents => sumCents(rows.map(pick));
  return summaryRow(TOTAL_NAME, {
    previsionnel: sum((r) => r.previsionnel),
    reel: sum((r) => r.reel),
    achat: sum((r) => r.achats),
    ecartRealise: sum((r) => r.ecart),
    prevRealise: sum((r) => r.prevRealise),
  });
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
  };
}

/**
 * Hiding rule of the poles dashboard (PRODUCT §3): shown unless the prévisionnel, réel and achat
 * totals are all ≤ 0. Achat prévisionnel alone does not keep a row visible.
 */
function isVisibleInPolesView(s: Sums): boolean {
  return s.previsionnel > 0 || s.reel > 0 || s.achat > 0;
}

/**
 * 'Dashboard Pôles': catalogue poles first (catalogue order), then other pole names
 * alphabetically, each with its lines merged by name across clients (first-appearance order);
 * poles and lines failing the hiding rule are left out. Amounts in cents.
 */
export function polesView(data: DashboardData): PoleView[] {
  return data.poles
    .filter((p) => isVisibleInPolesView(p.sums))
    .sort((a, b) => comparePoleNames(a.name, b.name))
    .map((p) => ({
      ...poleViewRow(p.name, p.sums),
      lines: p.lines.filter((l) => isVisibleInPolesView(l.sums)).map((l) => poleViewRow(l.name, l.sums)),
    }));
}

/** Everything the dashboards and the dashboard CSV show, from the reduced selection (cents). */
export function dashboardFromData(data: DashboardData): Dashboard {
  const projects = projectMargins(data);
  const poles = poleMargins(data);
  const summary = summaryRows(data);
  return {
    globalStats: globalStats(data),
    projectMargins: projects,
    projectTotal: marginTotal(projects),
    poleMargins: poles,
    poleTotal: marginTotal(poles),
    poleChart: poleChart(poles),
    monthlyEvolution: monthlyEvolution(data.months),
    summaryRows: summary,
    summaryTotal: summaryTotal(summary),
    polesView: polesView(data),
  };
}

/** Everything the dashboards show, from a full-detail input (the pure path), in cents. */
export function buildDashboard(input: DashboardInput): Dashboard {
  return dashboardFromData(summarizeDashboard(input));
}
