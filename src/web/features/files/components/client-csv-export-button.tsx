import { useState } from 'react';
import { FileDown } from 'lucide-react';
import { clientCsvFile } from '@/domain/files/client-csv';
import { Button } from '@/web/components/ui/button';
import { downloadFile } from '@/web/lib/download';
import { useFiscalSettings } from '@/web/lib/use-fiscal-year';
import { useYear } from '@/web/hooks/use-year';
import { getClientBudget } from '@/web/lib/get-client-budget';
import { notifyError, notifySuccess } from '@/web/lib/notify';

type ClientCsvExportButtonProps = {
  clientId: string;
  /** Names the file (`budget-{client}-{YYYY}-{date}.csv`). */
  clientName: string;
};

/**
 * Exports the selected client's budget of the selected exercice as the client CSV of docs/product.md#file-client-csv
 * ('Gestion des Clients' card).
 */
export function ClientCsvExportButton({ clientId, clientName }: ClientCsvExportButtonProps) {
  const [isBusy, setIsBusy] = useState(false);
  const [year] = useYear();
  const fiscal = useFiscalSettings();

  async function exportCsv() {
    setIsBusy(true);
    try {
      const file = clientCsvFile(clientName, year, await getClientBudget(clientId, year), new Date(), fiscal);
      if (!file) {
        notifyError('Erreur', 'Aucune donnée trouvée pour ce client');
        return;
      }
      downloadFile(file);
      notifySuccess('Export réussi', `Le budget ${year} de ${clientName} a été exporté en CSV.`);
    } catch (error) {
      notifyError('Erreur', 'Impossible de charger les données budgétaires', error);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <Button variant="outline" onClick={exportCsv} disabled={isBusy} title="Exporter le budget de ce client en CSV">
      <FileDown aria-hidden="true" />
      Exporter CSV
    </Button>
  );
}
