import { X } from 'lucide-react';
import { useState } from 'react';
import { polesView } from '@/domain/dashboard/views';
import {
  polesWithVersion,
  versionAmounts,
  versionHeaders,
  type ComparedPoleRow,
  type ComparedPoleView,
} from '@/domain/dashboard/compare';
import { VersionSelect } from '@/web/components/version-select';
import { useComparedVersion } from '../hooks/use-chosen-version';
import { versionColumns } from './dashboard-tables';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { DashboardAttributeFilter } from '@/web/components/client-filter/attribute-filter-bar';
import { ClientMultiSelect } from '@/web/components/client-filter/client-multi-select';
import { useClientSelection } from '@/web/hooks/use-client-selection';
import { useYear } from '@/web/hooks/use-year';
import { useMonthNames } from '@/web/lib/use-fiscal-year';
import { useDashboardData, useDashboardLines, type ChosenCutoff } from '../api/get-dashboard';
import { Euros, Gap } from './amounts';
import { CutoffSelect } from './cutoff-select';
import { DataTable, type Column } from './data-table';
import { EmptyDashboard } from './empty-dashboard';
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
] as const satisfies readonly { key: keyof ComparedPoleRow; label: string; short: string }[];

const MARGIN_KEYS: ReadonlySet<string> = new Set(['margePrevisionnelle', 'margeReelle']);

/** The pole shown alone in the poles dashboard (a drill-down from a pole row), or null for every pole. */
export type PoleFilterProps = {
  poleFilter: string | null;
  onPoleFilterChange: (pole: string | null) => void;
};

/** The six columns then the margins à date of `month` (docs/product.md#dashboard-to-date), sortable. */
function poleColumns(month: string, versionName: string | undefined): Column<ComparedPoleRow>[] {
  const amounts = COLUMNS.map((c): Column<ComparedPoleRow> => ({
    key: c.key,
    label: c.label,
    numeric: true,
    value: (r) => r[c.key],
    render: (r) => <Euros cents={r[c.key]} className={MARGIN_KEYS.has(c.key) ? signClass(r[c.key]) : undefined} />,
  }));
  // docs/product.md#versions-and-landing: the version's two columns follow « MB Prévisionnelle ».
  const compared = versionName === undefined ? [] : versionColumns<ComparedPoleRow>(versionName);
  return [
    { key: 'name', label: 'Pôle', value: (r) => r.name, render: (r) => r.name },
    ...amounts.slice(0, 3),
    ...compared,
    ...amounts.slice(3),
    {
      key: 'td-mb-prev',
      label: 'MB prév. à date',
      title: `MB prévisionnelle de janvier à ${month}`,
      numeric: true,
      value: (r) => r.toDate.margePrevisionnelle,
      render: (r) => <Euros cents={r.toDate.margePrevisionnelle} />,
    },
    {
      key: 'td-mb-reel',
      label: 'MB réelle à date',
      title: `MB réelle de janvier à ${month}`,
      numeric: true,
      value: (r) => r.toDate.marginReel,
      render: (r) => <Euros cents={r.toDate.marginReel} />,
    },
    {
      key: 'td-ecart',
      label: 'Écart MB à date',
      title: `MB réelle − MB prévisionnelle, de janvier à ${month}`,
      numeric: true,
      value: (r) => r.toDate.ecartMb,
      render: (r) => <Gap cents={r.toDate.ecartMb} percent={r.toDate.ecartMbPct} />,
    },
  ];
}

