import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { axisUnit, OTHERS_LABEL, rankedBars } from '@/domain/dashboard/table';
import { centsToEuros, eurosToCents, formatEuros, type Cents } from '@/domain/money';
import { BAR_FILL_OPACITY, paletteColor } from './chart-style';

/** Tooltip values are euros (the charts plot euros); shown in French format. */
const euroTooltip = (value: unknown) => (typeof value === 'number' ? formatEuros(eurosToCents(value)) : String(value));

/** At most this many characters of a bar's name on the axis (the whole name is in the tooltip and the table). */
const TICK_CHARS = 18;
const shortTick = (name: string) => (name.length > TICK_CHARS ? `${name.slice(0, TICK_CHARS - 1)}…` : name);

export type BarDatum = { name: string; value: Cents };

/**
 * The bars ranked by value, largest first — the `max` largest (every bar when null) — each in the
 * next palette colour at 50 % opacity; names slanted so none overlaps; the axis in k€, or M€ past
 * 10 000 k€. What is left out is a note under the chart, never a bar: it would flatten the scale.
 */
export function MarginBarChart({
  data,
  height,
  seriesName,
  title,
  max,
}: {
  data: readonly BarDatum[];
  height: number;
  seriesName: string;
  /** The chart's accessible name. */
  title: string;
  /** How many of the largest bars to draw; null: all. */
  max: number | null;
}) {
  const { bars, others } = rankedBars(data, max);
  const rows = bars.map((d) => ({ name: d.name, value: centsToEuros(d.value) }));
  const axis = axisUnit(Math.max(0, ...rows.map((r) => Math.abs(r.value))));
  const summary =
    `${title} : ${seriesName} de ${rows.length} élément(s), du plus grand au plus petit` +
    (others ? `, ${others.count} autres hors du graphique` : '') +
    `, en ${axis.unit}.`;
  return (
    <figure role="img" aria-label={summary} className="m-0">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="name"
            tick={{ fontSize: 11 }}
            interval={0}
            angle={-35}
            textAnchor="end"
            height={90}
            tickFormatter={shortTick}
          />
          <YAxis tickFormatter={axis.label} tick={{ fontSize: 12 }} width={80} />
          <Tooltip formatter={euroTooltip} />
          <Bar dataKey="value" name={seriesName} fillOpacity={BAR_FILL_OPACITY}>
            {rows.map((row, i) => (
              <Cell key={row.name} fill={paletteColor(i)} stroke={paletteColor(i)} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
      {others && (
        <figcaption className="mt-1 text-xs text-muted-foreground">
          Les {rows.length} plus grands, du plus grand au plus petit. {OTHERS_LABEL} (hors échelle) : {others.count}{' '}
          élément(s), {formatEuros(others.value)} au total — tous figurent dans le tableau.
        </figcaption>
      )}
    </figure>
  );
}

export type MonthDatum = { month: string; reel: Cents; previsionnel: Cents; margin: Cents; known: boolean };

const SERIES = [
  { key: 'reel', name: 'Réel' },
  { key: 'previsionnel', name: 'Prévisionnel' },
  { key: 'margin', name: 'Marge' },
] as const;

/**
 * 'Évolution Mensuelle': Réel, Prévisionnel and Marge per month, in euros. Réel and Marge stop
 * after the cut-off month (a gap, not a fall to 0): those months are not known yet.
 */
export function MonthlyLineChart({
  data,
  height,
  cutoffMonth,
}: {
  data: readonly MonthDatum[];
  height: number;
  cutoffMonth: string;
}) {
  const rows = data.map((d) => ({
    month: d.month,
    reel: d.known ? centsToEuros(d.reel) : null,
    previsionnel: centsToEuros(d.previsionnel),
    margin: d.known ? centsToEuros(d.margin) : null,
  }));
  const axis = axisUnit(
    Math.max(0, ...rows.flatMap((r) => [r.reel ?? 0, r.previsionnel, r.margin ?? 0].map(Math.abs))),
  );
  return (
    <figure
      role="img"
      aria-label={`Évolution mensuelle en ${axis.unit} : Réel et Marge jusqu'à ${cutoffMonth}, Prévisionnel sur l'année.`}
      className="m-0"
    >
      <ResponsiveContainer width="100%" height={height}>
        <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="month" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={axis.label} tick={{ fontSize: 12 }} width={80} />
          <Tooltip formatter={euroTooltip} />
          {SERIES.map((s, i) => (
            <Line
              key={s.key}
              type="monotone"
              dataKey={s.key}
              name={s.name}
              stroke={paletteColor(i)}
              strokeWidth={2}
              dot={false}
              connectNulls={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
      {/* Our own legend, in the order docs/product.md#dashboard-tab names the series (recharts' carries English labels). */}
      <figcaption className="mt-2 flex flex-wrap justify-center gap-4 text-sm">
        {SERIES.map((s, i) => (
          <span key={s.key} className="inline-flex items-center gap-1.5">
            <span className="inline-block h-0.5 w-4" style={{ backgroundColor: paletteColor(i) }} aria-hidden />
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

export type WaterfallDatum = { label: string; kind: 'total' | 'step'; value: Cents; from: Cents; to: Cents };

/** Totals in the first palette colour; a step green when it adds margin, red when it takes some. */
const waterfallColor = (d: WaterfallDatum) =>
  d.kind === 'total' ? paletteColor(0) : d.value >= 0 ? paletteColor(1) : paletteColor(2);

/**
 * 'Analyse des écarts' (docs/product.md#variance): MB référence → effet volume → effet taux → MB
 * réelle, each step a floating bar from where the previous one ended (a range bar: [low, high]).
 */
export function WaterfallChart({
  data,
  height,
  title,
}: {
  data: readonly WaterfallDatum[];
  height: number;
  title: string;
}) {
  const rows = data.map((d) => {
    const [from, to] = [centsToEuros(d.from), centsToEuros(d.to)];
    return { name: d.label, range: [Math.min(from, to), Math.max(from, to)], value: centsToEuros(d.value) };
  });
  const axis = axisUnit(Math.max(0, ...rows.flatMap((r) => r.range.map(Math.abs))));
  const summary = `${title} : ${data.map((d) => `${d.label} ${formatEuros(d.value)}`).join(', ')}.`;
  return (
    <figure role="img" aria-label={summary} className="m-0">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={axis.label} tick={{ fontSize: 12 }} width={80} />
          <Tooltip
            formatter={(_: unknown, __: unknown, item: { payload?: { value?: number } }) =>
              euroTooltip(item.payload?.value)
            }
          />
          <Bar dataKey="range" name="Montant" fillOpacity={BAR_FILL_OPACITY}>
            {data.map((d) => (
              <Cell key={d.label} fill={waterfallColor(d)} stroke={waterfallColor(d)} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
