// One combo special of /Supply/Promotions: its days, products with their combo prices, and its actions.
import { type SupplyCombo } from "../../../contract/promotions.ts";
import { Badge } from "../../components/ui/status.tsx";
import { days, dollars } from "./promotions-parts.tsx";

const COMBO_TONE = {
  running: "good",
  coming: "plain",
  ended: "muted",
} as const;

const STATUS_WORD = { running: "Running", coming: "Coming", ended: "Ended" } as const;

export function ComboCard({ c, onEdit, onAct }: { c: SupplyCombo; onEdit: () => void; onAct: (kind: "end" | "delete") => void }) {
  return (
    <li className="rounded-2xl border border-line bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-serif text-xl">{c.title}</h3>
        <Badge tone={COMBO_TONE[c.status]}>{STATUS_WORD[c.status]}</Badge>
      </div>
      <p className="text-sm text-sage">
        {c.discountPercent}% off · {days(c.startsOn, c.endsOn)}
      </p>
      <p className="mt-1 text-sm">{c.description}</p>
      <ul className="mt-2 divide-y divide-line text-sm">
        {c.products.map((p) => (
          <li key={p.productId} className="flex justify-between gap-2 py-1">
            <span>{p.description}</span>
            <span className="tabular">
              {p.price === null ? (
                <span className="text-sage">not on offer</span>
              ) : (
                <>
                  <span className="sr-only">from </span>
                  <span className="text-sage line-through">{dollars(p.price)}</span> <strong>{dollars(p.comboPrice!)}</strong>
                </>
              )}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn btn-secondary !min-h-9 !py-1" onClick={onEdit}>
          Edit<span className="sr-only"> {c.title}</span>
        </button>
        {c.status !== "ended" && (
          <button type="button" className="btn btn-secondary !min-h-9 !py-1" onClick={() => onAct("end")}>
            End now<span className="sr-only">: {c.title}</span>
          </button>
        )}
        <button type="button" className="btn btn-secondary !min-h-9 !py-1" onClick={() => onAct("delete")}>
          Delete<span className="sr-only"> {c.title}</span>
        </button>
      </div>
    </li>
  );
}
