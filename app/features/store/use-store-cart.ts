// The store page's cart actions: one line saved from the list, any other change, removing and
// clearing, quick order, the product hold's countdown and holding again. Split out of store-page.tsx
// so the page component only lays out its sections.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Cart } from "../../../contract/store.ts";
import { useAlert } from "../../components/ui/alert.tsx";
import { useToast } from "../../components/ui/toast.tsx";
import { merchandiseLines, saveBody, withLineQuantity, type CartPatch } from "./cart-logic.ts";
import { ADD_TO_CART_FAILED, cartUpdateErrorAlert, LINE_NOT_FOR_CART_DATE } from "./messages.ts";
import { storeKeys, useCartSaver, useRemoveHold, type SaveOutcome, type StoreIds } from "./queries.ts";
import { quickOrderItems, type QuickRow } from "./quick-order-logic.ts";
import { useHoldCountdown } from "./use-hold-countdown.ts";

export type HoldReminder = false | "hold" | "expired";

/** The page's screen-reader announcement and the hold reminder, set by the cart actions. */
export interface StoreCartSignals {
  setAnnouncement: (text: string) => void;
}

export function useStoreCart(ids: StoreIds, cart: Cart | undefined, { setAnnouncement }: StoreCartSignals) {
  const client = useQueryClient();
  const showAlert = useAlert();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [holdReminder, setHoldReminder] = useState<HoldReminder>(false);
  const [holdingAgain, setHoldingAgain] = useState(false);

  const save = useCartSaver(ids);
  const removeHold = useRemoveHold(ids);

  const hold = useHoldCountdown(cart?.holdTime ?? null, {
    onWarning: (threshold) => {
      if (threshold === 60) {
        setAnnouncement("Product hold expires in 1 minute. Check out to keep your held flowers.");
        setHoldReminder("hold");
      } else {
        setAnnouncement("Product hold is ending now.");
        toast("Your product hold is ending now. Held stock goes back on sale.", { type: "warning", title: "Product Hold Expires" });
      }
    },
    onExpire: () => {
      setAnnouncement("Product Hold Expired. Held stock was released; your lines are pending requests until you hold them again.");
      // The reminder must not go on saying the hold ends in under a minute: it says what happened.
      setHoldReminder((open) => (open ? "expired" : false));
      removeHold.mutate();
    },
  });

  // Other buyers' stock changes after our saves; refresh availability shortly after, not on every click.
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refreshStockSoon = useCallback(() => {
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => void client.invalidateQueries({ queryKey: storeKeys.productsAll(ids) }), 1500);
  }, [client, ids]);
  useEffect(() => () => clearTimeout(refreshTimer.current), []);

  /** Saves the same lines again: the server holds what is still available and leaves the rest pending. */
  const holdAgain = useCallback(async () => {
    setHoldingAgain(true);
    const outcome = await save((c) => saveBody(c));
    setHoldingAgain(false);
    setHoldReminder(false);
    if (!outcome) return;
    if (outcome.ok) {
      const merchandise = merchandiseLines(outcome.cart.items);
      const held = merchandise.filter((i) => i.quantityConfirmed > 0).length;
      const pending = merchandise.filter((i) => i.quantityPending > 0 || i.quantityConfirmed === 0).length;
      const text =
        held === 0
          ? "Nothing could be held again: none of your flowers is available now. Your lines stay as pending requests."
          : `Held again: ${held} ${held === 1 ? "line" : "lines"}${pending > 0 ? `; ${pending} still pending (not enough available)` : ""}.`;
      setAnnouncement(text);
      toast(text, { type: held === 0 ? "warning" : "success", title: "Product hold" });
      refreshStockSoon();
      return;
    }
    if (outcome.conflict) void showAlert(cartUpdateErrorAlert(outcome.error));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [save]);

  /**
   * Add or change one line. SPEC §8: a failure is the browser alert 'There was an issue adding items
   * to your cart…'; a 409 (the cart changed in another window) is reported as the cart save failure
   * it is, with the server's message, and the server's current cart is already shown. `shipDate`: the
   * date the line's row is listed for. A line added while that date is being saved goes after the
   * date's save (one save after another); should the cart not be on that date by then (its save
   * failed), nothing is sent and the row says why.
   */
  const saveLine = useCallback(
    async (productId: string, quantity: number, shipDate?: string | null) => {
      let otherDate = false;
      const outcome = await save((c) => {
        otherDate = shipDate !== undefined && c.shipDate !== shipDate;
        return otherDate ? null : saveBody(c, { items: withLineQuantity(c.items, productId, quantity) });
      });
      if (otherDate) return LINE_NOT_FOR_CART_DATE;
      if (!outcome) return false;
      if (outcome.ok) {
        refreshStockSoon();
        // A line the save dropped (e.g. nothing left of a final product) comes back as a message.
        return outcome.cart.messages?.find((m) => m.productId === productId)?.message ?? true;
      }
      if (outcome.conflict) void showAlert(cartUpdateErrorAlert(outcome.error));
      else window.alert(ADD_TO_CART_FAILED);
      return false;
    },
    [save, refreshStockSoon, showAlert],
  );

  /**
   * Any other cart change. SPEC §8: 'Cart Update Error' with the server's message. `holdsChanged`
   * false: the save held or released no stock (a date chosen with an empty cart), so the list is not
   * read again for it (the new date's list is read as any list is, and live availability follows it).
   * `patch` may be worked out from the cart as it is when the save has its turn; null sends nothing.
   */
  const updateCart = useCallback(
    async (patch: CartPatch | ((latest: Cart) => CartPatch | null), holdsChanged = true): Promise<SaveOutcome | null> => {
      setBusy(true);
      const outcome = await save((c) => {
        const p = typeof patch === "function" ? patch(c) : patch;
        return p === null ? null : saveBody(c, p);
      });
      setBusy(false);
      if (outcome && !outcome.ok) void showAlert(cartUpdateErrorAlert(outcome.error));
      else if (outcome?.ok && holdsChanged) refreshStockSoon();
      return outcome;
    },
    [save, showAlert, refreshStockSoon],
  );

  const removeLine = useCallback(
    (productId: string, description: string) => {
      void updateCart({ items: withLineQuantity(cart?.items ?? [], productId, 0) }).then((o) => {
        if (o?.ok) setAnnouncement(`${description} removed from the cart.`);
      });
    },
    [cart?.items, updateCart, setAnnouncement],
  );

  async function clearCart() {
    const yes = await showAlert({ type: "question", title: "Clear the cart?", message: "Every line will be removed and held stock released." });
    if (!yes) return;
    const o = await updateCart({ items: [] });
    if (o?.ok) setAnnouncement("Cart cleared.");
  }

  /** Quick order: every checked line in one cart save (holds, pending and caps as for any change). */
  async function addQuickOrder(rows: QuickRow[]): Promise<boolean> {
    if (!cart) return false;
    const outcome = await updateCart({ items: quickOrderItems(rows, merchandiseLines(cart.items).map((i) => ({ productId: i.productId, quantity: i.quantity }))) });
    if (!outcome?.ok) return false;
    const dropped = outcome.cart.messages ?? [];
    const text = `Added ${rows.length} ${rows.length === 1 ? "line" : "lines"} to the cart.${dropped.length ? ` Not added: ${dropped.map((m) => `${m.description} (${m.message})`).join(", ")}.` : ""}`;
    setAnnouncement(text);
    toast(text, { type: dropped.length ? "warning" : "success", title: "Quick order" });
    return true;
  }

  return { busy, hold, holdReminder, setHoldReminder, holdingAgain, holdAgain, saveLine, updateCart, removeLine, clearCart, addQuickOrder };
}
