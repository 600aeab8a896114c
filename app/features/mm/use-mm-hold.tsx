// The MM cart's hold countdown (SPEC §4 "Hold countdown", §9 warnings at 60 s and 1 s), with the
// wholesale store's pieces: the countdown hook, its banner and the remember-to-check-out dialogs.
// An MM hold needs no RemoveHold call: the server counts a hold only until its expiry, so when the
// countdown ends the cart and the bouquets' availability are read again; 'Hold again' saves the same
// lines, which holds again what is still free.
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import type { MmCart } from "../../../contract/mm.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { CheckoutReminder, HoldExpiredNotice } from "../store/checkout-reminder.tsx";
import { shortDate } from "../../lib/format.ts";
import { HoldStatus } from "../store/hold-status.tsx";
import { useHoldCountdown, type HoldView } from "../store/use-hold-countdown.ts";
import { bouquetLines, mmSaveBody } from "./cart-logic.ts";
import { mmKeys, type MmSaveOutcome, type StoreIds } from "./queries.ts";

export interface MmHold {
  hold: HoldView;
  /** What the screen reader region should say about the hold (empty when nothing new). */
  announcement: string;
  holdAgain: () => Promise<void>;
  holdingAgain: boolean;
  reminder: false | "hold" | "expired";
  closeReminder: () => void;
}

export function useMmHold(
  ids: StoreIds,
  cart: MmCart | undefined,
  save: (build: (cart: MmCart) => ReturnType<typeof mmSaveBody>) => Promise<MmSaveOutcome | null>,
  { placed = false }: { placed?: boolean } = {},
): MmHold {
  const client = useQueryClient();
  const toast = useToast();
  const [announcement, setAnnouncement] = useState("");
  const [reminder, setReminder] = useState<false | "hold" | "expired">(false);
  const [holdingAgain, setHoldingAgain] = useState(false);
  const hasLines = !!cart && bouquetLines(cart.items).length > 0;

  const hold = useHoldCountdown(placed || !hasLines ? null : (cart?.holdTime ?? null), {
    onWarning: (threshold) => {
      if (threshold === 60) {
        setAnnouncement("Product hold expires in 1 minute. Check out to keep your held bouquets.");
        setReminder("hold");
      } else {
        setAnnouncement("Product hold is ending now.");
        toast("Your product hold is ending now. Held bouquets go back on sale.", { type: "warning", title: "Product Hold Expires" });
      }
    },
    onExpire: () => {
      setAnnouncement("Product Hold Expired. Held bouquets were released; hold them again to take back what is still available.");
      setReminder((open) => (open ? "expired" : false));
      void client.invalidateQueries({ queryKey: mmKeys.cart(ids) });
      void client.invalidateQueries({ queryKey: ["mm", "products", ids.userId, ids.customerId] });
    },
  });

  const holdAgain = useCallback(async () => {
    setHoldingAgain(true);
    const outcome = await save((c) => mmSaveBody(c));
    setHoldingAgain(false);
    setReminder(false);
    if (outcome?.ok) {
      const held = bouquetLines(outcome.cart.items).length;
      setAnnouncement(held ? `Held again: ${held} ${held === 1 ? "line" : "lines"}.` : "Nothing could be held again: none of your bouquets is available now.");
      void client.invalidateQueries({ queryKey: ["mm", "products", ids.userId, ids.customerId] });
    }
  }, [save, client, ids]);

  return { hold, announcement, holdAgain, holdingAgain, reminder, closeReminder: () => setReminder(false) };
}

/** The hold banner of an MM screen; nothing without a hold. */
export function MmHoldStatus({ state, compact = false }: { state: MmHold; compact?: boolean }) {
  if (state.hold.state === "none") return null;
  return <HoldStatus hold={state.hold} compact={compact} onHoldAgain={() => void state.holdAgain()} busy={state.holdingAgain} />;
}

/** The remember-to-check-out dialog a minute before the hold ends, and what it says once it ended. */
export function MmHoldDialogs({ state, cart, onCheckout }: { state: MmHold; cart: MmCart | undefined; onCheckout?: () => void }) {
  const navigate = useNavigate();
  const lines = cart ? bouquetLines(cart.items).length : 0;
  const dateText = cart?.shipDate ? shortDate(cart.shipDate) : "";
  if (state.reminder === "expired") {
    return <HoldExpiredNotice lines={lines} dateText={dateText} busy={state.holdingAgain} onHoldAgain={() => void state.holdAgain()} onClose={state.closeReminder} />;
  }
  if (state.reminder === "hold") {
    return (
      <CheckoutReminder
        reason="hold"
        lines={lines}
        dateText={dateText}
        onCheckout={() => {
          state.closeReminder();
          if (onCheckout) onCheckout();
          else navigate("/MM/Store/checkout");
        }}
        onStay={state.closeReminder}
      />
    );
  }
  return null;
}
