// Copying a day's supply lines to another day (a new catalog), on /Supply/Availability.
import { TableHead } from "../../components/ui/table.tsx";
import * as Dialog from "@radix-ui/react-dialog";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { CopyBody, CopyResult, SupplyCatalogList, type SupplyLineList } from "../../../contract/supply.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { api, ApiError } from "../../lib/api.ts";
import { shortDate } from "../../lib/format.ts";
import { formErrors, textOf, useContractBodyForm } from "../../components/ui/form.tsx";
import { Badge } from "../../components/ui/status.tsx";
import { Modal, RESULT_TEXT, tone } from "./grid-paste.tsx";
import { plusDays } from "./catalog-parts.tsx";

// ---- "copy this day to …" -----------------------------------------------------------------------
export function CopyDay({ list, onCopied }: { list: SupplyLineList; onCopied: (catalogId: number) => void }) {
  const { catalog } = list;
  const toast = useToast();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState<"date" | "catalog">("date");
  const [date, setDate] = useState(plusDays(catalog.shipDateTo, 7));
  const [toCatalog, setToCatalog] = useState("");
  const [existing, setExisting] = useState<"skip" | "overwrite">("skip");
  const [preview, setPreview] = useState<CopyResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [applying, setApplying] = useState(false);
  const catalogs = useQuery({ queryKey: ["supply", "catalogs", "copy", catalog.shipDateFrom], queryFn: () => api.get("/api/Supply/Catalogs", { from: plusDays(catalog.shipDateFrom, -7) }, SupplyCatalogList), enabled: open });
  // The body the contract checks: the target chosen (its field as typed, no catalog chosen: none) and what to do with lines there.
  const bodyOf = (v: { toShipDate?: unknown; toCatalogId?: unknown }): CopyBody => ({
    ...(target === "date" ? { toShipDate: textOf(v.toShipDate) } : { toCatalogId: textOf(v.toCatalogId) ? Number(v.toCatalogId) : undefined }),
    existing,
  });
  const reset = () => {
    setPreview(null);
    setProblem(null);
  };
  // The preview: the contract's messages on their fields first; the server's refusal above the preview.
  const check = useContractBodyForm(CopyBody, bodyOf, async (body) => {
    reset();
    try {
      setPreview(await api.post(`/api/Supply/Catalogs/${catalog.catalogId}/Copy/Preview`, body, undefined, undefined, CopyResult));
    } catch (err) {
      setProblem(formErrors(err).message);
    }
  });
  const busy = check.busy || applying;
  async function apply() {
    setApplying(true);
    setProblem(null);
    try {
      const done = await api.post(`/api/Supply/Catalogs/${catalog.catalogId}/Copy/Apply`, bodyOf({ toShipDate: date, toCatalogId: toCatalog }), undefined, undefined, CopyResult);
      toast(`Copied ${done.counts.add + done.counts.overwrite} lines to ${done.toCatalog?.title ?? "the new catalog"}.`);
      await queryClient.invalidateQueries({ queryKey: ["supply"] });
      setOpen(false);
      reset();
      if (done.toCatalog) onCopied(done.toCatalog.catalogId);
    } catch (err) {
      const parsed = CopyResult.safeParse(err instanceof ApiError ? err.data : undefined);
      if (parsed.success) setPreview(parsed.data);
      setProblem(formErrors(err).message);
    } finally {
      setApplying(false);
    }
  }
  const dateError = check.errorOf("toShipDate");
  const catalogError = check.errorOf("toCatalogId");
  const writes = preview ? preview.counts.add + preview.counts.overwrite : 0;
  const others = (catalogs.data?.catalogs ?? []).filter((c) => c.kind === "wholesale" && c.catalogId !== catalog.catalogId);
  return (
    <>
      <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
        Copy this day to …
      </button>
      <Modal
        open={open}
        onClose={() => {
          setOpen(false);
          reset();
        }}
        title={`Copy ${catalog.title} to …`}
        description="Copies every line's quantity, prices, tiers and special to another catalog or a new ship date, in one go. Check the preview first: nothing is written until you copy."
      >
        <form id={check.form.id} className="mt-3 space-y-3" onSubmit={check.form.onSubmit} noValidate>
          <fieldset>
            <legend className="field-label">Copy to</legend>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="copy-target" className="h-5 w-5 accent-[var(--color-leaf)]" checked={target === "date"} onChange={() => (setTarget("date"), reset())} />A new catalog for the ship date
            </label>
            <label className="sr-only" htmlFor="copy-date">
              Ship date of the new catalog
            </label>
            <input
              id="copy-date"
              name="toShipDate"
              type="date"
              className="field-input max-w-56"
              value={date}
              disabled={target !== "date"}
              onChange={(e) => (setDate(e.target.value), reset())}
              aria-invalid={dateError ? true : undefined}
              aria-describedby={dateError ? "copy-date-error" : undefined}
            />
            {dateError && (
              <p id="copy-date-error" className="field-error">
                {dateError}
              </p>
            )}
            <label className="mt-2 flex min-h-11 items-center gap-2">
              <input type="radio" name="copy-target" className="h-5 w-5 accent-[var(--color-leaf)]" checked={target === "catalog"} onChange={() => (setTarget("catalog"), reset())} />
              Another catalog
            </label>
            <label className="sr-only" htmlFor="copy-catalog">
              Catalog to copy to
            </label>
            <select
              id="copy-catalog"
              name="toCatalogId"
              className="field-input"
              value={toCatalog}
              disabled={target !== "catalog"}
              onChange={(e) => (setToCatalog(e.target.value), reset())}
              aria-invalid={catalogError ? true : undefined}
              aria-describedby={catalogError ? "copy-catalog-error" : undefined}
            >
              <option value="">Choose a catalog…</option>
              {others.map((c) => (
                <option key={c.catalogId} value={String(c.catalogId)}>
                  {shortDate(c.shipDateFrom)}
                  {c.shipDateTo !== c.shipDateFrom ? `–${shortDate(c.shipDateTo)}` : ""} · {c.title} · {c.lines} lines
                </option>
              ))}
            </select>
            {catalogError && (
              <p id="copy-catalog-error" className="field-error">
                {catalogError}
              </p>
            )}
          </fieldset>
          <fieldset>
            <legend className="field-label">Products the target already offers</legend>
            {(
              [
                ["skip", "Skip them: leave their quantity and prices as they are"],
                ["overwrite", "Overwrite them with this day's quantity and prices (never below what is sold plus held there)"],
              ] as const
            ).map(([value, text]) => (
              <label key={value} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="copy-existing" className="h-5 w-5 shrink-0 accent-[var(--color-leaf)]" checked={existing === value} onChange={() => (setExisting(value), reset())} />
                {text}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="btn btn-secondary" disabled={busy}>
            {busy && !preview ? "Checking…" : "Preview the copy"}
          </button>
        </form>
        {problem && (
          <p role="alert" className="mt-3 rounded-lg bg-petal-light px-3 py-2">
            {problem}
          </p>
        )}
        {preview && (
          <div className="mt-3 space-y-3">
            <p role="status">
              To {preview.toCatalog ? preview.toCatalog.title : `a new catalog for ${shortDate(preview.toShipDateFrom)}`}: {preview.counts.add} new · {preview.counts.overwrite} overwritten · {preview.counts.unchanged} unchanged ·{" "}
              {preview.counts.skip} skipped · {preview.counts.refuse} refused
            </p>
            <div className="max-h-[40vh] overflow-auto rounded-xl border border-line" tabIndex={0} role="region" aria-label="Lines of the copy">
              <table className="w-full text-sm">
                <caption className="sr-only">Lines of the copy</caption>
                <TableHead bordered={false} columns={["Product", "Result", { label: "There now", right: true }, { label: "After", right: true }]} />
                <tbody>
                  {preview.rows.slice(0, 300).map((r) => (
                    <tr key={r.productId} className="border-t border-line align-top">
                      <th scope="row" className="px-3 py-2 text-left font-normal">
                        {r.description}
                        {r.reasons.map((m) => (
                          <span key={m} className="block text-xs">
                            {m}
                          </span>
                        ))}
                      </th>
                      <td className="px-3 py-2">
                        <Badge tone={tone(r.action)}>{RESULT_TEXT[r.action]}</Badge>
                      </td>
                      <td className="px-3 py-2 text-right tabular">{r.before ?? "—"}</td>
                      <td className="px-3 py-2 text-right tabular">{r.after ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <button type="button" className="btn btn-primary" disabled={busy || preview.counts.refuse > 0 || writes === 0} onClick={() => void apply()}>
              {preview.counts.refuse > 0 ? "Some lines are refused: nothing can be copied" : `Copy ${writes} line${writes === 1 ? "" : "s"}`}
            </button>
          </div>
        )}
        <div className="mt-3 border-t border-line pt-3">
          <Dialog.Close className="btn btn-secondary">Close</Dialog.Close>
        </div>
      </Modal>
    </>
  );
}
