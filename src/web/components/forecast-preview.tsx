/**
 * What the dialogs that rewrite forecasts in bulk share ('Préparer {N+1}', docs/product.md#budget-years;
 * 'Atterrissage…', docs/product.md#versions-and-landing): the 'Ne remplir que les cellules vides'
 * choice, and the preview of a dry run, one row per client with its counts and its forecast totals
 * before → after, and their total when there are several.
 */
import { formatEuros, type Cents } from '@/domain/money';
import type { ForecastTotals } from '@/domain/rollforward';
import { addForecastTotals } from '@/domain/rollforward-preview';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';

/** A checkbox with its label and, below, what it means. */
export function CheckChoice(props: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
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

/** 'Ne remplir que les cellules vides', and what each choice means for the forecasts already typed. */
export function FillEmptyChoice(props: {
  id: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  /** Said when checked, and when not. */
  hints: { kept: string; replaced: string };
}) {
  const { hints, ...rest } = props;
  return (
    <CheckChoice
      {...rest}
      label="Ne remplir que les cellules vides"
      hint={props.checked ? hints.kept : hints.replaced}
    />
  );
}

/** One client's row of a preview: its counts, in the order of the table's count titles. */
export type ForecastPreviewRow = {
  id: string;
  name: string;
  counts: readonly number[];
  before: ForecastTotals;
  after: ForecastTotals;
};

/** The total row of a preview: counts and totals summed over the clients. */
function totalRow(rows: readonly ForecastPreviewRow[]): ForecastPreviewRow {
  return rows.reduce((total, row) => ({
    ...total,
    counts: total.counts.map((n, i) => n + (row.counts[i] ?? 0)),
    before: addForecastTotals(total.before, row.before),
    after: addForecastTotals(total.after, row.after),
  }));
}

const change = (before: Cents, after: Cents) => `${formatEuros(before)} → ${formatEuros(after)}`;

type ForecastPreviewTableProps = {
  /** The table's accessible name. */
  label: string;
  /** The sentence above it (« Aperçu pour 3 clients : rien n'est encore modifié… »). */
  intro: string;
  /** Said instead of the table when no client is concerned. */
  empty: string;
  countTitles: readonly string[];
  rows: readonly ForecastPreviewRow[];
};

/** A dry run's answer: one row per client, and their total when there are several. */
export function ForecastPreviewTable({ label, intro, empty, countTitles, rows }: ForecastPreviewTableProps) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <section aria-label="Aperçu" className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">{intro}</p>
      <div className="max-h-72 overflow-y-auto rounded-md border">
        <Table aria-label={label}>
          <TableHeader>
            <TableRow>
              <TableHead className="min-w-48">Client</TableHead>
              {[...countTitles, 'Prévisionnel', 'Achat prévisionnel'].map((title) => (
                <TableHead key={title} className="whitespace-nowrap text-right">
                  {title}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <PreviewRow key={row.id} row={row} />
            ))}
            {rows.length > 1 && <PreviewRow row={{ ...totalRow(rows), name: 'Total' }} isTotal />}
          </TableBody>
        </Table>
      </div>
    </section>
  );
}

function PreviewRow({ row, isTotal = false }: { row: ForecastPreviewRow; isTotal?: boolean }) {
  const cell = 'whitespace-nowrap text-right tabular-nums';
  return (
    <TableRow className={isTotal ? 'bg-muted/50 font-semibold' : undefined}>
      <TableCell className="font-medium">{row.name}</TableCell>
      {row.counts.map((n, i) => (
        <TableCell key={i} className={cell}>
          {n.toLocaleString('fr-FR')}
        </TableCell>
      ))}
      <TableCell className={cell}>{change(row.before.previsionnel, row.after.previsionnel)}</TableCell>
      <TableCell className={cell}>{change(row.before.achat_previsionnel, row.after.achat_previsionnel)}</TableCell>
    </TableRow>
  );
}
