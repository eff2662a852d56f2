/**
 * The rows of 'Par mesure' (docs/product.md#grid-views): per pole its totals, per line a short
 * heading (name, actions, margins, 'Répartir…') then one row per measure with the twelve months
 * across, and 'TOTAL GÉNÉRAL'. The inputs are the same CellInput as 'Par mois', placed by the
 * view's layout, so locks, saving and history behave the same.
 */
import { memo } from 'react';
import {
  MEASURE_LABELS,
  MONTH_INDEXES,
  lineMonthTotals,
  lineTotals,
  marginPrev,
  marginReel,
  monthTotals,
  poleTotals,
  yearTotals,
  ZERO_CENTS,
  type Cents,
  type GridLayout,
  type Line,
  type Measure,
  type MeasureTotals,
  type Pole,
} from '@/domain';
import { cellName } from '@/domain/history-view';
import { cn } from '@/web/lib/cn';
import type { GridActions } from '../hooks/use-grid-actions';
import { CellInput } from './cell-input';
import {
  Amount,
  FactureToggle,
  LineName,
  MONTH_CELL,
  PoleName,
  ROW,
  STICKY_COL,
  SpreadButton,
  type LineRowActions,
} from './grid-rows';

/** Width of a month column and of 'Total Annuel' in 'Par mesure' (px): one amount each. */
export const MEASURE_MONTH_WIDTH = 80;
export const MEASURE_YEAR_WIDTH = 112;

/** Fixed row heights (px) of 'Par mesure', for the row window: shorter totals without the actuals. */
export function measureRowHeights(withActuals: boolean) {
  return withActuals
    ? { pole: 88, lineHead: 60, measure: 30, customLine: 44 }
    : { pole: 60, lineHead: 48, measure: 30, customLine: 44 };
}

type Figure = { caption: string; title: string; cents: (t: MeasureTotals) => Cents };

const SALES_AND_MARGIN: readonly Figure[] = [
  { caption: 'CA prév.', title: 'CA prévisionnel', cents: (t) => t.previsionnel },
  { caption: 'MB prév.', title: 'MB prévisionnelle', cents: marginPrev },
];
const ACTUAL_SALES_AND_MARGIN: readonly Figure[] = [
  { caption: 'CA réel', title: 'CA réel', cents: (t) => t.reel },
  { caption: 'MB réelle', title: 'MB réelle', cents: marginReel },
];
const MARGINS: readonly Figure[] = [
  { caption: 'MB prév.', title: 'MB prévisionnelle', cents: marginPrev },
  { caption: 'MB réelle', title: 'MB réelle', cents: marginReel },
];

/** The figures of a total row: forecast sales and margin, then the actual ones when shown. */
const totalsFigures = (withActuals: boolean) =>
  withActuals ? [...SALES_AND_MARGIN, ...ACTUAL_SALES_AND_MARGIN] : SALES_AND_MARGIN;
/** The figures of a line heading: its forecast margin, and its actual margin when shown. */
const lineFigures = (withActuals: boolean) => (withActuals ? MARGINS : MARGINS.slice(0, 1));

/** Figures stacked in a month or year cell, one per caption of the row's name column. */
function Stack({ t, figures, isStrong }: { t: MeasureTotals; figures: readonly Figure[]; isStrong?: boolean }) {
  return (
    <div className={cn('flex flex-col text-right text-xs leading-4 tabular-nums', isStrong && 'font-semibold')}>
      {figures.map((f) => (
        <Amount key={f.caption} cents={f.cents(t)} title={f.title} />
      ))}
    </div>
  );
}

/** The captions of stacked figures, right-aligned in the name column. */
function Captions({ figures }: { figures: readonly Figure[] }) {
  return (
    <div className="flex shrink-0 flex-col text-right text-xs leading-4 text-muted-foreground" aria-hidden="true">
      {figures.map((f) => (
        <span key={f.caption}>{f.caption}</span>
      ))}
    </div>
  );
}

type PoleProps = { pole: Pole; actions: GridActions; monthNames: readonly string[]; withActuals: boolean };

/** A pole in 'Par mesure': its name, per month 'Facturé' and its totals, the year's totals. */
export const MeasurePoleRow = memo(function MeasurePoleRow({ pole, actions, monthNames, withActuals }: PoleProps) {
  const figures = totalsFigures(withActuals);
  return (
    <tr className={cn(ROW, 'bg-secondary hover:bg-secondary')} style={{ height: measureRowHeights(withActuals).pole }}>
      <th scope="row" className={cn(STICKY_COL, 'bg-secondary px-2 py-1.5 text-left align-top')}>
        <div className="flex gap-1">
          <div className="min-w-0 flex-1">
            <PoleName pole={pole} actions={actions} />
          </div>
          <Captions figures={figures} />
        </div>
      </th>
      {MONTH_INDEXES.map((month) => (
        <td key={month} className={MONTH_CELL}>
          <FactureToggle pole={pole} month={month} actions={actions} monthNames={monthNames} />
          <Stack t={monthTotals([pole], month)} figures={figures} isStrong />
        </td>
      ))}
      <td className={cn(MONTH_CELL, 'bg-muted/60')}>
        <Stack t={poleTotals(pole)} figures={figures} isStrong />
      </td>
    </tr>
  );
});

