import { useId, useMemo, useState } from "react";
import type { CartItem, Product } from "../../../contract/store.ts";
import { isoDateAt } from "../../../domain/dates.ts";
import { formatMoney } from "../../../domain/money.ts";
import { parseQuickOrder, QUICK_ORDER_MAX_LINES, type QuickOrderParse } from "../../../domain/quick-order.ts";
import { Modal } from "../../components/ui/dialog.tsx";
import { onlyAvailable, resolveQuickOrder, type QuickRow, type QuickStatus } from "./quick-order-logic.ts";
import { smallButton } from "../../components/ui/classes.ts";

const TONE: Record<QuickStatus, string> = {
  held: "text-leaf-dark",
  partly: "text-amber-text",
  pending: "text-amber-text",
  capped: "text-amber-text",
  unknown: "text-[#b42318]",
  notOffered: "text-[#b42318]",
};
const WORD: Record<QuickStatus, string> = {
  held: "Available",
  partly: "Partly available",
  pending: "Pending",
  capped: "Limited",
  unknown: "Unknown code",
  notOffered: "Not orderable",
};

/** A file's text, for the upload; a file that is not text (or too big) is refused with a message. */
async function readTextFile(file: File): Promise<string> {
  if (file.size > 512 * 1024) throw new Error("That file is too big for a quick order (at most 512 KB).");
  const text = await file.text();
  if (text.includes("\u0000")) throw new Error("That file is not a text or CSV file.");
  return text;
}

/**
 * Quick order (issue 13): paste or upload lines of product code and quantity, check them against the
 * chosen date's offer, then add them all with one cart save.
 */
