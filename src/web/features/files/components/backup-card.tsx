import { lazy, Suspense, useRef, useState } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { DatabaseBackup, FileDown, FileJson, FileSpreadsheet, Upload } from 'lucide-react';
import { backupFile } from '@/domain/files/backup-json';
import { budgetWorkbook } from '@/domain/files/budget-workbook';
import { Button } from '@/web/components/ui/button';
import { useIsAdmin } from '@/web/lib/access';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useYear } from '@/web/hooks/use-year';
import { downloadFile } from '@/web/lib/download';
import { downloadWorkbook } from '@/web/lib/xlsx/download';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { fiscalSettingsQueryOptions } from '@/web/lib/use-fiscal-year';
import { getAllBudgets, getBackup, getMonthLocks, getYearComments } from '../api/files-api';
import { useBackupImport } from '../hooks/use-backup-import';
import { InvoicingDialog } from './invoicing-dialog';

// The confirmation (Radix Dialog) loads when a valid file has been read: a lighter first bundle.
const ImportConfirmDialog = lazy(() =>
  import('./import-confirm-dialog').then((m) => ({ default: m.ImportConfirmDialog })),
);

/**
 * Every client's year as one budget workbook (docs/product.md#excel-export), months named by the
 * fiscal year, with the comments of the clients the caller sees.
 */
async function exportAllExcel(year: number, queryClient: QueryClient) {
  const [{ clients, budgetData }, locks, comments, fiscal] = await Promise.all([
    getAllBudgets(year),
    getMonthLocks(year),
    getYearComments(year),
    queryClient.ensureQueryData(fiscalSettingsQueryOptions()),
  ]);
  const workbook = budgetWorkbook({
    year,
    scope: 'all',
    now: new Date(),
    fiscal,
    closedMonths: locks,
    comments,
    clients: clients.map((client) => ({ client, poles: budgetData[client.id] ?? [] })),
  });
  await downloadWorkbook(workbook);
  notifySuccess('Export réussi', `Le budget ${year} de tous les clients a été exporté en Excel.`);
}

async function exportBackup() {
  downloadFile(backupFile(await getBackup(), new Date()));
  notifySuccess('Export réussi', 'Toutes les données, de tous les exercices, ont été exportées en JSON.');
}

/**
 * 'Sauvegarde et Restauration' (docs/product.md#backup-card): the invoicing CSV, the JSON backup, and the restore of
 * a backup (useBackupImport).
 */
export function BackupCard() {
  const inputRef = useRef<HTMLInputElement>(null);
  const [exporting, setExporting] = useState<'invoicing' | 'backup' | 'excel' | null>(null);
  // The invoicing dialog opens on the data read at the click.
  const [invoicing, setInvoicing] = useState<Awaited<ReturnType<typeof getAllBudgets>> | null>(null);
  const [year] = useYear();
  const queryClient = useQueryClient();
  const restore = useBackupImport(year);
  const isBusy = exporting !== null || restore.isReading;
  // A restore replaces everything: the admin's (docs/product.md#roles); the server refuses others.
  const canRestore = useIsAdmin();

  async function runExport(kind: 'invoicing' | 'backup' | 'excel') {
    setExporting(kind);
    try {
      if (kind === 'invoicing') setInvoicing(await getAllBudgets(year));
      else await (kind === 'excel' ? exportAllExcel(year, queryClient) : exportBackup());
    } catch (error) {
      notifyError('Erreur', 'Impossible de charger les données budgétaires', error);
    } finally {
      setExporting(null);
    }
  }

  return (
    <Card role="region" aria-labelledby="backup-card-title">
      <CardHeader>
        <CardTitle id="backup-card-title" className="flex items-center gap-2">
          <DatabaseBackup className="size-5 text-primary" aria-hidden="true" />
          Sauvegarde et Restauration
        </CardTitle>
        <CardDescription>
          Exportez les mois facturés, le budget de tous les clients en Excel ou toutes les données, ou restaurez une
          sauvegarde JSON.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => runExport('invoicing')} disabled={isBusy}>
          <FileDown aria-hidden="true" />
          Exporter pour facturation
        </Button>
        <Button variant="outline" onClick={() => runExport('excel')} disabled={isBusy}>
          <FileSpreadsheet aria-hidden="true" />
          Exporter tous les clients (Excel)
        </Button>
        <Button variant="outline" onClick={() => runExport('backup')} disabled={isBusy}>
          <FileJson aria-hidden="true" />
          Exporter les données
        </Button>
        {canRestore && (
          <Button variant="outline" onClick={() => inputRef.current?.click()} disabled={isBusy || restore.isImporting}>
            <Upload aria-hidden="true" />
            Importer les données
          </Button>
        )}
        <input
          ref={inputRef}
          type="file"
          accept=".json,application/json"
          className="hidden"
          aria-label="Fichier de sauvegarde à importer"
          onChange={restore.readChosenFile}
        />
      </CardContent>
      {invoicing && <InvoicingDialog year={year} data={invoicing} onClose={() => setInvoicing(null)} />}
      {restore.pending && (
        <Suspense fallback={null}>
          <ImportConfirmDialog
            pending={restore.pending}
            isImporting={restore.isImporting}
            onConfirm={restore.confirmImport}
            onCancel={restore.cancel}
          />
        </Suspense>
      )}
    </Card>
  );
}
