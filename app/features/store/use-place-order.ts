import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { PlaceOrderResponse } from "../../../contract/store.ts";
import { ApiError } from "../../lib/api.ts";
import { emptiedCart, saveBody } from "./cart-logic.ts";
import type { OrderFields } from "./checkout-order-fields.tsx";
import type { VoucherEntry } from "./checkout-voucher.tsx";
import { newIdempotencyKey } from "./idempotency.ts";
import { PLACE_ORDER_FAILED, serverMessage } from "./messages.ts";
import { placeOrder, storeKeys, type SaveOutcome, type StoreIds, type useCartSaver } from "./queries.ts";

export interface Placed {
  result: PlaceOrderResponse;
  /** A retailer's pickup date, said instead of the wholesaler's ship date. */
  pickupDate: string | null;
}

/** SPEC §4 "Placing an order": save the cart, post the order, then empty the cart and dates. */
export function usePlaceOrder(opts: {
  ids: StoreIds;
  save: ReturnType<typeof useCartSaver>;
  reportSaveFailure: (outcome: SaveOutcome | null) => void;
  alwaysBoxed: boolean;
  voucher: VoucherEntry;
  fields: OrderFields;
}) {
  const { ids, save, voucher, fields } = opts;
  const client = useQueryClient();
  const [placed, setPlaced] = useState<Placed | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [placing, setPlacing] = useState(false);
  // One key per checkout attempt: a retry after a failure sends the same key, so the server never
  // places the order twice; a success starts a new attempt.
  const attemptKey = useRef<string | null>(null);

  async function place() {
    if (placing) return;
    setPlacing(true);
    setError(null);
    attemptKey.current ??= newIdempotencyKey();
    try {
      const saved = await save((c) => saveBody(c, { boxed: opts.alwaysBoxed || c.boxed }));
      if (!saved || !saved.ok) {
        opts.reportSaveFailure(saved);
        return;
      }
      try {
        const result = await placeOrder(ids, attemptKey.current, voucher.code, { poNumber: fields.poNumber, deliveryNotes: fields.deliveryNotes });
        attemptKey.current = null;
        client.setQueryData(storeKeys.cart(ids), emptiedCart(saved.cart));
        setPlaced({ result, pickupDate: ids.isRetailer ? saved.cart.receivingDate : null });
        void client.invalidateQueries({ queryKey: storeKeys.cart(ids) });
        void client.invalidateQueries({ queryKey: storeKeys.productsAll(ids) });
        void client.invalidateQueries({ queryKey: storeKeys.orders(ids) });
        void client.invalidateQueries({ queryKey: storeKeys.recentOrders(ids) });
      } catch (err) {
        const refused = err instanceof ApiError ? err.fields : {};
        if (refused.voucherCode) voucher.refuse(refused.voucherCode);
        else if (refused.poNumber || refused.deliveryNotes) fields.refuse({ poNumber: refused.poNumber, deliveryNotes: refused.deliveryNotes });
        else setError(serverMessage(err, PLACE_ORDER_FAILED));
      }
    } finally {
      setPlacing(false);
    }
  }

  return { placed, error, placing, place };
}
