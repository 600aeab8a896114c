import { useEffect, useRef, useState } from "react";
import { holdCountdown, shouldRemoveHoldOnExpiry, warningsCrossed, type HoldCountdown } from "../../../domain/hold-countdown.ts";

export interface HoldHandlers {
  /** A SPEC §9 warning threshold (60 or 1 seconds left) was just crossed. */
  onWarning: (secondsLeft: number) => void;
  /** The hold ran out while this screen watched it: release it on the server (once). */
  onExpire: () => void;
}

export interface HoldView extends HoldCountdown {
  /** True while the hold is running (not none, not expired). */
  active: boolean;
}

/**
 * The cart's hold countdown (SPEC §4), ticking once a second while there is a hold. A hold that
 * lapsed while watched keeps showing 'Product Hold Expired' after the server forgets its holdTime,
 * until a new hold starts.
 */
export function useHoldCountdown(holdTime: string | null, handlers: HoldHandlers): HoldView {
  const [now, setNow] = useState(() => Date.now());
  const [expiredSeen, setExpiredSeen] = useState(false);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const track = useRef<{ holdTime: string | null; expiredOnLoad: boolean; removed: boolean; prev: number | null }>({
    holdTime: null,
    expiredOnLoad: false,
    removed: false,
    prev: null,
  });

  useEffect(() => {
    if (!holdTime) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [holdTime]);

  const countdown = holdCountdown(holdTime, now);

  useEffect(() => {
    const t = track.current;
    if (t.holdTime !== holdTime) {
      // A new hold (or none): judge "expired on load" from the real clock, not the last tick.
      const fresh = holdCountdown(holdTime, Date.now());
      track.current = { holdTime, expiredOnLoad: fresh.state === "expired", removed: false, prev: fresh.state === "none" ? null : fresh.secondsLeft };
      if (fresh.state === "running" || fresh.state === "lastMinute") setExpiredSeen(false);
      if (fresh.state === "expired") setExpiredSeen(true);
      return;
    }
    if (countdown.state === "none") return;
    for (const threshold of warningsCrossed(t.prev, countdown.secondsLeft)) handlersRef.current.onWarning(threshold);
    t.prev = countdown.secondsLeft;
    if (countdown.state === "expired") {
      setExpiredSeen(true);
      if (shouldRemoveHoldOnExpiry({ expiredOnLoad: t.expiredOnLoad, alreadyRemoved: t.removed })) {
        t.removed = true;
        handlersRef.current.onExpire();
      }
    }
  }, [holdTime, countdown.secondsLeft, countdown.state]);

  if (countdown.state === "none" && expiredSeen) {
    return { text: "Product Hold Expired", state: "expired", secondsLeft: 0, active: false };
  }
  return { ...countdown, active: countdown.state === "running" || countdown.state === "lastMinute" };
}
