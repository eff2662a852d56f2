import { useId } from 'react';
import type { Cutoff } from '@/domain/dashboard/sums';
import { useMonthNames } from '@/web/lib/use-fiscal-year';
import type { ChosenCutoff } from '../api/get-dashboard';

/** Why the default cut-off is that month, as the select says it. */
const SOURCE_TEXT: Record<Cutoff['source'], string> = {
  closed: 'dernier mois clôturé',
  actual: 'dernier mois avec du réel',
  none: 'aucun réel saisi',
  chosen: 'choisi',
};

/**
 * The month the figures 'à date' stop at (docs/product.md#dashboard-to-date): 'Automatique' (the default, its month and
 * why shown) or any month of the year.
 */
export function CutoffSelect({
  year,
  cutoff,
  chosen,
  onChange,
}: {
  /** The exercice on screen: its months are named in fiscal order (docs/product.md#fiscal-years). */
  year: number;
  /** The cut-off of the figures on screen (undefined while loading). */
  cutoff: Cutoff | undefined;
  chosen: ChosenCutoff;
  onChange: (next: ChosenCutoff) => void;
}) {
  const id = useId();
  const names = useMonthNames(year).full;
  const automatic =
    chosen === null && cutoff ? `Automatique : ${names[cutoff.month]} (${SOURCE_TEXT[cutoff.source]})` : 'Automatique';
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        À date : arrêté à fin de
      </label>
      <select
        id={id}
        value={chosen === null ? 'auto' : String(chosen)}
        onChange={(e) => onChange(e.target.value === 'auto' ? null : Number(e.target.value))}
        className="h-9 rounded-md border border-input bg-card px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <option value="auto">{automatic}</option>
        {names.map((m, i) => (
          <option key={i} value={i}>
            {m}
          </option>
        ))}
      </select>
    </div>
  );
}
