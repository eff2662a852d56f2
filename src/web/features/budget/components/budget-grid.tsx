import { useLayoutEffect, useMemo, useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  GRID_COLS,
  MONTHS,
  applyCellUpdates,
  cellAtGridPos,
  cellUpdate,
  firstVisibleLineIndexes,
  moveInGrid,
  pasteWrites,
  visibleLines,
  type Cents,
  type GridMove,
  type Line,
  type Measure,
  type Pole,
} from '../../../../domain';
import { cn } from '../../../lib/cn';
import { budgetKeys } from '../api/budget-keys';
import { updateBudgetCache, useAddLine, useDeleteLine, useSetFacture, useTogglePole } from '../api/client-budget';
import { getCellSaveQueue } from '../lib/cell-saving';
import { FAILURE, notifyFailure, notifySuccess } from '../lib/notify';
import type { CellEditMode } from './cell-input';
import { PoleSection, STICKY_COL, TotalRow, type GridActions } from './grid-rows';

/** Which keys move between cells, and when (left/right only once the caret is at the edge of the text). */
function gridMove(event: KeyboardEvent<HTMLElement>, input: HTMLInputElement): GridMove | null {
  const { selectionStart: start, selectionEnd: end, value } = input;
  const isAllSelected = start === 0 && end === value.length;
  switch (event.key) {
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'Enter':
      return event.shiftKey ? 'up' : 'down';
    case 'Tab':
      return event.shiftKey ? 'previous' : 'next';
    case 'ArrowLeft':
      return isAllSelected || (start === 0 && end === 0) ? 'left' : null;
    case 'ArrowRight':
      return isAllSelected || (start === value.length && end === value.length) ? 'right' : null;
    default:
      return null;
  }
}

/** A month (or 'Total Annuel') column header, with the forecast | actual sub-columns named. */
function FigureColumnHeader({ title }: { title: string }) {
  return (
    <th scope="col" className="w-40 border-b border-l bg-card px-1.5 py-1 font-semibold">
      <div>{title}</div>
      <div className="grid grid-cols-2 text-[10px] font-normal text-muted-foreground">
        <span>Prév.</span>
        <span>Réel</span>
      </div>
    </th>
  );
}

/**
 * The budget table (SPEC §2): header row, then per pole its row, lines and custom-line row, then
 * 'TOTAL GÉNÉRAL'. Only poles with at least one line show. The header row and the line column are
 * sticky; the months scroll. Keyboard moves and block paste are handled here, once for all cells.
 */
