import { holdCountdown, shouldRemoveHoldOnExpiry, warningsCrossed, type HoldCountdown } from "../../../domain/hold-countdown.ts";

/** What the screen remembers about the hold it watches, between two ticks. */
export interface HoldTrack {
  holdTime: string | null;
  /** The hold was already over when this screen first saw it (SPEC §4: then it is not removed). */
  expiredOnLoad: boolean;
  /** RemoveHold was asked for this hold. */
  removed: boolean;
  /** Seconds left at the previous tick; null before the first one or without a hold. */
  prev: number | null;
}

export interface HoldStep {
  track: HoldTrack;
  /** Warning thresholds crossed since the previous tick (SPEC §9: 60 and 1 seconds), largest first. */
  warnings: number[];
  /** Release the hold on the server now (at most once per hold, never for one expired on load). */
  expire: boolean;
  /** Whether 'Product Hold Expired' should stay shown after the server forgets the hold; null = unchanged. */
  expiredSeen: boolean | null;
}

export const NO_HOLD_TRACK: HoldTrack = { holdTime: null, expiredOnLoad: false, removed: false, prev: null };

/**
 * One tick of the hold countdown hook (SPEC §4 "Hold countdown"), pure so it can be tested: a new
 * hold time (a save, RemoveHold, a reload) starts a fresh track judged on the real clock `nowMs`;
 * otherwise the countdown of this tick fires the warnings it crossed and, when it reaches zero, the
 * one release of a hold that was running when this screen loaded it.
 */
export function stepHold(track: HoldTrack, holdTime: string | null, countdown: HoldCountdown, nowMs: number): HoldStep {
  if (track.holdTime !== holdTime) {
    const fresh = holdCountdown(holdTime, nowMs);
    return {
      track: { holdTime, expiredOnLoad: fresh.state === "expired", removed: false, prev: fresh.state === "none" ? null : fresh.secondsLeft },
      warnings: [],
      expire: false,
      expiredSeen: fresh.state === "expired" ? true : fresh.state === "none" ? null : false,
    };
  }
  if (countdown.state === "none") return { track, warnings: [], expire: false, expiredSeen: null };
  const warnings = warningsCrossed(track.prev, countdown.secondsLeft);
  const next: HoldTrack = { ...track, prev: countdown.secondsLeft };
  if (countdown.state !== "expired") return { track: next, warnings, expire: false, expiredSeen: null };
  const expire = shouldRemoveHoldOnExpiry({ expiredOnLoad: track.expiredOnLoad, alreadyRemoved: track.removed });
  if (expire) next.removed = true;
  return { track: next, warnings, expire, expiredSeen: true };
}
