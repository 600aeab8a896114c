import { useEffect, useRef, useState } from "react";
import { holdCountdown, type HoldCountdown } from "../../../domain/hold-countdown.ts";
import { NO_HOLD_TRACK, stepHold } from "./hold-tracker.ts";

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
 * The cart's hold countdown (SPEC §4), ticking once a second while there is a hold; the decisions
 * of each tick are the pure stepHold. A hold that lapsed while watched keeps showing 'Product Hold
 * Expired' after the server forgets its holdTime, until a new hold starts.
 */
export function useHoldCountdown(holdTime: string | null, handlers: HoldHandlers): HoldView {
  const [now, setNow] = useState(() => Date.now());
  const [expiredSeen, setExpiredSeen] = useState(false);
  const handlersRef = useRef(handlers);
  handlersRef.current = handlers;
  const track = useRef(NO_HOLD_TRACK);

  useEffect(() => {
    if (!holdTime) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [holdTime]);

  const countdown = holdCountdown(holdTime, now);

  useEffect(() => {
    const step = stepHold(track.current, holdTime, countdown, Date.now());
    track.current = step.track;
    if (step.expiredSeen !== null) setExpiredSeen(step.expiredSeen);
    for (const threshold of step.warnings) handlersRef.current.onWarning(threshold);
    if (step.expire) handlersRef.current.onExpire();
    // The countdown object is new each render; its state and seconds are what a tick changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [holdTime, countdown.secondsLeft, countdown.state]);

  if (countdown.state === "none" && expiredSeen) {
    return { text: "Product Hold Expired", state: "expired", secondsLeft: 0, active: false };
  }
  return { ...countdown, active: countdown.state === "running" || countdown.state === "lastMinute" };
}
