import { useState } from 'react';
import { MAX_COMMENT_LENGTH } from '@/domain/comments';
import { formatEuros } from '@/domain/money';
import type { VarianceData } from '@/domain/variance';
import { monthAndYear } from '@/domain/fiscal-year';
import { useFiscalSettings } from '@/web/lib/use-fiscal-year';
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
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useJustify } from '../api/get-variance';

type Gap = VarianceData['clients'][number];

/**
 * 'Justifier' (docs/product.md#variance): the comment box of a client's gap at the cut-off month.
 * The justification is a client-year thread of the comments feature (it shows in the client's
 * comments panel), linked to that month.
 */
export function JustifyDialog({
  row,
  year,
  month,
  onClose,
}: {
  row: Gap;
  year: number;
  month: number;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const justify = useJustify(year);
  // docs/product.md#fiscal-years: « mars 2026 », or « novembre 2025 » in a September year 2026.
  const cutoff = monthAndYear(useFiscalSettings(), year, month).toLowerCase();
  const send = () =>
    justify.mutate(
      { clientId: row.clientId, month, text },
      {
        onSuccess: () => {
          notifySuccess('Écart justifié', `La justification de ${row.name} est enregistrée.`);
          onClose();
        },
        onError: (error) => notifyError('Justification refusée', error.message, error),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Justifier l’écart de {row.name}</DialogTitle>
          <DialogDescription>
            Écart de MB à fin {cutoff} : {formatEuros(row.gap)} (volume {formatEuros(row.volume)}, taux{' '}
            {formatEuros(row.rate)}). La justification est un commentaire du client.
          </DialogDescription>
        </DialogHeader>
        <textarea
          aria-label="Justification"
          maxLength={MAX_COMMENT_LENGTH}
          rows={4}
          value={text}
          placeholder="Pourquoi cet écart ? Quelle action ?"
          className="w-full resize-y rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onChange={(event) => setText(event.target.value)}
        />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Annuler</Button>
          </DialogClose>
          <Button disabled={text.trim() === '' || justify.isPending} onClick={send}>
            Enregistrer la justification
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
