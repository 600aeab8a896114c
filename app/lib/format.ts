// The app's one place for display formatting: money, dates, counts and CSV files to download. Money
// comes from the API as dollars with two decimals; the domain's formatter works in cents, so every
// amount goes through dollarsToCents once, here. Screens import from here, not from domain/money.ts.
import { csvRow } from "../../domain/csv.ts";
import { dollarsToCents, formatMoney } from "../../domain/money.ts";
import { CUTOFF_TIMEZONE } from "../../domain/constants.ts";

/** Integer cents -> "$1,234.50" (the domain's formatter, the only one). */
export { formatMoney };

/** API dollars -> "$1,234.50". */
export function money(dollars: number): string {
  return formatMoney(dollarsToCents(dollars));
}

const DAY_FORMAT = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });
const LONG_DAY_FORMAT = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
const INSTANT_FORMAT = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: CUTOFF_TIMEZONE,
  timeZoneName: "short",
});

/** A calendar date ("2026-03-03", or an ISO instant whose date part is meant) read without a time zone shift. */
function calendarDate(date: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(date ?? "");
  if (!m) return null;
  const d = new Date(`${m[1]}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "Tue, Mar 3" */
export function shortDate(date: string | null | undefined): string {
  if (!date) return "";
  const d = calendarDate(date);
  return d ? DAY_FORMAT.format(d) : date;
}

/** "Fri, Nov 27 – Mon, Nov 30", or one date when the range is a single day ("Fri, Nov 27"). */
export function dateRange(from: string | null | undefined, to: string | null | undefined): string {
  if (!to || from === to) return shortDate(from);
  if (!from) return shortDate(to);
  return `${shortDate(from)} – ${shortDate(to)}`;
}

/** "Tuesday, March 3, 2026" */
export function longDate(date: string | null | undefined): string {
  if (!date) return "";
  const d = calendarDate(date);
  return d ? LONG_DAY_FORMAT.format(d) : date;
}

/** An instant on the grower's clock: "Mar 3, 2026, 2:15 PM EST". */
export function instant(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : INSTANT_FORMAT.format(d);
}

/** "14:00" -> "2:00 PM" (cut-off times are New York wall-clock times). */
export function clockTime(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm ?? "");
  if (!m) return hhmm;
  const h = Number(m[1]);
  const suffix = h >= 12 ? "PM" : "AM";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${m[2]} ${suffix}`;
}

/** A count as every screen writes it: "100,015". */
export function count(n: number): string {
  return n.toLocaleString("en-US");
}

/** "1 pail", "3 pails", "1 bunch", "4 bunches". */
export function plural(n: number, one: string, many: string): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

/** "2 pails + 3 bunches", "5 bunches", "1 pail". */
export function pailsAndBunches(pails: number, bunches: number): string {
  const parts: string[] = [];
  if (pails > 0) parts.push(plural(pails, "pail", "pails"));
  if (bunches > 0 || pails === 0) parts.push(plural(bunches, "bunch", "bunches"));
  return parts.join(" + ");
}

type CsvValue = string | number | boolean | null | undefined;

/** A CSV file's text (RFC 4180, CRLF, formula cells guarded) from a header and rows: domain/csv.ts writes every cell. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return csvRow(header) + rows.map(csvRow).join("");
}

/** Offers text as a file download in the browser ("report.csv"). */
export function downloadText(text: string, filename: string, type = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
