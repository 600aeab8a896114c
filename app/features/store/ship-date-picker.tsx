import { useEffect, useMemo, useRef } from "react";
import { cutoffInstant, pickupToShipDate, specWeekdayOfDate, type ShipTime } from "../../../domain/ship-dates.ts";
import { CUTOFF_TIMEZONE } from "../../../domain/constants.ts";
import { shortDate } from "../../lib/format.ts";
import { ROUTE_PREFETCH_DELAY_MS } from "../../lib/ui-constants.ts";

const CUTOFF_FORMAT = new Intl.DateTimeFormat("en-US", { weekday: "short", hour: "numeric", minute: "2-digit", timeZone: CUTOFF_TIMEZONE, timeZoneName: "short" });
const CUTOFF_LONG = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", hour: "numeric", minute: "2-digit", timeZone: CUTOFF_TIMEZONE, timeZoneName: "long" });

/** The ship date's cut-off instant (the latest of its weekday's ship times), or null. */
function cutoffOf(shipDate: string, shipTimes: readonly ShipTime[]): Date | null {
  try {
    const weekday = specWeekdayOfDate(shipDate);
    const times = shipTimes.filter((s) => s.weekday === weekday).map((s) => s.cutoffShipTime).sort();
    if (!times.length) return null;
    const instant = cutoffInstant(shipDate, times[times.length - 1]);
    return instant ? instant.toJSDate() : null;
  } catch {
    return null;
  }
}

/**
 * When ordering for a date closes, with its day and New York's zone ("order by Tue, 3:00 PM EST"): a
 * retailer's pickup date closes at the cut-off of the ship date that serves it, often the day before.
 */
export function cutoffText(date: string, shipTimes: readonly ShipTime[], isRetailer: boolean, now: Date): { short: string; long: string } | null {
  const shipDate = isRetailer ? pickupToShipDate(date, shipTimes, now) : date;
  const cut = shipDate ? cutoffOf(shipDate, shipTimes) : null;
  if (!cut) return null;
  return { short: `order by ${CUTOFF_FORMAT.format(cut)}`, long: `Order by ${CUTOFF_LONG.format(cut)}` };
}

/**
 * The open ship dates (customers) or pickup dates (retailers) as a row of toggle buttons. Buttons,
 * not radios: moving along with the arrow keys must not change the cart's date on every step.
 */
export function ShipDatePicker({
  isRetailer,
  dates,
  selected,
  busyDate,
  shipTimes,
  onChoose,
  onIntent,
  waiting = false,
  now = new Date(),
}: {
  isRetailer: boolean;
  dates: string[];
  selected: string | null;
  busyDate: string | null;
  shipTimes: readonly ShipTime[];
  onChoose: (date: string) => void;
  /** A date the pointer or focus has rested on for a moment (INTENT_MS): likely to be chosen next. */
  onIntent?: (date: string) => void;
  /** True until the cart is loaded: a date can only be chosen for a known cart. */
  waiting?: boolean;
  now?: Date;
}) {
  const label = isRetailer ? "Pickup date" : "Ship date";
  // Each cut-off is a few time-zone conversions: worked out once per list of dates, not on every
  // render (choosing a date renders the row twice or more). A ship date's cut-off does not depend on
  // `now`; a pickup date's does (the ship date that serves it), so for retailers it is worked out again.
  const nowKey = isRetailer ? now.getTime() : 0;
  const cutoffs = useMemo(
    () => new Map(dates.map((date) => [date, cutoffText(date, shipTimes, isRetailer, now)])),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `now` counts through nowKey
    [dates, shipTimes, isRetailer, nowKey],
  );
  const intent = useIntent(onIntent);
  if (dates.length === 0) {
    return <p className="text-sm text-sage">No {label.toLowerCase()}s are open right now. Please call your sales representative.</p>;
  }
  return (
    <div role="group" aria-label={label} className="-mx-1 flex gap-2 overflow-x-auto px-1 pt-1 pb-1.5 sm:pb-2">
      {dates.map((date) => {
        const current = (busyDate ?? selected) === date;
        const cutoff = cutoffs.get(date) ?? null;
        const [weekday, rest] = shortDate(date).split(", ");
        return (
          <button
            key={date}
            type="button"
            aria-pressed={current}
            // aria-disabled rather than disabled while a date is being saved or the page waits: the
            // buttons stay focusable, so the row (which scrolls sideways on a phone) keeps keyboard access.
            aria-disabled={busyDate !== null || waiting ? true : undefined}
            onClick={() => {
              intent.cancel();
              if (busyDate === null && !waiting) onChoose(date);
            }}
            onPointerEnter={() => intent.start(date)}
            onPointerLeave={intent.cancel}
            onFocus={() => intent.start(date)}
            onBlur={intent.cancel}
            className={`flex min-w-[5.5rem] shrink-0 flex-col items-center rounded-xl border-[1.5px] px-3 py-1 text-center transition-colors aria-disabled:cursor-wait sm:py-1.5 ${
              current ? "border-leaf bg-leaf text-white" : "border-line bg-white text-ink hover:border-leaf"
            }`}
          >
            {/* Weekday and date on one line below sm, one above the other from sm up. */}
            <span className="flex items-baseline gap-1.5 sm:flex-col sm:items-center sm:gap-0">
              <span className={`text-xs font-semibold tracking-wide uppercase ${current ? "text-white" : "text-sage"}`}>{weekday}</span>
              <span className="font-serif text-base leading-tight sm:text-lg">{rest}</span>
            </span>
            {cutoff && (
              <span className={`text-[0.7rem] whitespace-nowrap ${current ? "text-white" : "text-sage"}`} title={cutoff.long}>
                {cutoff.short}
              </span>
            )}
            {busyDate === date && <span className="sr-only">(changing)</span>}
          </button>
        );
      })}
    </div>
  );
}

/**
 * How long the pointer or focus rests on a date before it counts as an intent (not just passing
 * over): SPEC §9's route-change prefetch delay, the same figure as the header links' prefetch.
 */
const INTENT_MS = ROUTE_PREFETCH_DELAY_MS;

/** Calls `onIntent` with a date once the pointer or focus has stayed on it for INTENT_MS. */
function useIntent(onIntent: ((date: string) => void) | undefined) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(onIntent);
  useEffect(() => {
    latest.current = onIntent;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(
    () => ({
      start(date: string) {
        clearTimeout(timer.current);
        if (!latest.current) return;
        timer.current = setTimeout(() => latest.current?.(date), INTENT_MS);
      },
      cancel() {
        clearTimeout(timer.current);
      },
    }),
    [],
  );
}
