import { memo, useState, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, Calculator, ChevronDown, ChevronRight, PenLine, Pencil, Plus, Trash2 } from 'lucide-react';
import {
  MONTHS,
  MONTH_INDEXES,
  cellGridPos,
  formatCompactEuros,
  formatEurosExact,
  shownSign,
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
import { figureTitle, type FigureCaption } from '@/domain/measures';
import type { LineMove } from '@/domain/history';
import { lineCompare, poleCompare, totalCompare, type VersionGrid } from '@/domain/grid-compare';
import { cellName } from '@/domain/history-view';
import { MAX_NAME_LENGTH } from '@/domain/names';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Input } from '@/web/components/ui/input';
import { cn } from '@/web/lib/cn';
import { signClass, signedCompact } from '@/web/lib/format';
import { useCellLocks } from '../hooks/use-closed-months';
import type { GridActions } from '../hooks/use-grid-actions';
import { CellInput } from './cell-input';
import { COMPARE_HEIGHT, CompareFigures } from './compare-figures';

/** What a line row asks the grid for: the confirmation of a deletion, the 'Répartir…' dialog, a move. */
export type LineRowActions = GridActions & {
  onAskDeleteLine: (line: Line) => void;
  onAskSpread: (line: Line, lineIndex: number) => void;
  onMoveLineById: (poleId: string, lineId: string, direction: LineMove) => void;
  /** docs/product.md#driver-lines: 'Calculer cette ligne…', 'Saisir cette ligne', the computed cells' tooltip. */
  onAskDriver: (line: Line) => void;
  onRemoveDriver: (line: Line) => void;
  describeDriver: (line: Line) => string | null;
};

/** Sticky first column: the line names stay visible while the months scroll. */
export const STICKY_COL = 'sticky left-0 z-10 w-72 min-w-72 max-w-72 border-r border-t';
/**
 * `relative` makes each row its own paint layer, so Chromium re-records only the row that changed
 * instead of the whole table on every keystroke (paint ~22 ms → ~1 ms per frame, measured).
 */
export const ROW = 'group relative hover:bg-accent/30';
export const MONTH_CELL = 'border-l border-t px-1.5 py-1 align-top';

/** Width of a month column and of 'Total Annuel' (px): two compact amounts side by side fit (docs/product.md#money-display). */
export const MONTH_WIDTH = 176;
export const YEAR_WIDTH = 224;

/** An amount of a total column: compact (k€, M€) so neighbours never overlap; the exact value on hover. */
export function Amount({ cents, title }: { cents: Cents; title: string }) {
  return <span title={`${title}\u00a0: ${formatEurosExact(cents)}`}>{formatCompactEuros(cents)}</span>;
}

/** Forecast and actual (or their margins) side by side, as in the 2 × 2 cells above them. */
function FigurePair({
  label,
  left,
  right,
  isStrong,
}: {
  label: FigureCaption;
  left: Cents;
  right: Cents;
  isStrong?: boolean;
}) {
  return (
    <div
      className={cn('grid grid-cols-2 gap-1 text-right text-xs leading-4 tabular-nums', isStrong && 'font-semibold')}
    >
      <span className="flex justify-between gap-1 whitespace-nowrap">
        <span className="text-muted-foreground">{label}</span>
        <Amount cents={left} title={figureTitle(label, 'forecast')} />
      </span>
      <span className="whitespace-nowrap">
        <Amount cents={right} title={figureTitle(label, 'actual')} />
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
      <div className="flex justify-between text-xs leading-4 tabular-nums">
        <span className="text-muted-foreground">Écart R − P</span>
        <span
          className={signClass(shownSign(delta))}
          data-testid="delta"
          title={`Écart R − P\u00a0: ${formatEurosExact(delta)}`}
        >
          {signedCompact(delta)}
        </span>
      </div>
    </>
  );
}

/** Fixed row heights (px): the grid renders only the rows near the viewport (hooks/use-row-window.ts). */
export const ROW_HEIGHT = { pole: 88, line: 96, customLine: 44 } as const;

