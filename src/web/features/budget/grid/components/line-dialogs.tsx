/**
 * The line dialogs of the grid (issue 13): the confirmation before deleting a line that holds
 * figures, and 'Répartir…', which spreads an amount over chosen months of one measure, evenly to
 * the cent (largest remainder: the months sum exactly to the amount).
 */
import { Lock } from 'lucide-react';
import { useState } from 'react';
import {
  MEASURES,
  MONTH_INDEXES,
  formatEurosExact,
  readCellEntry,
  spreadOverOpenMonths,
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
import { cn } from '@/web/lib/cn';
import { useMonthNames } from '@/web/lib/use-fiscal-year';
import { useCellLocks } from '../hooks/use-closed-months';
import { FormFooter, LineFormDialog } from './form-footer';
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
  // A closed month (docs/product.md#month-closing) is shown disabled and unticked, and takes no share.
  const { closed } = useCellLocks();
  const [measure, setMeasure] = useState<Measure>('previsionnel');
  const [text, setText] = useState('');
  const [months, setMonths] = useState<boolean[]>(() => MONTH_INDEXES.map(() => true));
  const [refusal, setRefusal] = useState<string | null>(null);
  const entry = text.trim() === '' ? null : readCellEntry(text);
  const ticked = MONTH_INDEXES.map((m) => months[m] === true && !closed.has(m));
  const chosen = MONTH_INDEXES.filter((m) => ticked[m]);
  const parts = entry?.ok ? spreadOverOpenMonths(entry.cents, ticked, closed) : [];
  const error =
    refusal ?? (entry && !entry.ok ? entry.reason : chosen.length === 0 ? 'Cochez au moins un mois ouvert.' : null);

  const submit = () => {
    if (!entry?.ok || chosen.length === 0) return;
    const reason = onSpread(measure, parts);
    if (reason === null) onClose();
    else setRefusal(reason);
  };

  return (
    <LineFormDialog
      title="Répartir sur"
      lineName={line.name}
      onClose={onClose}
      onSubmit={submit}
      description={
        <>
          Le montant est réparti à parts égales au centime près sur les mois cochés (les premiers mois reçoivent les
          centimes restants)&#8239;; les autres mois ne changent pas, et un mois clôturé ne peut pas être coché.
        </>
      }
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
          const share = parts.find((p) => p.month === m);
          const isClosed = closed.has(m);
          return (
            <label key={m} className={cn('flex items-center gap-1.5', isClosed && 'text-muted-foreground')}>
              <Checkbox
                checked={ticked[m]}
                disabled={isClosed}
                onCheckedChange={(c) => setMonths((prev) => prev.map((v, i) => (i === m ? c === true : v)))}
              />
              <span>{names[m]}</span>
              {isClosed && <Lock className="size-3.5" role="img" aria-label={`${names[m]} clôturé`} />}
              {share && (
                <span className="ml-auto text-xs tabular-nums text-muted-foreground">
                  {formatEurosExact(share.cents)}
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
    </LineFormDialog>
  );
}
