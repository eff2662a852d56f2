import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { centsToEuros, eurosToCents, formatEuros, type Cents } from '@/domain/money';
import { BAR_FILL_OPACITY, formatKEuros, paletteColor } from './chart-style';

/** Tooltip values are euros (the charts plot euros); shown in French format. */
const euroTooltip = (value: unknown) => (typeof value === 'number' ? formatEuros(eurosToCents(value)) : String(value));

export type BarDatum = { name: string; value: Cents };

/** One bar per item, each in the next palette colour at 50 % opacity; amounts in euros on the axis. */
export function MarginBarChart({
  data,
  height,
  seriesName,
}: {
  data: readonly BarDatum[];
  height: number;
  seriesName: string;
}) {
  const rows = data.map((d) => ({ name: d.name, value: centsToEuros(d.value) }));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
        <YAxis tickFormatter={formatKEuros} tick={{ fontSize: 12 }} width={72} />
        <Tooltip formatter={euroTooltip} />
        <Bar dataKey="value" name={seriesName} fillOpacity={BAR_FILL_OPACITY}>
          {rows.map((row, i) => (
            <Cell key={row.name} fill={paletteColor(i)} stroke={paletteColor(i)} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

export type MonthDatum = { month: string; reel: Cents; previsionnel: Cents; margin: Cents };

/** 'Évolution Mensuelle': Réel, Prévisionnel and Marge per month, in euros. */
export function MonthlyLineChart({ data, height }: { data: readonly MonthDatum[]; height: number }) {
  const rows = data.map((d) => ({
    month: d.month,
    reel: centsToEuros(d.reel),
    previsionnel: centsToEuros(d.previsionnel),
    margin: centsToEuros(d.margin),
  }));
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="month" tick={{ fontSize: 12 }} />
        <YAxis tickFormatter={formatKEuros} tick={{ fontSize: 12 }} width={72} />
        <Tooltip formatter={euroTooltip} />
        {/* Series in the order docs/product.md#dashboard-tab names them, not alphabetical. */}
        <Legend itemSorter={null} />
        <Line type="monotone" dataKey="reel" name="Réel" stroke={paletteColor(0)} strokeWidth={2} dot={false} />
        <Line
          type="monotone"
          dataKey="previsionnel"
          name="Prévisionnel"
          stroke={paletteColor(1)}
          strokeWidth={2}
          dot={false}
        />
        <Line type="monotone" dataKey="margin" name="Marge" stroke={paletteColor(2)} strokeWidth={2} dot={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
