import type { ReactNode } from "react";

/** One labelled fact in a <dl> (an order's ship date, an invoice's total): the label small above the value. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-sage uppercase">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}
