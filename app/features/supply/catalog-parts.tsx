// The catalog pieces of /Supply/Availability: choosing a catalog, making a new one, adding a line.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { memo, useDeferredValue, useState } from "react";
import type { z } from "zod";
import { CatalogBody, LineCreate, SupplyCatalog, SupplyCatalogList, SupplyProductList } from "../../../contract/supply.ts";
import { api } from "../../lib/api.ts";
import { shortDate } from "../../lib/format.ts";
import { FormProblem, textOf, useContractBodyForm } from "../../components/ui/form.tsx";
import { Failed, Loading } from "../../components/ui/status.tsx";
import { LabelledField as Field } from "../../components/ui/form.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";

// ---- availability -------------------------------------------------------------------------------
const todayIso = () => new Date().toLocaleDateString("en-CA", { timeZone: "America/New_York" });

export const plusDays = (iso: string, d: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);

function useCatalogs() {
  const from = plusDays(todayIso(), -7);
  return useQuery({ queryKey: ["supply", "catalogs", from], queryFn: () => api.get("/api/Supply/Catalogs", { from }, SupplyCatalogList) });
}

/** `wholesaleOnly`: the fresh-list upload, which carries products (mass-market catalogs carry bouquets). */
export function CatalogPicker({ value, onChange, wholesaleOnly = false }: { value: string; onChange: (id: string) => void; wholesaleOnly?: boolean }) {
  const catalogs = useCatalogs();
  if (catalogs.isPending) return <Loading what="catalogs" />;
  if (catalogs.isError) return <Failed error={catalogs.error} what="catalogs" />;
  return (
    <SelectField id="catalog" label="Catalog" className="max-w-xl" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose a catalog…</option>
        {catalogs.data.catalogs
          .filter((c) => !wholesaleOnly || c.kind === "wholesale")
          .map((c) => (
            <option key={c.catalogId} value={String(c.catalogId)}>
              {c.kind === "massMarket" ? "Mass market · " : ""}
              {shortDate(c.shipDateFrom)}
              {c.shipDateTo !== c.shipDateFrom ? `–${shortDate(c.shipDateTo)}` : ""} · {c.title} · {c.lines} lines{c.customerIds.length ? ` · ${c.customerIds.join(", ")}` : " · every customer"}
            </option>
          ))}
    </SelectField>
  );
}

/** A new catalog from the form's values: titled after its first ship date when left empty, the customer codes as a list. */
function catalogBody(v: Record<string, unknown>): z.input<typeof CatalogBody> {
  const shipDateFrom = textOf(v.shipDateFrom);
  return {
    kind: textOf(v.kind) as z.input<typeof CatalogBody>["kind"],
    title: textOf(v.title) || `Availability for ${shortDate(shipDateFrom)}`,
    shipDateFrom,
    shipDateTo: textOf(v.shipDateTo),
    customerIds: textOf(v.customerIds).split(/[\s,;]+/).filter(Boolean),
  };
}

export function NewCatalog({ onCreated }: { onCreated: (id: number) => void }) {
  const day = plusDays(todayIso(), 1);
  const [f, setF] = useState({ kind: "wholesale", title: "", shipDateFrom: day, shipDateTo: day, customerIds: "" });
  const queryClient = useQueryClient();
  const { form, refused, errorOf } = useContractBodyForm(CatalogBody, catalogBody, async (body) => {
    const c = await api.post("/api/Supply/Catalogs", body, undefined, undefined, SupplyCatalog);
    await queryClient.invalidateQueries({ queryKey: ["supply", "catalogs"] });
    onCreated(c.catalogId);
  });
  return (
    <details className="mt-3 rounded-2xl border border-line bg-white p-4">
      <summary className="cursor-pointer font-serif text-xl text-leaf">New catalog</summary>
      <form id={form.id} onSubmit={form.onSubmit} className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4" noValidate>
        <FormProblem problem={refused} className="sm:col-span-2 lg:col-span-4" />
        <Field id="c-kind" label="Kind" error={errorOf("kind")}>
          <select id="c-kind" name="kind" className="field-input" value={f.kind} onChange={(e) => setF({ ...f, kind: e.target.value })}>
            <option value="wholesale">Wholesale (products)</option>
            <option value="massMarket">Mass market (bouquets)</option>
          </select>
        </Field>
        <Field id="c-title" label="Title" error={errorOf("title")}>
          <input id="c-title" name="title" className="field-input" value={f.title} placeholder={`Availability for ${shortDate(f.shipDateFrom)}`} onChange={(e) => setF({ ...f, title: e.target.value })} />
        </Field>
        <Field id="c-from" label="First ship date" error={errorOf("shipDateFrom")}>
          <input id="c-from" name="shipDateFrom" type="date" className="field-input" value={f.shipDateFrom} onChange={(e) => setF({ ...f, shipDateFrom: e.target.value, shipDateTo: e.target.value > f.shipDateTo ? e.target.value : f.shipDateTo })} />
        </Field>
        <Field id="c-to" label="Last ship date" error={errorOf("shipDateTo")}>
          <input id="c-to" name="shipDateTo" type="date" className="field-input" value={f.shipDateTo} onChange={(e) => setF({ ...f, shipDateTo: e.target.value })} />
        </Field>
        <Field id="c-customers" label="Only for customers (codes)" error={errorOf("customerIds")} hint={`Empty: every ${f.kind === "massMarket" ? "mass-market" : "wholesale"} customer`}>
          <input id="c-customers" name="customerIds" className="field-input" value={f.customerIds} onChange={(e) => setF({ ...f, customerIds: e.target.value })} />
        </Field>
        <div className="sm:col-span-2 lg:col-span-4">
          <button type="submit" className="btn btn-primary">
            Open catalog
          </button>
        </div>
      </form>
    </details>
  );
}

