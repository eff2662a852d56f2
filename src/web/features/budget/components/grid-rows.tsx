import { memo, useState } from 'react';
import { ChevronDown, ChevronRight, Plus, Trash2 } from 'lucide-react';
import {
  MONTHS,
  MONTH_INDEXES,
  cellGridPos,
  formatEuros,
  lineMonthTotals,
  lineTotals,
  marginPrev,
  marginReel,
  monthTotals,
  poleTotals,
  subCents,
  yearTotals,
  type Cents,
  type Line,
  type Measure,
  type MeasureTotals,
  type Pole,
} from '@/domain';
import { cellName } from '@/domain/history-view';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Input } from '@/web/components/ui/input';
import { cn } from '@/web/lib/cn';
import { signClass } from '@/web/lib/format';
import { useCellLocks } from '../hooks/use-closed-months';
import { CellInput, type CellInputProps } from './cell-input';

/** Actions the grid passes down; stable across renders so memoised rows skip work. */
export type GridActions = {
  onEdit: CellInputProps['onEdit'];
  onPasteBlock: CellInputProps['onPasteBlock'];
  onOpenMenu: CellInputProps['onOpenMenu'];
  onToggleExpanded: (pole: Pole) => void;
  onToggleFacture: (pole: Pole, month: number, value: boolean) => void;
  onAddLine: (pole: Pole, name: string) => Promise<boolean>;
  onDeleteLine: (line: Line) => void;
};

/** Sticky first column: the line names stay visible while the months scroll. */
export const STICKY_COL = 'sticky left-0 z-10 w-72 min-w-72 max-w-72 border-r border-t';
/**
 * `relative` makes each row its own paint layer, so Chromium re-records only the row that changed
 * instead of the whole table on every keystroke (paint ~22 ms → ~1 ms per frame, measured).
 */
const ROW = 'group relative hover:bg-accent/30';
const MONTH_CELL = 'border-l border-t px-1.5 py-1 align-top';

/** Green when ≥ 0, red when < 0 (docs/product.md#sign-colours). */
function signed(cents: Cents): string {
  return cents > 0 ? `+${formatEuros(cents)}` : formatEuros(cents);
}

/** Forecast and actual (or their margins) side by side, as in the 2 × 2 cells above them. */
function FigurePair({
  label,
  left,
  right,
  isStrong,
}: {
  label: string;
  left: Cents;
  right: Cents;
  isStrong?: boolean;
}) {
  return (
    <div
      className={cn(
        'grid grid-cols-2 gap-1 text-right text-[11px] leading-4 tabular-nums',
        isStrong && 'font-semibold',
      )}
    >
      <span className="flex justify-between gap-1 whitespace-nowrap" title={`${label} prévisionnel`}>
        <span className="text-muted-foreground">{label}</span>
        <span>{formatEuros(left)}</span>
      </span>
      <span className="whitespace-nowrap" title={`${label} réel`}>
        {formatEuros(right)}
      </span>
    </div>
  );
}

/** MB forecast | MB actual, then the delta réel − prévisionnel, coloured. */
function MarginAndDelta({ t, isStrong }: { t: MeasureTotals; isStrong?: boolean }) {
  const delta = subCents(t.reel, t.previsionnel);
  return (
    <>
      <FigurePair label="MB" left={marginPrev(t)} right={marginReel(t)} isStrong={isStrong} />
      <div className="flex justify-between text-[11px] leading-4 tabular-nums">
        <span className="text-muted-foreground">Écart R − P</span>
        <span className={signClass(delta)} data-testid="delta">
          {signed(delta)}
        </span>
      </div>
    </>
  );
}

/** Fixed row heights (px): the grid renders only the rows near the viewport (hooks/use-row-window.ts). */
export const ROW_HEIGHT = { pole: 88, line: 96, customLine: 44 } as const;

type LineRowProps = { poleName: string; line: Line; lineIndex: number; actions: GridActions };

