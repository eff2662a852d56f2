import { lazy, Suspense, useRef, useState } from 'react';
import { DatabaseBackup, FileDown, FileJson, Upload } from 'lucide-react';
import { backupFile } from '@/domain/files/backup-json';
import { invoicingCsvFile } from '@/domain/files/invoicing-csv';
import { Button } from '@/web/components/ui/button';
import { useIsAdmin } from '@/web/lib/access';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { useYear } from '@/web/hooks/use-year';
import { downloadFile } from '@/web/lib/download';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { getAllBudgets, getBackup } from '../api/files-api';
import { useBackupImport } from '../hooks/use-backup-import';

// The confirmation (Radix Dialog) loads when a valid file has been read: a lighter first bundle.
const ImportConfirmDialog = lazy(() =>
  import('./import-confirm-dialog').then((m) => ({ default: m.ImportConfirmDialog })),
);

/**
 * Both exports read every client's data at the click. The invoicing CSV holds the invoiced months
 * of the selected exercice; the JSON backup, every year.
 */
async function exportInvoicing(year: number) {
  const { clients, budgetData } = await getAllBudgets(year);
  const file = invoicingCsvFile(clients, budgetData, year, new Date());
  if (!file) {
    notifyError('Aucune donnée à exporter', "Aucun pôle n'est marqué comme facturé.");
    return;
  }
  downloadFile(file);
  notifySuccess('Export réussi', `Les mois facturés de l'exercice ${year} ont été exportés en CSV.`);
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
  const [exporting, setExporting] = useState<'invoicing' | 'backup' | null>(null);
  const [year] = useYear();
  const restore = useBackupImport(year);
  const isBusy = exporting !== null || restore.isReading;
  // A restore replaces everything: the admin's (docs/product.md#roles); the server refuses others.
  const canRestore = useIsAdmin();

  async function runExport(kind: 'invoicing' | 'backup') {
    setExporting(kind);
    try {
      await (kind === 'invoicing' ? exportInvoicing(year) : exportBackup());
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
          Exportez les mois facturés ou toutes les données, ou restaurez une sauvegarde JSON.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => runExport('invoicing')} disabled={isBusy}>
          <FileDown aria-hidden="true" />
          Exporter pour facturation
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
