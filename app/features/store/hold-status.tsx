import type { HoldView } from "./use-hold-countdown.ts";

const STYLE = {
  running: "border-leaf/40 bg-leaf-light text-leaf-dark",
  lastMinute: "border-amber-text bg-cream text-amber-text",
  expired: "border-[#b42318] bg-[#fdecea] text-[#8a1c12]",
} as const;

function Icon({ state }: { state: "running" | "lastMinute" | "expired" }) {
  if (state === "expired") {
    return (
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
        <circle cx="10" cy="10" r="8" />
        <path d="M7 7l6 6M13 7l-6 6" />
      </svg>
    );
  }
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 shrink-0" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="10" cy="11" r="7" />
      <path d="M10 7.5V11l2.5 1.5M8 2h4" />
    </svg>
  );
}

/**
 * The hold-time banner (SPEC §2/§4). The text changes every second, so it is a timer (not a live
 * region); the 60 s and 1 s warnings are announced separately.
 */
export function HoldStatus({ hold, compact = false, onHoldAgain, busy = false }: { hold: HoldView; compact?: boolean; onHoldAgain?: () => void; busy?: boolean }) {
  if (hold.state === "none") return null;
  const tone = STYLE[hold.state];
  return (
    <div className={`flex items-center gap-2 rounded-lg border ${compact ? "px-2.5 py-1.5 text-sm" : "px-3 py-2"} ${tone}`}>
      <Icon state={hold.state} />
      {/* aria-live="off" is a timer's own default, said out loud so that a modal dialog (the
          remember-to-check-out reminder) leaves the countdown readable instead of hiding it. */}
      <p role="timer" aria-live="off" aria-atomic="true" className="font-semibold tabular" data-testid="hold-countdown">
        {hold.text}
      </p>
      {!compact && hold.state === "running" && <span className="ml-auto hidden text-sm font-normal sm:inline">Held stock is yours until then</span>}
      {!compact && hold.state === "lastMinute" && <span className="ml-auto hidden text-sm font-normal sm:inline">Check out now to keep it</span>}
      {!compact && hold.state === "expired" && <span className="ml-auto hidden text-sm font-normal sm:inline">Held stock was released</span>}
      {hold.state === "expired" && onHoldAgain && (
        <button type="button" className={`${compact ? "ml-auto" : "ml-2"} rounded px-1 text-sm font-semibold underline disabled:opacity-60`} onClick={onHoldAgain} disabled={busy}>
          {busy ? "Holding…" : "Hold again"}
        </button>
      )}
    </div>
  );
}
