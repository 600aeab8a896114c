import { memo, useId, useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { Cart, CartItem, Product } from "../../../contract/store.ts";
import { InlineAlert, useAlert } from "../../components/ui/alert.tsx";
import { pailHintText } from "../../../domain/pricing.ts";
import { entryOf, estimateCents, pailSavingCents, pendingQuestion, quantityFromEntry, stockMessage } from "./cart-logic.ts";
import { markPailHintShown, pailHintShown } from "./preferences.ts";
import { storeKeys, useStoreIds } from "./queries.ts";
import { qtyButton, qtyButtonUpdate, qtyInput } from "../../components/ui/classes.ts";
import { QuantityField } from "../../components/ui/quantity-field.tsx";

/** Saves one line; true when saved, false when it failed (already reported), or the server's inline message about this line. */
export type SaveLine = (productId: string, quantity: number) => Promise<boolean | string>;

/**
 * Quantity by the pail and by the bunch for one offer line. Shows what the cart holds, validates
 * with the SPEC §5 messages as inline error alerts, and the pail saving hint once ever.
 */
export const QuantityEntry = memo(function QuantityEntry({
  product,
  line,
  onSave,
  layout = "row",
}: {
  product: Product;
  line: CartItem | undefined;
  onSave: SaveLine;
  layout?: "row" | "card" | "stacked";
}) {
  const inCartQuantity = line?.quantity ?? 0;
  const start = entryOf(inCartQuantity, product.unitOfMeasureQty);
  const [pails, setPails] = useState(start.pails);
  const [bunches, setBunches] = useState(start.bunches);
  // When the cart's quantity changes (a save, a cap, a removal), the fields show it again; the
  // component stays mounted so the one-time pail hint survives the save that triggered it.
  const [shownQuantity, setShownQuantity] = useState(inCartQuantity);
  if (shownQuantity !== inCartQuantity) {
    setShownQuantity(inCartQuantity);
    setPails(start.pails);
    setBunches(start.bunches);
  }
  const [error, setError] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const ask = useAlert();
  const ids = useStoreIds();
  const queryClient = useQueryClient();
  const byPail = product.unitOfMeasureQty > 0;
  const inCart = !!line && line.quantity > 0;
  const label = product.description;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const entry = quantityFromEntry(pails, bunches, product.unitOfMeasureQty, inCart);
    if (!entry.ok) {
      setError(entry.message);
      return;
    }
    // Read from the query cache at submit time, so the rows do not re-render on every cart change.
    const shipDate = ids ? (queryClient.getQueryData<Cart>(storeKeys.cart(ids))?.shipDate ?? null) : null;
    const capped = stockMessage(entry.quantity, product, shipDate);
    if (capped) {
      setError(capped);
      return;
    }
    setError(null);
    const question = pendingQuestion(entry.quantity, product, inCartQuantity, estimateCents(entry.quantity, product));
    if (question) {
      setBusy(true);
      const yes = await ask({ ...question, type: "question" });
      setBusy(false);
      if (!yes) return;
    }
    setBusy(true);
    const ok = await onSave(product.productId, entry.quantity);
    setBusy(false);
    if (typeof ok === "string") {
      setError(ok);
      return;
    }
    if (!ok) return;
    const saving = pailSavingCents(entry.quantity, product);
    if (saving > 0 && !pailHintShown()) {
      markPailHintShown();
      setHint(pailHintText(saving));
    }
  }

  const serverMessage = line?.message ?? null;
  const stacked = layout === "stacked";
  const labelClass = stacked ? "text-sm font-semibold" : layout === "card" ? "text-xs text-sage" : "text-xs text-sage md:sr-only";
  const field = { labelClassName: labelClass, inputClassName: qtyInput, autoComplete: "off", errorId: error ? `${id}-err` : undefined };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className={stacked ? "flex flex-col gap-2" : "flex flex-col gap-1.5"}>
      <div className={`flex items-end gap-1.5 ${stacked ? "flex-wrap" : ""}`}>
        {byPail && (
          <QuantityField
            id={`${id}-p`}
            className="flex flex-col"
            label={
              <>
                Pails<span className="sr-only"> of {label} ({product.unitOfMeasureQty} bunches each)</span>
              </>
            }
            {...field}
            value={pails}
            onValue={setPails}
          />
        )}
        <QuantityField
          id={`${id}-b`}
          className="flex flex-col"
          label={
            <>
              Bunches<span className="sr-only"> of {label}</span>
            </>
          }
          {...field}
          value={bunches}
          onValue={setBunches}
        />
        <button type="submit" className={inCart ? qtyButtonUpdate : qtyButton} disabled={busy} aria-label={busy ? `Saving… ${label}` : `${inCart ? "Update" : "Add"} ${label}${inCart ? " in cart" : " to cart"}`}>
          {busy ? "Saving…" : inCart ? "Update" : "Add"}
        </button>
      </div>
      {/* Notes under the fields wrap inside the quantity column (the row keeps its width): the pail
          hint, errors and the in-cart line never push the row wider or break its layout. */}
      <div className={`flex flex-col gap-1.5 whitespace-normal empty:hidden ${layout === "row" ? "md:max-w-[12.5rem]" : ""}`}>
        {inCart && !error && (
          <p className="text-xs text-leaf-dark">
            <span aria-hidden="true">✓ </span>In cart: {line!.quantity} {line!.quantity === 1 ? "bunch" : "bunches"}
          </p>
        )}
        {error && (
          <div id={`${id}-err`}>
            <InlineAlert alert={{ title: "", message: error, type: "error", inline: true }} />
          </div>
        )}
        {!error && serverMessage && <InlineAlert alert={{ title: "", message: serverMessage, type: "error", inline: true }} />}
        {hint && <InlineAlert alert={{ title: "", message: hint, type: "info", inline: true, options: { primaryText: "Got it", showSecondary: false } }} onClose={() => setHint(null)} />}
      </div>
    </form>
  );
});
