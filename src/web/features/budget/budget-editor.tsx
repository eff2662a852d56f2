import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { outlineOf, poleStructure, type Pole } from '@/domain';
import type { HistoryEntry } from '@/domain/codec';
import { cellsSummary } from '@/domain/history';
import { firstShownCell, type CellRef } from '@/domain/history-view';
import { Spinner } from '@/web/components/ui/spinner';
import { ApiError } from '@/web/lib/api-client';
import { useCellFocusRequests, type CellFocusRequest } from '@/web/lib/cell-focus-request';
import { invalidateHistory, sharedKeys } from '@/web/lib/query-keys';
import { budgetKeys } from './api/budget-keys';
import { useClientBudget } from './api/client-budget';
import { useCellsRefused, useCellsSaved, type SavedBatch } from './saving/api/save-cells';
import { FAILURE, notifySuccess } from './lib/failure-messages';
import { useFailureToast } from './hooks/use-failure-toast';
import { useHistoryShortcuts } from './history/hooks/use-history-shortcuts';
import { useUndoRedo } from './history/hooks/use-undo-redo';
import { AddPoleCard } from './add-pole-card';
import { BudgetGrid } from './grid/components/budget-grid';
import { ConflictPanel } from './saving/components/conflict-panel';
import { GridLocksContext, useGridLocks } from './grid/hooks/use-closed-months';
import { HistoryPanel } from './history/components/history-panel';
import { HistoryToolbar } from './history/components/history-toolbar';
import { useGridView } from './grid/hooks/use-grid-view';
import { VersionSelect } from '@/web/components/version-select';
import { useGridCompare } from './versions/hooks/use-grid-compare';

/** Why 'Comparer avec' is disabled in 'Par mesure' (docs/product.md#versions-and-landing). */
const COMPARE_BY_MONTH_ONLY = 'La comparaison avec une version s’affiche dans la vue « Par mois ».';

type BudgetEditorProps = {
  year: number;
  clientId: string;
  clientName: string;
  /** Shown at the end of the toolbar row (the comments' button, composed in by the app shell). */
  toolbarEnd?: ReactNode;
};

/**
 * The selected client's budget editor (docs/product.md#budget-editor) for one exercice: the add-pole card, the
 * undo, redo and history buttons (docs/product.md#history), then the grid. Mounted per year and
 * client (its key), so nothing of another year stays on screen.
 */
export function BudgetEditor({ year, clientId, clientName, toolbarEnd }: BudgetEditorProps) {
  const queryClient = useQueryClient();
  const budget = useClientBudget(year, clientId);
  useFailureToast(budget.error, FAILURE.loadBudget);
  // The add-pole card depends on pole and line names only: typing a figure must not re-render it.
  const structureKey = poleStructure(budget.data ?? []);
  const structure = useMemo(() => outlineOf(structureKey), [structureKey]);

  const [focusRequest, setFocusRequest] = useState<CellRef | null>(null);
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  // A notification opened this client-year on a cell (docs/product.md#notifications): the cursor goes there.
  useCellFocusRequests(
    'grid',
    useCallback(
      ({ clientId: id, year: y, lineId, month, field }: CellFocusRequest) => {
        if (id !== clientId || y !== year) return false;
        if (lineId !== null && month !== null && field !== null) setFocusRequest({ lineId, month, field });
        return true;
      },
      [clientId, year],
    ),
  );
  // After an undo or a redo the data has reloaded: the cursor goes to the first cell it changed
  // that the grid shows.
  const onChanged = useCallback(
    (entry: HistoryEntry) => {
      const poles = queryClient.getQueryData<Pole[]>(budgetKeys.clientBudget(year, clientId)) ?? [];
      const cell = firstShownCell(poles, entry.cells);
      if (cell) setFocusRequest(cell);
    },
    [queryClient, year, clientId],
  );
  const { canUndo, canRedo, run } = useUndoRedo(year, clientId, onChanged);
  const undoEntry = useCallback((id: number) => void run({ id }), [run]);
  useHistoryShortcuts((action) => void run(action));
  const locks = useGridLocks(year, clientId);
  // docs/product.md#versions-and-landing: the version the grid compares with, off by default.
  const compare = useGridCompare(year, clientId);
  const [view] = useGridView();
  const byMonth = view.kind === 'month';

  // Every stored batch is a history entry: the stack and the lists reload. A paste's toast can
  // take it back.
  const onSaved = useCallback(
    (batch: SavedBatch) => {
      void invalidateHistory(queryClient);
      const { historyId } = batch;
      if (batch.source !== 'collage' || historyId === null || batch.year !== year) return;
      notifySuccess('Collage enregistré', cellsSummary('collage', batch.cellCount), {
        action: { label: 'Annuler', onClick: () => undoEntry(historyId) },
      });
    },
    [queryClient, year, undoEntry],
  );
  useCellsSaved(onSaved);
  // docs/product.md#month-closing: a save refused because the month was closed meanwhile (by
  // someone else) reloads the closed months, so the grid shows the month locked.
  const onRefused = useCallback(
    (error: unknown) => {
      if (error instanceof ApiError && error.code === 'period_locked')
        void queryClient.invalidateQueries({ queryKey: sharedKeys.locks(year) });
      // docs/product.md#sign-off: validated meanwhile: the grid locks its forecasts.
      if (error instanceof ApiError && error.code === 'budget_validated')
        void queryClient.invalidateQueries({ queryKey: sharedKeys.signoff(year) });
    },
    [queryClient, year],
  );
  useCellsRefused(onRefused);

  if (budget.isPending) return <Spinner text="Chargement des données budgétaires..." />;
  if (!budget.data) {
    return <p className="py-12 text-center text-destructive">{FAILURE.loadBudget}</p>;
  }
  return (
    <GridLocksContext value={locks}>
      {/* One row above the grid (docs/product.md#budget-tab): adding a pole, the history, the comments. */}
      <div className="flex flex-wrap items-start justify-between gap-3">
        {!locks.readOnly && <AddPoleCard year={year} clientId={clientId} poles={structure} onAdded={setFocusRequest} />}
        <div className="flex flex-wrap items-center gap-2 py-2">
          <HistoryToolbar
            canUndo={canUndo && !locks.readOnly}
            canRedo={canRedo && !locks.readOnly}
            onUndo={() => void run('undo')}
            onRedo={() => void run('redo')}
            onOpenPanel={() => setIsPanelOpen(true)}
          />
          {toolbarEnd}
        </div>
      </div>
      <ConflictPanel year={year} poles={budget.data} />
      <BudgetGrid
        year={year}
        clientId={clientId}
        poles={budget.data}
        focusRequest={focusRequest}
        onFocusRequest={setFocusRequest}
        onUndoEntry={undoEntry}
        compare={byMonth ? compare.grid : null}
        compareControl={
          compare.choices.length > 0 && (
            <VersionSelect
              inline
              versions={compare.choices}
              chosen={compare.chosenId}
              onChange={compare.choose}
              disabledReason={byMonth ? null : COMPARE_BY_MONTH_ONLY}
            />
          )
        }
      />
      {isPanelOpen && (
        <HistoryPanel
          year={year}
          clientId={clientId}
          clientName={clientName}
          poles={budget.data}
          onUndo={undoEntry}
          onClose={() => setIsPanelOpen(false)}
        />
      )}
    </GridLocksContext>
  );
}