/** A number as typed ("1,200" too); none when empty, and null when it is not one (as it always went: JSON has no NaN). */
function typedNumber(v: unknown): number | undefined {
  const s = textOf(v);
  if (s.trim() === "") return undefined;
  const n = Number(s.replace(/,/g, ""));
  return Number.isNaN(n) ? (null as unknown as number) : n;
}

/** The line to publish from the form's values. */
const lineBody = (v: Record<string, unknown>): z.input<typeof LineCreate> => ({
  productId: textOf(v.productId),
  quantity: typedNumber(v.quantity) as number,
  price: typedNumber(v.price) as number,
  priceNoPail: typedNumber(v.priceNoPail) as number,
  tier1Quantity: typedNumber(v.tier1Quantity),
  tier1Price: typedNumber(v.tier1Price),
  tier1PriceNoPail: typedNumber(v.tier1PriceNoPail),
});

/**
 * The product picker's options, up to 2,000 of them (issue 30). Built in a deferred render, which React
 * splits into short tasks, inside a new select (so the page takes them in one insertion, not one per
 * option), and never again while the form is typed in (memo: the list is the same).
 */
const ProductOptions = memo(function ProductOptions({ products }: { products: SupplyProductList["products"] }) {
  return products
    .filter((p) => p.active)
    .map((p) => (
      <option key={p.productId} value={p.productId}>
        {p.description} ({p.productId})
      </option>
    ));
});

export function AddLine({ catalogId, onAdded }: { catalogId: number; onAdded: () => void }) {
  const products = useQuery({ queryKey: ["supply", "products", ""], queryFn: () => api.get("/api/Supply/Products", undefined, SupplyProductList) });
  const choices = useDeferredValue(products.data?.products);
  const [f, setF] = useState({ productId: "", quantity: "", price: "", priceNoPail: "", tier1Quantity: "", tier1Price: "", tier1PriceNoPail: "" });
  const { form, refused, errorOf } = useContractBodyForm(LineCreate, lineBody, async (body) => {
    await api.post(`/api/Supply/Catalogs/${catalogId}/Lines`, body);
    setF({ productId: "", quantity: "", price: "", priceNoPail: "", tier1Quantity: "", tier1Price: "", tier1PriceNoPail: "" });
    onAdded();
  });
  const input = (k: keyof typeof f, label: string) => (
    <Field id={`l-${k}`} label={label} error={errorOf(k)}>
      <input id={`l-${k}`} name={k} className="field-input" inputMode="decimal" value={f[k]} onChange={(e) => setF({ ...f, [k]: e.target.value })} />
    </Field>
  );
  return (
    <form id={form.id} onSubmit={form.onSubmit} className="mt-4 rounded-2xl border border-line bg-white p-4" noValidate>
      <h2 className="text-xl">Publish a product</h2>
      <FormProblem problem={refused} className="mt-2" />
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field id="l-productId" label="Product" error={errorOf("productId")}>
          {/* Made anew once the products are there, in the deferred render: see ProductOptions. */}
          <select key={choices ? "products" : "none"} id="l-productId" name="productId" className="field-input" value={f.productId} onChange={(e) => setF({ ...f, productId: e.target.value })}>
            <option value="">Choose a product…</option>
            {choices && <ProductOptions products={choices} />}
          </select>
        </Field>
        {input("quantity", "Bunches")}
        {input("price", "Price a bunch, by the pail ($)")}
        {input("priceNoPail", "Price a bunch, loose ($)")}
        {input("tier1Quantity", "Tier 1 from (bunches)")}
        {input("tier1Price", "Tier 1 price, pail ($)")}
        {input("tier1PriceNoPail", "Tier 1 price, loose ($)")}
      </div>
      <button type="submit" className="btn btn-primary mt-3">
        Publish
      </button>
    </form>
  );
}