export function BudgetGrid({ clientId, poles }: { clientId: string; poles: Pole[] }) {
  const queryClient = useQueryClient();
  const tableRef = useRef<HTMLTableElement>(null);
  const shown = useMemo(() => poles.filter((p) => p.lines.length > 0), [poles]);
  const lines = useMemo(() => visibleLines(shown), [shown]);
  const linesRef = useRef<Line[]>(lines);
  useLayoutEffect(() => {
    linesRef.current = lines;
  }, [lines]);
  // Index of each shown pole's first line among the visible lines (collapsed poles count none).
  const firstLineIndexes = useMemo(() => firstVisibleLineIndexes(shown), [shown]);

  // TanStack Query's mutate functions are stable, so `actions` below stays stable too.
  const { mutate: togglePole } = useTogglePole(clientId);
  const { mutate: setFacture } = useSetFacture(clientId);
  const { mutateAsync: addLine } = useAddLine();
  const { mutate: deleteLine } = useDeleteLine();
  const queue = getCellSaveQueue();
  const unsavedCount = useSyncExternalStore(queue.subscribe, queue.unsavedCount);

  const actions = useMemo<GridActions>(() => {
    const write = (updates: ReturnType<typeof cellUpdate>[], immediate: boolean) => {
      updateBudgetCache(queryClient, clientId, (p) => applyCellUpdates(p, updates));
      getCellSaveQueue().edit(updates, immediate);
    };
    return {
      onEdit: (lineId: string, month: number, measure: Measure, cents: Cents, mode: CellEditMode) => {
        // A reload in flight would bring back the value from before this keystroke.
        void queryClient.cancelQueries({ queryKey: budgetKeys.clientBudget(clientId) });
        write([cellUpdate(lineId, month, measure, cents)], mode === 'commit');
      },
      onPasteBlock: (row, col, block) => {
        const current = linesRef.current;
        const writes = pasteWrites(block, cellAtGridPos({ row, col }), current.length);
        const updates = writes.map((w) => cellUpdate(current[w.lineIndex]!.id, w.month, w.measure, w.cents));
        if (updates.length > 0) write(updates, true);
      },
      onToggleExpanded: (pole) =>
        togglePole(
          { poleId: pole.id, isExpanded: !pole.isExpanded },
          { onError: (error) => notifyFailure(FAILURE.togglePole, error) },
        ),
      onToggleFacture: (pole, month, value) =>
        setFacture(
          { poleId: pole.id, month, value },
          { onError: (error) => notifyFailure(FAILURE.facture, error) },
        ),
      onAddLine: async (pole, name) => {
        try {
          await addLine({ poleId: pole.id, name });
          notifySuccess('Ligne ajoutée', name);
          return true;
        } catch (error) {
          notifyFailure(FAILURE.addLine, error);
          return false;
        }
      },
      onDeleteLine: (line) =>
        deleteLine(line.id, {
          onSuccess: () => notifySuccess('Ligne supprimée', line.name),
          onError: (error) => notifyFailure(FAILURE.deleteLine, error),
        }),
    };
  }, [queryClient, clientId, togglePole, setFacture, addLine, deleteLine]);

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.dataset.row === undefined) return;
    const move = gridMove(event, input);
    if (!move) return;
    const target = moveInGrid(
      { row: Number(input.dataset.row), col: Number(input.dataset.col) },
      move,
      { rows: lines.length * 2, cols: GRID_COLS },
    );
    if (!target) return;
    const next = tableRef.current?.querySelector<HTMLInputElement>(
      `input[data-row="${target.row}"][data-col="${target.col}"]`,
    );
    if (!next) return;
    event.preventDefault();
    next.focus();
  };

  if (shown.length === 0) {
    return (
      <p className="rounded-lg border border-dashed bg-card py-10 text-center text-sm text-muted-foreground">
        Aucun pôle pour ce client : ajoutez un pôle d'expertise ci-dessus.
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <p>
          Dans chaque mois : ventes en haut, achats en bas ; prévisionnel à gauche, réel à droite. Flèches, Tab et
          Entrée pour se déplacer ; collez un bloc copié d'Excel pour remplir plusieurs mois et lignes.
        </p>
        {unsavedCount > 0 && (
          <p role="alert" className="rounded-md bg-destructive/10 px-2 py-1 font-medium text-destructive">
            {unsavedCount} valeur(s) non enregistrée(s) — nouvel essai automatique en cours
          </p>
        )}
      </div>
      <div
        role="region"
        aria-label="Tableau budgétaire"
        tabIndex={-1}
        className="max-h-[calc(100dvh-7rem)] overflow-auto rounded-lg border bg-card shadow-xs"
      >
        <table ref={tableRef} className="w-[2408px] table-fixed border-separate border-spacing-0 text-sm" onKeyDown={onKeyDown}>
          <thead className="sticky top-0 z-20 bg-card">
            <tr>
              <th scope="col" className={cn(STICKY_COL, 'z-30 border-b bg-card px-3 py-2 text-left font-semibold')}>
                Ligne Budgétaire
              </th>
              {MONTHS.map((month) => (
                <FigureColumnHeader key={month} title={month} />
              ))}
              <FigureColumnHeader title="Total Annuel" />
              <th scope="col" className="w-10 border-b border-l bg-card px-1">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          {shown.map((pole, i) => (
            <PoleSection key={pole.id} pole={pole} firstLineIndex={firstLineIndexes[i] ?? 0} actions={actions} />
          ))}
          <TotalRow poles={shown} />
        </table>
      </div>
    </div>
  );
}
