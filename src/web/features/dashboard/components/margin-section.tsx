import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { ComparedRow } from '@/domain/dashboard/compare';
import { MAX_BARS, TOP_N_CHOICES } from '@/domain/dashboard/table';
import type { MarginRow } from '@/domain/dashboard/views';
import { hiddenProjectsNote } from '@/domain/files/management-pack';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import type { BarDatum } from './charts';
import { MarginTable } from './dashboard-tables';

// recharts is the heaviest part of the dashboards: its own chunk, fetched once a chart shows.
const MarginBarChart = lazy(() => import('./charts').then((m) => ({ default: m.MarginBarChart })));

/** Keeps the chart's room while its chunk loads, so the table below does not jump. */
export function ChartFallback({ height }: { height: number }) {
  return <div style={{ height }} aria-hidden />;
}

export function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">{children}</CardContent>
    </Card>
  );
}

type MarginSectionProps = {
  title: string;
  bars: readonly BarDatum[];
  height: number;
  seriesName: string;
  firstColumn: string;
  searchWhat: string;
  rows: readonly ComparedRow[];
  /** Clients of the selection the table does not list (no actual, no purchase): said under it. */
  hiddenRows?: number;
  month: string;
  versionName?: string;
  onOpen?: (row: MarginRow) => void;
  openLabel: (row: MarginRow) => string;
};

/**
 * A bar chart of margins, ranked, with its 'Afficher' choice of how many bars, above its table
 * (projects or poles) (docs/product.md#dashboard-charts).
 */
export function MarginSection({ title, bars, height, seriesName, hiddenRows = 0, ...table }: MarginSectionProps) {
  const [max, setMax] = useState<number | null>(MAX_BARS);
  const id = useId();
  return (
    <ChartCard title={title}>
      {bars.length > Math.min(...TOP_N_CHOICES.filter((n) => n !== null)) && (
        <div className="flex items-center gap-2 self-end text-sm">
          <label htmlFor={id} className="font-medium">
            Afficher
          </label>
          <select
            id={id}
            value={max === null ? 'all' : String(max)}
            onChange={(e) => setMax(e.target.value === 'all' ? null : Number(e.target.value))}
            className="h-8 rounded-md border border-input bg-card px-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {TOP_N_CHOICES.map((n) => (
              <option key={n ?? 'all'} value={n ?? 'all'}>
                {n === null ? 'Tous' : `Les ${n} plus grands`}
              </option>
            ))}
          </select>
        </div>
      )}
      <Suspense fallback={<ChartFallback height={height} />}>
        <MarginBarChart data={bars} height={height} seriesName={seriesName} title={title} max={max} />
      </Suspense>
      <MarginTable label={title} note={hiddenRows > 0 ? hiddenProjectsNote(hiddenRows) : undefined} {...table} />
    </ChartCard>
  );
}
