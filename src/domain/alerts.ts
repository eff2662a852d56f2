/**
 * Alerts (docs/product.md#alerts, ADR 053): the admin's thresholds, the rules that say which alerts
 * are active for a client-year or for the agency, and their French texts. Pure and zod-free: the
 * server evaluates with it, the browser shows with it.
 *
 * Units: amounts in cents; rates in hundredths of a point (3250 = 32,50 %); lateness in days.
 */
import { formatEuros, type Cents } from './money';
import { CALENDAR_YEAR, calendarMonthOf, monthAndYear, type FiscalSettings } from './fiscal-year';

export const ALERT_KINDS = ['purchasesOverForecast', 'marginRateBelow', 'closeLate', 'importLate'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The thresholds; null: that alert is off (the default, every one). */
export interface AlertSettings {
  /** Actual purchases above forecast by more than `percent` % **and** more than `cents`, per client, pole and month. */
  purchasesOverForecast: { percent: number; cents: Cents } | null;
  /** The margin rate à date below the forecast's by more than `points`, per client. */
  marginRateBelow: { points: number } | null;
  /** A month still open after day N (1–28) of the next month. */
  closeByDay: number | null;
  /** No accounting import covering a month after day N (1–28) of the next month. */
  importByDay: number | null;
}

export const NO_ALERTS: AlertSettings = {
  purchasesOverForecast: null,
  marginRateBelow: null,
  closeByDay: null,
  importByDay: null,
};

/** Whether any alert of a client's figures is on (a cell save evaluates nothing otherwise). */
export const hasFigureAlerts = (s: AlertSettings) => s.purchasesOverForecast !== null || s.marginRateBelow !== null;

/** An alert the rules find active. `clientId` null: the agency's (closing, accounting import). */
export interface ActiveAlert {
  kind: AlertKind;
  clientId: string | null;
  year: number;
  poleId: string | null;
  month: number | null;
  /** See the units above: what was measured, and the limit it crossed. */
  value: number;
  threshold: number;
}

/** One alert's identity: the same key is the same alert, however its value moves. */
export const alertKey = (a: Pick<ActiveAlert, 'kind' | 'clientId' | 'year' | 'poleId' | 'month'>) =>
  `${a.kind}:${a.clientId ?? ''}:${a.year}:${a.poleId ?? ''}:${a.month ?? ''}`;

/** One pole's figures for one month, in cents. */
export interface PoleMonth {
  poleId: string;
  month: number;
  previsionnel: Cents;
  achatPrevisionnel: Cents;
  reel: Cents;
  achat: Cents;
}

/**
 * The alerts of one client-year's figures: purchases over forecast per pole and month (both limits
 * crossed: > percent % of |forecast| and > the amount; threshold = forecast + the larger limit), and
 * the margin rate à date (the months up to the client's last one holding an actual) below the
 * forecast's rate over the same months by more than the points. No rate without positive sales.
 */
export function clientAlerts(
  s: AlertSettings,
  clientId: string,
  year: number,
  rows: readonly PoleMonth[],
): ActiveAlert[] {
  const alerts: ActiveAlert[] = [];
  const base = { clientId, year };
  const p = s.purchasesOverForecast;
  if (p) {
    for (const r of rows) {
      const over = r.achat - r.achatPrevisionnel;
      const byPercent = (Math.abs(r.achatPrevisionnel) * p.percent) / 100;
      if (over > byPercent && over > p.cents) {
        const limit = Math.max(Math.round(byPercent), p.cents);
        alerts.push({
          ...base,
          kind: 'purchasesOverForecast',
          poleId: r.poleId,
          month: r.month,
          value: r.achat,
          threshold: r.achatPrevisionnel + limit,
        });
      }
    }
    alerts.sort((a, b) => a.month! - b.month! || a.poleId!.localeCompare(b.poleId!));
  }
  const m = s.marginRateBelow;
  if (m) {
    const last = Math.max(-1, ...rows.filter((r) => r.reel !== 0 || r.achat !== 0).map((r) => r.month));
    const upTo = rows.filter((r) => r.month <= last);
    const sum = (f: (r: PoleMonth) => number) => upTo.reduce((t, r) => t + f(r), 0);
    const [sales, purchases, forecast, forecastPurchases] = [
      sum((r) => r.reel),
      sum((r) => r.achat),
      sum((r) => r.previsionnel),
      sum((r) => r.achatPrevisionnel),
    ];
    if (last >= 0 && sales > 0 && forecast > 0) {
      const rate = ((sales - purchases) / sales) * 100;
      const limit = ((forecast - forecastPurchases) / forecast) * 100 - m.points;
      if (rate < limit) {
        alerts.push({
          ...base,
          kind: 'marginRateBelow',
          poleId: null,
          month: last,
          value: Math.round(rate * 100),
          threshold: Math.round(limit * 100),
        });
      }
    }
  }
  return alerts;
}

/**
 * The first instant month position `month` of fiscal year `year` is late: day N + 1 of the next
 * calendar month, 00:00 local time (docs/product.md#fiscal-years: a September year's month 0 is
 * late from 6 October with N = 5).
 */
export function lateFrom(year: number, month: number, day: number, fiscal: FiscalSettings = CALENDAR_YEAR): Date {
  const c = calendarMonthOf(fiscal, year, month);
  return new Date(c.year, c.month + 1, day + 1);
}

const DAY_MS = 86_400_000;

/**
 * The agency's alerts of a year at `now`: the oldest month whose deadline (day N of the next month)
 * has passed and that is not closed (`closeLate`: one alert, not one per late month), and each such
 * month that no accounting import covered (`importLate`); value = days late (1 on the first late
 * day), threshold = N.
 */
export function agencyAlerts(
  s: AlertSettings,
  year: number,
  now: Date,
  done: { closed: ReadonlySet<number>; imported: ReadonlySet<number> },
  fiscal: FiscalSettings = CALENDAR_YEAR,
): ActiveAlert[] {
  const alerts: ActiveAlert[] = [];
  const rules = [
    ['closeLate', s.closeByDay, done.closed],
    ['importLate', s.importByDay, done.imported],
  ] as const;
  for (const [kind, day, ok] of rules) {
    if (day === null) continue;
    for (let month = 0; month < 12; month++) {
      const from = lateFrom(year, month, day, fiscal);
      if (now < from) break; // the later months' deadlines are later still
      if (ok.has(month)) continue;
      const days = Math.floor((now.getTime() - from.getTime()) / DAY_MS) + 1;
      alerts.push({ kind, clientId: null, year, poleId: null, month, value: days, threshold: day });
      // Months close in order (docs/product.md#month-closing): the oldest open one is the one to
      // close, and the alert names it alone; closing it clears it, and the next late month fires.
      if (kind === 'closeLate') break;
    }
  }
  return alerts;
}

/** Names an alert's text needs. */
export interface AlertNames {
  clientName: string | null;
  poleName: string | null;
}

const rate = (hundredths: number) => `${(hundredths / 100).toFixed(1).replace('.', ',')} %`;
const monthOf = (a: Pick<ActiveAlert, 'month' | 'year'>, fiscal: FiscalSettings) =>
  a.month === null ? '' : monthAndYear(fiscal, a.year, a.month);

/** The French sentence of an alert (notification, dashboard list, e-mail). */
export function alertText(a: ActiveAlert, names: AlertNames, fiscal: FiscalSettings = CALENDAR_YEAR): string {
  const client = names.clientName ?? 'Client supprimé';
  switch (a.kind) {
    case 'purchasesOverForecast':
      return `Achats au-dessus de la prévision — ${client}, ${names.poleName ?? 'pôle supprimé'}, ${monthOf(a, fiscal)} : ${formatEuros(a.value as Cents)} pour un seuil de ${formatEuros(a.threshold as Cents)}`;
    case 'marginRateBelow':
      return `Taux de marge sous la prévision — ${client}, à fin ${monthOf(a, fiscal)} : ${rate(a.value)} pour un seuil de ${rate(a.threshold)}`;
    case 'closeLate':
      return `Mois non clôturé — ${monthOf(a, fiscal)} n'est pas clôturé (limite : le ${a.threshold} du mois suivant)`;
    case 'importLate':
      return `Import comptable manquant — aucun import ne couvre ${monthOf(a, fiscal)} (limite : le ${a.threshold} du mois suivant)`;
  }
}
