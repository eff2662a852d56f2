/**
 * The budget grid's keys as data (ADR 024, Excel's entry model; a table as Glide Data Grid's
 * keybindings are): arrows, Tab and Enter commit what is typed and move; Shift+arrows extend the
 * selection, Delete clears it, Ctrl+R fills right — those three only outside typing. In edit mode
 * (F2, a double click, Enter) ← and → stay in the text. The first binding that matches wins.
 */
import type { GridMove } from '@/domain';

export type GridKeyAction =
  { kind: 'fillRight' } | { kind: 'clear' } | { kind: 'extend'; move: GridMove } | { kind: 'move'; move: GridMove };

/** A key and the state it needs; a flag left out matches either way. `mod` is Ctrl or ⌘. */
type Binding = {
  key: string;
  shift?: boolean;
  mod?: boolean;
  alt?: boolean;
  /** Only while the cell is not being typed in. */
  outsideTyping?: true;
  /** Not in edit mode. */
  outsideEditing?: true;
  action: GridKeyAction;
};

const ARROWS: [string, GridMove][] = [
  ['ArrowUp', 'up'],
  ['ArrowDown', 'down'],
  ['ArrowLeft', 'left'],
  ['ArrowRight', 'right'],
];

export const GRID_KEYBINDINGS: readonly Binding[] = [
  { key: 'r', mod: true, alt: false, outsideTyping: true, action: { kind: 'fillRight' } },
  { key: 'Delete', outsideTyping: true, action: { kind: 'clear' } },
  ...ARROWS.map(([key, move]): Binding => ({
    key,
    shift: true,
    mod: false,
    outsideTyping: true,
    action: { kind: 'extend', move },
  })),
  { key: 'ArrowUp', mod: false, action: { kind: 'move', move: 'up' } },
  { key: 'ArrowDown', mod: false, action: { kind: 'move', move: 'down' } },
  { key: 'ArrowLeft', mod: false, outsideEditing: true, action: { kind: 'move', move: 'left' } },
  { key: 'ArrowRight', mod: false, outsideEditing: true, action: { kind: 'move', move: 'right' } },
  { key: 'Enter', shift: false, mod: false, action: { kind: 'move', move: 'down' } },
  { key: 'Enter', shift: true, mod: false, action: { kind: 'move', move: 'up' } },
  { key: 'Tab', shift: false, action: { kind: 'move', move: 'next' } },
  { key: 'Tab', shift: true, action: { kind: 'move', move: 'previous' } },
];

export type KeyPress = { key: string; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean };

/** What a key press does in a cell (typed in, in edit mode or neither), or null: the key is the cell's. */
export function gridKeyAction(
  press: KeyPress,
  cell: { isTyping: boolean; isEditing: boolean },
  bindings: readonly Binding[] = GRID_KEYBINDINGS,
): GridKeyAction | null {
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  const mod = press.ctrlKey || press.metaKey;
  const found = bindings.find(
    (b) =>
      b.key === key &&
      (b.shift === undefined || b.shift === press.shiftKey) &&
      (b.mod === undefined || b.mod === mod) &&
      (b.alt === undefined || b.alt === press.altKey) &&
      !(b.outsideTyping && cell.isTyping) &&
      !(b.outsideEditing && cell.isEditing),
  );
  return found?.action ?? null;
}
