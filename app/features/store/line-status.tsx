import type { CartItem } from "../../../contract/store.ts";
import { lineStatus, PENDING_EXPLANATION, type LineStatusKind } from "./cart-logic.ts";

const TONE: Record<LineStatusKind, string> = {
  held: "bg-leaf-light text-leaf-dark",
  partial: "bg-cream text-amber-text",
  pending: "bg-cream text-amber-text",
  expired: "bg-[#fdecea] text-[#8a1c12]",
};

/** Held / pending / hold expired, in words (BRAND: never colour alone). */
export function LineStatusBadge({ item, holdActive }: { item: Pick<CartItem, "quantityConfirmed" | "quantityPending" | "ysnPending">; holdActive: boolean }) {
  const status = lineStatus(item, holdActive);
  const pending = item.quantityPending > 0 || status.kind === "pending";
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE[status.kind]}`} title={pending ? PENDING_EXPLANATION : undefined}>
      {status.text}
      {pending && <span className="sr-only">. {PENDING_EXPLANATION}</span>}
    </span>
  );
}
