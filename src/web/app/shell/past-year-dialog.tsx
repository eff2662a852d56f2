import { useState } from 'react';
import { MIN_YEAR } from '@/domain/years';
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
import { Field } from '@/web/components/ui/field';

type PastYearDialogProps = {
  /** The current calendar year: a past year is before it. */
  current: number;
  onOpen: (year: number) => void;
  onClose: () => void;
};

/**
 * 'Ouvrir un exercice passé…' (docs/product.md#actuals-from-the-accounting): any year from 2000 to
 * last year, with data or not (an agency adopting the tool loads last year's FEC first; the import
 * creates the lines).
 */
export function PastYearDialog({ current, onOpen, onClose }: PastYearDialogProps) {
  const last = current - 1;
  const [text, setText] = useState(String(last));
  const year = Number(text);
  const isValid = /^\d{4}$/.test(text.trim()) && year >= MIN_YEAR && year <= last;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-sm">
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (isValid) onOpen(year);
          }}
        >
          <DialogHeader>
            <DialogTitle>Ouvrir un exercice passé</DialogTitle>
            <DialogDescription>
              Un exercice de {MIN_YEAR} à {last}, même vide : l'import comptable y crée les lignes.
            </DialogDescription>
          </DialogHeader>
          <Field
            label="Année"
            inputMode="numeric"
            value={text}
            maxLength={4}
            autoFocus
            onChange={(e) => setText(e.target.value)}
            issue={isValid || text.trim() === '' ? undefined : `Une année de ${MIN_YEAR} à ${last} est attendue.`}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Annuler</Button>
            </DialogClose>
            <Button type="submit" disabled={!isValid}>
              Ouvrir
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
