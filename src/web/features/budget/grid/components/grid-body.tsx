/**
 * The grid's body rows for the view (docs/product.md#grid-views): in 'Par mois' a row per line; in
 * 'Par mesure' a heading per line then a row per measure shown. Windowed (ADR 010): only the
 * rows near the viewport render, spacers keep the scroll height.
 */
import { MONTHS, viewMeasures, type GridLayout, type GridView, type Line, type Measure, type Pole } from '@/domain';
import type { VersionGrid } from '@/domain/grid-compare';
import { CustomLineRow, LineRow, PoleRow, TotalRow, rowHeight, type LineRowActions } from './grid-rows';
import { LineHeadRow, MeasurePoleRow, MeasureRow, MeasureTotalRow, measureRowHeights } from './measure-rows';

type LineAt = { pole: Pole; line: Line; lineIndex: number; isFirst: boolean; isLast: boolean };

/** One row of the grid body, in screen order. */
export type GridItem =
  | { kind: 'pole'; pole: Pole }
  | ({ kind: 'line' } & LineAt)
  | ({ kind: 'lineHead' } & LineAt)
  | ({ kind: 'measure'; measure: Measure } & LineAt)
  | { kind: 'customLine'; pole: Pole };

/** The body's rows for the view: per pole its row, then (expanded) its lines and custom-line row. */
export function gridItems(poles: readonly Pole[], firstLineIndexes: readonly number[], view: GridView): GridItem[] {
  const measures = viewMeasures(view);
  return poles.flatMap((pole, p): GridItem[] => {
    if (!pole.isExpanded) return [{ kind: 'pole', pole }];
    const first = firstLineIndexes[p] ?? 0;
    const lineItems = pole.lines.flatMap((line, i): GridItem[] => {
      const at: LineAt = { pole, line, lineIndex: first + i, isFirst: i === 0, isLast: i === pole.lines.length - 1 };
      if (view.kind === 'month') return [{ kind: 'line', ...at }];
      return [
        { kind: 'lineHead', ...at },
        ...measures.map((measure): GridItem => ({ kind: 'measure', measure, ...at })),
      ];
    });
    return [{ kind: 'pole', pole }, ...lineItems, { kind: 'customLine', pole }];
  });
}

/** The height of each row (px), for the row window; taller in 'Par mois' with a version compared. */
export function itemHeights(items: readonly GridItem[], view: GridView, compare: VersionGrid | null): number[] {
  const heights: Record<GridItem['kind'], number> =
    view.kind === 'month'
      ? {
          pole: rowHeight('pole', compare),
          line: rowHeight('line', compare),
          customLine: rowHeight('customLine', compare),
          lineHead: 0,
          measure: 0,
        }
      : { ...measureRowHeights(!view.forecastOnly), line: 0 };
  return items.map((item) => heights[item.kind]);
}

/** The body row holding each input sub-row of the layout (its grid row → the item's index). */
export function rowItemIndexes(items: readonly GridItem[], layout: GridLayout): Map<number, number> {
  const map = new Map<number, number>();
  items.forEach((item, i) => {
    if (item.kind === 'line') {
      for (let r = 0; r < layout.rowsPerLine; r++) map.set(item.lineIndex * layout.rowsPerLine + r, i);
    } else if (item.kind === 'measure') {
      const pos = layout.posOf({ lineIndex: item.lineIndex, month: 0, measure: item.measure });
      if (pos) map.set(pos.row, i);
    }
  });
  return map;
}

/** What a line's row (either view) is given of its line: the line, where it sits, the actions. */
function lineProps(item: LineAt, actions: LineRowActions) {
  const { pole, line, lineIndex, isFirst, isLast } = item;
  return { poleId: pole.id, line, lineIndex, isFirst, isLast, actions };
}

/** Stands for the rows not rendered, so the scroll height stays right. */
function Spacer({ height }: { height: number }) {
  return (
    <tr aria-hidden="true" style={{ height }}>
      <td colSpan={MONTHS.length + 2} />
    </tr>
  );
}

type GridBodyProps = {
  /** The fiscal year's month names (docs/product.md#fiscal-years): the cells say « Septembre 2025 »… */
  monthNames: readonly string[];
  view: GridView;
  layout: GridLayout;
  items: readonly GridItem[];
  rowWindow: { range: { start: number; end: number }; tops: readonly number[]; total: number };
  actions: LineRowActions;
  /** The version compared with in 'Par mois' (ADR 062), or null. */
  compare: VersionGrid | null;
};

/** The body's rows in the window, with spacers standing for the rows not rendered. */
export function GridBody({
  monthNames: names,
  view,
  layout,
  items,
  rowWindow: { range, tops, total },
  actions,
  compare,
}: GridBodyProps) {
  const withActuals = !view.forecastOnly;
  return (
    <tbody>
      {range.start > 0 && <Spacer height={tops[range.start] ?? 0} />}
      {items.slice(range.start, range.end).map((item) => {
        switch (item.kind) {
          case 'pole':
            return view.kind === 'month' ? (
              <PoleRow
                key={`p-${item.pole.id}`}
                pole={item.pole}
                actions={actions}
                monthNames={names}
                compare={compare}
              />
            ) : (
              <MeasurePoleRow
                key={`p-${item.pole.id}`}
                pole={item.pole}
                actions={actions}
                monthNames={names}
                withActuals={withActuals}
              />
            );
          case 'line':
            return (
              <LineRow
                key={item.line.id}
                {...lineProps(item, actions)}
                poleName={item.pole.name}
                monthNames={names}
                compare={compare}
              />
            );
          case 'lineHead':
            return <LineHeadRow key={item.line.id} {...lineProps(item, actions)} withActuals={withActuals} />;
          case 'measure':
            return (
              <MeasureRow
                key={`${item.line.id}-${item.measure}`}
                poleName={item.pole.name}
                line={item.line}
                lineIndex={item.lineIndex}
                measure={item.measure}
                layout={layout}
                actions={actions}
                monthNames={names}
              />
            );
          case 'customLine':
            return <CustomLineRow key={`c-${item.pole.id}`} pole={item.pole} onAddLine={actions.onAddLine} />;
        }
      })}
      {range.end < items.length && <Spacer height={total - (tops[range.end] ?? total)} />}
    </tbody>
  );
}

/** 'TOTAL GÉNÉRAL' of the view, with the version compared in 'Par mois'. */
export function GridTotals({
  view,
  poles,
  compare,
  monthNames,
}: {
  view: GridView;
  poles: Pole[];
  compare: VersionGrid | null;
  monthNames: readonly string[];
}) {
  return view.kind === 'month' ? (
    <TotalRow poles={poles} compare={compare} monthNames={monthNames} />
  ) : (
    <MeasureTotalRow poles={poles} withActuals={!view.forecastOnly} />
  );
}
