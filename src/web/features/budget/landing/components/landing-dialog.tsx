import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { LANDING_METHOD_LABELS, LANDING_METHODS, type LandingMethod } from '@/domain/landing';
import { parseUpliftEntry } from '@/domain/rollforward-preview';
import { landingBody, type LandingBody } from '@/domain/schemas';
import { BulkForecastDialog, useChosenClients, usePreview } from '@/web/components/bulk-forecast-dialog';
import { FillEmptyChoice, ForecastPreviewTable } from '@/web/components/forecast-preview';
import { Field } from '@/web/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { ApiError } from '@/web/lib/api-client';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { reloadAllData } from '@/web/lib/query-keys';
import { undoAndReload } from '@/web/lib/undo-entry';
import { useMonthNames } from '@/web/lib/use-fiscal-year';
import { useLanding, type LandingResult } from '../api/landing';

/** `1 cellule`, `0 cellule`, `3 cellules` (French: 0 and 1 take the singular). */
const count = (n: number, one: string, many: string) => `${n.toLocaleString('fr-FR')} ${n > 1 ? many : one}`;

/**
 * The 'Atterrissage…' dialog (docs/product.md#versions-and-landing): clients (all or chosen), the
 * method, `n-1`'s growth, 'Ne remplir que les cellules vides' (on by default); 'Aperçu' asks the
 * server for a dry run — the same statements, rolled back — and shows its counts and forecast
 * totals per client and the cut-off month; 'Appliquer' runs the same settings for real, in one
 * history entry that the toast's 'Annuler' undoes. 'Appliquer' needs a preview of the current settings.
 */
export function LandingDialog({ year, onClose }: { year: number; onClose: () => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const chosen = useChosenClients(year);
  const [method, setMethod] = useState<LandingMethod>('run-rate');
  const [growth, setGrowth] = useState('0');
  const [isFillEmpty, setIsFillEmpty] = useState(true);
  const run = useLanding(year);
  // docs/product.md#fiscal-years: « après octobre 2025 » in a September year.
  const names = useMonthNames(year).full;

  const settings = {
    clients: chosen.clients,
    method,
    // Only `n-1` grows: whatever is typed there is not sent for the other methods.
    growth: method === 'n-1' ? parseUpliftEntry(growth) : 0,
    mode: isFillEmpty ? 'fill-empty' : 'overwrite',
  } satisfies Omit<LandingBody, 'dryRun'>;
  // The server's own schema checks the form, so a refusal reads the same here and there.
  const checked = landingBody.safeParse(settings);
  const growthIssue = checked.success ? undefined : checked.error.issues.find((i) => i.path[0] === 'growth')?.message;
  const preview = usePreview<LandingResult>(JSON.stringify(settings));
  const shown = preview.shown;

  const onFailure = (error: unknown) =>
    notifyError('Erreur', error instanceof ApiError ? error.message : "Impossible de calculer l'atterrissage.", error);
  const apply = () =>
    run.mutate(
      { ...settings, dryRun: false },
      {
        onSuccess: ({ clients, historyId }) => {
          const cells = clients.reduce((n, c) => n + c.cellsFilled, 0);
          notifySuccess(
            historyId === null ? 'Rien à changer' : `Atterrissage ${year} appliqué`,
            `${count(cells, 'cellule remplie', 'cellules remplies')}.`,
            historyId === null
              ? {}
              : { action: { label: 'Annuler', onClick: () => void undoAndReload(queryClient, historyId) } },
          );
          void reloadAllData(queryClient);
          onClose();
        },
        onError: onFailure,
      },
    );

  return (
    <BulkForecastDialog
      title={`Atterrissage ${year}`}
      description={`Réécrit les prévisions ${year} des mois après le mois à date (le dernier mois clôturé, sinon le dernier mois avec du réel) à partir des chiffres réels. Les mois clôturés ne sont jamais modifiés.`}
      isPending={run.isPending}
      canPreview={checked.success}
      hasPreview={shown !== null}
      onPreview={() => run.mutate({ ...settings, dryRun: true }, { onSuccess: preview.keep, onError: onFailure })}
      onApply={apply}
      onClose={onClose}
      preview={
        shown && (
          <ForecastPreviewTable
            label={`Aperçu de l'atterrissage ${year}`}
            intro={`Aperçu pour ${count(shown.clients.length, 'client', 'clients')} : rien n'est encore modifié. Mois réécrits : après ${names[shown.cutoff]?.toLowerCase()} (à date). Prévisions ${year} avant → après.`}
            empty="Aucun client à atterrir."
            countTitles={['Cellules remplies', 'Cellules ignorées']}
            rows={shown.clients.map((c) => ({ ...c, counts: [c.cellsFilled, c.cellsSkipped] }))}
          />
        )
      }
    >
      {chosen.picker}
      <div className="flex flex-wrap items-start gap-x-6 gap-y-4">
        <MethodSelect id={`${ids}-method`} value={method} onChange={setMethod} />
        {method === 'n-1' && (
          <div className="w-44">
            <Field
              label="Croissance (%)"
              inputMode="decimal"
              className="text-right"
              value={growth}
              issue={growthIssue}
              onFocus={(e) => e.currentTarget.select()}
              onChange={(e) => setGrowth(e.target.value)}
            />
          </div>
        )}
      </div>
      <FillEmptyChoice
        id={`${ids}-fill-empty`}
        checked={isFillEmpty}
        onChange={setIsFillEmpty}
        hints={{
          kept: 'Les prévisions déjà saisies après le mois à date restent telles quelles.',
          replaced: 'Les prévisions après le mois à date seront remplacées.',
        }}
      />
    </BulkForecastDialog>
  );
}

/** The method, by its French label. */
function MethodSelect(props: { id: string; value: LandingMethod; onChange: (m: LandingMethod) => void }) {
  return (
    <div className="flex flex-col gap-1.5">
      <span id={props.id} className="text-sm font-medium">
        Méthode
      </span>
      <Select
        value={props.value}
        onValueChange={(v) => props.onChange(LANDING_METHODS.find((m) => m === v) ?? 'run-rate')}
      >
        <SelectTrigger aria-labelledby={props.id} className="w-auto min-w-72 max-w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {LANDING_METHODS.map((m) => (
            <SelectItem key={m} value={m}>
              {LANDING_METHOD_LABELS[m]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