/** The 'Dashboard Pôles' tab, loaded lazily; same client filter as the 'Dashboard' tab. */
export function PolesDashboardTab({
  clientFilter,
  onClientFilterChange,
  poleFilter,
  onPoleFilterChange,
}: DashboardFilterProps & PoleFilterProps) {
  const [year] = useYear();
  const [cutoff, setCutoff] = useState<ChosenCutoff>(null);
  const [view, setView] = useState('poles');
  const selection = useClientSelection(clientFilter, year);
  const { versions, version, choose } = useComparedVersion(year);
  const data = useDashboardData(selection.filter, year, cutoff, selection.ready, version);
  const lines = useDashboardLines(data.data, selection.filter, year, view === 'lines', version);
  const all = data.data ? polesWithVersion(polesView(data.data), data.data.version) : undefined;
  const versionName = version === null ? undefined : (data.data?.version?.name ?? undefined);
  const poles = all?.filter((p) => poleFilter === null || p.name === poleFilter);
  const error = selection.error ?? data.error ?? lines.error;
  const names = useMonthNames(year).full;
  const month = data.data ? (names[data.data.cutoff.month] ?? '') : '';

  return (
    <section aria-labelledby="poles-dashboard-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 id="poles-dashboard-title" className="text-2xl font-semibold tracking-tight">
          Dashboard Pôles d&apos;Expertise
        </h1>
        <p className="text-sm text-muted-foreground">Analyse des budgets et des marges par pôle d&apos;expertise</p>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <ClientMultiSelect clients={selection.clients} filter={selection.filter} onChange={onClientFilterChange} />
        <CutoffSelect year={year} cutoff={data.data?.cutoff} chosen={cutoff} onChange={setCutoff} />
        <VersionSelect versions={versions} chosen={version} onChange={choose} />
        <DashboardAttributeFilter clients={selection.clients} />
        {poleFilter !== null && (
          <Button variant="outline" onClick={() => onPoleFilterChange(null)}>
            Pôle : {poleFilter}
            <X aria-hidden />
            <span className="sr-only">— afficher tous les pôles</span>
          </Button>
        )}
      </div>
      {error ? (
        <p role="alert" className="text-destructive">
          {error.message}
        </p>
      ) : !poles ? (
        <Spinner text="Chargement..." />
      ) : all?.length === 0 ? (
        <EmptyDashboard />
      ) : (
        <Tabs value={view} onValueChange={setView}>
          <TabsList>
            <TabsTrigger value="poles">Vue par Pôles</TabsTrigger>
            <TabsTrigger value="lines">Vue par Lignes Budgétaires</TabsTrigger>
          </TabsList>
          <TabsContent value="poles">
            <Card>
              <CardContent className="pt-6">
                <DataTable
                  label="Vue par pôles"
                  searchWhat="un pôle"
                  columns={poleColumns(month, versionName)}
                  rows={poles}
                  onOpen={(r) => onPoleFilterChange(poleFilter === r.name ? null : r.name)}
                  openLabel={(r) =>
                    poleFilter === r.name ? 'Afficher tous les pôles' : `N'afficher que le pôle ${r.name}`
                  }
                />
              </CardContent>
            </Card>
          </TabsContent>
          <TabsContent value="lines" className="flex flex-col gap-4">
            {!lines.data ? (
              <Spinner text="Chargement des lignes..." />
            ) : (
              lines.data
                .filter((p) => poleFilter === null || p.name === poleFilter)
                .map((pole: ComparedPoleView) => (
                  <Card key={pole.name}>
                    <CardHeader>
                      <CardTitle>{pole.name}</CardTitle>
                    </CardHeader>
                    <CardContent>
                      <LinesTable label={`Lignes de ${pole.name}`} rows={pole.lines} versionName={versionName} />
                    </CardContent>
                  </Card>
                ))
            )}
          </TabsContent>
        </Tabs>
      )}
    </section>
  );
}

function LinesTable({
  label,
  rows,
  versionName,
}: {
  label: string;
  rows: readonly ComparedPoleRow[];
  versionName: string | undefined;
}) {
  const headers = versionHeaders(versionName);
  return (
    // Fixed layout: the columns of every pole card line up.
    <Table aria-label={label} className="table-fixed">
      <TableHeader>
        <TableRow>
          <TableHead className="w-1/4">Ligne Budgétaire</TableHead>
          {COLUMNS.map((c) => (
            <TableHead key={c.key} className="text-right" title={c.label}>
              {c.short}
            </TableHead>
          ))}
          {headers.map((h) => (
            <TableHead key={h} className="text-right" title={h}>
              {h}
            </TableHead>
          ))}
          <TableHead className="text-right" title="MB réelle à date">
            MB réelle à date
          </TableHead>
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
            {versionAmounts(versionName, r).map((cents, i) => (
              <TableCell key={headers[i]} className="text-right">
                {i === 0 ? <Euros cents={cents} /> : <Gap cents={cents} />}
              </TableCell>
            ))}
            <TableCell className="text-right">
              <Euros cents={r.toDate.marginReel} className={signClass(r.toDate.marginReel)} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
