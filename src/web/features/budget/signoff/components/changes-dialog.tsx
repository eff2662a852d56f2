import { useState } from 'react';
import { GitCompare } from 'lucide-react';
import { formatHistoryAt } from '@/domain/history-view';
import { lineChangeText, poleChangeText, type CellChange, type ForecastChanges } from '@/domain/forecast-changes';
import { MEASURE_LABELS } from '@/domain/measures';
import { formatEurosExact, subCents, type Cents } from '@/domain/money';
import { useMonthNames } from '@/web/lib/use-fiscal-year';
import type { ForecastTotals } from '@/domain/rollforward';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Spinner } from '@/web/components/ui/spinner';
import { useForecastChanges } from '../api/get-forecast-changes';

/** The cells listed at most; the rest are counted. */
const SHOWN_CELLS = 200;

const mb = (t: ForecastTotals) => subCents(t.previsionnel, t.achat_previsionnel);
const signed = (cents: Cents) => (cents > 0 ? `+${formatEurosExact(cents)}` : formatEurosExact(cents));

function TotalsTable({ totals, before }: { totals: ForecastChanges['totals']; before: string }) {
  const rows: [string, Cents, Cents][] = [
    ['Prévisionnel', totals.before.previsionnel, totals.after.previsionnel],
    ['Achat prévisionnel', totals.before.achat_previsionnel, totals.after.achat_previsionnel],
    ['MB prévisionnelle', mb(totals.before), mb(totals.after)],
  ];
  return (
    <table aria-label="Totaux de l’exercice" className="w-full text-sm tabular-nums">
      <thead className="text-muted-foreground">
        <tr>
          <th className="text-left font-medium">Total de l’exercice</th>
          <th className="text-right font-medium">{before}</th>
          <th className="text-right font-medium">Maintenant</th>
          <th className="text-right font-medium">Écart</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, before, after]) => (
          <tr key={label}>
            <td>{label}</td>
            <td className="text-right">{formatEurosExact(before)}</td>
            <td className="text-right">{formatEurosExact(after)}</td>
            <td className="text-right font-medium">{signed(subCents(after, before))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CellsTable({ cells, year }: { cells: readonly CellChange[]; year: number }) {
  // docs/product.md#fiscal-years: « Septembre 2025 » … in a September year.
  const names = useMonthNames(year).full;
  const hidden = cells.length - SHOWN_CELLS;
  return (
    <div className="max-h-72 overflow-y-auto rounded border">
      <table aria-label="Cellules modifiées" className="w-full text-sm tabular-nums">
        <thead className="sticky top-0 bg-background text-muted-foreground">
          <tr>
            <th className="px-2 text-left font-medium">Ligne</th>
            <th className="px-2 text-left font-medium">Mois</th>
            <th className="px-2 text-left font-medium">Mesure</th>
            <th className="px-2 text-right font-medium">Avant</th>
            <th className="px-2 text-right font-medium">Après</th>
          </tr>
        </thead>
        <tbody>
          {cells.slice(0, SHOWN_CELLS).map((c) => (
            <tr key={`${c.lineId}-${c.month}-${c.field}`} className="border-t">
              <td className="max-w-56 truncate px-2" title={`${c.poleName} › ${c.lineName}`}>
                {`${c.poleName} › ${c.lineName}`}
              </td>
              <td className="px-2">{names[c.month]}</td>
              <td className="px-2">{MEASURE_LABELS[c.field]}</td>
              <td className="px-2 text-right">{formatEurosExact(c.before)}</td>
              <td className="px-2 text-right">{formatEurosExact(c.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {hidden > 0 && <p className="px-2 py-1 text-xs text-muted-foreground">{`… et ${hidden} autres cellules`}</p>}
    </div>
  );
}

function ChangesBody({ changes, before, year }: { changes: ForecastChanges; before: string; year: number }) {
  const structure = [...changes.poles.map(poleChangeText), ...changes.lines.map(lineChangeText)];
  if (structure.length === 0 && changes.cells.length === 0) {
    return <p className="text-sm">Aucun changement du prévisionnel depuis cette version.</p>;
  }
  return (
    <div className="flex flex-col gap-4">
      <TotalsTable totals={changes.totals} before={before} />
      {structure.length > 0 && (
        <ul aria-label="Pôles et lignes" className="list-disc pl-5 text-sm">
          {structure.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      {changes.cells.length > 0 && <CellsTable cells={changes.cells} year={year} />}
    </div>
  );
}

/**
 * 'Changements…' (docs/product.md#sign-off-changes): the client's forecast now against the version
 * its last validation froze — else the year's reference — for the reviewer of a submitted budget.
 */
export function ChangesSinceValidation({ year, clientId }: { year: number; clientId: string }) {
  const [open, setOpen] = useState(false);
  const changes = useForecastChanges(year, clientId, open);
  const data = changes.data;
  const since = data?.since;
  const basis = data?.basis === 'validation' ? 'la dernière validation' : 'la version de référence';
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <GitCompare aria-hidden="true" className="size-4" />
        Changements…
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>{`Changements du prévisionnel ${year}`}</DialogTitle>
            <DialogDescription>
              {since
                ? `Depuis ${basis} : « ${since.name} », figée le ${formatHistoryAt(since.at)}.`
                : 'Aucune version validée ni de référence ne contient ce client : rien à comparer.'}
            </DialogDescription>
          </DialogHeader>
          {changes.isPending && <Spinner text="Chargement..." />}
          {changes.isError && <p className="text-sm text-destructive">Impossible de lire les changements.</p>}
          {since && data && (
            <ChangesBody changes={data} before={data.basis === 'validation' ? 'Validé' : 'Référence'} year={year} />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
