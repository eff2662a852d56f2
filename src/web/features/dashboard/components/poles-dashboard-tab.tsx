import type { PoleViewRow } from '@/domain/dashboard/views';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { ClientMultiSelect } from '@/web/components/client-filter/client-multi-select';
import { useClientSelection } from '@/web/hooks/use-client-selection';
import { useYear } from '@/web/hooks/use-year';
import { useDashboard } from '../api/get-dashboard';
import { Euros } from './amounts';
import { signClass } from '@/web/lib/format';
import type { DashboardFilterProps } from './dashboard-tab';

/** The six columns of docs/product.md#poles-dashboard: full labels for the poles table, shortened ones in the line cards. */
const COLUMNS = [
  { key: 'previsionnel', label: 'Prévisionnel', short: 'Prév.' },
  { key: 'achatPrevisionnel', label: 'Achat Prévisionnel', short: 'Achat prév.' },
  { key: 'margePrevisionnelle', label: 'MB Prévisionnelle', short: 'MB prév.' },
  { key: 'reel', label: 'Réel', short: 'Réel' },
  { key: 'achatReel', label: 'Achat Réel', short: 'Achat réel' },
  { key: 'margeReelle', label: 'MB Réelle', short: 'MB réelle' },
] as const satisfies readonly { key: keyof PoleViewRow; label: string; short: string }[];

const MARGIN_KEYS: ReadonlySet<string> = new Set(['margePrevisionnelle', 'margeReelle']);

/** The 'Dashboard Pôles' tab, loaded lazily; same client filter as the 'Dashboard' tab. */
export function PolesDashboardTab({ clientFilter, onClientFilterChange }: DashboardFilterProps) {
  const [year] = useYear();
  const selection = useClientSelection(clientFilter, year);
  const dashboard = useDashboard(selection.filter, year, selection.ready);
  const poles = dashboard.data?.polesView;
  const error = selection.error ?? dashboard.error;

  return (
    <section aria-labelledby="poles-dashboard-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 id="poles-dashboard-title" className="text-2xl font-semibold tracking-tight">
          Dashboard Pôles d&apos;Expertise
        </h1>
        <p className="text-sm text-muted-foreground">Analyse des budgets et des marges par pôle d&apos;expertise</p>
      </div>
      <ClientMultiSelect clients={selection.clients} filter={selection.filter} onChange={onClientFilterChange} />
      {error ? (
        <p role="alert" className="text-destructive">
          {error.message}
        </p>
      ) : !poles ? (
        <Spinner text="Chargement..." />
      ) : (
        <Tabs defaultValue="poles">
          <TabsList>
            <TabsTrigger value="poles">Vue par Pôles</TabsTrigger>
            <TabsTrigger value="lines">Vue par Lignes Budgétaires</TabsTrigger>
          </TabsList>
          <TabsContent value="poles">
            <Card>
              <CardContent className="pt-6">
                <ViewTable label="Vue par pôles" firstColumn="Pôle" rows={poles} short={false} />
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="lines" className="flex flex-col gap-4">
            {poles.map((pole) => (
              <Card key={pole.name}>
                <CardHeader>
                  <CardTitle>{pole.name}</CardTitle>
                </CardHeader>
                <CardContent>
                  <ViewTable label={`Lignes de ${pole.name}`} firstColumn="Ligne Budgétaire" rows={pole.lines} short />
                </CardContent>
              </Card>
            ))}
          </TabsContent>
          {poles.length === 0 && (
            <p className="mt-4 text-sm text-muted-foreground">Aucune donnée pour cette sélection.</p>
          )}
        </Tabs>
      )}
    </section>
  );
}

function ViewTable({
  label,
  firstColumn,
  rows,
  short,
}: {
  label: string;
  firstColumn: string;
  rows: readonly PoleViewRow[];
  short: boolean;
}) {
  return (
    // Fixed layout: the columns of every pole card line up.
    <Table aria-label={label} className="table-fixed">
      <TableHeader>
        <TableRow>
          <TableHead className="w-1/4">{firstColumn}</TableHead>
          {COLUMNS.map((c) => (
            <TableHead key={c.key} className="text-right" title={short ? c.label : undefined}>
              {short ? c.short : c.label}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.name}>
            <TableCell className="font-medium">{r.name}</TableCell>
            {COLUMNS.map((c) => (
              <TableCell key={c.key} className="text-right">
                <Euros cents={r[c.key]} className={MARGIN_KEYS.has(c.key) ? signClass(r[c.key]) : undefined} />
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
