import { Card, CardContent } from '@/web/components/ui/card';

/** The one empty state of a dashboard tab (docs/product.md#dashboard-tables): what to do, not an empty chart frame. */
export function EmptyDashboard() {
  return (
    <Card>
      <CardContent className="flex flex-col gap-1 py-10 text-center">
        <p className="font-medium">Aucune donnée pour cette sélection et cet exercice.</p>
        <p className="text-sm text-muted-foreground">
          Saisissez des budgets dans l&apos;onglet « Saisie Budgétaire », ou choisissez d&apos;autres clients ou un
          autre exercice.
        </p>
      </CardContent>
    </Card>
  );
}
