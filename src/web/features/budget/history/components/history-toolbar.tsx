import { History, Redo2, Undo2 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';

/** ⌘ on a Mac, Ctrl elsewhere: how the buttons' tooltips name the shortcuts. */
function modifierKey(): string {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';
}

type HistoryToolbarProps = {
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onOpenPanel: () => void;
};

/**
 * 'Annuler' / 'Rétablir' (docs/product.md#history: the user's own changes for the client and
 * year, from the server's stack, so a reload keeps them; disabled when the stack has nothing) and
 * the button of the 'Historique' panel.
 */
export function HistoryToolbar({ canUndo, canRedo, onUndo, onRedo, onOpenPanel }: HistoryToolbarProps) {
  const mod = modifierKey();
  return (
    <div role="toolbar" aria-label="Modifications" className="flex flex-wrap items-center gap-2">
      <Button
        size="sm"
        variant="outline"
        aria-label="Annuler"
        title={`Annuler (${mod}Z)`}
        disabled={!canUndo}
        onClick={onUndo}
      >
        <Undo2 aria-hidden="true" />
        Annuler
      </Button>
      <Button
        size="sm"
        variant="outline"
        aria-label="Rétablir"
        title={`Rétablir (${mod}Y)`}
        disabled={!canRedo}
        onClick={onRedo}
      >
        <Redo2 aria-hidden="true" />
        Rétablir
      </Button>
      <Button size="sm" variant="outline" onClick={onOpenPanel}>
        <History aria-hidden="true" />
        Historique
      </Button>
    </div>
  );
}
