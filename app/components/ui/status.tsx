// Loading, failure and empty states and badges, as every list and detail screen shows them.
import type { ReactNode } from "react";
import { errorMessage } from "../../lib/api.ts";

export function Loading({ what }: { what: string }) {
  return (
    <p className="py-10 text-center text-sage" role="status">
      Loading {what}…
    </p>
  );
}

export function Failed({ error, what }: { error: unknown; what: string }) {
  const message = errorMessage(error, "Please try again in a moment.");
  return (
    <div className="rounded-xl border border-dashed border-line bg-white px-6 py-10 text-center" role="alert">
      <p className="font-serif text-2xl">We could not load {what}</p>
      <p className="mt-2 text-sage">{message}</p>
    </div>
  );
}

/** A refusal or a failure in place of (or above) what could not be shown, announced when it appears; nothing without one. */
export function ErrorNote({ children, className = "" }: { children: ReactNode; className?: string }) {
  return children ? (
    <p role="alert" className={`rounded-lg bg-[#fdecea] px-4 py-3 text-[#8a1c12] ${className}`.trim()}>
      {children}
    </p>
  ) : null;
}

export function Empty({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-dashed border-line bg-white px-6 py-10 text-center text-sage">{children}</div>;
}

export function Badge({ tone = "plain", children }: { tone?: "plain" | "good" | "muted" | "warn"; children: ReactNode }) {
  const cls = {
    plain: "bg-mist text-ink",
    good: "bg-leaf-light text-leaf-dark",
    muted: "bg-white text-sage border border-line",
    warn: "bg-cream text-amber-text",
  }[tone];
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${cls}`}>{children}</span>;
}

/** Active or inactive, as every staff list shows it. */
export function StatusBadge({ active }: { active: boolean }) {
  return active ? <Badge tone="good">Active</Badge> : <Badge tone="muted">Inactive</Badge>;
}
