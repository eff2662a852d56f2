import type { GlobalStats } from '@/domain/dashboard/views';
import { formatEuros, formatPercent, type Cents } from '@/domain/money';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';
import { signClass } from '@/web/lib/format';

/** A card: its figure (null: no data, shown `—`), and a gap whose percentage shows only over a positive base. */
type Kpi = {
  title: string;
  value: Cents | null;
  detail?: string;
  tone?: boolean;
  gap?: { cents: Cents; percent?: number };
};

/** The percentage of a gap over `base`, or none when the base is not positive (docs/product.md#dashboard-to-date). */
const over = (percent: number, base: Cents) => (base > 0 ? percent : undefined);

function KpiList({ label, kpis, columns }: { label: string; kpis: readonly Kpi[]; columns: string }) {
  return (
    <ul className={cn('grid gap-4 sm:grid-cols-2', columns)} aria-label={label}>
      {kpis.map((k) => (
        <li key={k.title}>
          <Card className="h-full">
            <CardHeader className="pb-2">
              <CardTitle className="text-sm font-medium text-muted-foreground">{k.title}</CardTitle>
            </CardHeader>
            <CardContent>
              <p
                className={cn(
                  'text-2xl font-semibold tabular-nums',
                  k.value === null && 'text-muted-foreground',
                  k.tone && k.value !== null && k.value < 0 && 'text-destructive',
                )}
              >
                {k.value === null ? '—' : formatEuros(k.value)}
              </p>
              {k.gap && (
                <p className={cn('mt-1 text-sm tabular-nums', signClass(k.gap.cents))}>
                  Écart : {formatEuros(k.gap.cents)}
                  {k.gap.percent !== undefined && ` (${formatPercent(k.gap.percent, true)})`}
                </p>
              )}
              {k.detail && <p className="mt-1 text-xs text-muted-foreground">{k.detail}</p>}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/**
 * The five KPI cards of docs/product.md#dashboard-tab (docs/product.md#formulas-kpis formulas), then the same
 * selection à date — January to the cut-off `month` — and against N−1 (docs/product.md#dashboard-to-date). Cents.
 * A year without any actual (`noActuals`) has no gap to show yet; N−1 without data reads `—`.
 */
export function KpiCards({ stats, month, noActuals }: { stats: GlobalStats; month: string; noActuals: boolean }) {
  const td = stats.toDate;
  const n1 = stats.previousYear;
  const year: Kpi[] = [
    {
      title: "Chiffre d'Affaires",
      value: stats.totalReel,
      detail: `Prévisionnel : ${formatEuros(stats.totalPrevisionnel)}`,
    },
    {
      title: 'Achats Totaux',
      value: stats.totalAchat,
      detail: `Prévisionnel : ${formatEuros(stats.totalAchatPrevisionnel)}`,
    },
    {
      title: 'Marge Brute Prévisionnelle',
      value: stats.totalMarginPrev,
      detail: 'Prévisionnel − achats prévisionnels',
      tone: true,
    },
    { title: 'Marge Brute Réelle', value: stats.totalMarginReel, detail: 'Réel − achats réels', tone: true },
    {
      title: 'Total MB Annuelle Revue',
      value: stats.totalMbRevue,
      detail: 'Réel à date + prévisionnel des mois sans réel',
      tone: true,
    },
  ];
  const toDate: Kpi[] = [
    {
      title: `CA à date (janvier – ${month.toLowerCase()})`,
      value: td.reel,
      detail: `Prévisionnel à date : ${formatEuros(td.previsionnel)}`,
    },
    {
      title: 'MB Réelle à date',
      value: td.marginReel,
      tone: true,
      gap: noActuals ? undefined : { cents: td.ecartMb, percent: over(td.ecartMbPct, td.margePrevisionnelle) },
      detail: `MB prévisionnelle à date : ${formatEuros(td.margePrevisionnelle)}`,
    },
    n1
      ? {
          title: 'MB Réelle N−1 (mêmes mois)',
          value: n1.marginReel,
          tone: true,
          gap: noActuals ? undefined : { cents: n1.ecart, percent: over(n1.ecartPct, n1.marginReel) },
          detail: 'Écart : MB réelle à date − MB réelle N−1',
        }
      : {
          title: 'MB Réelle N−1 (mêmes mois)',
          value: null,
          detail: "Pas de données l'exercice précédent",
        },
  ];
  return (
    <div className="flex flex-col gap-4">
      <KpiList label="Indicateurs clés" kpis={year} columns="lg:grid-cols-5" />
      <KpiList label={`Indicateurs à date, fin ${month.toLowerCase()}`} kpis={toDate} columns="lg:grid-cols-3" />
    </div>
  );
}
