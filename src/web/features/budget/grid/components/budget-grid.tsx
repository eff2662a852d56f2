import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  MONTHS,
  cellAtGridPos,
  firstVisibleLineIndexes,
  visibleLines,
  type Cents,
  type Line,
  type Pole,
} from '@/domain';
import type { LineMove } from '@/domain/history';
import type { CellRef } from '@/domain/history-view';
import { Lock } from 'lucide-react';
import { cn } from '@/web/lib/cn';
import { useFiscalSettings, useMonthNames } from '@/web/lib/use-fiscal-year';
import { monthNames } from '@/domain/fiscal-year';
import { useRejectedCount, useUnsavedCount, useWaitingCount } from '../../saving/api/save-cells';
import { notifySuccess } from '../../lib/failure-messages';
import { useGridActions, type GridActions } from '../hooks/use-grid-actions';
import { useCellFocus } from '../hooks/use-cell-focus';
import { useGridSelection } from '../hooks/use-grid-selection';
import { useRowWindow } from '../hooks/use-row-window';
import { useCellLocks } from '../hooks/use-closed-months';
import { CellMenus, type OpenCell } from './cell-menus';
import {
  CustomLineRow,
  LineRow,
  MONTH_WIDTH,
  PoleRow,
  ROW_HEIGHT,
  STICKY_COL,
  TotalRow,
  YEAR_WIDTH,
  type LineRowActions,
} from './grid-rows';
import { DeleteLineDialog, SpreadDialog, filledCount } from './line-dialogs';
import { DriverDialog } from './driver-dialog';
import { useDriverActions } from '../hooks/use-driver-actions';

/** One row of the grid body, in screen order. */
type GridItem =
  | { kind: 'pole'; pole: Pole }
  | { kind: 'line'; pole: Pole; line: Line; lineIndex: number; isFirst: boolean; isLast: boolean }
  | { kind: 'customLine'; pole: Pole };

function gridItems(poles: readonly Pole[], firstLineIndexes: readonly number[]): GridItem[] {
  return poles.flatMap((pole, p): GridItem[] => {
    if (!pole.isExpanded) return [{ kind: 'pole', pole }];
    const first = firstLineIndexes[p] ?? 0;
    return [
      { kind: 'pole', pole },
      ...pole.lines.map((line, i): GridItem => ({
        kind: 'line',
        pole,
        line,
        lineIndex: first + i,
        isFirst: i === 0,
        isLast: i === pole.lines.length - 1,
      })),
      { kind: 'customLine', pole },
    ];
  });
}

/** The row index of each visible line index. */
function lineItemIndexes(items: readonly GridItem[]): Map<number, number> {
  const map = new Map<number, number>();
  items.forEach((item, i) => {
    if (item.kind === 'line') map.set(item.lineIndex, i);
  });
  return map;
}

/** The table's width: the line column, twelve months and the year. */
const TABLE_WIDTH = 288 + MONTHS.length * MONTH_WIDTH + YEAR_WIDTH;

/** Stands for the rows not rendered, so the scroll height stays right. */
function Spacer({ height }: { height: number }) {
  return (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={MONTHS.length + 2} />
    </tr>
  );
}

/** The body's rows in the window, with spacers standing for the rows not rendered. */
function GridBody({
  year,
  items,
  rowWindow: { range, tops, total },
  actions,
}: {
  year: number;
  items: readonly GridItem[];
  rowWindow: { range: { start: number; end: number }; tops: readonly number[]; total: number };
  actions: LineRowActions;
}) {
  // docs/product.md#fiscal-years: the cells' names say « Septembre 2025 »…; one array, so rows stay memoized.
  const fiscal = useFiscalSettings();
  const names = useMemo(() => monthNames(fiscal, year), [fiscal, year]);
  return (
    <tbody>
      {range.start > 0 && <Spacer height={tops[range.start] ?? 0} />}
      {items.slice(range.start, range.end).map((item) => {
        switch (item.kind) {
          case 'pole':
            return <PoleRow key={`p-${item.pole.id}`} pole={item.pole} actions={actions} monthNames={names} />;
          case 'line':
            return (
              <LineRow
                key={item.line.id}
                poleId={item.pole.id}
                poleName={item.pole.name}
                line={item.line}
                lineIndex={item.lineIndex}
                isFirst={item.isFirst}
                isLast={item.isLast}
                actions={actions}
                monthNames={names}
              />
            );
          case 'customLine':
            return <CustomLineRow key={`c-${item.pole.id}`} pole={item.pole} onAddLine={actions.onAddLine} />;
        }
      })}
      {range.end < items.length && <Spacer height={total - (tops[range.end] ?? total)} />}
    </tbody>
  );
}