export function QuickOrder({
  products,
  lines,
  dateText,
  shipDate,
  onAdd,
  onClose,
}: {
  products: readonly Product[];
  lines: ReadonlyMap<string, CartItem>;
  dateText: string;
  /** The cart's ship date (YYYY-MM-DD), for the quantity messages. */
  shipDate: string | null;
  onAdd: (rows: QuickRow[]) => Promise<boolean>;
  onClose: () => void;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [checked, setChecked] = useState<{ parse: QuickOrderParse; text: string } | null>(null);
  /** A file that could not be read, or an answer that left nothing to add. */
  /** A file that could not be read, or an answer that left nothing to add. */
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The far-beyond-availability lines the buyer is being asked about, or null. */
  const [asking, setAsking] = useState<QuickRow[] | null>(null);
  const rows = useMemo(() => (checked ? resolveQuickOrder(checked.parse.lines, products, lines, dateText, { shipDate, today: isoDateAt() }) : []), [checked, products, lines, dateText, shipDate]);
  const addable = rows.filter((r) => r.adds > 0);
  const flagged = rows.filter((r) => r.adds === 0).length + (checked?.parse.problems.length ?? 0);
  const stale = checked !== null && checked.text !== text;

  function check(value = text) {
    setChecked({ parse: parseQuickOrder(value), text: value });
  }

  /**
   * Adds the checked lines; a pending request far beyond what is available is asked about first (the
   * cart line editor's question, by the same rule), once for all such lines.
   */
  async function add(answer?: "anyway" | "available") {
    const far = addable.filter((r) => r.farBeyond);
    if (far.length > 0 && !answer) {
      setAsking(far);
      return;
    }
    setAsking(null);
    const toAdd = answer === "available" ? onlyAvailable(addable) : addable;
    if (toAdd.length === 0) {
      setNotice("None of these lines has anything available to hold now: nothing was added.");
      return;
    }
    setBusy(true);
    const ok = await onAdd(toAdd);
    setBusy(false);
    if (ok) onClose();
  }

  return (
    <Modal
      title="Quick order"
      wide
      onClose={onClose}
      description={`Add many flowers for ${dateText} at once by product code.`}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={!checked || stale || addable.length === 0 || busy} onClick={() => void add()}>
            {busy ? "Adding…" : `Add ${addable.length} ${addable.length === 1 ? "line" : "lines"} to cart`}
          </button>
        </>
      }
    >
      <p className="text-sm text-sage">
        One flower a line: its product code, then the quantity in bunches, separated by a comma, semicolon, tab or space (e.g. <code>LIL-ORI-1001, 10</code>). A header line and
        blank lines are fine. Up to {QUICK_ORDER_MAX_LINES} lines, checked against the offer for {dateText}.
      </p>
      <label htmlFor={`${id}-text`} className="field-label mt-3">
        Product codes and quantities
      </label>
      <textarea
        id={`${id}-text`}
        className="field-input min-h-36 font-mono text-sm"
        value={text}
        onChange={(e) => setText(e.target.value)}
        spellCheck={false}
        autoComplete="off"
        placeholder={"code,quantity\nLIL-ORI-1001,10\nGER-RED-2001,5"}
      />
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <button type="button" className={smallButton} onClick={() => check()} disabled={text.trim() === ""}>
          Check lines
        </button>
        <label htmlFor={`${id}-file`} className="text-sm">
          or upload a CSV file:
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="max-w-full text-sm file:mr-2 file:rounded-full file:border-[1.5px] file:border-leaf file:bg-white file:px-3 file:py-1 file:font-semibold file:text-leaf"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setNotice(null);
            readTextFile(file).then(
              (content) => {
                setText(content);
                check(content);
              },
              (err: unknown) => setNotice(err instanceof Error ? err.message : "That file could not be read."),
            );
          }}
        />
      </div>
      {notice && (
        <p role="alert" className="mt-2 text-sm font-semibold text-[#b42318]">
          {notice}
        </p>
      )}
      {asking && <FarBeyondQuestion rows={asking} onAnswer={(answer) => (answer ? void add(answer) : setAsking(null))} />}
      <div aria-live="polite" className="mt-3">
        {checked && (
          <>
            <p className="text-sm font-semibold" role="status">
              {stale
                ? "The lines changed: check them again before adding."
                : `${addable.length} of ${rows.length + checked.parse.problems.length} ${rows.length + checked.parse.problems.length === 1 ? "line" : "lines"} can be added${flagged > 0 ? `; ${flagged} flagged below` : ""}.`}
            </p>
            {checked.parse.problems.length > 0 && (
              <ul className="mt-2 space-y-1 text-sm" aria-label="Lines that could not be read">
                {checked.parse.problems.map((p) => (
                  <li key={`${p.line}-${p.message}`} className="text-[#b42318]">
                    {p.line > 0 ? `Line ${p.line}` : "The text"}
                    {p.text ? <span className="font-mono text-ink"> ({p.text})</span> : null}: {p.message}
                  </li>
                ))}
              </ul>
            )}
            {rows.length > 0 && (
              <div className="mt-2 overflow-x-auto" role="region" aria-label="Checked lines" tabIndex={0}>
                <table className="w-full min-w-[36rem] border-collapse text-sm">
                  <caption className="sr-only">Quick order lines checked against the offer for {dateText}</caption>
                  <thead className="border-b border-line text-left text-xs text-sage uppercase">
                    <tr>
                      <th scope="col" className="px-2 py-1.5">Line</th>
                      <th scope="col" className="px-2 py-1.5">Product</th>
                      <th scope="col" className="px-2 py-1.5 text-right">Bunches</th>
                      <th scope="col" className="px-2 py-1.5">Availability</th>
                      <th scope="col" className="px-2 py-1.5 text-right">Price</th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((r) => (
                      <tr key={r.code} className="border-b border-line align-top last:border-0">
                        <td className="px-2 py-1.5 tabular">{r.lines.join(", ")}</td>
                        <td className="px-2 py-1.5">
                          <span className="block font-semibold">{r.product?.description ?? r.code}</span>
                          <span className="text-xs text-sage tabular">{r.code}</span>
                        </td>
                        <td className="px-2 py-1.5 text-right tabular">{r.quantity}</td>
                        <td className="px-2 py-1.5">
                          <span className={`font-semibold ${TONE[r.status]}`}>{WORD[r.status]}</span>
                          <span className="block text-xs">{r.message}</span>
                        </td>
                        <td className="px-2 py-1.5 text-right tabular">
                          {r.adds > 0 ? (
                            <>
                              {formatMoney(r.unitCents)}
                              <span className="block text-xs text-sage">line {formatMoney(r.totalCents)}</span>
                            </>
                          ) : (
                            "—"
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        )}
      </div>
    </Modal>
  );
}

/**
 * "Request more than is available?" for the quick order's lines far beyond what is available: one
 * dialog listing them, answered for all of them at once. A modal on top of the quick order (Escape or
 * Cancel returns to it).
 */
function FarBeyondQuestion({ rows, onAnswer }: { rows: QuickRow[]; onAnswer: (answer: "anyway" | "available" | null) => void }) {
  const n = (x: number) => x.toLocaleString("en-US");
  return (
    <Modal
      title="Request more than is available?"
      onClose={() => onAnswer(null)}
      description="Some lines ask for far more than is available now."
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={() => onAnswer(null)}>
            Cancel
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => onAnswer("available")}>
            Add only what is available
          </button>
          <button type="button" className="btn btn-primary" onClick={() => onAnswer("anyway")}>
            Request anyway
          </button>
        </>
      }
    >
      <p className="text-sm">
        {rows.length === 1 ? "This line asks" : `These ${rows.length} lines ask`} for far more than we can hold now. The rest would be a pending request, which the grower
        confirms or declines before the ship date.
      </p>
      <ul className="mt-3 space-y-2 text-sm" aria-label="Lines beyond what is available">
        {rows.map((r) => {
          const total = r.inCart + r.adds;
          const held = Math.min(total, Math.max(0, r.product?.quantityRemaining ?? 0));
          return (
            <li key={r.code} className="rounded-lg border border-line px-3 py-2">
              <span className="block font-semibold">{r.product?.description ?? r.code}</span>
              <span className="text-xs text-sage tabular">{r.code}</span>
              <span className="block">
                {r.free > 0 ? `${n(r.free)} available now; ` : "Nothing available now; "}
                {`${n(total - held)} of ${n(total)} ${total === 1 ? "bunch" : "bunches"} would be pending`}
                {r.inCart > 0 ? ` (with the ${n(r.inCart)} already in your cart)` : ""}.
              </span>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
