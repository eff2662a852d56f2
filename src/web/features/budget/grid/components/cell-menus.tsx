import { useState } from 'react';
import { cellReader, cellUpdate, formatEurosExact, type Cents, type Pole } from '@/domain';
import type { CellRef } from '@/domain/history-view';
import { useCellComments } from '@/web/lib/cell-comments';
import { useWriteCells } from '../../api/client-budget';
import { CellHistoryDialog } from '../../history/components/cell-history-dialog';
import { notifySuccess } from '../../lib/failure-messages';
import { CellContextMenu } from './cell-context-menu';

/** A cell whose context menu or history is open: where, its name, and the menu's point. */
export type OpenCell = { cell: CellRef; label: string; at: { x: number; y: number } };

type CellMenusProps = {
  year: number;
  clientId: string;
  poles: readonly Pole[];
  /** The cell whose context menu is open, or null. */
  menu: OpenCell | null;
  onCloseMenu: () => void;
  /** Asks for the cursor on a cell (back to the cell whose menu or history closed). */
  onFocusRequest: (cell: CellRef) => void;
};

/**
 * The cells' context menu and its 'Historique de la cellule' dialog (docs/product.md#history):
 * one for the whole grid. 'Restaurer cette valeur' writes the value as if typed.
 */
export function CellMenus({ year, clientId, poles, menu, onCloseMenu, onFocusRequest }: CellMenusProps) {
  const [historyOf, setHistoryOf] = useState<OpenCell | null>(null);
  const writeCells = useWriteCells(year, clientId);
  const comments = useCellComments();

  const restore = (open: OpenCell, value: Cents) => {
    const { lineId, month, field } = open.cell;
    writeCells([cellUpdate(lineId, month, field, value)], { mode: 'commit', cancelReload: true });
    setHistoryOf(null);
    notifySuccess('Valeur restaurée', `${open.label} : ${formatEurosExact(value)}`);
  };

  return (
    <>
      {menu && (
        <CellContextMenu
          label={menu.label}
          at={menu.at}
          onClose={onCloseMenu}
          onEscape={() => onFocusRequest({ ...menu.cell })}
          onShowHistory={() => {
            onCloseMenu();
            setHistoryOf(menu);
          }}
          onComment={
            comments
              ? () => {
                  onCloseMenu();
                  comments.comment({ ...menu.cell, label: menu.label });
                }
              : undefined
          }
        />
      )}
      {historyOf && (
        <CellHistoryDialog
          year={year}
          cell={historyOf.cell}
          label={historyOf.label}
          current={cellReader(poles)(historyOf.cell)}
          onRestore={(value) => restore(historyOf, value)}
          onClose={() => setHistoryOf(null)}
          onClosed={() => onFocusRequest({ ...historyOf.cell })}
        />
      )}
    </>
  );
}
