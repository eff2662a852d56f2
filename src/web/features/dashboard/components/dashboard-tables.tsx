import { Info } from 'lucide-react';
import {
  marginTotal,
  summaryTotal,
  type MarginRow,
  type PreviousYearFigures,
  type SummaryRow,
  type ToDateFigures,
} from '@/domain/dashboard/views';
import { comparedTotal, versionHeaders, type ComparedRow, type VersionFigures } from '@/domain/dashboard/compare';
import { formatPercent, type Cents } from '@/domain/money';
import { cn } from '@/web/lib/cn';
import { signClass } from '@/web/lib/format';
import { Euros, Gap } from './amounts';
import { DataTable, type Column } from './data-table';

/** An amount column (cents) read from a row. */
export function euros<T>(key: string, label: string, pick: (r: T) => Cents, title?: string): Column<T> {
  return { key, label, title, numeric: true, value: pick, render: (r) => <Euros cents={pick(r)} /> };
}

/** A gap column: euros and, when given, its percentage; sorted by the euros. */
export function gap<T>(
  key: string,
  label: string,
  pick: (r: T) => Cents,
  pct?: (r: T) => number | undefined,
  title?: string,
): Column<T> {
  return {
    key,
    label,
    title,
    numeric: true,
    value: pick,
    render: (r) => <Gap cents={pick(r)} percent={pct?.(r)} />,
  };
}

/** A percentage only over a positive base (docs/product.md#formulas-project-rows): else none is shown. */
const over = (percent: number, base: Cents) => (base > 0 ? percent : undefined);

/** The columns 'à date' and N−1 of a row with `toDate` and `previousYear` (docs/product.md#dashboard-to-date). */
function toDateColumns<T extends { toDate: ToDateFigures; previousYear: PreviousYearFigures | null }>(
  month: string,
): Column<T>[] {
  const n1 = (
    pick: (p: PreviousYearFigures) => Cents,
    pct?: (p: PreviousYearFigures) => number | undefined,
  ): Column<T>['render'] =>
    function N1Cell(r) {
      return r.previousYear ? (
        <Gap cents={pick(r.previousYear)} percent={pct?.(r.previousYear)} />
      ) : (
        <span className="text-muted-foreground" title="Pas de données l'exercice précédent">
          —
        </span>
      );
    };
  return [
    euros(
      'td-mb-prev',
      'MB prév. à date',
      (r) => r.toDate.margePrevisionnelle,
      `MB prévisionnelle de janvier à ${month}`,
    ),
    euros('td-mb-reel', 'MB réelle à date', (r) => r.toDate.marginReel, `MB réelle de janvier à ${month}`),
    gap(
      'td-ecart',
      'Écart MB à date',
      (r) => r.toDate.ecartMb,
      (r) => over(r.toDate.ecartMbPct, r.toDate.margePrevisionnelle),
      `MB réelle − MB prévisionnelle, de janvier à ${month} ; % de la MB prévisionnelle à date`,
    ),
    {
      key: 'n1-mb',
      label: 'MB réelle N−1',
      title: `MB réelle de l'exercice précédent, de janvier à ${month}`,
      numeric: true,
      value: (r) => r.previousYear?.marginReel ?? null,
      render: n1((p) => p.marginReel),
    },
    {
      key: 'n1-ecart',
      label: 'Écart vs N−1',
      title: `MB réelle à date − MB réelle N−1 des mêmes mois ; % de la MB réelle N−1`,
      numeric: true,
      value: (r) => r.previousYear?.ecart ?? null,
      render: n1(
        (p) => p.ecart,
        (p) => over(p.ecartPct, p.marginReel),
      ),
    },
  ];
}

/** « MB {version} » and « Écart vs {version} » (docs/product.md#versions-and-landing): the margin tables, the poles view. */
export function versionColumns<T extends { version?: VersionFigures }>(name: string): Column<T>[] {
  const [mb = '', ecart = ''] = versionHeaders(name);
  return [
    euros('version-mb', mb, (r) => r.version?.margePrevisionnelle ?? (0 as Cents), `MB prévisionnelle de « ${name} »`),
    gap(
      'version-ecart',
      ecart,
      (r) => r.version?.ecart ?? (0 as Cents),
      undefined,
      `MB prévisionnelle − MB de « ${name} »`,
    ),
  ];
}

