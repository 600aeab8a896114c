// A mass-market catalog's bouquet lines on /Supply/Availability: the editable lines (arrows move
// between cells, Enter saves) and the form adding a bouquet.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type KeyboardEvent } from "react";
import type { z } from "zod";
import { MmLineCreate, SupplyBouquetList, SupplyMmLineList, type SupplyMmLine } from "../../../contract/supply-mm.ts";
import { artUrl } from "../../../art/art-url.ts";
import { api } from "../../lib/api.ts";
import { formErrors, FormProblem, LabelledField as Field, textOf, useContractBodyForm } from "../../components/ui/form.tsx";
import { Badge, Empty, Failed, Loading } from "../../components/ui/status.tsx";
import { TableFrame } from "../../components/ui/table.tsx";
import { n, num } from "./mm-form-parts.tsx";
import { RowProblem } from "../../components/ui/table.tsx";
import { EditGridHead } from "./grid-head.tsx";

// ---- a mass-market catalog's bouquet lines --------------------------------------------------------
const LINE_COLUMNS = [
  "quantity",
  "pricePerBouquet",
  "pricePerBouquetNoBox",
] as const;

type LineColumn = (typeof LINE_COLUMNS)[number];

const LINE_LABEL: Record<LineColumn, string> = {
  quantity: "Quantity",
  pricePerBouquet: "Boxed ($)",
  pricePerBouquetNoBox: "Not boxed ($)",
};

/** Arrow up/down moves to the same column of the row above/below; Enter saves the row. */
function gridKeys(e: KeyboardEvent<HTMLInputElement>, save: () => void) {
  if (e.key === "Enter") {
    e.preventDefault();
    save();
    return;
  }
  if (e.key !== "ArrowUp" && e.key !== "ArrowDown") return;
  const { row, col } = e.currentTarget.dataset;
  const next = document.querySelector<HTMLInputElement>(
    `input[data-mmrow="${Number(row) + (e.key === "ArrowUp" ? -1 : 1)}"][data-col="${col}"]`,
  );
  if (next) {
    e.preventDefault();
    next.focus();
    next.select();
  }
}

function MmLineRow({
  line,
  index,
  catalogId,
  onSaved,
}: {
  line: SupplyMmLine;
  index: number;
  catalogId: number;
  onSaved: () => void;
}) {
  const initial: Record<LineColumn, string> = {
    quantity: String(line.quantity),
    pricePerBouquet:
      line.pricePerBouquet === null ? "" : line.pricePerBouquet.toFixed(2),
    pricePerBouquetNoBox:
      line.pricePerBouquetNoBox === null
        ? ""
        : line.pricePerBouquetNoBox.toFixed(2),
  };
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = LINE_COLUMNS.some((c) => values[c] !== initial[c]);
  async function save() {
    if (!dirty || busy) return;
    setBusy(true);
    setProblem(null);
    const body: Record<string, unknown> = {};
    for (const c of LINE_COLUMNS)
      if (values[c] !== initial[c]) body[c] = num(values[c]);
    try {
      await api.put(
        `/api/Supply/Catalogs/${catalogId}/Bouquets/${encodeURIComponent(line.productId)}`,
        { ...body, ...(body.quantity !== undefined ? { mode: "set" } : {}) },
      );
      onSaved();
    } catch (err) {
      setProblem(formErrors(err).message);
    } finally {
      setBusy(false);
    }
  }
  const list: Record<LineColumn, string> = {
    quantity: "",
    pricePerBouquet: line.listPricePerBouquet.toFixed(2),
    pricePerBouquetNoBox: line.listPricePerBouquetNoBox.toFixed(2),
  };
  return (
    <>
      <tr className="border-b border-line align-middle">
        <th scope="row" className="px-3 py-2 text-left font-normal">
          <span className="flex items-center gap-2">
            <img
              src={artUrl(line.imageName, line.colourHex)}
              alt=""
              width={32}
              height={32}
              className="h-8 w-8 object-contain"
              loading="lazy"
            />
            <span>
              <span className="block">{line.description}</span>
              <span className="block font-mono text-xs text-sage">
                {line.productId}
              </span>
              {!line.productActive && <Badge tone="muted">Retired</Badge>}
            </span>
          </span>
        </th>
        <td className="px-3 py-2 text-right tabular">{n(line.sold)}</td>
        <td className="px-3 py-2 text-right tabular">{n(line.held)}</td>
        <td className="px-3 py-2 text-right tabular font-semibold">
          {n(line.free)}
        </td>
        {LINE_COLUMNS.map((c) => (
          <td key={c} className="px-1 py-1">
            <input
              className="field-input !min-h-9 w-24 !px-2 !py-1 text-right tabular"
              inputMode={c === "quantity" ? "numeric" : "decimal"}
              aria-label={`${LINE_LABEL[c]}, ${line.description}${c === "quantity" ? "" : " (empty: the list price)"}`}
              placeholder={list[c]}
              data-mmrow={index}
              data-col={c}
              value={values[c]}
              onChange={(e) => setValues({ ...values, [c]: e.target.value })}
              onKeyDown={(e) => gridKeys(e, () => void save())}
            />
          </td>
        ))}
        <td className="px-2 py-1">
          <button
            type="button"
            className="btn btn-secondary !min-h-9 !py-1"
            disabled={!dirty || busy}
            onClick={() => void save()}
            aria-label={`Save ${line.description}`}
          >
            Save
          </button>
        </td>
      </tr>
      <RowProblem problem={problem} colSpan={8} />
    </>
  );
}

