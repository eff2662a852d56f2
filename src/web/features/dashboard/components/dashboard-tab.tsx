import type { ClientFilter } from '@/domain/client-filter';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { isEmptyDashboard } from '@/domain/dashboard/views';
import type { ComparedDashboard } from '@/domain/dashboard/compare';
import { Spinner } from '@/web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { DashboardAttributeFilter } from '@/web/components/client-filter/attribute-filter-bar';
import { ClientMultiSelect } from '@/web/components/client-filter/client-multi-select';
import { useClientSelection } from '@/web/hooks/use-client-selection';
import { useYear } from '@/web/hooks/use-year';
import { useMonthNames } from '@/web/lib/use-fiscal-year';
import { useDashboard, type ChosenCutoff } from '../api/get-dashboard';
import { useComparedVersion } from '../hooks/use-chosen-version';
import { VersionSelect } from '@/web/components/version-select';
import { VarianceView } from './variance-view';
import { CutoffSelect } from './cutoff-select';
import { DashboardExports } from './dashboard-exports';
import { EmptyDashboard } from './empty-dashboard';
import { CHART_HEIGHT, POLE_CHART_HEIGHT } from './chart-style';

// recharts is the heaviest part of the dashboards: its own chunk, fetched once a chart shows.
const MonthlyLineChart = lazy(() => import('./charts').then((m) => ({ default: m.MonthlyLineChart })));

import { SummaryTable } from './dashboard-tables';
import { ChartCard, ChartFallback, MarginSection } from './margin-section';
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
  const { versions, version, choose: setChosenVersion } = useComparedVersion(year);
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
        <DashboardExports
          dashboard={dashboard.data}
          year={year}
          filter={selection.filter}
          clients={selection.clients}
          cutoff={cutoff}
          version={version}
        />
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
      <KpiCards stats={dashboard.globalStats} month={month} noActuals={dashboard.cutoff.source === 'none'} />
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
            hiddenRows={dashboard.globalStats.totalProjects - dashboard.projectMargins.length}
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
