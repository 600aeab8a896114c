// One line of an order on the order desk: its label data, its quantity form and its row with the
// pending bunches' confirm and decline.
import { useState, type Dispatch, type SetStateAction } from "react";
import type { DeskOrder, DeskOrderLine } from "../../../contract/order-desk.ts";
import { money, pailsAndBunches } from "../../lib/format.ts";
import { qtyInput, responsiveTable as rt, smallButton } from "../../components/ui/classes.ts";
import { type Ask } from "./order-desk-parts.tsx";

export function LineQuantity({ line, store, ask, busy }: { line: DeskOrderLine; store: DeskOrder["store"]; ask: Ask; busy: boolean }) {
  const [value, setValue] = useState(String(line.quantity));
  const id = `qty-${line.lineId}`;
  const unit = store === "mm" ? "bouquets" : "bunches";
  return (
    <form
      className="flex items-center justify-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const q = Number(value);
        if (!Number.isInteger(q) || q < 0) return;
        const lower = q < line.quantity;
        ask(
          { kind: "changeLine", lineId: line.lineId, quantity: q },
          {
            title: q === 0 ? `Remove ${line.description}?` : `Change ${line.description} to ${q} ${unit}?`,
            consequences: [
              q === 0
                ? `The line is removed and its ${line.quantityConfirmed} confirmed ${unit} go back to stock; an order left without lines is cancelled (and a blitz voucher it used goes back to the buyer).`
                : lower
                  ? `${line.quantity - q} ${unit} come off the line (pending ones first); confirmed ones go back to stock.`
                  : store === "mm"
                    ? `${q - line.quantity} more ${unit} are taken from stock, if that many are free.`
                    : `${q - line.quantity} more ${unit}: what is free is confirmed and taken from stock, the rest is requested as pending.`,
              ...(store === "mm" ? ["The box and pail lines follow the bouquets."] : []),
              "The buyer gets an e-mail about the change.",
            ],
            confirmLabel: q === 0 ? "Remove the line" : "Change the quantity",
            danger: q === 0,
          },
        );
      }}
    >
      <label htmlFor={id} className="sr-only">
        New quantity of {line.description} in {unit}
      </label>
      <input id={id} className={qtyInput} inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} />
      <button type="submit" className={smallButton} disabled={busy || value === String(line.quantity) || !/^\d+$/.test(value)}>
        Change
      </button>
    </form>
  );
}

export function LabelData({ l }: { l: DeskOrderLine }) {
  const parts = [
    l.barcodeNumber && `UPC ${l.barcodeNumber}`,
    l.barcodeTop && `top “${l.barcodeTop}”`,
    l.barcodeLeft && `left “${l.barcodeLeft}”`,
    l.barcodeBottom && `bottom “${l.barcodeBottom}”`,
  ].filter(Boolean);
  if (!parts.length && !l.boxType) return null;
  return (
    <span className="mt-0.5 block text-xs text-sage">
      {l.boxType && !l.fee ? `Box ${l.boxType}` : ""}
      {l.boxType && !l.fee && parts.length ? " · " : ""}
      {parts.length ? `Label: ${parts.join(", ")}` : ""}
    </span>
  );
}

interface LineProps {
  l: DeskOrderLine;
  o: DeskOrder;
  chosen: Set<number>;
  onChoose: Dispatch<SetStateAction<Set<number>>>;
  ask: Ask;
  busy: boolean;
}

