import { lazy, Suspense, useRef, useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { Client } from '@/domain';
import { Button } from '@/web/components/ui/button';
import { useDeleteClient } from '../api/clients';
import { FAILURE, notifyFailure, notifySuccess } from '../lib/failure-messages';

// The dialog (Radix Dialog) loads when first needed: the budget tab's first bundle stays small.
const DeleteClientDialog = lazy(() =>
  import('./delete-client-dialog').then((m) => ({ default: m.DeleteClientDialog })),
);
/** The delete-client button and its confirmation dialog (docs/product.md#client-card, exact texts). */
export function DeleteClientButton({ client, onDeleted }: { client: Client; onDeleted: () => void }) {
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
      notifySuccess('Client supprimé', client.name);
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
