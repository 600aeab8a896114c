import { specWeekdayOfDate, type ShipTime } from "../../../domain/ship-dates.ts";
import { clockTime, shortDate } from "./format.ts";

function cutoffFor(date: string, shipTimes: readonly ShipTime[]): string | null {
  try {
    const weekday = specWeekdayOfDate(date);
    const times = shipTimes.filter((s) => s.weekday === weekday).map((s) => s.cutoffShipTime).sort();
    return times.length ? times[times.length - 1] : null;
  } catch {
    return null;
  }
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
  waiting = false,
}: {
  isRetailer: boolean;
  dates: string[];
  selected: string | null;
  busyDate: string | null;
  shipTimes: readonly ShipTime[];
  onChoose: (date: string) => void;
  /** True until the cart is loaded: a date can only be chosen for a known cart. */
  waiting?: boolean;
}) {
  const label = isRetailer ? "Pickup date" : "Ship date";
  if (dates.length === 0) {
    return <p className="text-sm text-sage">No {label.toLowerCase()}s are open right now. Please call your sales representative.</p>;
  }
  return (
    <div role="group" aria-label={label} className="-mx-1 flex gap-2 overflow-x-auto px-1 pt-1 pb-2">
      {dates.map((date) => {
        const current = (busyDate ?? selected) === date;
        const cutoff = isRetailer ? null : cutoffFor(date, shipTimes);
        const [weekday, rest] = shortDate(date).split(", ");
        return (
          <button
            key={date}
            type="button"
            aria-pressed={current}
            disabled={busyDate !== null || waiting}
            onClick={() => onChoose(date)}
            className={`flex min-w-[5.5rem] shrink-0 flex-col items-center rounded-xl border-[1.5px] px-3 py-1.5 text-center transition-colors disabled:cursor-wait ${
              current ? "border-leaf bg-leaf text-white" : "border-line bg-white text-ink hover:border-leaf"
            }`}
          >
            <span className={`text-xs font-semibold tracking-wide uppercase ${current ? "text-white" : "text-sage"}`}>{weekday}</span>
            <span className="font-serif text-lg leading-tight">{rest}</span>
            {cutoff && <span className={`text-[0.7rem] ${current ? "text-white" : "text-sage"}`}>order by {clockTime(cutoff)}</span>}
            {busyDate === date && <span className="sr-only">(changing)</span>}
          </button>
        );
      })}
    </div>
  );
}
