import { Download, FileSpreadsheet } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { ClientFilter } from '@/domain/client-filter';
import { dashboardCsvSelection } from '@/domain/files/dashboard-csv';
import { CSV_MIME } from '@/domain/files/export-file';
import { varianceCsv, varianceFileName, varianceWorkbook } from '@/domain/files/variance-export';
import { useFiscalSettings, useMonthNames } from '@/web/lib/use-fiscal-year';
import type { FiscalSettings } from '@/domain/fiscal-year';
import { waterfallSteps, type VarianceData } from '@/domain/variance';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Spinner } from '@/web/components/ui/spinner';
import type { ClientOption } from '@/web/components/client-filter/client-multi-select';
import { downloadFile } from '@/web/lib/download';
import { notifySuccess } from '@/web/lib/notify';
import { downloadWorkbook } from '@/web/lib/xlsx/download';
import { useVariance } from '../api/get-variance';
import type { ChosenCutoff } from '../api/get-dashboard';
import { CHART_HEIGHT } from './chart-style';
import { JustifyDialog } from './justify-dialog';
import { VarianceClientsTable, VariancePolesTable } from './variance-tables';
import { VarianceThreshold } from './variance-threshold';

const WaterfallChart = lazy(() => import('./charts').then((m) => ({ default: m.WaterfallChart })));

type VarianceViewProps = {
  filter: ClientFilter;
  clients: readonly ClientOption[];
  year: number;
  cutoff: ChosenCutoff;
  /** The version chosen in the dashboard (null: the year's reference). */
  version: number | null;
};

/** 'Analyse des écarts' (docs/product.md#variance): the waterfall of the selection, then its gaps by client and pole. */
export function VarianceView({ filter, clients, year, cutoff, version }: VarianceViewProps) {
  const variance = useVariance(filter, year, cutoff, version);
  const names = useMonthNames(year).full;
  const fiscal = useFiscalSettings();
  const [justifying, setJustifying] = useState<VarianceData['clients'][number] | null>(null);
  if (variance.error) return <p role="alert">{variance.error.message}</p>;
  const data = variance.data;
  if (!data) return <Spinner text="Chargement..." />;
  const month = names[data.cutoff.month] ?? '';
  const slug = dashboardCsvSelection(filter, clients).slug;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Analyse des écarts</CardTitle>
          <CardDescription>
            MB réelle de janvier à {month.toLowerCase()} contre « {data.version.name} » : effet volume (ventes) et effet
            taux (taux de marge).
          </CardDescription>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => exportCsv(data, year, slug, fiscal)}>
            <Download aria-hidden />
            Exporter CSV des écarts
          </Button>
          <Button variant="outline" onClick={() => void exportExcel(data, year, slug, fiscal)}>
            <FileSpreadsheet aria-hidden />
            Exporter Excel des écarts
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <VarianceThreshold />
        <Suspense fallback={<div style={{ height: CHART_HEIGHT }} aria-hidden />}>
          <WaterfallChart data={waterfallSteps(data.total)} height={CHART_HEIGHT} title="Analyse des écarts" />
        </Suspense>
        <VarianceClientsTable rows={data.clients} month={month} onJustify={setJustifying} />
        <VariancePolesTable rows={data.poles} month={month} />
      </CardContent>
      {justifying && (
        <JustifyDialog row={justifying} year={year} month={data.cutoff.month} onClose={() => setJustifying(null)} />
      )}
    </Card>
  );
}

function exportCsv(data: VarianceData, year: number, slug: string, fiscal: FiscalSettings) {
  const now = new Date();
  downloadFile({
    fileName: varianceFileName(slug, year, now, 'csv'),
    mimeType: CSV_MIME,
    text: varianceCsv(data, year, fiscal),
  });
  notifySuccess('Export réussi', 'Les écarts ont été exportés en CSV.');
}

async function exportExcel(data: VarianceData, year: number, slug: string, fiscal: FiscalSettings) {
  await downloadWorkbook(varianceWorkbook(data, year, slug, new Date(), fiscal));
  notifySuccess('Export réussi', 'Les écarts ont été exportés en Excel.');
}
