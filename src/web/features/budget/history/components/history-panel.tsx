import { useEffect } from 'react';
import { X } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/web/components/ui/dialog';
import { useHistoryEntries } from '../api/get-history';
import { HistoryEntryMeta, HistoryList } from './history-list';

type HistoryPanelProps = {
  year: number;
  clientId: string;
  clientName: string;
  /** Undoes one entry (as Ctrl+Z does for the last one): stored edits first, then reload. */
  onUndo: (id: number) => void;
  onClose: () => void;
};

/**
 * The panel 'Historique' (docs/product.md#history): the client's changes of the year, newest
 * first, paged ('Plus ancien'); who, when, what and the source of each, and 'Annuler' on each one
 * not undone yet. A side panel that leaves the grid usable: the cursor can go where an undo
 * changed something while the panel stays open.
 */
export function HistoryPanel({ year, clientId, clientName, onUndo, onClose }: HistoryPanelProps) {
  const history = useHistoryEntries({ year, clientId });
  // The toasts move to the panel's left while it is open (index.css).
  useEffect(() => {
    document.body.dataset.sidePanel = '';
    return () => {
      delete document.body.dataset.sidePanel;
    };
  }, []);

  return (
    <Dialog open modal={false} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="left-auto right-0 top-0 flex h-dvh max-h-dvh w-full max-w-md translate-x-0 translate-y-0 flex-col gap-3 rounded-none border-y-0 border-r-0 p-0"
        // The grid stays usable beside the panel: a click there does not close it.
        onInteractOutside={(event) => event.preventDefault()}
      >
        <div className="flex items-start justify-between gap-2 border-b px-5 py-4">
          <div className="flex flex-col gap-1">
            <DialogTitle>Historique</DialogTitle>
            <DialogDescription>
              {clientName} · exercice {year}
            </DialogDescription>
          </div>
          <DialogClose asChild>
            <Button size="icon" variant="ghost" className="size-8" aria-label="Fermer">
              <X aria-hidden="true" />
            </Button>
          </DialogClose>
        </div>
        <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-5 pb-5">
          <HistoryList
            history={history}
            label="Modifications"
            emptyText={`Aucune modification enregistrée pour ce client en ${year}.`}
            itemClassName="flex items-start justify-between gap-3 px-3 py-2.5"
            renderEntry={(entry) => (
              <>
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="text-sm font-medium break-words">{entry.summary}</p>
                  <HistoryEntryMeta entry={entry} />
                </div>
                <Button
                  size="sm"
                  variant="outline"
                  className="shrink-0"
                  disabled={entry.reverted}
                  onClick={() => onUndo(entry.id)}
                >
                  {entry.reverted ? 'Annulée' : 'Annuler'}
                </Button>
              </>
            )}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
