import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import type { Client } from '../../../../domain';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { useDeleteClient } from '../api/clients';
import { FAILURE, notifyFailure, notifySuccess } from '../lib/notify';

/** The delete-client button and its confirmation dialog (SPEC §2, exact texts). */
export function DeleteClientButton({ client, onDeleted }: { client: Client; onDeleted: () => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const remove = useDeleteClient();

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
      setIsOpen(false);
    }
  };

  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogTrigger asChild>
        <Button size="icon" variant="outline" aria-label="Supprimer le client" className="text-destructive">
          <Trash2 aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Êtes-vous sûr de vouloir supprimer ce client ?</DialogTitle>
          <DialogDescription>
            Cette action est irréversible. Toutes les données budgétaires du client « {client.name} » seront
            définitivement supprimées.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Annuler</Button>
          </DialogClose>
          <Button variant="destructive" onClick={() => void confirm()} disabled={remove.isPending}>
            Supprimer définitivement
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
