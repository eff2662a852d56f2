import { useState } from 'react';
import type { Client, BudgetData } from '@/domain/model';
import { invoicingExport, type InvoicingFormat } from '@/domain/files/invoicing-csv';
import type { ExportFile } from '@/domain/files/export-file';
import type { Workbook } from '@/domain/files/workbook';
import { MONTH_INDEXES } from '@/domain/months';
import { compareFrench } from '@/domain/catalogue';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/web/components/ui/dialog';
import { downloadFile } from '@/web/lib/download';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useFiscalSettings, useMonthNames } from '@/web/lib/use-fiscal-year';
import { downloadWorkbook } from '@/web/lib/xlsx/download';

const FORMATS: { value: InvoicingFormat; label: string }[] = [
  { value: 'csv', label: 'CSV (virgule, point décimal)' },
  { value: 'csv-fr', label: 'CSV pour Excel français (point-virgule, virgule décimale)' },
  { value: 'xlsx', label: 'Classeur Excel (.xlsx)' },
];

type InvoicingDialogProps = {
  year: number;
  data: { clients: Client[]; budgetData: BudgetData };
  onClose: () => void;
};

/**
 * 'Exporter pour facturation' (docs/product.md#invoicing-export): the months, the clients and the
 * format; SPEC's CSV by default, every month and client checked — then the file is SPEC's own.
 */
export function InvoicingDialog({ year, data, onClose }: InvoicingDialogProps) {
  const [months, setMonths] = useState<ReadonlySet<number>>(new Set(MONTH_INDEXES));
  const [clientIds, setClientIds] = useState<ReadonlySet<string>>(new Set(data.clients.map((c) => c.id)));
  const [format, setFormat] = useState<InvoicingFormat>('csv');
  const [busy, setBusy] = useState(false);
  // docs/product.md#fiscal-years: the months in fiscal order, by their calendar names.
  const fiscal = useFiscalSettings();
  const monthNames = useMonthNames(year).full;
  const toggle = <T,>(set: ReadonlySet<T>, value: T) => {
    const next = new Set(set);
    if (!next.delete(value)) next.add(value);
    return next;
  };

  async function exportFile() {
    setBusy(true);
    try {
      const file = invoicingExport({
        clients: data.clients.filter((c) => clientIds.has(c.id)),
        budgetData: data.budgetData,
        year,
        now: new Date(),
        months: months.size === MONTH_INDEXES.length ? null : months,
        format,
        fiscal,
      });
      if (!file) {
        notifyError('Aucune donnée à exporter', "Aucun pôle n'est marqué comme facturé.");
        return;
      }
      if ('sheets' in file) await downloadWorkbook(file as Workbook);
      else downloadFile(file as ExportFile);
      notifySuccess('Export réussi', `Les mois facturés de l'exercice ${year} ont été exportés.`);
      onClose();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] max-w-2xl overflow-y-auto">
        <DialogTitle>Exporter pour facturation</DialogTitle>
        <DialogDescription>
          Les mois facturés de l'exercice {year}, pour les mois et les clients choisis.
        </DialogDescription>
        <fieldset className="grid gap-1">
          <legend className="font-medium">Format</legend>
          {FORMATS.map((f) => (
            <label key={f.value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="invoicing-format"
                checked={format === f.value}
                onChange={() => setFormat(f.value)}
              />
              {f.label}
            </label>
          ))}
          {format !== 'csv' && (
            <p className="text-xs text-muted-foreground">Les lignes dont le Réel et l'Achat valent 0 sont omises.</p>
          )}
        </fieldset>
        <fieldset className="grid grid-cols-3 gap-1 sm:grid-cols-4">
          <legend className="font-medium">Mois</legend>
          {monthNames.map((name, m) => (
            <label key={m} className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={months.has(m)} onChange={() => setMonths(toggle(months, m))} />
              {name}
            </label>
          ))}
        </fieldset>
        <fieldset className="grid max-h-48 gap-1 overflow-y-auto">
          <legend className="font-medium">Clients</legend>
          <div className="flex gap-2 text-sm">
            <Button variant="ghost" size="sm" onClick={() => setClientIds(new Set(data.clients.map((c) => c.id)))}>
              Tous
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setClientIds(new Set())}>
              Aucun
            </Button>
          </div>
          {[...data.clients]
            .sort((a, b) => compareFrench(a.name, b.name))
            .map((c) => (
              <label key={c.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={clientIds.has(c.id)}
                  onChange={() => setClientIds(toggle(clientIds, c.id))}
                />
                {c.name}
              </label>
            ))}
        </fieldset>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Annuler
          </Button>
          <Button onClick={exportFile} disabled={busy || months.size === 0 || clientIds.size === 0}>
            Exporter
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
