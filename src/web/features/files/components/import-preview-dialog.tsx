import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '@/web/components/ui/dialog';
import { MEASURE_LABELS } from '@/domain/measures';
import { formatEurosExact } from '@/domain/money';
import { useMonthNames } from '@/web/lib/use-fiscal-year';
import { marginReel } from '@/domain/budget';
import type { ImportPlan } from '@/domain/files/import-plan';

/** The preview shows this many changed cells; the rest are counted. */
const SHOWN_CELLS = 200;

type ImportPreviewDialogProps = {
  fileName: string;
  /** The exercice imported into: its months are named in fiscal order (docs/product.md#fiscal-years). */
  year: number;
  plan: ImportPlan;
  empty: boolean;
  isApplying: boolean;
  onApply: () => void;
  onCancel: () => void;
};

/**
 * What an import would change, before anything is written (docs/product.md#excel-import): each
 * client's totals before → after, the new lines, the cells that change, and the cells of closed
 * months left out. 'Importer' writes it all as one history entry.
 */
export function ImportPreviewDialog({
  fileName,
  year,
  plan,
  empty,
  isApplying,
  onApply,
  onCancel,
}: ImportPreviewDialogProps) {
  const names = useMonthNames(year).full;
  return (
    <Dialog open onOpenChange={(open) => !open && !isApplying && onCancel()}>
      <DialogContent className="max-h-[90dvh] max-w-4xl overflow-y-auto">
        <DialogTitle>Aperçu de l'import</DialogTitle>
        <DialogDescription>
          {fileName} :{' '}
          {empty
            ? 'rien ne change.'
            : `${plan.cells.length} cellule(s) modifiée(s), ${plan.newLines.length} nouvelle(s) ligne(s).`}
          {plan.skipped.length > 0 && ` ${plan.skipped.length} cellule(s) de mois clôturés ignorée(s).`}
        </DialogDescription>
        {plan.clients.length > 0 && (
          <section aria-label="Totaux par client">
            <h3 className="mb-1 font-medium">Totaux par client (avant → après)</h3>
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left">
                  <th>Client</th>
                  <th>Prévisionnel</th>
                  <th>Réel</th>
                  <th>Achat réel</th>
                  <th>MB réelle</th>
                </tr>
              </thead>
              <tbody>
                {plan.clients.map((c) => (
                  <tr key={c.clientId}>
                    <td>{c.name}</td>
                    <td>{`${formatEurosExact(c.before.previsionnel)} → ${formatEurosExact(c.after.previsionnel)}`}</td>
                    <td>{`${formatEurosExact(c.before.reel)} → ${formatEurosExact(c.after.reel)}`}</td>
                    <td>{`${formatEurosExact(c.before.achat)} → ${formatEurosExact(c.after.achat)}`}</td>
                    <td>{`${formatEurosExact(marginReel(c.before))} → ${formatEurosExact(marginReel(c.after))}`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {plan.newLines.length > 0 && (
          <section aria-label="Nouvelles lignes">
            <h3 className="mb-1 font-medium">Nouvelles lignes</h3>
            <ul className="list-disc pl-5 text-sm">
              {plan.newLines.map((l) => (
                <li key={`${l.clientId}/${l.pole}/${l.name}`}>
                  {l.clientName} · {l.pole}
                  {l.newPole && ' (nouveau pôle)'} · {l.name}
                </li>
              ))}
            </ul>
          </section>
        )}
        {plan.cells.length > 0 && (
          <section aria-label="Cellules modifiées">
            <h3 className="mb-1 font-medium">Cellules modifiées</h3>
            <table className="w-full text-sm">
              <thead>
                <tr className="text-left">
                  <th>Client</th>
                  <th>Pôle · Ligne</th>
                  <th>Mois</th>
                  <th>Mesure</th>
                  <th>Avant</th>
                  <th>Après</th>
                </tr>
              </thead>
              <tbody>
                {plan.cells.slice(0, SHOWN_CELLS).map((c) => (
                  <tr key={`${c.clientId}/${c.pole}/${c.line}/${c.month}/${c.field}`}>
                    <td>{c.clientName}</td>
                    <td>{`${c.pole} · ${c.line}`}</td>
                    <td>{names[c.month]}</td>
                    <td>{MEASURE_LABELS[c.field]}</td>
                    <td>{formatEurosExact(c.old)}</td>
                    <td>{formatEurosExact(c.new)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {plan.cells.length > SHOWN_CELLS && (
              <p className="text-sm text-muted-foreground">… et {plan.cells.length - SHOWN_CELLS} autres cellules.</p>
            )}
          </section>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={isApplying}>
            Annuler
          </Button>
          <Button onClick={onApply} disabled={isApplying || empty}>
            {isApplying ? 'Import en cours…' : 'Importer'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