/** A month (or 'Total Annuel') column header, with the forecast | actual sub-columns named. */
function FigureColumnHeader({ title, width, isClosed = false }: { title: string; width: number; isClosed?: boolean }) {
  return (
    <th
      scope="col"
      style={{ width }}
      className={cn('border-b border-l bg-card px-1.5 py-1 font-semibold', isClosed && 'bg-muted')}
    >
      <div className="flex items-center gap-1">
        {title}
        {isClosed && <Lock className="size-3.5 text-muted-foreground" role="img" aria-label={`${title} clôturé`} />}
      </div>
      <div className="grid grid-cols-2 text-xs font-normal text-muted-foreground">
        <span>Prév.</span>
        <span>Réel</span>
      </div>
    </th>
  );
}

/** How to type in the grid, and the cells not stored (retrying, or refused by the server). */
function GridNotes() {
  const unsavedCount = useUnsavedCount();
  const rejectedCount = useRejectedCount();
  const waitingCount = useWaitingCount();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
      <p className="max-w-5xl">
        Dans chaque mois{'\u00a0'}: ventes en haut, achats en bas{'\u00a0'}; prévisionnel à gauche, réel à droite. Tapez
        pour remplacer, F2 ou double-clic pour modifier{'\u00a0'}; flèches, Tab et Entrée valident et déplacent.
        Montants{'\u00a0'}: 1{'\u202f'}234,56, (500) pour −500, =1200*12. Maj+flèches ou glisser sélectionnent un bloc
        {'\u00a0'}: Ctrl+C, Ctrl+V, Suppr (remise à 0), Ctrl+R (recopie jusqu’à décembre).
      </p>
      {unsavedCount > 0 && (
        <p role="alert" className="rounded-md bg-destructive/10 px-2 py-1 font-medium text-destructive">
          {Math.max(waitingCount, unsavedCount)} montant(s) en attente d’enregistrement — nouvel essai automatique en
          cours
        </p>
      )}
      {rejectedCount > 0 && (
        <p role="alert" className="rounded-md bg-destructive/10 px-2 py-1 font-medium text-destructive">
          {rejectedCount} valeur(s) refusée(s) par le serveur, non enregistrée(s){'\u00a0'}: voir les cellules en rouge
        </p>
      )}
    </div>
  );
}

/** The header row: 'Ligne Budgétaire', the months (closed ones locked) and 'Total Annuel'. */
function GridHead({ year }: { year: number }) {
  const locks = useCellLocks();
  // docs/product.md#fiscal-years: calendar names in fiscal order (« sept. 2025 » first for a September year).
  const names = useMonthNames(year).column;
  return (
    <thead className="sticky top-0 z-20 bg-card">
      <tr>
        <th scope="col" className={cn(STICKY_COL, 'z-30 border-b bg-card px-3 py-2 text-left font-semibold')}>
          Ligne Budgétaire
        </th>
        {names.map((month, m) => (
          <FigureColumnHeader key={m} title={month} width={MONTH_WIDTH} isClosed={locks.closed.has(m)} />
        ))}
        <FigureColumnHeader title="Total Annuel" width={YEAR_WIDTH} />
      </tr>
    </thead>
  );
}

type BudgetGridProps = {
  year: number;
  clientId: string;
  poles: Pole[];
  /**
   * The cell the cursor goes to (after an undo or a redo: the first cell it changed). Each new
   * request object moves it once, scrolling the row in if the window had not rendered it.
   */
  focusRequest?: CellRef | null;
  /** Asks for the cursor on a cell (back to the cell whose history closed). */
  onFocusRequest: (cell: CellRef) => void;
  /** Undoes one history entry (the toast after a deleted line). */
  onUndoEntry: (id: number) => void;
};

/**
 * The budget table (docs/product.md#budget-grid): header row, then per pole its row, lines and custom-line row, then
 * 'TOTAL GÉNÉRAL'. Only poles with at least one line show. The header row and the line column are
 * sticky; the months scroll. Keyboard moves and block paste are handled here, once for all cells,
 * and so is the cells' context menu with its 'Historique de la cellule' (docs/product.md#history).
 */
