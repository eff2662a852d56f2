import type { Client } from '@/domain';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';

type DeleteClientDialogProps = {
  client: Client;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** The delete-client confirmation of docs/product.md#client-card (exact texts); loaded when the trash button is pressed. */
export function DeleteClientDialog({ client, isPending, onConfirm, onClose }: DeleteClientDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Êtes-vous sûr de vouloir supprimer ce client{'\u00a0'}?</DialogTitle>
          <DialogDescription>
            Cette action est irréversible. Toutes les données budgétaires du client «{'\u00a0'}
            {client.name}
            {'\u00a0'}» seront définitivement supprimées.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Annuler</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={isPending}>
            Supprimer définitivement
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
