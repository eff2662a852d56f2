import { useId } from 'react';
import type { Cutoff } from '@/domain/dashboard/sums';
import { MONTHS } from '@/domain/months';
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
  cutoff,
  chosen,
  onChange,
}: {
  /** The cut-off of the figures on screen (undefined while loading). */
  cutoff: Cutoff | undefined;
  chosen: ChosenCutoff;
  onChange: (next: ChosenCutoff) => void;
}) {
  const id = useId();
  const automatic =
    chosen === null && cutoff ? `Automatique : ${MONTHS[cutoff.month]} (${SOURCE_TEXT[cutoff.source]})` : 'Automatique';
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
        {MONTHS.map((m, i) => (
          <option key={m} value={i}>
            {m}
          </option>
        ))}
      </select>
    </div>
  );
}
