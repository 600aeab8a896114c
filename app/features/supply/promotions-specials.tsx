// The specials section of /Supply/Promotions: the lines on special and the form putting one on special.
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { PromotionSpecialList, SpecialBody } from "../../../contract/promotions.ts";
import { SupplyCatalogList, SupplyLine, SupplyLineList } from "../../../contract/supply.ts";
import { isoDateAt } from "../../../domain/dates.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { api } from "../../lib/api.ts";
import { formErrors, SubmitButton, textOf, useContractBodyForm } from "../../components/ui/form.tsx";
import { Badge, Empty, Failed, Loading } from "../../components/ui/status.tsx";
import { TableFrame, TableHead } from "../../components/ui/table.tsx";
import { TableRows } from "../../components/ui/table-rows.tsx";
import { amount, days, dollars, type Errors, Field, PromoForm, invalid, KEY, Section, TextBox, useRefresh } from "./promotions-parts.tsx";

// ---- specials -----------------------------------------------------------------------------------
export function SpecialsSection() {
  const toast = useToast();
  const refresh = useRefresh();
  const today = isoDateAt();
  const specials = useQuery({
    queryKey: [...KEY, "specials"],
    queryFn: () => api.get("/api/Supply/Promotions/Specials", undefined, PromotionSpecialList),
  });
  const catalogs = useQuery({
    queryKey: [...KEY, "catalogs", today],
    queryFn: () => api.get("/api/Supply/Catalogs", { from: today }, SupplyCatalogList),
  });
  const [f, setF] = useState({
    catalogId: "",
    lineId: "",
    specialPrice: "",
    specialPriceNoPail: "",
  });
  const lines = useQuery({
    queryKey: [...KEY, "lines", f.catalogId],
    queryFn: () => api.get(`/api/Supply/Catalogs/${f.catalogId}/Lines`, undefined, SupplyLineList),
    enabled: f.catalogId !== "",
  });
  // The line is the address's, not the body's: chosen before the prices are checked.
  const [noLine, setNoLine] = useState<Errors>(null);
  const chosen = lines.data?.lines.find((l) => String(l.lineId) === f.lineId);
  // One run of ship days at a time (the first by default): a grower has dozens of specials a day.
  const [run, setRun] = useState("");

  const special = useContractBodyForm(
    SpecialBody,
    (v) => ({ special: true, specialPrice: amount(textOf(v.specialPrice)), specialPriceNoPail: amount(textOf(v.specialPriceNoPail)) }),
    async (body) => {
      const line = await api.put(`/api/Supply/Promotions/Specials/${f.lineId}`, body, undefined, SupplyLine);
      toast(`${line.description} is on special.`);
      const c = catalogs.data?.catalogs.find((x) => String(x.catalogId) === f.catalogId);
      if (c) setRun(`${c.shipDateFrom}|${c.shipDateTo}`);
      setF({ ...f, lineId: "", specialPrice: "", specialPriceNoPail: "" });
      refresh();
    },
  );
  function submit(e: FormEvent<HTMLFormElement>) {
    setNoLine(null);
    if (!f.lineId) {
      e.preventDefault();
      setNoLine({ message: "Choose the line to put on special.", fields: { lineId: "Choose a line" } });
      return;
    }
    special.form.onSubmit(e);
  }

  const errors = noLine ?? special.refused;
  const fe = (k: string) => noLine?.fields[k] ?? special.errorOf(k);
  return (
    <Section
      id="specials"
      title="Specials"
      intro="Offer lines on special, today's and coming catalogs: buyers see them under Specials (their next ship date) and Future specials (later ones) on their dashboard."
    >
      <SpecialsList specials={specials} run={run} setRun={setRun} />

      <PromoForm id="special" formId={special.form.id} onSubmit={submit} margin="mt-4" errors={errors} heading="Put a line on special">
      <Field id="special-catalog" label="Catalog">
        <select id="special-catalog" className="field-input" value={f.catalogId} onChange={(e) => setF({ ...f, catalogId: e.target.value, lineId: "" })}>
          <option value="">Choose a catalog…</option>
          {(catalogs.data?.catalogs ?? [])
            .filter((c) => c.kind === "wholesale")
            .map((c) => (
              <option key={c.catalogId} value={String(c.catalogId)}>
                {days(c.shipDateFrom, c.shipDateTo)} · {c.title}
              </option>
            ))}
        </select>
      </Field>
      <Field
        id="special-line"
        label="Line"
        error={fe("lineId")}
        hint={chosen ? `Standard ${dollars(chosen.price)} by the pail, ${dollars(chosen.priceNoPail)} loose` : undefined}
      >
        <select
          id="special-line"
          className="field-input"
          value={f.lineId}
          disabled={!f.catalogId}
          onChange={(e) => setF({ ...f, lineId: e.target.value })}
          {...invalid("special-line", fe("lineId"), !!chosen)}
        >
          <option value="">{f.catalogId ? (lines.isPending ? "Loading lines…" : "Choose a line…") : "Choose a catalog first"}</option>
          {(lines.data?.lines ?? [])
            .filter((l) => !l.special)
            .map((l) => (
              <option key={l.lineId} value={String(l.lineId)}>
                {l.description} ({l.productId})
              </option>
            ))}
        </select>
      </Field>
      <Field id="special-price" label="Special price by the pail ($)" error={fe("specialPrice") ?? fe("tier1Price")}>
        <TextBox id="special-price" name="specialPrice" inputMode="decimal" value={f.specialPrice} onChange={(v) => setF({ ...f, specialPrice: v })} error={fe("specialPrice") ?? fe("tier1Price")} />
      </Field>
      <Field id="special-price-loose" label="Special price loose ($)" error={fe("specialPriceNoPail") ?? fe("tier1PriceNoPail")}>
        <TextBox id="special-price-loose" name="specialPriceNoPail" inputMode="decimal" value={f.specialPriceNoPail} onChange={(v) => setF({ ...f, specialPriceNoPail: v })} error={fe("specialPriceNoPail") ?? fe("tier1PriceNoPail")} />
      </Field>
      <div className="sm:col-span-2 lg:col-span-4">
        <SubmitButton busy={special.busy}>Put on special</SubmitButton>
      </div>
      </PromoForm>
    </Section>
  );
}