function DeskLineRow({ l, o, chosen, onChoose, ask, busy }: LineProps) {
  const can = (a: DeskOrder["actions"][number]) => o.actions.includes(a);
  const unit = o.store === "mm" ? "bouquets" : "bunches";
  const mail = `An e-mail goes to ${o.mailTo}.`;
  const askLine = (kind: "confirmLine" | "declineLine", request: Parameters<Ask>[1]) => ask({ kind, lineId: l.lineId }, request);
  return (
    <tr key={l.lineId} className={rt.tr}>
      <td className={rt.td} data-label={l.quantityPending > 0 && can("confirmPending") ? "Select" : ""}>
        {l.quantityPending > 0 && can("confirmPending") ? (
          <input
            type="checkbox"
            className="size-5 accent-leaf"
            checked={chosen.has(l.lineId)}
            onChange={() => onChoose((s) => (s.has(l.lineId) ? new Set([...s].filter((x) => x !== l.lineId)) : new Set(s).add(l.lineId)))}
            aria-label={`Select pending ${l.description}`}
          />
        ) : null}
      </td>
      <td className={rt.td} data-label="Product">
        <span>
          {l.description} <span className="text-sage">({l.productId})</span>
          {l.fee && <span className="ml-1 text-xs text-sage">{l.category === "pails" ? "pail fee" : "box fee"}</span>}
          <LabelData l={l} />
        </span>
      </td>
      <td className={`${rt.td} text-right tabular`} data-label="Quantity">
        {o.store === "mm" ? l.quantity : pailsAndBunches(l.pails, l.looseBunches)}
      </td>
      <td className={`${rt.td} text-right tabular`} data-label="Confirmed">
        {l.quantityConfirmed}
      </td>
      <td className={`${rt.td} text-right tabular`} data-label="Pending">
        {l.quantityPending || ""}
      </td>
      <td className={`${rt.td} text-right tabular`} data-label="Amount">
        {money(l.lineTotal)}
      </td>
      <td className={rt.td} data-label="Actions">
        <div className="flex flex-wrap justify-end gap-2">
          {l.quantityPending > 0 && can("confirmPending") && (
            <AskButton
              busy={busy}
              onClick={() =>
                askLine("confirmLine", {
                  title: `Confirm ${l.quantityPending} pending ${unit} of ${l.description}?`,
                  consequences: [`${l.quantityPending} ${unit} are taken from stock, if that many are free.`, mail],
                  confirmLabel: "Confirm pending",
                })
              }
            >
              Confirm {l.quantityPending} pending
              <span className="sr-only"> of {l.description}</span>
            </AskButton>
          )}
          {l.quantityPending > 0 && can("declinePending") && (
            <AskButton
              busy={busy}
              onClick={() =>
                askLine("declineLine", {
                  title: `Decline ${l.quantityPending} pending ${unit} of ${l.description}?`,
                  consequences: [
                    `${l.quantityPending} ${unit} are removed from the order${l.quantityConfirmed === 0 ? ", and with them the line" : ""}; an order left without lines is cancelled.`,
                    `${o.mailTo} gets an e-mail saying we cannot supply them.`,
                    "This cannot be undone from here: the buyer would have to order them again.",
                  ],
                  confirmLabel: "Decline pending",
                  danger: true,
                })
              }
            >
              Decline<span className="sr-only"> pending {l.description}</span>
            </AskButton>
          )}
          {can("changeLine") && !l.fee && <LineQuantity line={l} store={o.store} ask={ask} busy={busy} />}
        </div>
      </td>
    </tr>
  );
}

/** A line's small button that asks first (the confirm dialog says what happens). */
function AskButton({ busy, onClick, children }: { busy: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <button type="button" className={smallButton} disabled={busy} onClick={onClick}>
      {children}
    </button>
  );
}

/** The order's lines, each with what can be done to it. */
export function OrderLines({ o, chosen, onChoose, ask, busy }: Omit<LineProps, "l">) {
  return (
    <div className="md:rounded-xl md:border md:border-line md:bg-white md:p-2">
      <table className={rt.table}>
        <caption className="sr-only">Lines of order {o.orderNumber}</caption>
        <thead className={rt.thead}>
          <tr className="border-b-2 border-line">
            {["Select", "Product", "Quantity", "Confirmed", "Pending", "Amount", ""].map((h, i) => (
              <th key={i} scope="col" className={`${rt.th} ${h === "Product" || h === "Select" ? "" : "text-right"}`}>
                {h === "Select" ? <span className="sr-only">Select</span> : h || <span className="sr-only">Actions</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={rt.tbody}>
          {o.lines.map((l) => (
            <DeskLineRow key={l.lineId} l={l} o={o} chosen={chosen} onChoose={onChoose} ask={ask} busy={busy} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
