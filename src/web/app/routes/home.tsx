import { lazy, Suspense, useState } from 'react';
import { ALL_CLIENTS, type ClientFilter } from '@/domain/client-filter';
import { ErrorBoundary } from '@/web/components/ui/error-boundary';
import { Spinner } from '@/web/components/ui/spinner';
import { BudgetTab } from '@/web/features/budget/budget-tab';
import { useBudgetLiveUpdates } from '@/web/features/budget/live/hooks/use-live-budget';
import { useYear } from '@/web/hooks/use-year';
import { useIsAdmin } from '@/web/lib/access';
import { useLiveStream } from '@/web/lib/use-live';
import { selectBudgetClient } from '@/web/features/budget/clients/hooks/use-selected-client-id';
import { ClientCsvExportButton } from '@/web/features/files/components/client-csv-export-button';
import { ClientExcelActions } from '@/web/features/files/components/client-excel-actions';
import { ClientComments } from '@/web/features/comments/components/client-comments';
import { AppHeader } from '../shell/app-header';
import { ClosingPage } from './closing-page';
import { DEFAULT_MAIN_TAB, type MainTab } from '../shell/main-tabs';

// The dashboards carry the charting library (~108 kB gzip, docs/style.md#stack-constraints): load them on first visit.
const DashboardTab = lazy(() =>
  import('@/web/features/dashboard/components/dashboard-tab').then((m) => ({ default: m.DashboardTab })),
);
// With the dashboard: loaded when that tab opens.
const AlertsPanel = lazy(() =>
  import('@/web/features/alerts/components/alerts-panel').then((m) => ({ default: m.AlertsPanel })),
);
const PolesDashboardTab = lazy(() =>
  import('@/web/features/dashboard/components/poles-dashboard-tab').then((m) => ({
    default: m.PolesDashboardTab,
  })),
);

// The accounting tab is an admin's, visited now and then: its code loads on first visit too.
const AccountingTab = lazy(() =>
  import('@/web/features/accounting/components/accounting-tab').then((m) => ({ default: m.AccountingTab })),
);

/** The single main screen (route `/`): header, then the active tab's content. */
export function HomePage() {
  const [activeTab, setActiveTab] = useState<MainTab>(DEFAULT_MAIN_TAB);
  const isAdmin = useIsAdmin();
  // docs/product.md#live-browser: one stream per tab for the exercice on screen; the budgets
  // follow it whichever tab is open, so coming back to the grid shows current figures.
  const [year] = useYear();
  useLiveStream(year);
  useBudgetLiveUpdates();
  // The dashboards' client filter lives here so it survives switching between the two tabs.
  const [clientFilter, setClientFilter] = useState<ClientFilter>(ALL_CLIENTS);
  // A pole row's drill-down: the poles dashboard shows that pole alone until reset.
  const [poleFilter, setPoleFilter] = useState<string | null>(null);
  // A project row's drill-down: app/ composes the features, so the dashboard's callback selects the
  // client through the budget feature's store (it also becomes the first of the recent clients).
  const openClient = (clientId: string) => {
    selectBudgetClient(clientId);
    setActiveTab('budget');
  };

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-card focus:px-3 focus:py-2 focus:text-sm focus:shadow"
      >
        Aller au contenu
      </a>
      <AppHeader activeTab={activeTab} onTabChange={setActiveTab} />
      <main id="contenu" tabIndex={-1} className="mx-auto w-full max-w-[160rem] flex-1 px-6 py-8 focus:outline-none">
        {/* One boundary per tab: a view that fails to render says why and leaves the others usable. */}
        <ErrorBoundary key={activeTab}>
          <Suspense fallback={<Spinner text="Chargement..." />}>
            {activeTab === 'budget' && (
              // Features never import each other: the files feature's card and button join the budget tab here.
              <BudgetTab
                editorFrame={(frame) => <ClientComments {...frame} />}
                clientActions={(client) => (
                  <>
                    <ClientCsvExportButton clientId={client.id} clientName={client.name} />
                    <ClientExcelActions clientId={client.id} clientName={client.name} />
                  </>
                )}
              />
            )}
            {activeTab === 'dashboard' && (
              <DashboardTab
                alerts={<AlertsPanel onOpenClient={openClient} />}
                clientFilter={clientFilter}
                onClientFilterChange={setClientFilter}
                onOpenClient={openClient}
                onOpenPole={(pole) => {
                  setPoleFilter(pole);
                  setActiveTab('poles');
                }}
              />
            )}
            {activeTab === 'poles' && (
              <PolesDashboardTab
                clientFilter={clientFilter}
                onClientFilterChange={setClientFilter}
                poleFilter={poleFilter}
                onPoleFilterChange={setPoleFilter}
              />
            )}
            {activeTab === 'closing' && <ClosingPage />}
            {activeTab === 'accounting' && isAdmin && <AccountingTab />}
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}