type LineHeadProps = {
  poleId: string;
  line: Line;
  lineIndex: number;
  isFirst: boolean;
  isLast: boolean;
  actions: LineRowActions;
  withActuals: boolean;
};

/** A line's heading in 'Par mesure': name and actions, its margins per month, 'Répartir…'. */
export const LineHeadRow = memo(function LineHeadRow(props: LineHeadProps) {
  const { poleId, line, lineIndex, isFirst, isLast, actions, withActuals } = props;
  const figures = lineFigures(withActuals);
  return (
    <tr className={ROW} style={{ height: measureRowHeights(withActuals).lineHead }}>
      <th scope="row" aria-label={line.name} className={cn(STICKY_COL, 'bg-card py-1 pl-8 pr-1 text-left align-top')}>
        <div className="flex gap-1 text-sm font-normal">
          <LineName poleId={poleId} line={line} isFirst={isFirst} isLast={isLast} actions={actions} inline />
          <Captions figures={figures} />
        </div>
      </th>
      {MONTH_INDEXES.map((month) => (
        <td key={month} className={MONTH_CELL}>
          <Stack t={lineMonthTotals(line, month)} figures={figures} />
        </td>
      ))}
      <td className={cn(MONTH_CELL, 'bg-muted/40')} data-testid="line-year">
        <Stack t={lineTotals(line)} figures={figures} isStrong />
        <SpreadButton line={line} lineIndex={lineIndex} actions={actions} />
      </td>
    </tr>
  );
});

type MeasureRowProps = {
  poleName: string;
  line: Line;
  lineIndex: number;
  measure: Measure;
  layout: GridLayout;
  actions: LineRowActions;
  monthNames: readonly string[];
};

/** One measure of a line: its twelve months as inputs, then the year's sum. */
export const MeasureRow = memo(function MeasureRow(props: MeasureRowProps) {
  const { poleName, line, lineIndex, measure, layout, actions, monthNames } = props;
  const isPurchase = measure === 'achat_previsionnel' || measure === 'achat';
  // docs/product.md#driver-lines: the computed measure's cells are read-only, their sources named.
  const driven = line.driver?.measure === measure ? actions.describeDriver(line) : null;
  return (
    <tr className={ROW} style={{ height: measureRowHeights(true).measure }}>
      <th
        scope="row"
        className={cn(STICKY_COL, 'bg-card py-0.5 pl-12 pr-2 text-right text-xs font-normal text-muted-foreground')}
      >
        {MEASURE_LABELS[measure]}
      </th>
      {MONTH_INDEXES.map((month) => {
        const pos = layout.posOf({ lineIndex, month, measure });
        return (
          <td key={month} className="border-l border-t px-1 py-0.5">
            <CellInput
              lineId={line.id}
              month={month}
              measure={measure}
              cents={line[measure][month] ?? ZERO_CENTS}
              label={cellName(poleName, line.name, month, measure, monthNames)}
              monthName={monthNames[month] ?? ''}
              row={pos?.row ?? -1}
              col={pos?.col ?? -1}
              isPurchase={isPurchase}
              driven={driven}
              onEdit={actions.onEdit}
              onOpenMenu={actions.onOpenMenu}
            />
          </td>
        );
      })}
      <td className="border-l border-t bg-muted/40 px-1.5 py-0.5 text-right text-xs tabular-nums">
        <Amount cents={lineTotals(line)[measure]} title={`${MEASURE_LABELS[measure]} de l'année`} />
      </td>
    </tr>
  );
});

/** 'TOTAL GÉNÉRAL' in 'Par mesure': per month and for the year, sales and margins stacked. */
export function MeasureTotalRow({ poles, withActuals }: { poles: Pole[]; withActuals: boolean }) {
  const months = MONTH_INDEXES.map((m) => monthTotals(poles, m));
  const figures = totalsFigures(withActuals);
  return (
    <tfoot className="sticky bottom-0 z-20 border-t-2 border-primary/40 shadow-[0_-1px_0_var(--border)]">
      <tr>
        <th scope="row" className={cn(STICKY_COL, 'bg-accent px-3 py-1.5 text-left text-sm font-bold')}>
          <div className="flex justify-between gap-1">
            TOTAL GÉNÉRAL
            <Captions figures={figures} />
          </div>
        </th>
        {months.map((t, m) => (
          <td key={m} className={cn(MONTH_CELL, 'bg-accent')}>
            <Stack t={t} figures={figures} isStrong />
          </td>
        ))}
        <td className={cn(MONTH_CELL, 'bg-accent')} data-testid="total-year">
          <Stack t={yearTotals(months)} figures={figures} isStrong />
        </td>
      </tr>
    </tfoot>
  );
}