export function BudgetGrid({
  year,
  clientId,
  poles,
  focusRequest = null,
  onFocusRequest,
  onUndoEntry,
}: BudgetGridProps) {
  const tableRef = useRef<HTMLTableElement>(null);
  const shown = useMemo(() => poles.filter((p) => p.lines.length > 0), [poles]);
  const lines = useMemo(() => visibleLines(shown), [shown]);
  const linesRef = useRef<Line[]>(lines);
  useLayoutEffect(() => {
    linesRef.current = lines;
  }, [lines]);
  const items = useMemo(() => gridItems(shown, firstVisibleLineIndexes(shown)), [shown]);
  const heights = useMemo(() => items.map((item) => ROW_HEIGHT[item.kind]), [items]);
  const { scrollerRef, onScroll, range, tops, total, showRow, revealRow } = useRowWindow(heights);
  const lineItemIndex = useMemo(() => lineItemIndexes(items), [items]);

  const [menu, setMenu] = useState<OpenCell | null>(null);
  const onOpenMenu = useCallback<GridActions['onOpenMenu']>((input, at) => {
    const { lineIndex, month, measure } = cellAtGridPos({
      row: Number(input.dataset.row),
      col: Number(input.dataset.col),
    });
    const line = linesRef.current[lineIndex];
    if (!line) return;
    setMenu({ cell: { lineId: line.id, month, field: measure }, label: input.getAttribute('aria-label') ?? '', at });
  }, []);
  const actions = useGridActions(year, clientId, { lines: linesRef, onOpenMenu, onUndoEntry });

  // ---- structure edits the rows ask for: confirm a deletion, spread, move ----
  const [deleting, setDeleting] = useState<Line | null>(null);
  const [spreading, setSpreading] = useState<{ line: Line; lineIndex: number } | null>(null);
  const shownRef = useRef(shown);
  useLayoutEffect(() => {
    shownRef.current = shown;
  }, [shown]);
  const drivers = useDriverActions(year, shownRef);
  const rowActions = useMemo<LineRowActions>(
    () => ({
      ...actions,
      onAskDeleteLine: (line) => (filledCount(line) > 0 ? setDeleting(line) : actions.onDeleteLine(line)),
      onAskSpread: (line, lineIndex) => setSpreading({ line, lineIndex }),
      onMoveLineById: (poleId: string, lineId: string, direction: LineMove) => {
        const pole = shownRef.current.find((p) => p.id === poleId);
        const line = pole?.lines.find((l) => l.id === lineId);
        if (pole && line) actions.onMoveLine(pole, line, direction);
      },
      ...drivers.rowActions,
    }),
    [actions, drivers.rowActions],
  );

  const inputAt = useCellFocus({ tableRef, lines, lineItemIndex, range, showRow, revealRow, focusRequest });
  const selectionHandlers = useGridSelection({ tableRef, lines: linesRef, inputAt, writeBlock: actions.writeBlock });

  if (shown.length === 0) {
    return (
      <p className="rounded-lg border border-dashed bg-card py-10 text-center text-sm text-muted-foreground">
        Aucun pôle pour ce client : ajoutez un pôle d'expertise ci-dessus.
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-2">
      <GridNotes />
      <div
        ref={scrollerRef}
        onScroll={onScroll}
        role="region"
        aria-label="Tableau budgétaire"
        tabIndex={-1}
        className="max-h-[calc(100dvh-7rem)] overflow-auto rounded-lg border bg-card shadow-xs"
      >
        <table
          ref={tableRef}
          style={{ width: TABLE_WIDTH }}
          className="table-fixed border-separate border-spacing-0 text-sm"
          {...selectionHandlers}
        >
          <GridHead year={year} />
          <GridBody year={year} items={items} rowWindow={{ range, tops, total }} actions={rowActions} />
          <TotalRow poles={shown} />
        </table>
      </div>
      {deleting && (
        <DeleteLineDialog
          line={deleting}
          onClose={() => setDeleting(null)}
          onConfirm={() => {
            actions.onDeleteLine(deleting);
            setDeleting(null);
          }}
        />
      )}
      {spreading && (
        <SpreadDialog
          line={spreading.line}
          year={year}
          onClose={() => setSpreading(null)}
          onSpread={(measure, values) => {
            const reason = actions.writeBlock(
              values.map(({ month, cents }) => ({
                lineIndex: spreading.lineIndex,
                month,
                measure,
                cents: cents as Cents,
              })),
            );
            if (reason === null)
              notifySuccess('Montant réparti', `${spreading.line.name}\u00a0: ${values.length} mois`);
            return reason;
          }}
        />
      )}
      {drivers.driving && (
        <DriverDialog
          line={drivers.driving}
          poles={shown}
          onClose={drivers.close}
          onSubmit={(driver) => drivers.submit(drivers.driving!.id, driver)}
        />
      )}
      <CellMenus
        year={year}
        clientId={clientId}
        poles={poles}
        menu={menu}
        onCloseMenu={() => setMenu(null)}
        onFocusRequest={onFocusRequest}
      />
    </div>
  );
}
