// Windowed table rows for long lists (a day of orders, the pick list, the supply grid): above `from`
// rows only those near the screen are in the page (@tanstack/react-virtual, window scroll), with a
// spacer row above and below so the page keeps its full height; a shorter list is all in the page,
// every row findable as before. Rows are measured as they appear (a row is a card on a phone) unless
// every row is one fixed height.
import { useCallback, useLayoutEffect, useEffect, useRef, useState, type RefObject } from "react";
import { useWindowVirtualizer } from "@tanstack/react-virtual";

const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

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
  const [margin, setMargin] = useState(0);
  const windowed = count > from;
  useIsoLayoutEffect(() => {
    if (!windowed) return;
    const measure = () => {
      const el = body.current;
      if (el) setMargin(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(document.body);
    return () => ro.disconnect();
  }, [windowed]);
  const v = useWindowVirtualizer({
    count: windowed ? count : 0,
    estimateSize: () => rowHeight,
    overscan: 10,
    scrollMargin: margin,
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
