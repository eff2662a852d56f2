import { useMemo } from 'react';
import * as PopoverPrimitive from '@radix-ui/react-popover';
import { History } from 'lucide-react';
import { Popover, PopoverContent } from '@/web/components/ui/popover';

type CellContextMenuProps = {
  /** The cell's name ('{Pôle} · {Ligne} · {Mois} · {Mesure}'): the menu's accessible name. */
  label: string;
  /** Where the menu opens, in viewport pixels (the pointer, or the cell's corner from the keyboard). */
  at: { x: number; y: number };
  onShowHistory: () => void;
  /** Closed without a choice (Escape, a click elsewhere). */
  onClose: () => void;
  /** Escape: the focus goes back to the cell (a click elsewhere leaves it where it was put). */
  onEscape: () => void;
};

/**
 * A cell's context menu (docs/product.md#history: right click, Shift+F10 or the menu key on a
 * focused cell): 'Historique de la cellule'. One menu for the whole grid, anchored at a point.
 */
export function CellContextMenu({ label, at, onShowHistory, onClose, onEscape }: CellContextMenuProps) {
  const anchor = useMemo(
    () => ({ current: { getBoundingClientRect: () => DOMRect.fromRect({ x: at.x, y: at.y, width: 0, height: 0 }) } }),
    [at.x, at.y],
  );
  return (
    <Popover open onOpenChange={(open) => !open && onClose()}>
      <PopoverPrimitive.Anchor virtualRef={anchor} />
      <PopoverContent
        role="menu"
        aria-label={label}
        className="w-56 p-1"
        onEscapeKeyDown={onEscape}
        onKeyDown={(event) => {
          // Its one item: Tab would leave the menu open behind the focus.
          if (event.key === 'Tab') event.preventDefault();
        }}
      >
        <button
          type="button"
          role="menuitem"
          className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent"
          onClick={onShowHistory}
        >
          <History className="size-4 text-muted-foreground" aria-hidden="true" />
          Historique de la cellule
        </button>
      </PopoverContent>
    </Popover>
  );
}
