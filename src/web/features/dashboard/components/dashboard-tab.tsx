import { Download, FileSpreadsheet } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { selectedClientIds, type ClientFilter } from '@/domain/client-filter';
import { budgetDataFromWire } from '@/domain/codec';
import { dashboardWorkbook } from '@/domain/files/dashboard-workbook';
import { api, withYear } from '@/web/lib/api-client';
import { downloadWorkbook } from '@/web/lib/xlsx/download';
import { isEmptyDashboard, type MarginRow } from '@/domain/dashboard/views';
import type { ComparedDashboard, ComparedRow } from '@/domain/dashboard/compare';
import { dashboardCsv, dashboardCsvFileName, dashboardCsvSelection } from '@/domain/files/dashboard-csv';
import { CSV_MIME } from '@/domain/files/export-file';
import type { AllBudgetsAnswer } from '@/domain/answers';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { downloadFile } from '@/web/lib/download';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { DashboardAttributeFilter } from '@/web/components/client-filter/attribute-filter-bar';
import { ClientMultiSelect, type ClientOption } from '@/web/components/client-filter/client-multi-select';
import { useClientSelection } from '@/web/hooks/use-client-selection';
import { useYear } from '@/web/hooks/use-year';
import { useMonthNames } from '@/web/lib/use-fiscal-year';
import { useDashboard, type ChosenCutoff } from '../api/get-dashboard';
import { useYearVersions } from '../api/get-versions';
import { useChosenVersion } from '../hooks/use-chosen-version';
import { VersionSelect } from './version-select';
import { VarianceView } from './variance-view';
import { CutoffSelect } from './cutoff-select';
import { EmptyDashboard } from './empty-dashboard';
import { CHART_HEIGHT, POLE_CHART_HEIGHT } from './chart-style';
import type { BarDatum } from './charts';

// recharts is the heaviest part of the dashboards: its own chunk, fetched once a chart shows.
const MarginBarChart = lazy(() => import('./charts').then((m) => ({ default: m.MarginBarChart })));
const MonthlyLineChart = lazy(() => import('./charts').then((m) => ({ default: m.MonthlyLineChart })));

/** Keeps the chart's room while its chunk loads, so the table below does not jump. */
function ChartFallback({ height }: { height: number }) {
  return <div style={{ height }} aria-hidden />;
}
import { MarginTable, SummaryTable } from './dashboard-tables';
import { KpiCards } from './kpi-cards';
import { LandingViewCard, type LandingViewCardProps } from './landing-view-card';

export type DashboardFilterProps = {
  /** Shared by both dashboard tabs (kept by the home screen while tabs switch). */
  clientFilter: ClientFilter;
  onClientFilterChange: (filter: ClientFilter) => void;
};

/** Drill-downs out of the 'Dashboard' tab, composed in by the app shell (features never import each other). */
export type DashboardDrillProps = {
  /** A project row: open that client in the budget tab. */
  onOpenClient?: (clientId: string) => void;
  /** A pole row: show that pole in the poles dashboard. */
  onOpenPole?: (poleName: string) => void;
  /** The active alerts' list (docs/product.md#alerts), composed in by the app shell. */
  alerts?: ReactNode;
};

/** The dashboard's tabs (docs/product.md#dashboard-tab), default first. */
const DASHBOARD_TABS = [
  { id: 'margins', label: 'Marges par Projet' },
  { id: 'pole-details', label: 'Marge par Pôle' },
  { id: 'evolution', label: 'Évolution Mensuelle' },
  { id: 'summary', label: 'Tableau Récapitulatif' },
  { id: 'variance', label: 'Analyse des écarts' },
  { id: 'landing', label: 'Atterrissage' },
] as const;

/** The 'Dashboard' tab, loaded lazily with the charts. */
export function DashboardTab({
  clientFilter,
  onClientFilterChange,
  onOpenClient,
  onOpenPole,
  alerts,
}: DashboardFilterProps & DashboardDrillProps) {
  const [year] = useYear();
  const [cutoff, setCutoff] = useState<ChosenCutoff>(null);
  const [chosenVersion, setChosenVersion] = useChosenVersion();
  const versions = useYearVersions(year).data ?? [];
  // A version of another year (the year changed, an old link) is not asked for.
  const version = versions.some((v) => v.id === chosenVersion) ? chosenVersion : null;
  const selection = useClientSelection(clientFilter, year);
  const dashboard = useDashboard(selection.filter, year, cutoff, selection.ready, version);

  return (
    <section aria-labelledby="dashboard-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-4">
          <h1 id="dashboard-title" className="text-2xl font-semibold tracking-tight">
            Dashboard
          </h1>
          <div className="flex flex-wrap items-end gap-4">
            <ClientMultiSelect clients={selection.clients} filter={selection.filter} onChange={onClientFilterChange} />
            <CutoffSelect year={year} cutoff={dashboard.data?.cutoff} chosen={cutoff} onChange={setCutoff} />
            <VersionSelect versions={versions} chosen={version} onChange={setChosenVersion} />
          </div>
          <DashboardAttributeFilter clients={selection.clients} />
        </div>
        <Button
          variant="outline"
          disabled={!dashboard.data}
          onClick={() => dashboard.data && exportCsv(dashboard.data, year, selection.filter, selection.clients)}
        >
          <Download aria-hidden />
          Exporter CSV
        </Button>
        <Button
          variant="outline"
          disabled={!dashboard.data}
          onClick={() => dashboard.data && void exportExcel(dashboard.data, year, selection.filter, selection.clients)}
        >
          <FileSpreadsheet aria-hidden />
          Exporter Excel
        </Button>
      </div>
      {alerts}
      {(selection.error ?? dashboard.error) ? (
        <p role="alert" className="text-destructive">
          {(selection.error ?? dashboard.error)?.message}
        </p>
      ) : !dashboard.data ? (
        <Spinner text="Chargement..." />
      ) : (
        <DashboardContent
          dashboard={dashboard.data}
          landing={{ filter: selection.filter, year, cutoff, version }}
          onOpenClient={onOpenClient}
          onOpenPole={onOpenPole}
          variance={
            <VarianceView
              filter={selection.filter}
              clients={selection.clients}
              year={year}
              cutoff={cutoff}
              version={version}
            />
          }
        />
      )}
    </section>
  );
}

