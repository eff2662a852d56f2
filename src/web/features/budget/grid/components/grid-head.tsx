/**
 * The grid's header row and its notes, for the view (docs/product.md#grid-views): 'Par mois' names
 * the forecast | actual sub-columns of each month; 'Par mesure' has one column per month.
 */
import { Lock } from 'lucide-react';
import type { GridView } from '@/domain';
import { cn } from '@/web/lib/cn';
import { useMonthNames } from '@/web/lib/use-fiscal-year';
import { useRejectedCount, useUnsavedCount, useWaitingCount } from '../../saving/api/save-cells';
import { useCellLocks } from '../hooks/use-closed-months';
import { MONTH_WIDTH, STICKY_COL, YEAR_WIDTH } from './grid-rows';
import { MEASURE_MONTH_WIDTH, MEASURE_YEAR_WIDTH } from './measure-rows';

/** The width of the line column (px, STICKY_COL's w-72). */
const NAME_WIDTH = 288;

/** The table's width for the view: the line column, twelve months and the year. */
export function tableWidth(view: GridView): number {
  return view.kind === 'month'
    ? NAME_WIDTH + 12 * MONTH_WIDTH + YEAR_WIDTH
    : NAME_WIDTH + 12 * MEASURE_MONTH_WIDTH + MEASURE_YEAR_WIDTH;
}

/** A month (or 'Total Annuel') column header; in 'Par mois' with the forecast | actual sub-columns named. */
function FigureColumnHeader({
  title,
  width,
  isClosed = false,
  hasSubColumns,
}: {
  title: string;
  width: number;
  isClosed?: boolean;
  hasSubColumns: boolean;
}) {
  return (
    <th
      scope="col"
      style={{ width }}
      className={cn(
        'border-b border-l bg-card px-1.5 py-1 font-semibold',
        // 'Par mesure': 80 px columns, « Septembre » must fit.
        !hasSubColumns && 'px-1 text-xs',
        isClosed && 'bg-muted',
      )}
    >
      <div className="flex items-center gap-1">
        {title}
        {isClosed && <Lock className="size-3.5 text-muted-foreground" role="img" aria-label={`${title} clôturé`} />}
      </div>
      {hasSubColumns && (
        <div className="grid grid-cols-2 text-xs font-normal text-muted-foreground">
          <span>Prév.</span>
          <span>Réel</span>
        </div>
      )}
    </th>
  );
}

/** The header row: 'Ligne Budgétaire', the months (closed ones locked) and 'Total Annuel'. */
export function GridHead({ year, view }: { year: number; view: GridView }) {
  const locks = useCellLocks();
  // docs/product.md#fiscal-years: calendar names in fiscal order (« sept. 2025 » first for a September year).
  const names = useMonthNames(year).column;
  const byMonth = view.kind === 'month';
  return (
    <thead className="sticky top-0 z-20 bg-card">
      <tr>
        <th scope="col" className={cn(STICKY_COL, 'z-30 border-b bg-card px-3 py-2 text-left font-semibold')}>
          Ligne Budgétaire
        </th>
        {names.map((month, m) => (
          <FigureColumnHeader
            key={m}
            title={month}
            width={byMonth ? MONTH_WIDTH : MEASURE_MONTH_WIDTH}
            isClosed={locks.closed.has(m)}
            hasSubColumns={byMonth}
          />
        ))}
        <FigureColumnHeader
          title="Total Annuel"
          width={byMonth ? YEAR_WIDTH : MEASURE_YEAR_WIDTH}
          hasSubColumns={byMonth}
        />
      </tr>
    </thead>
  );
}

/** How to read the grid in each view. */
const LAYOUT_NOTE: Record<GridView['kind'], string> = {
  month: 'Dans chaque mois\u00a0: ventes en haut, achats en bas\u00a0; prévisionnel à gauche, réel à droite.',
  measure: 'Une ligne par mesure, les douze mois en colonnes\u00a0: Tab passe au mois suivant.',
};

/** How to type in the grid, and the cells not stored (retrying, or refused by the server). */
export function GridNotes({ view }: { view: GridView }) {
  const unsavedCount = useUnsavedCount();
  const rejectedCount = useRejectedCount();
  const waitingCount = useWaitingCount();
  const { readOnly } = useCellLocks();
  return (
    <div className="flex min-w-80 flex-1 flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
      {readOnly ? (
        // docs/product.md#read-only-cells: a viewer is told, not taught how to type.
        <p role="note" className="flex items-center gap-1.5 rounded-md bg-muted px-2 py-1 font-medium text-foreground">
          <Lock className="size-3.5" aria-hidden="true" />
          Lecture seule{'\u00a0'}: vous consultez ce budget sans pouvoir le modifier.
        </p>
      ) : (
        <p className="max-w-5xl">
          {LAYOUT_NOTE[view.kind]} Tapez pour remplacer, F2 ou double-clic pour modifier{'\u00a0'}; flèches, Tab et
          Entrée valident et déplacent. Montants{'\u00a0'}: 1{'\u202f'}234,56, (500) pour −500, =1200*12. Maj+flèches ou
          glisser sélectionnent un bloc{'\u00a0'}: Ctrl+C, Ctrl+V, Suppr (remise à 0), Ctrl+R (recopie jusqu’à
          décembre).
        </p>
      )}
      {unsavedCount > 0 && (
        <p role="alert" className="rounded-md bg-destructive/10 px-2 py-1 font-medium text-destructive">
          {Math.max(waitingCount, unsavedCount)} montant(s) en attente d’enregistrement — nouvel essai automatique en
          cours
        </p>
      )}
      {rejectedCount > 0 && (
        <p role="alert" className="rounded-md bg-destructive/10 px-2 py-1 font-medium text-destructive">
          {rejectedCount} valeur(s) refusée(s) par le serveur, non enregistrée(s){'\u00a0'}: voir les cellules en rouge
        </p>
      )}
    </div>
  );
}
