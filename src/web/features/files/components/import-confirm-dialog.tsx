import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '@/web/components/ui/button';
import type { ImportScope } from '../hooks/use-backup-import';
import { clientCount } from '../lib/messages';

type ImportConfirmDialogProps = {
  /** What the file holds and what it replaces; the dialog is open while this is set. */
  pending: { fileName: string; fileClients: number; currentClients: number; scope: ImportScope } | null;
  isImporting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * Asks before a restore replaces everything (docs/product.md#restore), showing how many clients the file holds,
 * which exercices it replaces (docs/product.md#budget-years) and how many clients will be replaced.
 */
export function ImportConfirmDialog({ pending, isImporting, onConfirm, onCancel }: ImportConfirmDialogProps) {
  return (
    <Dialog.Root open={pending !== null} onOpenChange={(open) => !open && !isImporting && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-card p-6 shadow-lg">
          <Dialog.Title className="text-lg font-semibold">Remplacer toutes les données ?</Dialog.Title>
          {pending && (
            <Dialog.Description asChild>
              <div className="space-y-2 text-sm text-muted-foreground">
                <p>
                  Le fichier <span className="font-medium text-foreground">{pending.fileName}</span> contient{' '}
                  <strong className="text-foreground">{clientCount(pending.fileClients)}</strong>.
                </p>
                <p>{scopeText(pending.scope)}</p>
                <p>
                  {pending.currentClients === 0 ? (
                    'La base est vide : aucun client ne sera remplacé.'
                  ) : (
                    <>
                      <strong className="text-foreground">{clientCount(pending.currentClients)}</strong>
                      {pending.currentClients > 1
                        ? ' actuels seront remplacés, avec toutes leurs données budgétaires.'
                        : ' actuel sera remplacé, avec toutes ses données budgétaires.'}
                    </>
                  )}
                </p>
                <p>Cette action est irréversible.</p>
              </div>
            </Dialog.Description>
          )}
          <div className="flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="outline" disabled={isImporting}>
                Annuler
              </Button>
            </Dialog.Close>
            <Button variant="destructive" onClick={onConfirm} disabled={isImporting}>
              {isImporting ? 'Import en cours…' : 'Remplacer les données'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Which exercices the restore replaces. */
function scopeText(scope: ImportScope): string {
  if (scope.kind === 'all-years') {
    const years = scope.years.length > 0 ? ` (${scope.years.join(', ')})` : '';
    return `Sauvegarde de tous les exercices${years} : elle remplace les données de chaque exercice.`;
  }
  const from = scope.fileYear !== undefined && scope.fileYear !== scope.year ? ` (${scope.fileYear})` : '';
  return `Sauvegarde d'un seul exercice${from} : elle sera restaurée dans l'exercice ${scope.year}, et les autres exercices seront vidés.`;
}
