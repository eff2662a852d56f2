import { Download, FileSpreadsheet, FileText, LoaderCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import type { AllBudgetsAnswer } from '@/domain/answers';
import { selectedClientIds, type ClientFilter } from '@/domain/client-filter';
import { budgetDataFromWire } from '@/domain/codec';
import type { ComparedDashboard } from '@/domain/dashboard/compare';
import { dashboardParams } from '@/domain/dashboard-query';
import { dashboardCsv, dashboardCsvFileName, dashboardCsvSelection } from '@/domain/files/dashboard-csv';
import { dashboardWorkbook } from '@/domain/files/dashboard-workbook';
import { CSV_MIME } from '@/domain/files/export-file';
import { managementPack, packFileBaseName, packWorkbook } from '@/domain/files/management-pack';
import { Button } from '@/web/components/ui/button';
import type { ClientOption } from '@/web/components/client-filter/client-multi-select';
import { useAttributeFilter } from '@/web/hooks/use-attribute-filter';
import { api, apiFile, withYear } from '@/web/lib/api-client';
import { downloadBlob, downloadFile } from '@/web/lib/download';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { downloadWorkbook } from '@/web/lib/xlsx/download';
import type { ChosenCutoff } from '../api/get-dashboard';

type ExportsProps = {
  dashboard: ComparedDashboard | undefined;
  year: number;
  filter: ClientFilter;
  clients: readonly ClientOption[];
  cutoff: ChosenCutoff;
  version: number | null;
};

/**
 * The dashboard's exports, side by side (docs/product.md#dashboard-tab): 'Exporter CSV',
 * 'Exporter Excel', and the monthly management pack (docs/product.md#management-pack) as PDF —
 * built by the server, « Export en cours… » meanwhile, with a cancel — or as `.xlsx`.
 */
export function DashboardExports({ dashboard, year, filter, clients, cutoff, version }: ExportsProps) {
  const [attributes] = useAttributeFilter();
  const [packing, setPacking] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const selection = dashboardCsvSelection(filter, clients);

  async function exportPdf() {
    const controller = new AbortController();
    abort.current = controller;
    setPacking(true);
    try {
      const params = dashboardParams(filter, cutoff, version, attributes);
      const blob = await apiFile(withYear(`/api/dashboard/pack.pdf?${params}`, year), controller.signal);
      downloadBlob(`${packFileBaseName(selection, year, new Date())}.pdf`, blob);
      notifySuccess('Export réussi', `Le dossier de gestion (${selection.label}) a été exporté en PDF.`);
    } catch (error) {
      if (!controller.signal.aborted) notifyError('Erreur', 'Impossible de produire le dossier de gestion', error);
    } finally {
      abort.current = null;
      setPacking(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Exports du dashboard">
      <Button
        variant="outline"
        disabled={!dashboard}
        onClick={() => dashboard && exportCsv(dashboard, year, selection)}
      >
        <Download aria-hidden />
        Exporter CSV
      </Button>
      <Button
        variant="outline"
        disabled={!dashboard}
        onClick={() => dashboard && void exportExcel(dashboard, year, filter, selection)}
      >
        <FileSpreadsheet aria-hidden />
        Exporter Excel
      </Button>
      {packing ? (
        <>
          <span role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle className="size-4 animate-spin text-primary" aria-hidden />
            Export en cours…
          </span>
          <Button variant="ghost" onClick={() => abort.current?.abort()}>
            Annuler
          </Button>
        </>
      ) : (
        <Button variant="outline" disabled={!dashboard} onClick={() => void exportPdf()}>
          <FileText aria-hidden />
          Dossier de gestion (PDF)
        </Button>
      )}
      <Button
        variant="outline"
        disabled={!dashboard}
        onClick={() => dashboard && void downloadPackWorkbook(dashboard, year, selection)}
      >
        <FileSpreadsheet aria-hidden />
        Dossier de gestion (Excel)
      </Button>
    </div>
  );
}

type Selection = ReturnType<typeof dashboardCsvSelection>;

function exportCsv(dashboard: ComparedDashboard, year: number, selection: Selection) {
  const now = new Date();
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
async function exportExcel(dashboard: ComparedDashboard, year: number, filter: ClientFilter, selection: Selection) {
  try {
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
    await downloadWorkbook(dashboardWorkbook(dashboard, selection, year, new Date(), budgets));
    notifySuccess('Export réussi', `Les données du dashboard (${selection.label}) ont été exportées en Excel.`);
  } catch (error) {
    notifyError('Erreur', 'Impossible de charger les données budgétaires', error);
  }
}

/** The management pack as `.xlsx`: the PDF's tables, built here from the figures on screen. */
async function downloadPackWorkbook(dashboard: ComparedDashboard, year: number, selection: Selection) {
  await downloadWorkbook(packWorkbook(managementPack(dashboard, selection, year, new Date())));
  notifySuccess('Export réussi', `Le dossier de gestion (${selection.label}) a été exporté en Excel.`);
}
