/**
 * Row windowing for the budget grid: with the full catalogue the grid holds 3,300 inputs, and
 * Chromium spends ~50 ms per frame painting them all on every keystroke (measured, see the ADR).
 * Only the rows near the viewport are rendered; spacers keep the scroll height. Rows have fixed
 * heights, so offsets are plain prefix sums.
 */

/** Top offset of each row (px, from the first row) and the total height, from the row heights. */
export function rowOffsets(heights: readonly number[]): { tops: number[]; total: number } {
  const tops: number[] = [];
  let y = 0;
  for (const h of heights) {
    tops.push(y);
    y += h;
  }
  return { tops, total: y };
}

/**
 * The rows [start, end) to render for a viewport showing [scrollTop, scrollTop + height) of the
 * rows, plus `overscan` px above and below, so arrow keys land on a row already rendered.
 */
export function rowWindow(
  tops: readonly number[],
  heights: readonly number[],
  scrollTop: number,
  height: number,
  overscan: number,
): { start: number; end: number } {
  const from = scrollTop - overscan;
  const to = scrollTop + height + overscan;
  let start = 0;
  while (start < tops.length && tops[start]! + heights[start]! <= from) start += 1;
  let end = start;
  while (end < tops.length && tops[end]! < to) end += 1;
  return { start, end };
}
