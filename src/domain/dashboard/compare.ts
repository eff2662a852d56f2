/**
 * The dashboards compared with a version (docs/product.md#versions-and-landing, ADR 049): each
 * project and pole row, and their TOTAL, get the version's MB forecast (its forecast sales −
 * forecast purchases) and « Écart vs {version} » = the live MB forecast − the version's. A client
 * or pole the version does not hold compares with 0. Cents throughout.
 */
import type { DashboardLinesVersion, DashboardVersion, VersionForecastSums } from '../answers';
import { subCents, sumCents, type Cents } from '../money';
import { marginTotal, type Dashboard, type MarginRow, type PoleView, type PoleViewRow } from './views';

/** A row's figures against a version (cents): its MB forecast, and live MB forecast − that. */
export interface VersionFigures {
  margePrevisionnelle: Cents;
  ecart: Cents;
}

/** A project or pole row, with its version figures when a version is compared. */
export type ComparedRow = MarginRow & { version?: VersionFigures };

/** The dashboard with a version compared (or none: then as `Dashboard`). */
export interface ComparedDashboard extends Dashboard {
  /** The version's name: it heads the added columns. */
  versionName?: string;
  projectMargins: ComparedRow[];
  projectTotal: ComparedRow;
  poleMargins: ComparedRow[];
  poleTotal: ComparedRow;
}

/** The version's MB forecast of one set of sums (0 when absent). */
function versionMargin(sums: VersionForecastSums | undefined): Cents {
  return sums ? subCents(sums.previsionnel as Cents, sums.achat_previsionnel as Cents) : (0 as Cents);
}

/** A row with its version figures. */
function compared<R extends { margePrevisionnelle: Cents }>(row: R, margin: Cents): R & { version: VersionFigures } {
  return { ...row, version: { margePrevisionnelle: margin, ecart: subCents(row.margePrevisionnelle, margin) } };
}

/** The TOTAL of rows (marginTotal) with the sum of their version figures. */
export function comparedTotal(rows: readonly ComparedRow[]): ComparedRow {
  return compared(marginTotal(rows), sumCents(rows.map((r) => r.version?.margePrevisionnelle ?? (0 as Cents))));
}

/** The dashboard with the version's columns on its project and pole rows; as it is without a version. */
export function withVersion(dashboard: Dashboard, version: DashboardVersion | null | undefined): ComparedDashboard {
  if (!version) return dashboard;
  const byClient = new Map(version.clients.map((c) => [c.id, c]));
  const byPole = new Map(version.poles.map((p) => [p.name, p]));
  const projects = dashboard.projectMargins.map((r) =>
    compared(r, versionMargin(r.clientId === undefined ? undefined : byClient.get(r.clientId))),
  );
  const poles = dashboard.poleMargins.map((r) => compared(r, versionMargin(byPole.get(r.name))));
  return {
    ...dashboard,
    versionName: version.name,
    projectMargins: projects,
    projectTotal: comparedTotal(projects),
    poleMargins: poles,
    poleTotal: comparedTotal(poles),
  };
}

/** The headers of the version's two columns (none without a version): the table, the CSV, the workbook. */
export function versionHeaders(name: string | undefined): string[] {
  return name === undefined ? [] : [`MB ${name}`, `Écart vs ${name}`];
}

/** A row's amounts under `versionHeaders` (none without a version). */
export function versionAmounts(name: string | undefined, row: { version?: VersionFigures }): Cents[] {
  if (name === undefined) return [];
  return [row.version?.margePrevisionnelle ?? (0 as Cents), row.version?.ecart ?? (0 as Cents)];
}

/** A pole or line row of the poles dashboard, with its version figures when a version is compared. */
export type ComparedPoleRow = PoleViewRow & { version?: VersionFigures };

/** A pole of the poles dashboard and its lines, compared with a version or not. */
export interface ComparedPoleView extends ComparedPoleRow {
  lines: ComparedPoleRow[];
}

/**
 * The poles dashboard with the version's columns (ADR 062): each pole row gets the version's MB
 * forecast of that pole name (GET /api/dashboard's `version`), each line row the version's of that
 * pole and line name (GET /api/dashboard/lines' `version`, when the lines were asked for with it).
 * A pole or line the version does not hold compares with 0, as on the main dashboard. As it is
 * without a version.
 */
export function polesWithVersion(
  poles: PoleView[],
  version: DashboardVersion | null | undefined,
  lines?: DashboardLinesVersion | null,
): ComparedPoleView[] {
  if (!version) return poles;
  const byPole = new Map(version.poles.map((p) => [p.name, p]));
  const byLine = new Map(
    (lines?.poles ?? []).map((p) => [p.pole, new Map(p.lines.map((l) => [l.name, l] as const))] as const),
  );
  return poles.map((p) => ({
    ...compared(p, versionMargin(byPole.get(p.name))),
    lines: p.lines.map((l) => compared(l, versionMargin(byLine.get(p.name)?.get(l.name)))),
  }));
}
