import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ALL_CLIENTS, isAll, selectedClientIds, type ClientFilter } from '@/domain/client-filter';
import { formatEuros, type Cents } from '@/domain/money';
import {
  FIGURES_LABELS,
  initialBudgetName,
  ROLL_FORWARD_FIGURES,
  type RollForwardClientResult,
  type RollForwardFigures,
} from '@/domain/rollforward';
import { parseUpliftEntry, rollForwardTotals, type RollForwardTotals } from '@/domain/rollforward-preview';
import { rollForwardBody, type RollForwardBody } from '@/domain/schemas';
import { ClientMultiSelect } from '@/web/components/client-filter/client-multi-select';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { useClientSelection } from '@/web/hooks/use-client-selection';
import { selectYear } from '@/web/hooks/use-year';
import { ApiError } from '@/web/lib/api-client';
import { notifyError, notifySuccess } from '@/web/lib/notify';
import { useIsAdmin } from '@/web/lib/access';
import type { VersionSummary } from '@/domain/answers';
import { reloadAllData } from '@/web/lib/query-keys';
import { useRollForward, type RollForwardOutcome } from '../api/roll-forward';

/** `1 ligne créée`, `0 ligne créée`, `3 lignes créées` (French: 0 and 1 take the singular). */
const count = (n: number, one: string, many: string) => `${n.toLocaleString('fr-FR')} ${n > 1 ? many : one}`;

