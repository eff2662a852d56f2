import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileSpreadsheet, Upload } from 'lucide-react';
import { budgetWorkbook } from '@/domain/files/budget-workbook';
import { ImportError } from '@/domain/files/budget-import';
import { importRequest, isEmptyPlan, planImport, type ImportPlan } from '@/domain/files/import-plan';
import type { ImportAnswer } from '@/domain/answers';
import { Button } from '@/web/components/ui/button';
import { api, withYear } from '@/web/lib/api-client';
import { useReadOnly } from '@/web/lib/access';
import { getClientBudget } from '@/web/lib/get-client-budget';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { reloadAllData } from '@/web/lib/query-keys';
import { undoAndReload } from '@/web/lib/undo-entry';
import { fiscalSettingsQueryOptions } from '@/web/lib/use-fiscal-year';
import { downloadWorkbook } from '@/web/lib/xlsx/download';
import { readInWorker } from '@/web/lib/xlsx/read-in-worker';
import { useYear } from '@/web/hooks/use-year';
import { getAllBudgets, getClientComments, getMonthLocks } from '../api/files-api';
import { errorMessage } from '../lib/messages';
import { ImportPreviewDialog } from './import-preview-dialog';

type ClientExcelActionsProps = { clientId: string; clientName: string };

/**
 * 'Exporter Excel' (the selected client's year as a budget workbook) and 'Importer Excel / CSV'
 * (a budget workbook or this client's CSV into the selected year, after a preview):
 * docs/product.md#excel-export, docs/product.md#excel-import.
 */
export function ClientExcelActions({ clientId, clientName }: ClientExcelActionsProps) {
  const [year] = useYear();
  const [busy, setBusy] = useState<'export' | 'read' | 'apply' | null>(null);
  const [pending, setPending] = useState<{ fileName: string; plan: ImportPlan } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const canWrite = !useReadOnly();

  async function exportExcel() {
    setBusy('export');
    try {
      const [poles, comments, locks, fiscal] = await Promise.all([
        getClientBudget(clientId, year),
        getClientComments(clientId, year),
        getMonthLocks(year),
        queryClient.ensureQueryData(fiscalSettingsQueryOptions()),
      ]);
      await downloadWorkbook(
        budgetWorkbook({
          year,
          scope: 'client',
          now: new Date(),
          clients: [{ client: { id: clientId, name: clientName }, poles }],
          closedMonths: locks,
          comments: comments.map((c) => ({ ...c, clientName })),
          fiscal,
        }),
      );
      notifySuccess('Export réussi', `Le budget ${year} de ${clientName} a été exporté en Excel.`);
    } catch (error) {
      notifyError('Erreur', 'Impossible de charger les données budgétaires', error);
    } finally {
      setBusy(null);
    }
  }

  async function readChosen(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setBusy('read');
    try {
      // The file's headers must name this year's months as its export does (docs/product.md#fiscal-years).
      const fiscal = await queryClient.ensureQueryData(fiscalSettingsQueryOptions());
      const [imported, all, locks] = await Promise.all([
        readInWorker(file, { fiscal, year }),
        getAllBudgets(year),
        getMonthLocks(year),
      ]);
      const plan = planImport(imported, {
        clients: all.clients,
        budgetData: all.budgetData,
        closedMonths: new Set(locks.map((l) => l.month)),
        ...(imported.kind === 'csv' && { csvClientId: clientId }),
      });
      setPending({ fileName: file.name, plan });
    } catch (error) {
      const message =
        error instanceof ImportError ? error.message : errorMessage(error, "Le fichier n'a pas pu être lu.");
      notifyError("Erreur d'import", message, error instanceof ImportError ? undefined : error);
    } finally {
      setBusy(null);
    }
  }

  async function apply() {
    if (!pending) return;
    setBusy('apply');
    try {
      const answer = await api.post<ImportAnswer>(withYear('/api/import', year), importRequest(pending.plan));
      setPending(null);
      await reloadAllData(queryClient);
      const { historyId } = answer;
      notifySuccess('Import réussi', `${answer.cells} cellule(s) modifiée(s), ${answer.lines} ligne(s) créée(s).`, {
        ...(historyId !== null && {
          action: { label: 'Annuler', onClick: () => void undoAndReload(queryClient, historyId) },
        }),
      });
    } catch (error) {
      notifyError(
        "Erreur d'import",
        errorMessage(error, "L'import n'a pas pu être enregistré ; rien n'a changé."),
        error,
      );
    } finally {
      setBusy(null);
    }
  }

  return (
    <>
      <Button
        variant="outline"
        onClick={exportExcel}
        disabled={busy !== null}
        title="Exporter le budget de ce client en Excel"
      >
        <FileSpreadsheet aria-hidden="true" />
        Exporter Excel
      </Button>
      {canWrite && (
        <Button variant="outline" onClick={() => inputRef.current?.click()} disabled={busy !== null}>
          <Upload aria-hidden="true" />
          {busy === 'read' ? 'Lecture…' : 'Importer Excel / CSV'}
        </Button>
      )}
      <input
        ref={inputRef}
        type="file"
        accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
        className="hidden"
        aria-label="Classeur Excel ou CSV à importer"
        onChange={readChosen}
      />
      {pending && (
        <ImportPreviewDialog
          fileName={pending.fileName}
          year={year}
          plan={pending.plan}
          empty={isEmptyPlan(pending.plan)}
          isApplying={busy === 'apply'}
          onApply={apply}
          onCancel={() => setPending(null)}
        />
      )}
    </>
  );
}
