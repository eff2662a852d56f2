import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  FIGURES_LABELS,
  initialBudgetName,
  ROLL_FORWARD_FIGURES,
  type RollForwardClientResult,
  type RollForwardFigures,
} from '@/domain/rollforward';
import { parseUpliftEntry, rollForwardTotals } from '@/domain/rollforward-preview';
import { rollForwardBody, type RollForwardBody } from '@/domain/schemas';
import { BulkForecastDialog, useChosenClients, usePreview } from '@/web/components/bulk-forecast-dialog';
import { CheckChoice, FillEmptyChoice, ForecastPreviewTable } from '@/web/components/forecast-preview';
import { Field } from '@/web/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { selectYear } from '@/web/hooks/use-year';
import { ApiError } from '@/web/lib/api-client';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { reloadAllData } from '@/web/lib/query-keys';
import type { VersionSummary } from '@/domain/answers';
import { useIsAdmin } from '@/web/lib/access';
import { useRollForward, type RollForwardOutcome } from '../api/roll-forward';

/** `1 ligne créée`, `0 ligne créée`, `3 lignes créées` (French: 0 and 1 take the singular). */
const count = (n: number, one: string, many: string) => `${n.toLocaleString('fr-FR')} ${n > 1 ? many : one}`;

type RollForwardDialogProps = {
  /** The exercice on screen; the roll forward fills `from + 1`. */
  from: number;
  onClose: () => void;
};

/**
 * The 'Préparer {N+1}' dialog (docs/product.md#budget-years): clients (all or chosen), the basis, the uplifts of
 * sales and purchases, 'Ne remplir que les cellules vides' (on by default); 'Aperçu' asks the
 * server for a dry run and shows its counts and totals per client; 'Appliquer' runs the same
 * settings for real, then the page reloads its data and shows the new year. The values typed stay
 * while the server works and after it refuses; 'Appliquer' needs a preview of the current settings.
 */
