/**
 * Another tab's cell change applied to a cached budget (docs/product.md#live-browser): in place,
 * so the grid's rows and totals follow without a reload. A cell this tab is typing in keeps the
 * user's text (the mark shows the incoming value beside it), and edits not stored yet stay on top
 * (the save will find the conflict: docs/product.md#conflict-choice).
 */
import { applyCellUpdates, type CellUpdate, type Pole } from '@/domain';

export function patchBudget(
  poles: readonly Pole[],
  cells: readonly CellUpdate[],
  { isTyping, overlay }: { isTyping: (cell: CellUpdate) => boolean; overlay: (poles: readonly Pole[]) => Pole[] },
): Pole[] {
  return overlay(
    applyCellUpdates(
      poles,
      cells.filter((c) => !isTyping(c)),
    ),
  );
}
