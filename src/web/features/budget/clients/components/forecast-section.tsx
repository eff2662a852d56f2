import { useState } from 'react';
import {
  formatDecimal,
  formatEuros,
  formatPercent,
  forecastGapPercent,
  parseCellEntry,
  revisedForecast,
  type Client,
} from '@/domain';
import { Input } from '@/web/components/ui/input';
import { useReadOnly } from '@/web/lib/access';
import { cn } from '@/web/lib/cn';
import { signClass } from '@/web/lib/format';
import { useUpdateClient } from '../api/clients';
import { useClientBudget } from '../../api/client-budget';
import { FAILURE, notifyFailure, notifySuccess } from '../../lib/failure-messages';

/**
 * 'Prévisions Marge Brute' (docs/product.md#forecast-section) of exercice `year`: the initial annual forecast
 * (typed, saved on blur or Enter), the revised forecast computed live from the grid, and the gap in percent.
 */
export function ForecastSection({ year, client }: { year: number; client: Client }) {
  const readOnly = useReadOnly();
  const budget = useClientBudget(year, client.id);
  const update = useUpdateClient();
  const [draft, setDraft] = useState<string | null>(null);

  const initial = client.prevision_mb_annuelle_debut;
  // Computed from the poles in the cache, so it follows the grid as the user types.
  const revised = budget.data ? revisedForecast(budget.data) : client.prevision_mb_annuelle_revue;
  const gap = forecastGapPercent(revised, initial);

  const save = () => {
    if (draft === null) return;
    const cents = parseCellEntry(draft);
    setDraft(null);
    if (cents === initial) return;
    update.mutate(
      { id: client.id, year, prevision_mb_annuelle_debut: cents },
      {
        onSuccess: () => notifySuccess('Client mis à jour'),
        onError: (error) => notifyFailure(FAILURE.updateClient, error),
      },
    );
  };

  return (
    <section aria-labelledby="forecast-title" className="rounded-md border bg-muted/40 p-4">
      <h4 id="forecast-title" className="mb-3 text-sm font-semibold">
        Prévisions Marge Brute
      </h4>
      <div className="flex flex-wrap items-end gap-6">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="forecast-initial" className="text-sm font-medium">
            Prévision MB annuelle (début d'année)
          </label>
          <Input
            id="forecast-initial"
            readOnly={readOnly}
            inputMode="decimal"
            className="w-48 text-right"
            value={draft ?? formatDecimal(initial)}
            onFocus={(e) => e.currentTarget.select()}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={save}
            onKeyDown={(e) => {
              if (e.key === 'Enter') save();
              if (e.key === 'Escape') setDraft(null);
            }}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="forecast-revised" className="text-sm font-medium">
            Prévision MB annuelle revue
          </label>
          <div className="flex items-center gap-3">
            <Input id="forecast-revised" readOnly className="w-48 text-right" value={formatEuros(revised)} />
            {gap !== null && (
              <span data-testid="forecast-gap" className={cn('text-sm font-semibold', signClass(gap))}>
                {formatPercent(gap, true)}
              </span>
            )}
          </div>
        </div>
        <p className="max-w-md text-xs text-muted-foreground">
          Prévision revue = réalisé cumulé à date (mois avec du réel) + prévisionnel sur les mois restants.
        </p>
      </div>
    </section>
  );
}
