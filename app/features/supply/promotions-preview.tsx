// The preview section of /Supply/Promotions: what a buyer would pay on a day, with every promotion.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DashboardPreview, PromotionBuyers } from "../../../contract/promotions.ts";
import { api } from "../../lib/api.ts";
import { Failed, Loading } from "../../components/ui/status.tsx";
import { days, dollars, KEY, Section } from "./promotions-parts.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";

// ---- what a dashboard shows ---------------------------------------------------------------------
export function PreviewSection() {
  const buyers = useQuery({
    queryKey: [...KEY, "buyers"],
    queryFn: () => api.get("/api/Supply/Promotions/Buyers", undefined, PromotionBuyers),
  });
  const [customerId, setCustomerId] = useState("");
  const preview = useQuery({
    queryKey: [...KEY, "preview", customerId],
    queryFn: () => api.get("/api/Supply/Promotions/Dashboard", { customerId }, DashboardPreview),
    enabled: customerId !== "",
  });
  const Money = ({ now, was }: { now: number; was: number }) => (
    <span className="tabular">
      <strong className="text-petal-dark">{dollars(now)}</strong>
      {now < was && (
        <span className="ml-1 text-sage line-through">
          <span className="sr-only">was </span>
          {dollars(was)}
        </span>
      )}
    </span>
  );
  return (
    <Section
      id="preview"
      title="What a customer's dashboard shows"
      intro="The same answers the buyer's dashboard gets now, read the same way (their next open ship date, the catalogs they may see)."
    >
      <SelectField id="preview-customer" label="Customer" className="mb-3 max-w-md" value={customerId} onChange={(e) => setCustomerId(e.target.value)}>
          <option value="">Choose a customer…</option>
          {(buyers.data?.customers ?? []).map((c) => (
            <option key={c.customerId} value={c.customerId}>
              {c.companyName} ({c.customerId})
            </option>
          ))}
      </SelectField>
      {customerId === "" ? null : preview.isPending ? (
        <Loading what="the dashboard" />
      ) : preview.isError ? (
        <Failed error={preview.error} what="the dashboard" />
      ) : (
        <div className="grid gap-3 lg:grid-cols-3">
          <div className="rounded-2xl border border-line bg-white p-4">
            <h3 className="font-serif text-xl">Specials ({preview.data.specials.length})</h3>
            {preview.data.specials.length === 0 ? (
              <p className="text-sm text-sage">None for their next ship date.</p>
            ) : (
              <ul className="mt-2 divide-y divide-line text-sm">
                {preview.data.specials.map((p) => (
                  <li key={p.productId} className="flex justify-between gap-2 py-1">
                    <span>{p.description}</span>
                    <Money now={p.price} was={p.standardPrice} />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="rounded-2xl border border-line bg-white p-4">
            <h3 className="font-serif text-xl">Future specials ({preview.data.futureSpecials.length})</h3>
            {preview.data.futureSpecials.length === 0 ? (
              <p className="text-sm text-sage">None in later catalogs.</p>
            ) : (
              <ul className="mt-2 divide-y divide-line text-sm">
                {preview.data.futureSpecials.map((p) => (
                  <li key={`${p.productId}-${p.shipDateFrom}`} className="flex justify-between gap-2 py-1">
                    <span>
                      {p.description} <span className="text-xs text-sage">ships {days(p.shipDateFrom, p.shipDateTo)}</span>
                    </span>
                    <Money now={p.price} was={p.standardPrice} />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="rounded-2xl border border-line bg-white p-4">
            <h3 className="font-serif text-xl">Combo specials ({preview.data.combos.length})</h3>
            {preview.data.combos.length === 0 ? (
              <p className="text-sm text-sage">None running today.</p>
            ) : (
              <ul className="mt-2 divide-y divide-line text-sm">
                {preview.data.combos.map((c) => (
                  <li key={c.id} className="py-1">
                    <strong>{c.title}</strong> · {c.discountPercent}% off
                    <span className="block text-xs text-sage">{c.products.map((p) => p.description).join(", ")}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </Section>
  );
}
