import { lazy, Suspense, useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DatabaseBackup, FileDown, FileJson, Upload } from 'lucide-react';
import { backupFile } from '../../../../domain/files/backup-json';
import { invoicingCsvFile } from '../../../../domain/files/invoicing-csv';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { downloadFile } from '../../../lib/download';
import { getAllBudgets, getBackup, getClients, restoreBackup } from '../api/files-api';
import { clientCount, errorMessage, notifyError, notifySuccess } from '../lib/notify';

const IMPORT_ERROR = "Erreur d'import";

// The confirmation (Radix Dialog) loads when a valid file has been read: a lighter first bundle.
const ImportConfirmDialog = lazy(() => import('./import-confirm-dialog').then((m) => ({ default: m.ImportConfirmDialog })));

type PendingImport = { fileName: string; fileClients: number; currentClients: number; raw: unknown };

/**
 * 'Sauvegarde et Restauration' (SPEC §2): the invoicing CSV, the JSON backup, and the restore of
 * a backup — read and validated completely in the browser, confirmed, then replaced on the server
 * in one transaction (POST /api/backup), after which every view reloads.
 */
export function BackupCard() {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'invoicing' | 'backup' | 'reading' | null>(null);
  const [pending, setPending] = useState<PendingImport | null>(null);
  const [isImporting, setIsImporting] = useState(false);

  async function exportInvoicing() {
    setBusy('invoicing');
    try {
      const { clients, budgetData } = await getAllBudgets();
      const file = invoicingCsvFile(clients, budgetData, new Date());
      if (!file) {
        notifyError('Aucune donnée à exporter', "Aucun pôle n'est marqué comme facturé.");
        return;
      }
      downloadFile(file);
      notifySuccess('Export réussi', 'Les mois facturés de tous les clients ont été exportés en CSV.');
    } catch (error) {
      notifyError('Erreur', 'Impossible de charger les données budgétaires', error);
    } finally {
      setBusy(null);
    }
  }

  async function exportBackup() {
    setBusy('backup');
    try {
      downloadFile(backupFile(await getBackup(), new Date()));
      notifySuccess('Export réussi', 'Toutes les données ont été exportées en JSON.');
    } catch (error) {
      notifyError('Erreur', 'Impossible de charger les données budgétaires', error);
    } finally {
      setBusy(null);
    }
  }

  async function readChosenFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared at once, so choosing the same file again fires a new change.
    input.value = '';
    if (!file) return;
    if (!file.name.toLowerCase().endsWith('.json')) {
      notifyError(IMPORT_ERROR, "Le fichier n'est pas valide. Choisissez un fichier .json.");
      return;
    }
    setBusy('reading');
    try {
      // Loaded on demand: validation needs zod, which the budget tab's first bundle does without.
      const { parseBackupText } = await import('../../../../domain/files/backup-parse');
      const parsed = parseBackupText(await file.text());
      if (!parsed.ok) {
        notifyError(IMPORT_ERROR, parsed.message);
        return;
      }
      const current = await getClients();
      setPending({ fileName: file.name, fileClients: parsed.backup.clients.length, currentClients: current.length, raw: parsed.raw });
    } catch (error) {
      notifyError(IMPORT_ERROR, errorMessage(error, "Le fichier n'a pas pu être lu."), error);
    } finally {
      setBusy(null);
    }
  }

  async function confirmImport() {
    if (!pending) return;
    setIsImporting(true);
    try {
      const { clients } = await restoreBackup(pending.raw);
      setPending(null);
      notifySuccess('Import réussi', `${clientCount(clients)} restauré${clients > 1 ? 's' : ''}.`);
      // Every view reloads from the restored data.
      await queryClient.invalidateQueries();
    } catch (error) {
      setPending(null);
      notifyError(
        IMPORT_ERROR,
        `${errorMessage(error, 'Le serveur est injoignable.')} Aucune donnée n'a été modifiée.`,
        error,
      );
    } finally {
      setIsImporting(false);
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
        <Button variant="outline" onClick={exportInvoicing} disabled={busy !== null}>
          <FileDown aria-hidden="true" />
          Exporter pour facturation
        </Button>
        <Button variant="outline" onClick={exportBackup} disabled={busy !== null}>
          <FileJson aria-hidden="true" />
          Exporter les données
        </Button>
        <Button variant="outline" onClick={() => inputRef.current?.click()} disabled={busy !== null || isImporting}>
          <Upload aria-hidden="true" />
          Importer les données
        </Button>
        <input
          ref={inputRef}
          type="file"
          accept=".json,application/json"
          className="hidden"
          aria-label="Fichier de sauvegarde à importer"
          onChange={readChosenFile}
        />
      </CardContent>
      {pending && (
        <Suspense fallback={null}>
          <ImportConfirmDialog
            pending={pending}
            isImporting={isImporting}
            onConfirm={confirmImport}
            onCancel={() => setPending(null)}
          />
        </Suspense>
      )}
    </Card>
  );
}
