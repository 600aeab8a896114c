// Windowed table rows for long lists (a day of orders, the pick list, the supply grid): above `from`
// rows only those near the screen are in the page (@tanstack/react-virtual, window scroll), with a
// spacer row above and below so the page keeps its full height; a shorter list is all in the page,
// every row findable as before. Rows are measured as they appear (a row is a card on a phone) unless
// every row is one fixed height.
// Where the list starts on the page is read in a ResizeObserver's callback, after the browser has laid
// the page out, never in a layout effect: reading it there forced the page's layout inside the task
// that rendered it, and the rows then rendered in that same task (issue 30: no task over 50 ms). Until
// it is known the rows wait (one frame) behind a spacer as tall as the list, so the page does not jump.
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useWindowVirtualizer } from "@tanstack/react-virtual";

export interface WindowedRows {
  /** On the tbody: where the list starts on the page. */
  body: RefObject<HTMLTableSectionElement | null>;
  /** The indexes of the rows to render, in order. */
  indexes: number[];
  padTop: number;
  padBottom: number;
  /** On each rendered row (with data-index) when windowed: measures its real height. */
  measure: ((el: HTMLTableRowElement | null) => void) | undefined;
  /** Brings a row into the window (it renders on the next paint); nothing to do when all are in the page. */
  scrollTo: (index: number) => void;
}

export interface WindowOptions {
  /** The height of a row before it is measured (px). */
  rowHeight: number;
  /** Lists of more rows than this are windowed. */
  from: number;
  /** A stable key per row, so a row keeps its measure when the list changes around it. */
  key?: (index: number) => number | string;
}

export function useWindowedRows(count: number, { rowHeight, from, key }: WindowOptions): WindowedRows {
  const body = useRef<HTMLTableSectionElement>(null);
  const [margin, setMargin] = useState<number | null>(null);
  // The first window holds the rows in view and a few more; once it is on the screen, the full overscan.
  const [warm, setWarm] = useState(false);
  const windowed = count > from;
  useEffect(() => {
    if (!windowed) return;
    // Called once the page is laid out (first on observing), then whenever the page's size changes.
    const ro = new ResizeObserver(() => {
      const el = body.current;
      if (el) setMargin(Math.round(el.getBoundingClientRect().top + window.scrollY));
    });
    ro.observe(document.body);
    return () => ro.disconnect();
  }, [windowed]);
  const placed = windowed && margin !== null;
  useEffect(() => {
    if (!placed || warm) return;
    // Set in the frame that paints the first window, so the rest renders after it, in tasks of their own.
    const frame = requestAnimationFrame(() => setWarm(true));
    return () => cancelAnimationFrame(frame);
  }, [placed, warm]);
  const v = useWindowVirtualizer({
    count: placed ? count : 0,
    estimateSize: () => rowHeight,
    overscan: warm ? 10 : 2,
    scrollMargin: margin ?? 0,
    // The window's size from the start: the first render with the list placed already holds the rows
    // in view, not none and then (in the same task) the rows once the virtualizer has read the window.
    ...(typeof window === "undefined" ? {} : { initialRect: { width: window.innerWidth, height: window.innerHeight } }),
    ...(key ? { getItemKey: key } : {}),
    useFlushSync: false,
  });
  const scrollTo = useCallback((index: number) => {
    if (windowed) v.scrollToIndex(index, { align: "auto" });
  }, [v, windowed]);
  if (!windowed)
    return {
      body,
      indexes: Array.from({ length: count }, (_, i) => i),
      padTop: 0,
      padBottom: 0,
      measure: undefined,
      scrollTo,
    };
  if (!placed) return { body, indexes: [], padTop: 0, padBottom: count * rowHeight, measure: undefined, scrollTo };
  const items = v.getVirtualItems();
  return {
    body,
    indexes: items.map((i) => i.index),
    padTop: items.length ? items[0]!.start - margin : 0,
    padBottom: items.length ? v.getTotalSize() - (items[items.length - 1]!.end - margin) : 0,
    measure: v.measureElement,
    scrollTo,
  };
}

/** The spacer row standing for the rows out of the window (nothing when there are none). */
export function Spacer({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true">
      <td colSpan={columns} style={{ height, padding: 0 }} />
    </tr>
  );
}