/** The line's body from the form's values as typed: amounts as numbers, an empty price left out (the list price). */
function lineBody(v: Record<string, unknown>): z.input<typeof MmLineCreate> {
  return {
    productId: textOf(v.productId),
    quantity: num(textOf(v.quantity)) ?? undefined,
    pricePerBouquet: num(textOf(v.pricePerBouquet)),
    pricePerBouquetNoBox: num(textOf(v.pricePerBouquetNoBox)),
  } as z.input<typeof MmLineCreate>;
}

function AddBouquetLine({
  catalogId,
  offered,
  onAdded,
}: {
  catalogId: number;
  offered: Set<string>;
  onAdded: () => void;
}) {
  const bouquets = useQuery({
    queryKey: ["supply", "bouquets", ""],
    queryFn: () =>
      api.get("/api/Supply/Bouquets", undefined, SupplyBouquetList),
  });
  const { form, refused, errorOf } = useContractBodyForm(MmLineCreate, lineBody, async (body) => {
    await api.post(`/api/Supply/Catalogs/${catalogId}/Bouquets`, body);
    form.reset();
    onAdded();
  });
  const input = (
    k: "quantity" | "pricePerBouquet" | "pricePerBouquetNoBox",
    label: string,
    hint?: string,
  ) => (
    <Field id={`ml-${k}`} label={label} error={errorOf(k)} hint={hint}>
      <input
        id={`ml-${k}`}
        name={k}
        className="field-input"
        inputMode="decimal"
        aria-invalid={errorOf(k) ? true : undefined}
        aria-describedby={errorOf(k) ? `ml-${k}-error` : undefined}
      />
    </Field>
  );
  return (
    <form
      id={form.id}
      onSubmit={form.onSubmit}
      className="mt-4 rounded-2xl border border-line bg-white p-4"
      noValidate
    >
      <h2 className="text-xl">Publish a bouquet</h2>
      <FormProblem problem={refused} className="mt-2" />
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field id="ml-productId" label="Bouquet" error={errorOf("productId")}>
          <select id="ml-productId" name="productId" className="field-input" defaultValue="">
            <option value="">Choose a bouquet…</option>
            {(bouquets.data?.bouquets ?? [])
              .filter((b) => b.active && !offered.has(b.productId))
              .map((b) => (
                <option key={b.productId} value={b.productId}>
                  {b.description} ({b.productId})
                </option>
              ))}
          </select>
        </Field>
        {input("quantity", "Bouquets")}
        {input("pricePerBouquet", "Boxed price ($)", "Empty: the list price")}
        {input(
          "pricePerBouquetNoBox",
          "Not boxed price ($)",
          "Empty: the list price",
        )}
      </div>
      <button type="submit" className="btn btn-primary mt-3">
        Publish
      </button>
    </form>
  );
}

/** The bouquet lines of a mass-market catalog, with sold, held and free, edited in place. */
export function MmCatalogLines({ catalogId }: { catalogId: number }) {
  const queryClient = useQueryClient();
  const lines = useQuery({
    queryKey: ["supply", "mmlines", catalogId],
    queryFn: () =>
      api.get(
        `/api/Supply/Catalogs/${catalogId}/Bouquets`,
        undefined,
        SupplyMmLineList,
      ),
  });
  const refresh = () =>
    void queryClient.invalidateQueries({ queryKey: ["supply"] });
  if (lines.isPending) return <Loading what="the bouquets" />;
  if (lines.isError) return <Failed error={lines.error} what="this catalog" />;
  const { catalog } = lines.data;
  return (
    <div className="mt-4">
      <p role="status" className="mb-2 text-sm text-sage">
        {catalog.title} (mass market): {n(lines.data.lines.length)} bouquets,
        order number {catalog.orderId}. Prices in dollars a bouquet; an empty
        price is the bouquet's list price.
      </p>
      {lines.data.lines.length === 0 ? (
        <Empty>No bouquets published in this catalog yet.</Empty>
      ) : (
        <TableFrame caption={`Bouquets of ${catalog.title}`}>
          <EditGridHead first="Bouquet" labels={LINE_COLUMNS.map((c) => LINE_LABEL[c])} />
          <tbody>
            {lines.data.lines.map((l, i) => (
              <MmLineRow
                key={`${l.productId}:${l.quantity}:${l.pricePerBouquet}:${l.pricePerBouquetNoBox}`}
                line={l}
                index={i}
                catalogId={catalogId}
                onSaved={refresh}
              />
            ))}
          </tbody>
        </TableFrame>
      )}
      <AddBouquetLine
        catalogId={catalogId}
        offered={new Set(lines.data.lines.map((l) => l.productId))}
        onAdded={refresh}
      />
    </div>
  );
}
