import { ArrowRight } from 'lucide-react';
import { formatEurosExact, type Cents } from '@/domain';
import type { CellRef } from '@/domain/history-view';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { useHistoryEntries } from '../api/get-history';
import { HistoryEntryMeta, HistoryList } from './history-list';

type CellHistoryDialogProps = {
  year: number;
  cell: CellRef;
  /** The cell's name ('{Pôle} · {Ligne} · {Mois} · {Mesure}'). */
  label: string;
  /** The value the cell holds now (cents): the entry that set it has nothing to restore. */
  current: Cents;
  /** Writes `value` in the cell as a typed entry, through the grid's save path. */
  onRestore: (value: Cents) => void;
  onClose: () => void;
  /** Once closed: the focus goes back to the cell (the grid puts it there, the cell may have left the DOM). */
  onClosed: () => void;
};

/**
 * 'Historique de la cellule' (docs/product.md#history): the cell's changes, newest first — who,
 * when, the source, old → new to the cent — and 'Restaurer cette valeur' on each, which puts
 * back the value that change set.
 */
export function CellHistoryDialog({
  year,
  cell,
  label,
  current,
  onRestore,
  onClose,
  onClosed,
}: CellHistoryDialogProps) {
  const history = useHistoryEntries({ year, ...cell });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-h-[85dvh] max-w-xl grid-rows-[auto_minmax(0,1fr)_auto]"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogHeader>
          <DialogTitle>Historique de la cellule</DialogTitle>
          <DialogDescription>{label}</DialogDescription>
        </DialogHeader>
        <div className="-mx-2 flex min-h-0 flex-col gap-2 overflow-y-auto px-2">
          <HistoryList
            history={history}
            label="Modifications de la cellule"
            emptyText="Aucune modification enregistrée pour cette cellule."
            itemClassName="flex items-center justify-between gap-3 px-3 py-2"
            renderEntry={(entry) => {
              const change = entry.cells[0];
              if (!change) return null;
              return (
                <>
                  <div className="flex min-w-0 flex-col gap-1">
                    <p className="flex items-center gap-1.5 text-sm tabular-nums">
                      <span className="text-muted-foreground">{formatEurosExact(change.old)}</span>
                      <ArrowRight className="size-3.5 text-muted-foreground" aria-label="devient" />
                      <span className="font-semibold">{formatEurosExact(change.new)}</span>
                    </p>
                    <HistoryEntryMeta entry={entry} />
                  </div>
                  {change.new === current ? (
                    <span className="shrink-0 text-xs text-muted-foreground">Valeur actuelle</span>
                  ) : (
                    <Button size="sm" variant="outline" className="shrink-0" onClick={() => onRestore(change.new)}>
                      Restaurer cette valeur
                    </Button>
                  )}
                </>
              );
            }}
          />
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Fermer</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
