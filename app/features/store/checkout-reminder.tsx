import { useCallback, useRef } from "react";
import { useBlocker, useNavigate, type BlockerFunction } from "react-router";
import { Modal } from "../../components/ui/dialog.tsx";

/**
 * What the hold reminder says once the hold has lapsed while it was open: what happened, and one
 * action that holds again what is still available.
 */
export function HoldExpiredNotice({ lines, dateText, onHoldAgain, onClose, busy }: { lines: number; dateText: string; onHoldAgain: () => void; onClose: () => void; busy: boolean }) {
  const what = `${lines} ${lines === 1 ? "line" : "lines"}${dateText ? ` for ${dateText}` : ""}`;
  return (
    <Modal
      title="Your hold has ended"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Not now
          </button>
          <button type="button" className="btn btn-primary" onClick={onHoldAgain} disabled={busy} autoFocus>
            {busy ? "Holding…" : "Hold again"}
          </button>
        </>
      }
    >
      <p>
        The held flowers went back on sale, so other buyers can take them. Your {what} are still in the cart, as pending requests for now. Hold again to take back
        whatever is still available.
      </p>
    </Modal>
  );
}

/** The remember-to-check-out modal (SPEC §2): leaving with an unplaced cart, or a hold about to lapse. */
export function CheckoutReminder({
  reason,
  lines,
  dateText,
  onCheckout,
  onLeave,
  onStay,
}: {
  reason: "leave" | "hold";
  lines: number;
  dateText: string;
  onCheckout: () => void;
  onLeave?: () => void;
  onStay: () => void;
}) {
  const what = `${lines} ${lines === 1 ? "line" : "lines"}${dateText ? ` for ${dateText}` : ""}`;
  return (
    <Modal
      title="Remember to check out"
      onClose={onStay}
      footer={
        <>
          {onLeave && (
            <button type="button" className="btn btn-secondary" onClick={onLeave}>
              Leave without ordering
            </button>
          )}
          {!onLeave && (
            <button type="button" className="btn btn-secondary" onClick={onStay}>
              Keep shopping
            </button>
          )}
          <button type="button" className="btn btn-primary" onClick={onCheckout} autoFocus>
            Go to checkout
          </button>
        </>
      }
    >
      {reason === "leave" ? (
        <p>
          Your cart has {what}, but nothing is ordered until you place the order. Held stock is released when the hold ends, and other buyers can then take it.
        </p>
      ) : (
        <p>
          Your product hold ends in under a minute. Place the order for your {what} now to keep the held stock; after that it goes back on sale.
        </p>
      )}
    </Modal>
  );
}

/**
 * Asks to check out before leaving the store area (anything outside /store) while the cart has
 * unplaced lines. Asked once per visit: "Leave without ordering" is respected.
 */
export function LeaveReminder({ active, lines, dateText }: { active: boolean; lines: number; dateText: string }) {
  const navigate = useNavigate();
  const leftOnce = useRef(false);
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        active && !leftOnce.current && currentLocation.pathname !== nextLocation.pathname && !nextLocation.pathname.toLowerCase().startsWith("/store"),
      [active],
    ),
  );
  if (blocker.state !== "blocked") return null;
  return (
    <CheckoutReminder
      reason="leave"
      lines={lines}
      dateText={dateText}
      onCheckout={() => {
        blocker.reset();
        navigate("/store/checkout");
      }}
      onLeave={() => {
        leftOnce.current = true;
        blocker.proceed();
      }}
      onStay={() => blocker.reset()}
    />
  );
}
