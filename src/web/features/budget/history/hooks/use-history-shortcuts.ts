/**
 * Ctrl+Z / Ctrl+Y / Ctrl+Shift+Z (⌘ on a Mac) in the budget tab (docs/product.md#history): undo
 * and redo of stored changes, wherever the focus is in the tab (or nowhere) — except in a field
 * being typed in, where the keys keep their meaning for the text:
 * - any text field, select or editable area other than a grid cell (a client's name, a new line,
 *   a forecast) keeps the browser's own undo;
 * - a grid cell being typed in (its text changed since it got focus) cancels its typing itself and
 *   marks the event handled (components/cell-input.tsx), so it never reaches the budget's undo;
 * - a grid cell merely focused (moved to, or just saved) undoes the stored changes.
 * Dialogs and the header are outside the tab: the keys do nothing there.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { historyShortcut } from '@/domain/history-view';

/** True when a key press on `target` is the budget tab's undo or redo, not a field's own. */
export function isHistoryShortcutTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target === target.ownerDocument.body) return true;
  if (!target.closest('main')) return false;
  const isGridCell = target instanceof HTMLInputElement && target.dataset.row !== undefined;
  return isGridCell || !target.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])');
}

export function useHistoryShortcuts(onShortcut: (action: 'undo' | 'redo') => void): void {
  const handler = useRef(onShortcut);
  useLayoutEffect(() => {
    handler.current = onShortcut;
  }, [onShortcut]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = historyShortcut(event);
      if (!action || event.defaultPrevented || !isHistoryShortcutTarget(event.target)) return;
      event.preventDefault();
      handler.current(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
