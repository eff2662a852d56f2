import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { notifySuccess } from '@/web/lib/notify';
import { ChangePasswordForm } from './change-password-form';

type ChangePasswordDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** 'Changer le mot de passe' from the user menu (docs/product.md#passwords). */
export function ChangePasswordDialog({ open, onOpenChange }: ChangePasswordDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Changer le mot de passe</DialogTitle>
          <DialogDescription>Vos autres sessions seront fermées ; celle-ci reste ouverte.</DialogDescription>
        </DialogHeader>
        {open && (
          <ChangePasswordForm
            submitLabel="Changer le mot de passe"
            onDone={() => {
              notifySuccess('Mot de passe changé', 'Vos autres sessions sont fermées.');
              onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