function exportCsv(dashboard: ComparedDashboard, year: number, filter: ClientFilter, clients: readonly ClientOption[]) {
  const now = new Date();
  const selection = dashboardCsvSelection(filter, clients);
  downloadFile({
    fileName: dashboardCsvFileName(selection, year, now),
    mimeType: CSV_MIME,
    text: dashboardCsv(dashboard, selection, now),
  });
  notifySuccess('Export réussi', `Les données du dashboard (${selection.label}) ont été exportées en CSV.`);
}

/**
 * The dashboard as `.xlsx` (docs/product.md#excel-export): its tables, and the long sheet of the
 * selected clients' lines, read from GET /api/budget (scoped by the server) at the click.
 */
async function exportExcel(
  dashboard: ComparedDashboard,
  year: number,
  filter: ClientFilter,
  clients: readonly ClientOption[],
) {
  try {
    const now = new Date();
    const selection = dashboardCsvSelection(filter, clients);
    const all = await api.get<AllBudgetsAnswer>(withYear('/api/budget', year));
    const budgetData = budgetDataFromWire(all.budgetData);
    const chosen = new Set(
      selectedClientIds(
        filter,
        all.clients.map((c) => c.id),
      ),
    );
    const budgets = all.clients
      .filter((c) => chosen.has(c.id))
      .map((c) => ({ client: c, poles: budgetData[c.id] ?? [] }));
    await downloadWorkbook(dashboardWorkbook(dashboard, selection, year, now, budgets));
    notifySuccess('Export réussi', `Les données du dashboard (${selection.label}) ont été exportées en Excel.`);
  } catch (error) {
    notifyError('Erreur', 'Impossible de charger les données budgétaires', error);
  }
}

function DashboardContent({
  dashboard,
  landing,
  onOpenClient,
  onOpenPole,
  variance,
}: { dashboard: ComparedDashboard; landing: LandingViewCardProps; variance: ReactNode } & DashboardDrillProps) {
  const names = useMonthNames(landing.year).full;
  if (isEmptyDashboard(dashboard)) return <EmptyDashboard />;
  const month = names[dashboard.cutoff.month] ?? '';
  return (
    <>
      <KpiCards stats={dashboard.globalStats} month={month} />
      <Tabs defaultValue="margins">
        <TabsList>
          {DASHBOARD_TABS.map((t) => (
            <TabsTrigger key={t.id} value={t.id}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="margins">
          <MarginSection
            title="Marges par Projet"
            bars={dashboard.projectMargins.map((r) => ({ name: r.name, value: r.marginReel }))}
            height={CHART_HEIGHT}
            seriesName="MB Réelle"
            firstColumn="Projet"
            searchWhat="un projet"
            rows={dashboard.projectMargins}
            month={month}
            versionName={dashboard.versionName}
            onOpen={onOpenClient && ((r) => r.clientId && onOpenClient(r.clientId))}
            openLabel={(r) => `Ouvrir ${r.name} dans la saisie budgétaire`}
          />
        </TabsContent>
        <TabsContent value="pole-details">
          <MarginSection
            title="Marge par Pôle"
            bars={dashboard.poleChart.map((p) => ({ name: p.name, value: p.margin }))}
            height={POLE_CHART_HEIGHT}
            seriesName="Marge"
            firstColumn="Pôle"
            searchWhat="un pôle"
            rows={dashboard.poleMargins}
            month={month}
            versionName={dashboard.versionName}
            onOpen={onOpenPole && ((r) => onOpenPole(r.name))}
            openLabel={(r) => `Voir le pôle ${r.name} dans le dashboard pôles`}
          />
        </TabsContent>
        <TabsContent value="evolution">
          <ChartCard title="Évolution Mensuelle">
            <Suspense fallback={<ChartFallback height={CHART_HEIGHT} />}>
              <MonthlyLineChart data={dashboard.monthlyEvolution} height={CHART_HEIGHT} cutoffMonth={month} />
            </Suspense>
          </ChartCard>
        </TabsContent>
        <TabsContent value="summary">
          <ChartCard title="Tableau Récapitulatif">
            <SummaryTable rows={dashboard.summaryRows} month={month} />
          </ChartCard>
        </TabsContent>
        <TabsContent value="variance">{variance}</TabsContent>
        <TabsContent value="landing">
          <LandingViewCard {...landing} />
        </TabsContent>
      </Tabs>
    </>
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
  month: string;
  versionName?: string;
  onOpen?: (row: MarginRow) => void;
  openLabel: (row: MarginRow) => string;
};

/** A bar chart of margins above its table (projects or poles). */
function MarginSection({ title, bars, height, seriesName, ...table }: MarginSectionProps) {
  return (
    <ChartCard title={title}>
      <Suspense fallback={<ChartFallback height={height} />}>
        <MarginBarChart data={bars} height={height} seriesName={seriesName} title={title} />
      </Suspense>
      <MarginTable label={title} {...table} />
    </ChartCard>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">{children}</CardContent>
    </Card>
  );
}
