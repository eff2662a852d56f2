import { useMemo } from 'react';
import type { Pole } from '@/domain';
import { entryCellLines } from '@/domain/history-view';
import { monthNames } from '@/domain/fiscal-year';
import { Button } from '@/web/components/ui/button';
import { useFiscalSettings } from '@/web/lib/use-fiscal-year';
import { SidePanel } from '@/web/components/ui/side-panel';
import { useHistoryEntries } from '../api/get-history';
import { HistoryEntryMeta, HistoryList } from './history-list';

type HistoryPanelProps = {
  year: number;
  clientId: string;
  clientName: string;
  /** The client's budget on screen: names the cells of each entry (m16). */
  poles: readonly Pole[];
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
export function HistoryPanel({ year, clientId, clientName, poles, onUndo, onClose }: HistoryPanelProps) {
  const history = useHistoryEntries({ year, clientId });
  const fiscal = useFiscalSettings();
  const names = useMemo(() => monthNames(fiscal, year), [fiscal, year]);
  return (
    <SidePanel title="Historique" description={`${clientName} · exercice ${year}`} onClose={onClose}>
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
                <EntryCells lines={entryCellLines(entry.cells, poles, names)} />
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
    </SidePanel>
  );
}

/** m16: the cells an entry changed, before → after (docs/product.md#history). */
function EntryCells({ lines: { lines, more } }: { lines: ReturnType<typeof entryCellLines> }) {
  if (lines.length === 0) return null;
  return (
    <ul aria-label="Cellules modifiées" className="flex flex-col gap-0.5 text-xs tabular-nums text-foreground/80">
      {lines.map((line, i) => (
        <li key={i} className="break-words">
          {line}
        </li>
      ))}
      {more > 0 && <li className="text-muted-foreground">… et {more} autre(s) cellule(s)</li>}
    </ul>
  );
}
