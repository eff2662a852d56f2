/**
 * The budget grid compared with a version (docs/product.md#versions-and-landing, ADR 062): beside
 * each month and year of a line, a pole and TOTAL GÉNÉRAL, the version's forecast sales and
 * purchases and the gap live − version. A line is matched to the version's by its id: one the
 * version does not hold (added since) has no figure. A pole's and TOTAL GÉNÉRAL's version figures
 * are the version's own totals (every line it froze in that pole, in the client), so they stay
 * « Budget initial »'s figures whatever was added or deleted since, and TOTAL GÉNÉRAL's equals the
 * dashboards' version figure of the client. Pure, exact cents: derived on render, never stored.
 */
import { subCents, sumCents, type Cents } from './money';
import type { ForecastLine, ForecastPole } from './model';

/** The two forecast measures of a cell or a total (cents). */
export interface ForecastFigures {
  previsionnel: Cents;
  achat_previsionnel: Cents;
}

/** A figure of the version and the gap live − version, per forecast measure. */
export interface ForecastCompare {
  version: ForecastFigures;
  gap: ForecastFigures;
}

/** A month (0–11) or the year ('Total Annuel'). */
export type Period = number | 'year';

/** The version as the grid reads it: its name, its lines and poles by id, all its poles. */
export interface VersionGrid {
  name: string;
  lines: ReadonlyMap<string, ForecastLine>;
  poles: ReadonlyMap<string, ForecastPole>;
  all: readonly ForecastPole[];
}

/** The version's poles indexed for the grid. */
export function versionGrid(name: string, poles: readonly ForecastPole[]): VersionGrid {
  return {
    name,
    lines: new Map(poles.flatMap((p) => p.lines.map((l) => [l.id, l] as const))),
    poles: new Map(poles.map((p) => [p.id, p])),
    all: poles,
  };
}

/** The gap live − version of each forecast measure, exact (a sum out of range is refused). */
export function forecastGap(live: ForecastFigures, version: ForecastFigures): ForecastCompare {
  return {
    version,
    gap: {
      previsionnel: subCents(live.previsionnel, version.previsionnel),
      achat_previsionnel: subCents(live.achat_previsionnel, version.achat_previsionnel),
    },
  };
}

/** A line's forecast of one month or of the year. */
function lineFigures(line: ForecastLine, period: Period): ForecastFigures {
  const of = (months: readonly Cents[]) => (period === 'year' ? sumCents(months) : (months[period] ?? (0 as Cents)));
  return { previsionnel: of(line.previsionnel), achat_previsionnel: of(line.achat_previsionnel) };
}

/** The sum of lines' forecasts over a period. */
function linesFigures(lines: readonly ForecastLine[], period: Period): ForecastFigures {
  const each = lines.map((l) => lineFigures(l, period));
  return {
    previsionnel: sumCents(each.map((f) => f.previsionnel)),
    achat_previsionnel: sumCents(each.map((f) => f.achat_previsionnel)),
  };
}

/** A live line's figure in the version and its gap; null when the version does not hold the line. */
export function lineCompare(version: VersionGrid, live: ForecastLine, period: Period): ForecastCompare | null {
  const frozen = version.lines.get(live.id);
  return frozen ? forecastGap(lineFigures(live, period), lineFigures(frozen, period)) : null;
}

/** A live pole's figure in the version (all its frozen lines) and its gap; null for a pole added since. */
export function poleCompare(
  version: VersionGrid,
  live: { id: string; lines: readonly ForecastLine[] },
  period: Period,
): ForecastCompare | null {
  const frozen = version.poles.get(live.id);
  return frozen ? forecastGap(linesFigures(live.lines, period), linesFigures(frozen.lines, period)) : null;
}

/** TOTAL GÉNÉRAL's figure in the version (the whole version of the client) and its gap. */
export function totalCompare(
  version: VersionGrid,
  live: readonly { lines: readonly ForecastLine[] }[],
  period: Period,
): ForecastCompare {
  const lines = (poles: readonly { lines: readonly ForecastLine[] }[]) => poles.flatMap((p) => p.lines);
  return forecastGap(linesFigures(lines(live), period), linesFigures(lines(version.all), period));
}