/** The settings a preview was made with, and what it answered. */
type Preview = { key: string } & RollForwardOutcome;

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
  const [filter, setFilter] = useState<ClientFilter>(ALL_CLIENTS);
  const selection = useClientSelection(filter, from);
  const [figures, setFigures] = useState<RollForwardFigures>('revue');
  const [sales, setSales] = useState('0');
  const [purchases, setPurchases] = useState('0');
  const [isFillEmpty, setIsFillEmpty] = useState(true);
  const [isFreezing, setIsFreezing] = useState(false);
  const isAdmin = useIsAdmin();
  const [preview, setPreview] = useState<Preview | null>(null);
  const run = useRollForward(target);

  const hasFigures = figures !== 'none';
  const settings = {
    from,
    clients: isAll(selection.filter)
      ? 'all'
      : selectedClientIds(
          selection.filter,
          selection.clients.map((c) => c.id),
        ),
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
  const key = JSON.stringify(settings);
  const shown = preview?.key === key ? preview : null;

  const onFailure = (error: unknown) =>
    notifyError(
      'Erreur',
      error instanceof ApiError ? error.message : `Impossible de préparer l'exercice ${target}.`,
      error,
    );
  const askPreview = () =>
    run.mutate(
      { ...settings, dryRun: true },
      { onSuccess: (outcome) => setPreview({ key, ...outcome }), onError: onFailure },
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
    <Dialog open onOpenChange={(open) => !open && !run.isPending && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-5xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{`Préparer ${target}`}</DialogTitle>
          <DialogDescription>
            {`Crée dans l'exercice ${target} les pôles et les lignes de ${from} qui y manquent, et remplit ses prévisions à partir des chiffres de ${from}. Les chiffres réels ne sont jamais copiés.`}
          </DialogDescription>
        </DialogHeader>

        <fieldset disabled={run.isPending} className="flex flex-col gap-5">
          <ClientMultiSelect clients={selection.clients} filter={selection.filter} onChange={setFilter} />

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

          <FillEmptyChoice id={`${ids}-fill-empty`} target={target} checked={isFillEmpty} onChange={setIsFillEmpty} />
          {isAdmin && (
            <FreezeChoice id={`${ids}-freeze`} target={target} checked={isFreezing} onChange={setIsFreezing} />
          )}
        </fieldset>

        {shown && <PreviewTable target={target} clients={shown.clients} />}
        {shown?.version && <FrozenNote version={shown.version} />}

        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={run.isPending}>
            Annuler
          </Button>
          <Button variant="secondary" onClick={askPreview} disabled={!checked.success || run.isPending}>
            Aperçu
          </Button>
          <Button onClick={apply} disabled={!checked.success || shown === null || run.isPending}>
            Appliquer
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A checkbox of the dialog with its label and, below, what it means. */
function Choice(props: { id: string; label: string; hint: string; checked: boolean; onChange: (on: boolean) => void }) {
  const { id, label, hint, checked, onChange } = props;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <Checkbox id={id} checked={checked} onCheckedChange={(c) => onChange(c === true)} />
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
      </div>
      <p className="text-xs text-muted-foreground">{hint}</p>
    </div>
  );
}

type ChoiceProps = { id: string; target: number; checked: boolean; onChange: (on: boolean) => void };

/** 'Ne remplir que les cellules vides', and what it means for the forecasts already typed in `target`. */
function FillEmptyChoice({ target, ...props }: ChoiceProps) {
  return (
    <Choice
      {...props}
      label="Ne remplir que les cellules vides"
      hint={
        props.checked
          ? `Les prévisions déjà saisies en ${target} restent telles quelles.`
          : `Les prévisions déjà saisies en ${target} seront remplacées.`
      }
    />
  );
}

/** 'Figer la version « Budget initial {N+1} »' (admins only): the year's plan kept as prepared. */
function FreezeChoice({ target, ...props }: ChoiceProps) {
  return (
    <Choice
      {...props}
      label={`Figer la version « ${initialBudgetName(target)} »`}
      hint={`Garde les prévisions ${target} telles que préparées, pour les comparer ensuite.`}
    />
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

const change = (before: Cents, after: Cents) => `${formatEuros(before)} → ${formatEuros(after)}`;

/** The dry run's answer: one row per client, and their total when there are several. */
function PreviewTable({ target, clients }: { target: number; clients: readonly RollForwardClientResult[] }) {
  if (clients.length === 0) {
    return <p className="text-sm text-muted-foreground">Aucun client à préparer.</p>;
  }
  return (
    <section aria-label="Aperçu" className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">
        {`Aperçu pour ${count(clients.length, 'client', 'clients')} : rien n'est encore modifié. Prévisions ${target} avant → après.`}
      </p>
      <div className="max-h-72 overflow-y-auto rounded-md border">
        <Table aria-label={`Aperçu de la préparation de ${target}`}>
          <TableHeader>
            <TableRow>
              <TableHead className="min-w-48">Client</TableHead>
              {[
                'Pôles créés',
                'Lignes créées',
                'Cellules remplies',
                'Cellules ignorées',
                'Prévisionnel',
                'Achat prévisionnel',
              ].map((title) => (
                <TableHead key={title} className="whitespace-nowrap text-right">
                  {title}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {clients.map((c) => (
              <PreviewRow key={c.id} name={c.name} row={c} />
            ))}
            {clients.length > 1 && <PreviewRow name="Total" row={rollForwardTotals(clients)} isTotal />}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}

function PreviewRow({ name, row, isTotal = false }: { name: string; row: RollForwardTotals; isTotal?: boolean }) {
  const cell = 'whitespace-nowrap text-right tabular-nums';
  return (
    <TableRow className={isTotal ? 'bg-muted/50 font-semibold' : undefined}>
      <TableCell className="font-medium">{name}</TableCell>
      <TableCell className={cell}>{row.polesCreated.toLocaleString('fr-FR')}</TableCell>
      <TableCell className={cell}>{row.linesCreated.toLocaleString('fr-FR')}</TableCell>
      <TableCell className={cell}>{row.cellsFilled.toLocaleString('fr-FR')}</TableCell>
      <TableCell className={cell}>{row.cellsSkipped.toLocaleString('fr-FR')}</TableCell>
      <TableCell className={cell}>{change(row.before.previsionnel, row.after.previsionnel)}</TableCell>
      <TableCell className={cell}>{change(row.before.achat_previsionnel, row.after.achat_previsionnel)}</TableCell>
    </TableRow>
  );
}