const INPUT_LAYOUT: readonly Measure[] = ['previsionnel', 'reel', 'achat_previsionnel', 'achat'];

/** One budget line: per month its four inputs (sales above purchases, forecast left of actual), MB and delta. */
export const LineRow = memo(function LineRow({ poleName, line, lineIndex, actions }: LineRowProps) {
  const year = lineTotals(line);
  const { readOnly } = useCellLocks();
  return (
    <tr className={ROW} style={{ height: ROW_HEIGHT.line }}>
      <th
        scope="row"
        className={cn(
          STICKY_COL,
          'bg-card py-1 pl-9 pr-2 text-left align-top text-sm font-normal group-hover:bg-accent',
        )}
      >
        <span className="line-clamp-2" title={line.name}>
          {line.name}
        </span>
      </th>
      {MONTH_INDEXES.map((month) => {
        const t = lineMonthTotals(line, month);
        return (
          <td key={month} className={MONTH_CELL}>
            <div className="grid grid-cols-2 gap-0.5">
              {INPUT_LAYOUT.map((measure) => {
                const { row, col } = cellGridPos({ lineIndex, month, measure });
                return (
                  <CellInput
                    key={measure}
                    lineId={line.id}
                    month={month}
                    measure={measure}
                    cents={t[measure]}
                    label={cellName(poleName, line.name, month, measure)}
                    row={row}
                    col={col}
                    isPurchase={measure === 'achat_previsionnel' || measure === 'achat'}
                    onEdit={actions.onEdit}
                    onPasteBlock={actions.onPasteBlock}
                    onOpenMenu={actions.onOpenMenu}
                  />
                );
              })}
            </div>
            <MarginAndDelta t={t} />
          </td>
        );
      })}
      <td className={cn(MONTH_CELL, 'bg-muted/40')} data-testid="line-year">
        <FigurePair label="Ventes" left={year.previsionnel} right={year.reel} />
        <FigurePair label="Achats" left={year.achat_previsionnel} right={year.achat} />
        <MarginAndDelta t={year} isStrong />
      </td>
      <td className="border-l px-1 align-middle">
        <Button
          size="icon"
          variant="ghost"
          className="size-7 text-muted-foreground hover:text-destructive"
          aria-label={`Supprimer la ligne ${line.name}`}
          hidden={readOnly}
          onClick={() => actions.onDeleteLine(line)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </td>
    </tr>
  );
});

type PoleRowProps = { pole: Pole; actions: GridActions };

/** A pole row: expand button, per-month 'Facturé' toggle and totals, year totals. */
export const PoleRow = memo(function PoleRow({ pole, actions }: PoleRowProps) {
  const year = poleTotals(pole);
  const Chevron = pole.isExpanded ? ChevronDown : ChevronRight;
  const locks = useCellLocks();
  return (
    <tr className={cn(ROW, 'bg-secondary hover:bg-secondary')} style={{ height: ROW_HEIGHT.pole }}>
      <th scope="row" className={cn(STICKY_COL, 'bg-secondary px-2 py-1.5 text-left align-top')}>
        <div className="flex items-start gap-1">
          <Button
            size="icon"
            variant="ghost"
            className="size-7"
            aria-label={`${pole.isExpanded ? 'Replier' : 'Déplier'} ${pole.name}`}
            aria-expanded={pole.isExpanded}
            onClick={() => actions.onToggleExpanded(pole)}
          >
            <Chevron aria-hidden="true" />
          </Button>
          <div className="min-w-0 pt-1">
            <div className="line-clamp-2 text-sm font-semibold" title={pole.name}>
              {pole.name}
            </div>
            <div className="text-xs font-normal text-muted-foreground">
              {pole.lines.length} ligne{pole.lines.length > 1 ? 's' : ''}
            </div>
          </div>
        </div>
      </th>
      {MONTH_INDEXES.map((month) => {
        const t = monthTotals([pole], month);
        const id = `facture-${pole.id}-${month}`;
        return (
          <td key={month} className={MONTH_CELL}>
            <div className="mb-0.5 flex items-center gap-1.5">
              <Checkbox
                id={id}
                aria-label={`Facturé · ${pole.name} · ${MONTHS[month]}`}
                checked={pole.facture[month] ?? false}
                disabled={locks.closed.has(month) || locks.readOnly}
                onCheckedChange={(c) => actions.onToggleFacture(pole, month, c === true)}
              />
              <label htmlFor={id} className="text-[11px] text-muted-foreground" aria-hidden="true">
                Facturé
              </label>
            </div>
            <FigurePair label="CA" left={t.previsionnel} right={t.reel} isStrong />
            <MarginAndDelta t={t} />
          </td>
        );
      })}
      <td className={cn(MONTH_CELL, 'bg-muted/60')}>
        <FigurePair label="CA" left={year.previsionnel} right={year.reel} isStrong />
        <MarginAndDelta t={year} isStrong />
      </td>
      <td className="border-l" />
    </tr>
  );
});

/** docs/product.md#budget-grid: the custom-line field; 'Ajouter' disabled while the trimmed name is empty; Enter adds. */
export const CustomLineRow = memo(function CustomLineRow({
  pole,
  onAddLine,
}: {
  pole: Pole;
  onAddLine: GridActions['onAddLine'];
}) {
  const [name, setName] = useState('');
  const [isAdding, setIsAdding] = useState(false);
  const trimmed = name.trim();
  const { readOnly } = useCellLocks();
  const add = async () => {
    if (trimmed === '' || isAdding) return;
    setIsAdding(true);
    if (await onAddLine(pole, trimmed)) setName('');
    setIsAdding(false);
  };
  return (
    <tr className={ROW} style={{ height: ROW_HEIGHT.customLine }}>
      <th scope="row" className={cn(STICKY_COL, 'bg-card py-1.5 pl-9 pr-2 text-left font-normal')}>
        <div className="flex items-center gap-1.5">
          <Input
            aria-label={`Nouvelle ligne · ${pole.name}`}
            placeholder="Ligne personnalisée…"
            className="h-7 text-xs"
            value={name}
            disabled={readOnly}
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') void add();
            }}
          />
          <Button
            size="sm"
            variant="outline"
            className="h-7"
            aria-label={`Ajouter la ligne à ${pole.name}`}
            disabled={trimmed === '' || isAdding}
            onClick={() => void add()}
          >
            <Plus aria-hidden="true" />
            Ajouter
          </Button>
        </div>
      </th>
      <td colSpan={MONTHS.length + 2} />
    </tr>
  );
});

/** 'TOTAL GÉNÉRAL' (docs/product.md#budget-grid): per month and for the year, forecast, actual and both margins. */
export function TotalRow({ poles }: { poles: Pole[] }) {
  const months = MONTH_INDEXES.map((m) => monthTotals(poles, m));
  const year = yearTotals(months);
  const cell = (t: MeasureTotals, key: string) => (
    <td key={key} className={cn(MONTH_CELL, 'bg-accent')} data-testid={key === 'year' ? 'total-year' : undefined}>
      <FigurePair label="CA" left={t.previsionnel} right={t.reel} isStrong />
      <FigurePair label="MB" left={marginPrev(t)} right={marginReel(t)} isStrong />
    </td>
  );
  return (
    <tfoot className="sticky bottom-0 z-20 border-t-2 border-primary/40 shadow-[0_-1px_0_var(--border)]">
      <tr>
        <th scope="row" className={cn(STICKY_COL, 'bg-accent px-3 py-1.5 text-left text-sm font-bold')}>
          TOTAL GÉNÉRAL
        </th>
        {months.map((t, m) => cell(t, String(m)))}
        {cell(year, 'year')}
        <td className="border-l bg-accent" />
      </tr>
    </tfoot>
  );
}
