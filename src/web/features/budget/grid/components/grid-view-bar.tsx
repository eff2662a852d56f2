import type { ReactNode } from 'react';
import type { GridView, GridViewKind } from '@/domain';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { GridNotes } from './grid-head';

const KINDS: readonly { kind: GridViewKind; label: string; title: string }[] = [
  { kind: 'month', label: 'Par mois', title: 'Chaque mois\u00a0: ventes et achats, prévisionnel et réel' },
  { kind: 'measure', label: 'Par mesure', title: 'Une ligne par mesure, les douze mois en colonnes' },
];

/**
 * The grid's view (docs/product.md#grid-views): 'Par mois' or 'Par mesure', and in 'Par mesure'
 * the 'Prévisions seules' filter that hides the actual rows. Remembered per user (use-grid-view).
 */
export function GridViewBar({
  view,
  onChange,
  extra,
}: {
  view: GridView;
  onChange: (view: GridView) => void;
  /** More choices of the bar ('Comparer avec'). */
  extra?: ReactNode;
}) {
  return (
    <div role="toolbar" aria-label="Affichage de la grille" className="flex flex-wrap items-center gap-3">
      <div role="group" aria-label="Vue" className="inline-flex rounded-md border bg-card p-0.5">
        {KINDS.map(({ kind, label, title }) => (
          <Button
            key={kind}
            size="sm"
            variant={view.kind === kind ? 'default' : 'ghost'}
            className="h-7"
            aria-pressed={view.kind === kind}
            title={title}
            onClick={() => onChange({ ...view, kind })}
          >
            {label}
          </Button>
        ))}
      </div>
      {view.kind === 'measure' && (
        <label className="flex items-center gap-1.5 text-sm">
          <Checkbox
            checked={view.forecastOnly}
            onCheckedChange={(checked) => onChange({ ...view, forecastOnly: checked === true })}
          />
          Prévisions seules
        </label>
      )}
      {extra}
    </div>
  );
}

/** The view's buttons and, beside them, how to type in the grid: one row, so the grid starts high (ADR 064). */
export function GridViewRow(props: { view: GridView; onChange: (view: GridView) => void; extra?: ReactNode }) {
  const { view } = props;
  return (
    <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
      <GridViewBar {...props} />
      <GridNotes view={view} />
    </div>
  );
}