type LineRowProps = {
  poleId: string;
  poleName: string;
  line: Line;
  lineIndex: number;
  isFirst: boolean;
  isLast: boolean;
  actions: LineRowActions;
  /** The fiscal year's month names (docs/product.md#fiscal-years), for the cells' accessible names. */
  monthNames: readonly string[];
  /** The version compared with (ADR 062), or null. */
  compare: VersionGrid | null;
};

/** A row's height (px) with the compare's two rows or without. */
export const rowHeight = (kind: keyof typeof ROW_HEIGHT, compare: VersionGrid | null) =>
  ROW_HEIGHT[kind] + (compare && kind !== 'customLine' ? COMPARE_HEIGHT : 0);

const INPUT_LAYOUT: readonly Measure[] = ['previsionnel', 'reel', 'achat_previsionnel', 'achat'];

/** A small icon button of a row's name column. */
function RowButton({
  label,
  onClick,
  children,
  disabled,
  hidden,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
  disabled?: boolean;
  hidden?: boolean;
}) {
  return (
    <Button
      size="icon"
      variant="ghost"
      className="size-6 text-muted-foreground hover:text-foreground [&_svg]:size-3.5"
      aria-label={label}
      title={label}
      disabled={disabled}
      hidden={hidden}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

/**
 * A pole's or a line's name, renamed in place (issue 13): the pencil opens a field; Enter or
 * leaving it saves the trimmed name, Escape cancels; an empty or unchanged name does nothing.
 */
function InlineName({
  name,
  label,
  className,
  onRename,
}: {
  name: string;
  label: string;
  className?: string;
  onRename: (name: string) => Promise<boolean>;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const { readOnly } = useCellLocks();
  const save = async () => {
    if (draft === null) return;
    const next = draft.trim();
    if (next === '' || next === name) return setDraft(null);
    if (await onRename(next)) setDraft(null);
  };
  if (draft !== null) {
    return (
      <Input
        aria-label={label}
        autoFocus
        maxLength={MAX_NAME_LENGTH}
        className="h-7 text-sm"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void save();
          if (e.key === 'Escape') setDraft(null);
        }}
        onBlur={() => void save()}
      />
    );
  }
  return (
    <div className="flex min-w-0 items-start gap-0.5">
      <span className={cn('line-clamp-2 min-w-0', className)} title={name}>
        {name}
      </span>
      <RowButton label={`Renommer ${name}`} hidden={readOnly} onClick={() => setDraft(name)}>
        <Pencil aria-hidden="true" />
      </RowButton>
    </div>
  );
}

/**
 * A line's name with its actions: rename, move up or down, delete. `inline` puts the buttons beside
 * the name (the short line heading of 'Par mesure') instead of under it.
 */
export function LineName({
  poleId,
  line,
  isFirst,
  isLast,
  actions,
  inline = false,
}: {
  poleId: string;
  line: Line;
  isFirst: boolean;
  isLast: boolean;
  actions: LineRowActions;
  inline?: boolean;
}) {
  const { readOnly } = useCellLocks();
  return (
    <div className={cn('flex min-w-0 flex-1 gap-0.5', inline ? 'items-start' : 'flex-col')}>
      <InlineName
        name={line.name}
        label={`Nom de la ligne ${line.name}`}
        onRename={(name) => actions.onRenameLine(line, name)}
      />
      <div className="flex items-center" hidden={readOnly}>
        <RowButton
          label={`Monter ${line.name}`}
          disabled={isFirst}
          onClick={() => actions.onMoveLineById(poleId, line.id, 'up')}
        >
          <ArrowUp aria-hidden="true" />
        </RowButton>
        <RowButton
          label={`Descendre ${line.name}`}
          disabled={isLast}
          onClick={() => actions.onMoveLineById(poleId, line.id, 'down')}
        >
          <ArrowDown aria-hidden="true" />
        </RowButton>
        <RowButton label={`Supprimer la ligne ${line.name}`} onClick={() => actions.onAskDeleteLine(line)}>
          <Trash2 aria-hidden="true" className="hover:text-destructive" />
        </RowButton>
        <RowButton label={`Calculer cette ligne… (${line.name})`} onClick={() => actions.onAskDriver(line)}>
          <Calculator aria-hidden="true" />
        </RowButton>
        {line.driver && (
          <RowButton label={`Saisir cette ligne (${line.name})`} onClick={() => actions.onRemoveDriver(line)}>
            <PenLine aria-hidden="true" />
          </RowButton>
        )}
      </div>
    </div>
  );
}

/** 'Répartir…' (docs/product.md#spread) under a line's year totals; hidden when read-only. */
export function SpreadButton({ line, lineIndex, actions }: { line: Line; lineIndex: number; actions: LineRowActions }) {
  const { readOnly } = useCellLocks();
  return (
    <button
      type="button"
      className="mt-0.5 text-xs font-medium text-primary underline-offset-2 hover:underline"
      aria-label={`Répartir un montant sur ${line.name}`}
      hidden={readOnly}
      onClick={() => actions.onAskSpread(line, lineIndex)}
    >
      Répartir…
    </button>
  );
}

/**
 * One budget line: its name with its actions (rename, move up or down, delete) and the captions
 * of its two input rows; per month its four inputs (sales above purchases, forecast left of
 * actual), MB and delta; the year's totals with 'Répartir…'.
 */
export const LineRow = memo(function LineRow({
  poleId,
  poleName,
  line,
  lineIndex,
  isFirst,
  isLast,
  actions,
  monthNames,
  compare,
}: LineRowProps) {
  const year = lineTotals(line);
  const driven = line.driver ? actions.describeDriver(line) : null;
  const where = (period: string) => `${period} · ${poleName} / ${line.name}`;
  return (
    <tr className={ROW} style={{ height: rowHeight('line', compare) }}>
      <th
        scope="row"
        aria-label={line.name}
        className={cn(
          STICKY_COL,
          'bg-card py-1 pl-8 pr-1 text-left align-top text-sm font-normal group-hover:bg-accent',
        )}
      >
        <div className="flex gap-1">
          <LineName poleId={poleId} line={line} isFirst={isFirst} isLast={isLast} actions={actions} />
          <div
            className="flex w-14 shrink-0 flex-col gap-0.5 text-right text-xs text-muted-foreground"
            aria-hidden="true"
          >
            <span className="flex h-6 items-center justify-end">Ventes</span>
            <span className="flex h-6 items-center justify-end">Achats</span>
          </div>
        </div>
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
                    label={cellName(poleName, line.name, month, measure, monthNames)}
                    monthName={monthNames[month] ?? ''}
                    row={row}
                    col={col}
                    isPurchase={measure === 'achat_previsionnel' || measure === 'achat'}
                    driven={line.driver?.measure === measure ? driven : null}
                    onEdit={actions.onEdit}
                    onOpenMenu={actions.onOpenMenu}
                  />
                );
              })}
            </div>
            <MarginAndDelta t={t} />
            {compare && (
              <CompareFigures
                compare={lineCompare(compare, line, month)}
                name={compare.name}
                where={where(monthNames[month] ?? '')}
              />
            )}
          </td>
        );
      })}
      <td className={cn(MONTH_CELL, 'bg-muted/40')} data-testid="line-year">
        <FigurePair label="Ventes" left={year.previsionnel} right={year.reel} />
        <FigurePair label="Achats" left={year.achat_previsionnel} right={year.achat} />
        <MarginAndDelta t={year} isStrong />
        {compare && (
          <CompareFigures
            compare={lineCompare(compare, line, 'year')}
            name={compare.name}
            where={where('Total Annuel')}
          />
        )}
        <SpreadButton line={line} lineIndex={lineIndex} actions={actions} />
      </td>
    </tr>
  );
});

