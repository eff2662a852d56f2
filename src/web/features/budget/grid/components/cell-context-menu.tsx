import { useMemo, type ReactNode } from 'react';
import * as PopoverPrimitive from '@radix-ui/react-popover';
import { History, MessageSquarePlus, type LucideIcon } from 'lucide-react';
import { Popover, PopoverContent } from '@/web/components/ui/popover';

type CellContextMenuProps = {
  /** The cell's name ('{Pôle} · {Ligne} · {Mois} · {Mesure}'): the menu's accessible name. */
  label: string;
  /** Where the menu opens, in viewport pixels (the pointer, or the cell's corner from the keyboard). */
  at: { x: number; y: number };
  onShowHistory: () => void;
  /** 'Commenter la cellule' (docs/product.md#comments); absent when comments are not composed in. */
  onComment?: () => void;
  /** Closed without a choice (Escape, a click elsewhere). */
  onClose: () => void;
  /** Escape: the focus goes back to the cell (a click elsewhere leaves it where it was put). */
  onEscape: () => void;
};

/**
 * A cell's context menu (docs/product.md#history: right click, Shift+F10 or the menu key on a
 * focused cell): 'Historique de la cellule', and 'Commenter la cellule' (docs/product.md#comments). One menu for the whole grid, anchored at a point.
 */
export function CellContextMenu({ label, at, onShowHistory, onComment, onClose, onEscape }: CellContextMenuProps) {
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
          // Its items are reached with the arrows: Tab would leave the menu open behind the focus.
          if (event.key === 'Tab') event.preventDefault();
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
          const at = items.indexOf(document.activeElement as HTMLElement);
          const step = event.key === 'ArrowDown' ? 1 : -1;
          items[(at + step + items.length) % items.length]?.focus();
        }}
      >
        <MenuItem icon={History} onClick={onShowHistory}>
          Historique de la cellule
        </MenuItem>
        {onComment && (
          <MenuItem icon={MessageSquarePlus} onClick={onComment}>
            Commenter la cellule
          </MenuItem>
        )}
      </PopoverContent>
    </Popover>
  );
}

function MenuItem({ icon: Icon, onClick, children }: { icon: LucideIcon; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      role="menuitem"
      className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent"
      onClick={onClick}
    >
      <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      {children}
    </button>
  );
}
