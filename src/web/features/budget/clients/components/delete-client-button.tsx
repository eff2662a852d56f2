import { lazy, Suspense, useRef, useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { Client } from '@/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/web/components/ui/button';
import { undoAndReload } from '@/web/lib/undo-entry';
import { useDeleteClient } from '../api/clients';
import { getLatestClientEntry } from '../../history/api/get-history';
import { FAILURE, notifyFailure, notifySuccess } from '../../lib/failure-messages';

// The dialog (Radix Dialog) loads when first needed: the budget tab's first bundle stays small.
const DeleteClientDialog = lazy(() =>
  import('./delete-client-dialog').then((m) => ({ default: m.DeleteClientDialog })),
);
type DeleteClientButtonProps = {
  client: Client;
  onDeleted: () => void;
  /** The deletion was undone from its toast: the client is back (select it again). */
  onRestored: () => void;
};

/**
 * The delete-client button and its confirmation dialog (docs/product.md#client-card, exact texts);
 * its toast offers 'Annuler' (docs/product.md#undo: the client comes back with everything it held).
 */
export function DeleteClientButton({ client, onDeleted, onRestored }: DeleteClientButtonProps) {
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const remove = useDeleteClient();
  const close = () => {
    setIsOpen(false);
    // No Radix trigger any more: give focus back to the button, as a dialog should.
    buttonRef.current?.focus();
  };

  // mutateAsync, not mutate with callbacks: deleting the selected client unmounts this button
  // before a mutate-level onSuccess would run, and the toast would be lost.
  const confirm = async () => {
    try {
      await remove.mutateAsync(client.id);
      // Without the entry (it could not be read), the toast just says it is done.
      const entry = await getLatestClientEntry(client.id).catch(() => null);
      const id = entry?.source === 'structure' ? entry.id : null;
      notifySuccess('Client supprimé', client.name, {
        action:
          id === null
            ? undefined
            : {
                label: 'Annuler',
                onClick: () =>
                  void undoAndReload(queryClient, id).then((undone) => {
                    if (undone) onRestored();
                  }),
              },
      });
      onDeleted();
    } catch (error) {
      notifyFailure(FAILURE.deleteClient, error);
    } finally {
      close();
    }
  };

  return (
    <>
      <Button
        ref={buttonRef}
        size="icon"
        variant="outline"
        aria-label="Supprimer le client"
        className="text-destructive"
        onClick={() => setIsOpen(true)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <DeleteClientDialog
            client={client}
            isPending={remove.isPending}
            onConfirm={() => void confirm()}
            onClose={close}
          />
        </Suspense>
      )}
    </>
  );
}
