// The products of the combo being made or changed: a product to add, and those chosen, each removable.
import { useState } from "react";
import { type SupplyProduct } from "../../../contract/supply.ts";
import { Field, invalid } from "./promotions-parts.tsx";

interface Props {
  chosen: string[];
  onChange: (productIds: string[]) => void;
  products: SupplyProduct[] | undefined;
  loading: boolean;
  error: string | undefined;
}

export function ComboProducts({ chosen, onChange, products, loading, error }: Props) {
  const [pick, setPick] = useState("");
  const describe = (id: string) => products?.find((p) => p.productId === id)?.description ?? id;
  return (
    <>
      <div className="sm:col-span-2">
        <Field id="combo-product" label="Add a product" error={error}>
          <div className="flex gap-2">
            <select id="combo-product" className="field-input" value={pick} onChange={(e) => setPick(e.target.value)} {...invalid("combo-product", error)}>
              <option value="">{loading ? "Loading products…" : "Choose a product…"}</option>
              {(products ?? [])
                .filter((p) => !chosen.includes(p.productId))
                .map((p) => (
                  <option key={p.productId} value={p.productId}>
                    {p.description} ({p.productId})
                  </option>
                ))}
            </select>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={!pick}
              onClick={() => {
                onChange([...chosen, pick]);
                setPick("");
              }}
            >
              Add
            </button>
          </div>
        </Field>
      </div>
      <div className="sm:col-span-2">
        <p className="field-label" id="combo-chosen">
          In this combo ({chosen.length})
        </p>
        {chosen.length === 0 ? (
          <p className="text-sm text-sage">No products yet: a combo needs at least 2.</p>
        ) : (
          <ul aria-labelledby="combo-chosen" className="flex flex-wrap gap-2">
            {chosen.map((id) => (
              <li key={id} className="inline-flex items-center gap-1 rounded-full border border-line bg-mist py-0.5 pr-1 pl-3 text-sm">
                {describe(id)}
                <button type="button" className="rounded-full px-2 py-1 hover:bg-white" aria-label={`Remove ${describe(id)}`} onClick={() => onChange(chosen.filter((p) => p !== id))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