/** A pole's expand button, its name (renamed in place) and its line count. */
export function PoleName({ pole, actions }: { pole: Pole; actions: GridActions }) {
  const Chevron = pole.isExpanded ? ChevronDown : ChevronRight;
  return (
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
      <div className="min-w-0 flex-1 pt-0.5">
        <InlineName
          name={pole.name}
          label={`Nom du pôle ${pole.name}`}
          className="text-sm font-semibold"
          onRename={(name) => actions.onRenamePole(pole, name)}
        />
        <div className="text-xs font-normal text-muted-foreground">
          {pole.lines.length} ligne{pole.lines.length > 1 ? 's' : ''}
        </div>
      </div>
    </div>
  );
}

/** A pole's 'Facturé' toggle for one month (disabled when the month is closed or read-only). */
export function FactureToggle({
  pole,
  month,
  actions,
  monthNames,
}: {
  pole: Pole;
  month: number;
  actions: GridActions;
  monthNames: readonly string[];
}) {
  const locks = useCellLocks();
  const id = `facture-${pole.id}-${month}`;
  return (
    <div className="mb-0.5 flex items-center gap-1.5">
      <Checkbox
        id={id}
        aria-label={`Facturé · ${pole.name} · ${monthNames[month]}`}
        checked={pole.facture[month] ?? false}
        disabled={locks.closed.has(month) || locks.readOnly}
        onCheckedChange={(c) => actions.onToggleFacture(pole, month, c === true)}
      />
      <label htmlFor={id} className="text-xs text-muted-foreground" aria-hidden="true">
        Facturé
      </label>
    </div>
  );
}

