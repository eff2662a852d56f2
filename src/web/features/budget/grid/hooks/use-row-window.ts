/**
 * The budget grid's row window (lib/row-window.ts): which rows to render for the scroll position,
 * re-rendering only when that window changes, and bringing an unrendered row into view.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { rowOffsets, rowWindow } from '../lib/row-window';

/** Pixels rendered above and below the viewport: a few rows, so arrow keys land on a rendered cell. */
const OVERSCAN_PX = 700;
/** Height of the sticky header row (px); the body's offsets start below it. */
const HEADER_PX = 46;

export function useRowWindow(heights: readonly number[]) {
  const { tops, total } = useMemo(() => rowOffsets(heights), [heights]);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const [viewport, setViewport] = useState({ top: 0, height: 900 });
  const range = rowWindow(tops, heights, Math.max(0, viewport.top - HEADER_PX), viewport.height, OVERSCAN_PX);
  const onScroll = useCallback(() => {
    const el = scrollerRef.current;
    if (!el) return;
    // Re-render only when the window of rows changes, not on every scrolled pixel.
    setViewport((v) =>
      Math.abs(v.top - el.scrollTop) < 100 && v.height === el.clientHeight
        ? v
        : { top: el.scrollTop, height: el.clientHeight },
    );
  }, []);
  useLayoutEffect(onScroll, [onScroll]);

  /** Scrolls row `index` to the middle of the viewport and renders it now (before the caller looks it up). */
  const showRow = useCallback(
    (index: number) => {
      const scroller = scrollerRef.current;
      if (!scroller) return;
      scroller.scrollTop = HEADER_PX + (tops[index] ?? 0) - scroller.clientHeight / 2;
      flushSync(() => setViewport({ top: scroller.scrollTop, height: scroller.clientHeight }));
    },
    [tops],
  );

  /**
   * Scrolls row `index` to the middle of the viewport; it renders with the next render (for a
   * layout effect, where showRow's synchronous render is not allowed).
   */
  const revealRow = useCallback(
    (index: number) => {
      const scroller = scrollerRef.current;
      if (!scroller) return;
      scroller.scrollTop = HEADER_PX + (tops[index] ?? 0) - scroller.clientHeight / 2;
      setViewport({ top: scroller.scrollTop, height: scroller.clientHeight });
    },
    [tops],
  );

  return { scrollerRef, onScroll, range, tops, total, showRow, revealRow };
}
