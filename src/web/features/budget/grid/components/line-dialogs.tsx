/**
 * The line dialogs of the grid (issue 13): the confirmation before deleting a line that holds
 * figures, and 'Répartir…', which spreads an amount over chosen months of one measure, evenly to
 * the cent (largest remainder: the months sum exactly to the amount).
 */
import { useState } from 'react';
import {
  MEASURES,
  MONTH_INDEXES,
  formatEurosExact,
  readCellEntry,
  spreadEvenly,
  type Line,
  type Measure,
} from '@/domain';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Input } from '@/web/components/ui/input';
import { FormFooter } from './form-footer';
import { useMonthNames } from '@/web/lib/use-fiscal-year';
import { MeasureSelect } from './measure-select';

/** How many of the line's 48 figures are not zero. */
export function filledCount(line: Line): number {
  return MEASURES.reduce((n, m) => n + line[m].filter((v) => v !== 0).length, 0);
}

type DeleteLineDialogProps = { line: Line; onConfirm: () => void; onClose: () => void };

/** Asked before deleting a line with figures; 'Annuler' in the toast after takes it back. */
export function DeleteLineDialog({ line, onConfirm, onClose }: DeleteLineDialogProps) {
  const count = filledCount(line);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            Supprimer la ligne «{'\u00a0'}
            {line.name}
            {'\u00a0'}»{'\u00a0'}?
          </DialogTitle>
          <DialogDescription>
            Elle contient {count} montant{count > 1 ? 's' : ''} non nul{count > 1 ? 's' : ''}. Vous pourrez annuler la
            suppression depuis la notification qui suivra, ou avec Ctrl+Z.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Annuler</Button>
          </DialogClose>
          <Button variant="destructive" autoFocus onClick={onConfirm}>
            Supprimer la ligne
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

type SpreadDialogProps = {
  line: Line;
  /** The exercice: its months are named in fiscal order (docs/product.md#fiscal-years). */
  year: number;
  /** Writes the months' values (one request, one history entry); answers why it is refused, or null. */
  onSpread: (measure: Measure, values: { month: number; cents: number }[]) => string | null;
  onClose: () => void;
};

/** 'Répartir…': an amount (cell entry: `12 000`, `=1000*12`…) over the ticked months of one measure. */
export function SpreadDialog({ line, year, onSpread, onClose }: SpreadDialogProps) {
  const names = useMonthNames(year).column;
  const [measure, setMeasure] = useState<Measure>('previsionnel');
  const [text, setText] = useState('');
  const [months, setMonths] = useState<boolean[]>(() => MONTH_INDEXES.map(() => true));
  const [refusal, setRefusal] = useState<string | null>(null);
  const entry = text.trim() === '' ? null : readCellEntry(text);
  const chosen = MONTH_INDEXES.filter((m) => months[m]);
  const parts = entry?.ok ? spreadEvenly(entry.cents, chosen.length) : [];
  const error =
    refusal ?? (entry && !entry.ok ? entry.reason : chosen.length === 0 ? 'Cochez au moins un mois.' : null);

  const submit = () => {
    if (!entry?.ok || chosen.length === 0) return;
    const reason = onSpread(
      measure,
      chosen.map((month, i) => ({ month, cents: parts[i]! })),
    );
    if (reason === null) onClose();
    else setRefusal(reason);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>
            Répartir sur «{'\u00a0'}
            {line.name}
            {'\u00a0'}»
          </DialogTitle>
          <DialogDescription>
            Le montant est réparti à parts égales au centime près sur les mois cochés (les premiers mois reçoivent les
            centimes restants)&#8239;; les autres mois ne changent pas.
          </DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className="flex flex-wrap items-end gap-4">
            <label className="flex flex-col gap-1.5 text-sm font-medium">
              Montant à répartir
              <Input
                autoFocus
                inputMode="decimal"
                className="w-48 text-right"
                value={text}
                onChange={(e) => {
                  setText(e.target.value);
                  setRefusal(null);
                }}
              />
            </label>
            <MeasureSelect label="Mesure" value={measure} onChange={setMeasure} />
          </div>
          <fieldset className="grid grid-cols-4 gap-2 text-sm">
            <legend className="mb-1 text-sm font-medium">Mois</legend>
            {MONTH_INDEXES.map((m) => {
              const index = chosen.indexOf(m);
              return (
                <label key={m} className="flex items-center gap-1.5">
                  <Checkbox
                    checked={months[m]}
                    onCheckedChange={(c) => setMonths((prev) => prev.map((v, i) => (i === m ? c === true : v)))}
                  />
                  <span>{names[m]}</span>
                  {index >= 0 && parts[index] !== undefined && (
                    <span className="ml-auto text-xs tabular-nums text-muted-foreground">
                      {formatEurosExact(parts[index])}
                    </span>
                  )}
                </label>
              );
            })}
          </fieldset>
          <div className="flex gap-2 text-xs">
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto p-0"
              onClick={() => setMonths(MONTH_INDEXES.map(() => true))}
            >
              Tous les mois
            </Button>
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto p-0"
              onClick={() => setMonths(MONTH_INDEXES.map(() => false))}
            >
              Aucun
            </Button>
          </div>
          <FormFooter
            error={text.trim() !== '' ? error : null}
            submit="Répartir"
            disabled={!entry?.ok || chosen.length === 0}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