const nameColumn = <T extends { name: string }>(label: string): Column<T> => ({
  key: 'name',
  label,
  value: (r) => r.name,
  // A long name is cut with « … »; the whole name shows on hover (docs/product.md#dashboard-tables).
  render: (r) => (
    <span className="block max-w-[16rem] truncate font-medium" title={r.name}>
      {r.name}
    </span>
  ),
});

/** 'Marges par Projet' / 'Marge par Pôle': SPEC's columns, then à date and N−1; sortable, searchable. */
export function MarginTable({
  label,
  firstColumn,
  searchWhat,
  rows,
  month,
  versionName,
  onOpen,
  openLabel,
  note,
}: {
  label: string;
  /** Said under the TOTAL's caption: the selection's clients the table does not list, and why. */
  note?: string;
  firstColumn: string;
  searchWhat: string;
  rows: readonly ComparedRow[];
  /** The version compared with, if any: its two columns follow « MB Prévisionnelle ». */
  versionName?: string;
  /** The cut-off month's name ('Octobre'). */
  month: string;
  onOpen?: (row: MarginRow) => void;
  openLabel?: (row: MarginRow) => string;
}) {
  const columns: Column<ComparedRow>[] = [
    nameColumn(firstColumn),
    euros('debut', 'Prév. MB Début', (r) => r.previsionMbDebut),
    euros('mb-prev', 'MB Prévisionnelle', (r) => r.margePrevisionnelle),
    ...(versionName === undefined ? [] : versionColumns(versionName)),
    euros('mb-reel', 'MB Réelle', (r) => r.marginReel),
    gap(
      'ecart-debut',
      'Écart MB Réelle vs MB Début',
      (r) => r.ecartMbDebut,
      (r) => over(r.ecartMbDebutPct, r.previsionMbDebut),
    ),
    ...toDateColumns<ComparedRow>(month),
  ];
  return (
    <DataTable
      label={label}
      searchWhat={searchWhat}
      columns={columns}
      rows={rows}
      total={versionName === undefined ? marginTotal : comparedTotal}
      note={note}
      onOpen={onOpen}
      openLabel={openLabel}
    />
  );
}

export const ECART_FORMULA =
  'Écart = Σ (Réel − Achat − Prévisionnel) sur les mois où le réel est supérieur à 0 ; % Écart = Écart ÷ Prévisionnel de ces mêmes mois × 100.';

function EcartFormula() {
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label="Formule de l'écart"
        aria-describedby="ecart-formula"
      >
        <Info className="size-3.5" aria-hidden />
      </button>
      <span
        id="ecart-formula"
        role="tooltip"
        className="invisible absolute right-0 top-full z-20 mt-1 w-72 whitespace-normal rounded-md border bg-popover p-2 text-left text-xs font-normal text-popover-foreground shadow-md group-hover:visible group-focus-within:visible"
      >
        {ECART_FORMULA}
      </span>
    </span>
  );
}

/** 'Tableau Récapitulatif': Projet, Prévisionnel, Réel, Achats, Marge, Écart, % Écart, then à date and N−1. */
export function SummaryTable({ rows, month }: { rows: readonly SummaryRow[]; month: string }) {
  const columns: Column<SummaryRow>[] = [
    nameColumn('Projet'),
    euros('prev', 'Prévisionnel', (r) => r.previsionnel),
    euros('reel', 'Réel', (r) => r.reel),
    euros('achats', 'Achats', (r) => r.achats),
    euros('marge', 'Marge', (r) => r.marge),
    { ...gap('ecart', 'Écart', (r) => r.ecart), extra: <EcartFormula /> },
    {
      key: 'ecart-pct',
      label: '% Écart',
      numeric: true,
      value: (r) => r.ecartPct,
      render: (r) =>
        r.prevRealise > 0 ? (
          <span className={cn('tabular-nums', signClass(r.ecartPct))}>{formatPercent(r.ecartPct, true)}</span>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    euros('td-prev', 'Prév. à date', (r) => r.toDate.previsionnel, `Prévisionnel de janvier à ${month}`),
    euros('td-reel', 'Réel à date', (r) => r.toDate.reel, `Réel de janvier à ${month}`),
    ...toDateColumns<SummaryRow>(month),
  ];
  return (
    <DataTable
      label="Tableau récapitulatif"
      searchWhat="un projet"
      columns={columns}
      rows={rows}
      total={summaryTotal}
    />
  );
}