type PoleRowProps = {
  pole: Pole;
  actions: GridActions;
  monthNames: readonly string[];
  compare: VersionGrid | null;
};

/** A pole row: expand button, per-month 'Facturé' toggle and totals, year totals. */
export const PoleRow = memo(function PoleRow({ pole, actions, monthNames, compare }: PoleRowProps) {
  const year = poleTotals(pole);
  const compared = (period: number | 'year', label: string) =>
    compare && (
      <CompareFigures
        compare={poleCompare(compare, pole, period)}
        name={compare.name}
        where={`${label} · ${pole.name}`}
      />
    );
  return (
    <tr className={cn(ROW, 'bg-secondary hover:bg-secondary')} style={{ height: rowHeight('pole', compare) }}>
      <th scope="row" className={cn(STICKY_COL, 'bg-secondary px-2 py-1.5 text-left align-top')}>
        <PoleName pole={pole} actions={actions} />
      </th>
      {MONTH_INDEXES.map((month) => {
        const t = monthTotals([pole], month);
        return (
          <td key={month} className={MONTH_CELL}>
            <FactureToggle pole={pole} month={month} actions={actions} monthNames={monthNames} />
            <FigurePair label="CA" left={t.previsionnel} right={t.reel} isStrong />
            <MarginAndDelta t={t} />
            {compared(month, monthNames[month] ?? '')}
          </td>
        );
      })}
      <td className={cn(MONTH_CELL, 'bg-muted/60')}>
        <FigurePair label="CA" left={year.previsionnel} right={year.reel} isStrong />
        <MarginAndDelta t={year} isStrong />
        {compared('year', 'Total Annuel')}
      </td>
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
      <td colSpan={MONTHS.length + 1} />
    </tr>
  );
});

/** 'TOTAL GÉNÉRAL' (docs/product.md#budget-grid): per month and for the year, forecast, actual and both margins. */
export function TotalRow({
  poles,
  compare,
  monthNames,
}: {
  poles: Pole[];
  compare: VersionGrid | null;
  monthNames: readonly string[];
}) {
  const months = MONTH_INDEXES.map((m) => monthTotals(poles, m));
  const year = yearTotals(months);
  const cell = (t: MeasureTotals, key: string, period: number | 'year') => (
    <td key={key} className={cn(MONTH_CELL, 'bg-accent')} data-testid={key === 'year' ? 'total-year' : undefined}>
      <FigurePair label="CA" left={t.previsionnel} right={t.reel} isStrong />
      <FigurePair label="MB" left={marginPrev(t)} right={marginReel(t)} isStrong />
      {compare && (
        <CompareFigures
          compare={totalCompare(compare, poles, period)}
          name={compare.name}
          where={`${period === 'year' ? 'Total Annuel' : (monthNames[period] ?? '')} · TOTAL GÉNÉRAL`}
        />
      )}
    </td>
  );
  return (
    <tfoot className="sticky bottom-0 z-20 border-t-2 border-primary/40 shadow-[0_-1px_0_var(--border)]">
      <tr>
        <th scope="row" className={cn(STICKY_COL, 'bg-accent px-3 py-1.5 text-left text-sm font-bold')}>
          TOTAL GÉNÉRAL
        </th>
        {months.map((t, m) => cell(t, String(m), m))}
        {cell(year, 'year', 'year')}
      </tr>
    </tfoot>
  );
}
