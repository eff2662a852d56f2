import type { GlobalStats } from '@/domain/dashboard/views';
import { formatEuros, type Cents } from '@/domain/money';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';

type Kpi = { title: string; value: Cents; detail?: string; tone?: boolean };

/** The five KPI cards of docs/product.md#dashboard-tab (docs/product.md#formulas-kpis formulas), amounts in cents. */
export function KpiCards({ stats }: { stats: GlobalStats }) {
  const kpis: Kpi[] = [
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
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" aria-label="Indicateurs clés">
      {kpis.map((k) => (
        <li key={k.title}>
          <Card className="h-full">
            <CardHeader className="pb-2">
              <CardTitle className="text-sm font-medium text-muted-foreground">{k.title}</CardTitle>
            </CardHeader>
            <CardContent>
              <p className={cn('text-2xl font-semibold tabular-nums', k.tone && k.value < 0 && 'text-destructive')}>
                {formatEuros(k.value)}
              </p>
              {k.detail && <p className="mt-1 text-xs text-muted-foreground">{k.detail}</p>}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
