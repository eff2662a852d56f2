/**
 * The grid's dialogs about one line ('Répartir…', 'Calculer cette ligne…'): their frame, titled
 * with the line's name, around one form; and the form's end: why it is refused (when it is),
 * 'Annuler' and the submit button.
 */
import type { ReactNode } from 'react';
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

type LineFormDialogProps = {
  /** The verb before the line's name: « Répartir sur », « Calculer ». */
  title: string;
  lineName: string;
  description: ReactNode;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
};

export function LineFormDialog({ title, lineName, description, onClose, onSubmit, children }: LineFormDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{`${title} «\u00a0${lineName}\u00a0»`}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          {children}
        </form>
      </DialogContent>
    </Dialog>
  );
}

type FormFooterProps = { error: string | null; submit: string; disabled?: boolean };

export function FormFooter({ error, submit, disabled }: FormFooterProps) {
  return (
    <>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Annuler
          </Button>
        </DialogClose>
        <Button type="submit" disabled={disabled}>
          {submit}
        </Button>
      </DialogFooter>
    </>
  );
}