export function RollForwardDialog({ from, onClose }: RollForwardDialogProps) {
  const target = from + 1;
  const ids = useId();
  const queryClient = useQueryClient();
  const chosen = useChosenClients(from);
  const [figures, setFigures] = useState<RollForwardFigures>('revue');
  const [sales, setSales] = useState('0');
  const [purchases, setPurchases] = useState('0');
  const [isFillEmpty, setIsFillEmpty] = useState(true);
  const [isFreezing, setIsFreezing] = useState(false);
  const isAdmin = useIsAdmin();
  const run = useRollForward(target);

  const hasFigures = figures !== 'none';
  const settings = {
    from,
    clients: chosen.clients,
    figures,
    // Without figures the uplifts do not apply: whatever is typed there is not sent.
    upliftSales: hasFigures ? parseUpliftEntry(sales) : 0,
    upliftPurchases: hasFigures ? parseUpliftEntry(purchases) : 0,
    mode: isFillEmpty ? 'fill-empty' : 'overwrite',
    freezeVersion: isAdmin && isFreezing,
  } satisfies Omit<RollForwardBody, 'dryRun'>;
  // The server's own schema checks the form, so a refusal reads the same here and there.
  const checked = rollForwardBody.safeParse(settings);
  const issueOf = (field: keyof RollForwardBody) =>
    checked.success ? undefined : checked.error.issues.find((i) => i.path[0] === field)?.message;
  const preview = usePreview<RollForwardOutcome>(JSON.stringify(settings));
  const shown = preview.shown;

  const onFailure = (error: unknown) =>
    notifyError(
      'Erreur',
      error instanceof ApiError ? error.message : `Impossible de préparer l'exercice ${target}.`,
      error,
    );
  const apply = () =>
    run.mutate(
      { ...settings, dryRun: false },
      {
        onSuccess: ({ clients, version }) => {
          const totals = rollForwardTotals(clients);
          notifySuccess(
            `Exercice ${target} préparé`,
            `${count(totals.linesCreated, 'ligne créée', 'lignes créées')}, ${count(totals.cellsFilled, 'cellule remplie', 'cellules remplies')}.${version ? ` Version « ${version.name} » figée.` : ''}`,
          );
          void reloadAllData(queryClient);
          selectYear(target);
          onClose();
        },
        onError: onFailure,
      },
    );

  return (
    <BulkForecastDialog
      title={`Préparer ${target}`}
      description={`Crée dans l'exercice ${target} les pôles et les lignes de ${from} qui y manquent, et remplit ses prévisions à partir des chiffres de ${from}. Les chiffres réels ne sont jamais copiés.`}
      isPending={run.isPending}
      canPreview={checked.success}
      hasPreview={shown !== null}
      onPreview={() => run.mutate({ ...settings, dryRun: true }, { onSuccess: preview.keep, onError: onFailure })}
      onApply={apply}
      onClose={onClose}
      preview={
        shown && (
          <>
            <PreviewTable target={target} clients={shown.clients} />
            {shown.version && <FrozenNote version={shown.version} />}
          </>
        )
      }
    >
      {chosen.picker}

      <div className="flex flex-wrap items-start gap-x-6 gap-y-4">
        <div className="flex flex-col gap-1.5">
          <span id={`${ids}-figures`} className="text-sm font-medium">
            Base des prévisions
          </span>
          <Select
            value={figures}
            onValueChange={(v) => setFigures(ROLL_FORWARD_FIGURES.find((f) => f === v) ?? 'none')}
          >
            <SelectTrigger aria-labelledby={`${ids}-figures`} className="w-auto min-w-72 max-w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ROLL_FORWARD_FIGURES.map((f) => (
                <SelectItem key={f} value={f}>
                  {FIGURES_LABELS[f]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {(
          [
            ['Hausse des ventes (%)', sales, setSales, 'upliftSales'],
            ['Hausse des achats (%)', purchases, setPurchases, 'upliftPurchases'],
          ] as const
        ).map(([label, value, setValue, field]) => (
          // A percentage typed the French way (`3,5`), checked as the user types.
          <div key={field} className="w-44">
            <Field
              label={label}
              inputMode="decimal"
              className="text-right"
              value={value}
              disabled={!hasFigures}
              issue={issueOf(field)}
              onFocus={(e) => e.currentTarget.select()}
              onChange={(e) => setValue(e.target.value)}
            />
          </div>
        ))}
      </div>

      <FillEmptyChoice
        id={`${ids}-fill-empty`}
        checked={isFillEmpty}
        onChange={setIsFillEmpty}
        hints={{
          kept: `Les prévisions déjà saisies en ${target} restent telles quelles.`,
          replaced: `Les prévisions déjà saisies en ${target} seront remplacées.`,
        }}
      />
      {isAdmin && (
        <CheckChoice
          id={`${ids}-freeze`}
          label={`Figer la version « ${initialBudgetName(target)} »`}
          hint={`Garde les prévisions ${target} telles que préparées, pour les comparer ensuite.`}
          checked={isFreezing}
          onChange={setIsFreezing}
        />
      )}
    </BulkForecastDialog>
  );
}

/** What the preview says of the version the run would freeze. */
function FrozenNote({ version }: { version: VersionSummary }) {
  return (
    <p className="text-sm text-muted-foreground">
      {`La version « ${version.name} » sera figée${version.reference ? ", et deviendra la référence de l'exercice" : ''}.`}
    </p>
  );
}

/** The dry run's answer as the shared preview table shows it. */
function PreviewTable({ target, clients }: { target: number; clients: readonly RollForwardClientResult[] }) {
  return (
    <ForecastPreviewTable
      label={`Aperçu de la préparation de ${target}`}
      intro={`Aperçu pour ${count(clients.length, 'client', 'clients')} : rien n'est encore modifié. Prévisions ${target} avant → après.`}
      empty="Aucun client à préparer."
      countTitles={['Pôles créés', 'Lignes créées', 'Cellules remplies', 'Cellules ignorées']}
      rows={clients.map((c) => ({
        ...c,
        counts: [c.polesCreated, c.linesCreated, c.cellsFilled, c.cellsSkipped],
      }))}
    />
  );
}
