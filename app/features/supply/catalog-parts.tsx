// The catalog pieces of /Supply/Availability: choosing a catalog, making a new one, adding a line.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import type { z } from "zod";
import { CatalogBody, LineCreate, SupplyCatalog, SupplyCatalogList, SupplyProductList } from "../../../contract/supply.ts";
import { api } from "../../lib/api.ts";
import { shortDate } from "../../lib/format.ts";
import { FormProblem, textOf, useContractBodyForm } from "../../components/ui/form.tsx";
import { Failed, Loading } from "../../components/ui/status.tsx";
import { LabelledField as Field } from "../../components/ui/form.tsx";
import { SelectField } from "../../components/ui/select-field.tsx";
import { Combobox, type Choice } from "../../components/ui/combobox.tsx";
import { fetchSupplyProducts } from "./grid-lines.ts";

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

/** The active products as the picker's choices: "description (code)". */
const productChoices = (products: SupplyProductList["products"]): Choice[] => products.filter((p) => p.active).map((p) => ({ value: p.productId, label: `${p.description} (${p.productId})` }));

export function AddLine({ catalogId, onAdded }: { catalogId: number; onAdded: () => void }) {
  // The products are read once the picker is about to be used (focused, or the pointer over it), not
  // with the grid: thousands of them, read and checked while the grid's first screen was laid out
  // (issue 30).
  const [wanted, setWanted] = useState(false);
  const products = useQuery({ queryKey: ["supply", "products", ""], queryFn: fetchSupplyProducts, enabled: wanted });
  const choices = useMemo(() => (products.data ? productChoices(products.data.products) : undefined), [products.data]);
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
          <Combobox
            id="l-productId"
            name="productId"
            what="products"
            placeholder="Type a name or code…"
            choices={choices}
            value={f.productId}
            onChange={(productId) => setF((was) => ({ ...was, productId }))}
            onWanted={() => setWanted(true)}
            invalid={!!errorOf("productId")}
            describedBy={errorOf("productId") ? "l-productId-error" : undefined}
          />
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