interface SpecialsListProps {
  specials: UseQueryResult<PromotionSpecialList>;
  run: string;
  setRun: (run: string) => void;
}

/** The lines on special, one run of ship days at a time, each with "take off special". */
function SpecialsList({ specials, run, setRun }: SpecialsListProps) {
  const toast = useToast();
  const refresh = useRefresh();
  const runs = [...new Map((specials.data?.specials ?? []).map((s) => [`${s.shipDateFrom}|${s.shipDateTo}`, s])).keys()];
  const shownRun = run === "" ? (runs[0] ?? "") : run;
  const listed = (specials.data?.specials ?? []).filter((s) => shownRun === "all" || `${s.shipDateFrom}|${s.shipDateTo}` === shownRun);
  async function takeOff(lineId: number, description: string) {
    try {
      await api.put(`/api/Supply/Promotions/Specials/${lineId}`, {
        special: false,
      });
      toast(`${description} is no longer on special.`);
      refresh();
    } catch (err) {
      toast(formErrors(err).message, { type: "error" });
    }
  }

  return (
    <>
    {specials.isPending ? (
      <Loading what="specials" />
    ) : specials.isError ? (
      <Failed error={specials.error} what="specials" />
    ) : specials.data.specials.length === 0 ? (
      <Empty>No line is on special for today or later.</Empty>
    ) : (
      <>
        <div className="mb-3 max-w-xs">
          <label className="field-label" htmlFor="special-run">
            Ships
          </label>
          <select id="special-run" className="field-input" value={shownRun} onChange={(e) => setRun(e.target.value)}>
            {runs.map((r) => {
              const [from, to] = r.split("|") as [string, string];
              const n = specials.data.specials.filter((s) => s.shipDateFrom === from && s.shipDateTo === to).length;
              return (
                <option key={r} value={r}>
                  {days(from, to)} ({n} on special)
                </option>
              );
            })}
            <option value="all">Every day ({specials.data.specials.length} on special)</option>
          </select>
        </div>
        <TableFrame caption="Lines on special">
          <TableHead columns={["Product", "Ships", { label: "Standard (pail / loose)", right: true }, { label: "Special (pail / loose)", right: true }, { label: "Free", right: true }, { label: "Actions", hidden: true }]} />
          <TableRows
            rows={listed}
            rowKey={(s) => s.lineId}
            cells={(s) => (
              <>
                <td className="px-3 py-2">
                  <span className="font-semibold">{s.description}</span>
                  <span className="block text-xs text-sage">
                    {s.productId} · {s.catalogTitle}
                    {!s.shown && " · hidden from the store: on no dashboard"}
                  </span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap">{days(s.shipDateFrom, s.shipDateTo)}</td>
                <td className="px-3 py-2 text-right tabular">
                  <span className="line-through decoration-sage">{dollars(s.price)}</span> / {dollars(s.priceNoPail)}
                </td>
                <td className="px-3 py-2 text-right tabular">
                  <strong className="text-petal-dark">{dollars(s.specialPrice)}</strong> / {dollars(s.specialPriceNoPail)}
                  <span className="ml-1">
                    <Badge tone="warn">{s.percentOff}% off</Badge>
                  </span>
                </td>
                <td className="px-3 py-2 text-right tabular">{s.free.toLocaleString("en-US")}</td>
                <td className="px-3 py-2 text-right">
                  <button type="button" className="btn btn-secondary !min-h-9 !py-1 whitespace-nowrap" onClick={() => void takeOff(s.lineId, s.description)}>
                    Take off special
                    <span className="sr-only">
                      : {s.description}, {days(s.shipDateFrom, s.shipDateTo)}
                    </span>
                  </button>
                </td>
              </>
            )}
          />
        </TableFrame>
      </>
    )}
    </>
  );
}
