// SPEC §4 "Hold countdown" and §9 "Cart hold warnings at 60 s and 1 s".

export const HOLD_WARNING_SECONDS = [60, 1] as const;

export type HoldState = "none" | "running" | "lastMinute" | "expired";

export interface HoldCountdown {
  text: string;
  state: HoldState;
  secondsLeft: number;
}

const pad2 = (n: number): string => n.toString().padStart(2, "0");

/**
 * Seconds are rounded up so the display never shows 0:00 while the hold is
 * still active: the hold is expired exactly when its time is not in the future
 * (the server's rule, DOMAIN.md "Carts and holds"). An unparseable time counts
 * as no hold rather than an instantly expired one.
 */
export function holdCountdown(holdTimeIso: string | null, nowMs: number): HoldCountdown {
  if (!holdTimeIso) return { text: "", state: "none", secondsLeft: 0 };
  const holdMs = Date.parse(holdTimeIso);
  if (Number.isNaN(holdMs)) return { text: "", state: "none", secondsLeft: 0 };
  const secondsLeft = Math.ceil((holdMs - nowMs) / 1000);
  if (secondsLeft <= 0) return { text: "Product Hold Expired", state: "expired", secondsLeft: 0 };
  const h = Math.floor(secondsLeft / 3600);
  const m = Math.floor((secondsLeft % 3600) / 60);
  const s = secondsLeft % 60;
  if (h > 0) return { text: `Cart Hold Expires ${h}:${pad2(m)}:${pad2(s)}`, state: "running", secondsLeft };
  if (m > 0) return { text: `Cart Hold Expires ${m}:${pad2(s)}`, state: "running", secondsLeft };
  return { text: `Product Hold Expires 0:${pad2(s)}`, state: "lastMinute", secondsLeft };
}

/**
 * Thresholds passed between two ticks (prev > t >= now), largest first. A
 * threshold fires once per crossing: ticks that stay below it do not repeat it,
 * and a hold extended back above it may fire it again later. With no previous
 * tick (null, first render) nothing has been crossed.
 */
export function warningsCrossed(prevSecondsLeft: number | null, secondsLeft: number): number[] {
  if (prevSecondsLeft === null) return [];
  return HOLD_WARNING_SECONDS.filter((t) => prevSecondsLeft > t && secondsLeft <= t);
}

/**
 * The client asks the server to release the hold once when the countdown
 * reaches zero, but not for a cart that was already expired when loaded
 * (its holds have lapsed on the server anyway).
 */
export function shouldRemoveHoldOnExpiry(flags: { expiredOnLoad: boolean; alreadyRemoved: boolean }): boolean {
  return !flags.expiredOnLoad && !flags.alreadyRemoved;
}
