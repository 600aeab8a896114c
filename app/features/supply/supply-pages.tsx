// The supply desk's screens (issue 25; docs/domain-supply.md): /Supply, /Supply/Products,
// /Supply/Products/{productId}, /Supply/Availability and /Supply/Availability/Upload. Staff only
// (domain/access.ts); the server checks every call itself. Every state worth keeping (the chosen
// catalog) is in the address, so a reload shows the same screen.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { SupplyProduct, SupplyProductList, UPLOAD_COLUMNS, UPLOAD_MAX_BYTES, UploadResult } from "../../../contract/supply.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { MmCatalogLines } from "./mm-catalog-lines.tsx";
import { api, ApiError } from "../../lib/api.ts";
import { CopyDay } from "./copy-day.tsx";
import { SupplyGrid } from "./grid.tsx";
import { fetchSupplyLines } from "./grid-lines.ts";
import { formErrors } from "../../components/ui/form.tsx";
import { BackLink, StaffPage, Tiles } from "../../components/ui/page.tsx";
import { Badge, Empty, Failed, Loading } from "../../components/ui/status.tsx";
import { TableFrame, TableHead } from "../../components/ui/table.tsx";
import { FilePick } from "../../components/ui/file-pick.tsx";
import { AddLine, CatalogPicker, NewCatalog } from "./catalog-parts.tsx";
import { NewPanel, useSearchWords } from "./list-parts.tsx";
import { EMPTY_PRODUCT, productBody, productForm, ProductFormView } from "./product-form.tsx";

const n = (v: number) => v.toLocaleString("en-US");

// ---- /Supply ------------------------------------------------------------------------------------
const TILES = [
  { to: "/Supply/Products", title: "Products", text: "Create, edit and retire the wholesale products: variety, colour, grade, stem length and packing." },
  { to: "/Supply/Availability", title: "Availability", text: "Catalogs for a run of ship dates and their lines: quantities, prices and tiers, with sold, held and free." },
  { to: "/Supply/Availability/Upload", title: "Fresh-list upload", text: "Upload the day's CSV or XLSX, check every row, then apply it in one go (set or add)." },
  { to: "/Supply/Promotions", title: "Prices and promotions", text: "Specials and future specials, combo specials and blitz vouchers, and what a customer's dashboard shows." },
  { to: "/Supply/Bouquets", title: "Bouquets", text: "Create, edit and retire the mass-market bouquets: picture, pack size, box, prices boxed and not." },
  { to: "/Supply/Packages", title: "Packages", text: "Box types and the RFLP1 pail fee: type, size and price." },
  { to: "/Supply/Calendar", title: "Calendar", text: "Closed days and holidays per store, customers' ship days and cut-offs, retailers' pickup days." },
];

export function SupplyOverview() {
  return (
    <StaffPage title="Supply" intro="What the farm has, at what price, for which days and for whom. A quantity is never set below what is already sold plus held in carts.">
      <Tiles tiles={TILES} />
    </StaffPage>
  );
}

export function ProductsScreen() {
  const toast = useToast();
  const navigate = useNavigate();
  const { q, box } = useSearchWords();
  const query = useQuery({ queryKey: ["supply", "products", q], queryFn: () => api.get("/api/Supply/Products", q ? { q } : undefined, SupplyProductList) });
  return (
    <StaffPage title="Products" intro="The wholesale products. One that was ever ordered is retired, never deleted.">
      <NewPanel title="New product">
        <ProductFormView
          initial={EMPTY_PRODUCT}
          isNew
          submitLabel="Create product"
          onSubmit={async (f) => {
            const p = await api.post("/api/Supply/Products", { productId: f.productId, ...productBody(f) }, undefined, undefined, SupplyProduct);
            toast(`${p.description} was created.`);
            navigate(`/Supply/Products/${encodeURIComponent(p.productId)}`);
          }}
        />
      </NewPanel>
      {box("product-search", "Search code or description")}
      {query.isPending ? (
        <Loading what="products" />
      ) : query.isError ? (
        <Failed error={query.error} what="products" />
      ) : query.data.products.length === 0 ? (
        <Empty>No products{q ? ` match “${q}”` : " yet: create the first one above"}.</Empty>
      ) : (
        <TableFrame caption="Products">
          <TableHead columns={["Code", "Description", "Category", { label: "Ever ordered", right: true }, "Status"]} />
          <tbody>
            {query.data.products.map((p) => (
              <tr key={p.productId} className="border-b border-line last:border-0">
                <td className="px-3 py-2 font-mono text-xs">
                  <Link to={`/Supply/Products/${encodeURIComponent(p.productId)}`}>{p.productId}</Link>
                </td>
                <td className="px-3 py-2">
                  <span aria-hidden="true" className="mr-2 inline-block h-3 w-3 rounded-full border border-line align-middle" style={{ background: p.colourHex }} />
                  {p.description}
                </td>
                <td className="px-3 py-2">{p.category}</td>
                <td className="px-3 py-2 text-right tabular">{n(p.ordered)}</td>
                <td className="px-3 py-2">{p.active ? <Badge tone="good">On sale</Badge> : <Badge tone="muted">Retired</Badge>}</td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </StaffPage>
  );
}

export function ProductScreen({ productId }: { productId: string }) {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const key = ["supply", "product", productId];
  const query = useQuery({ queryKey: key, queryFn: () => api.get(`/api/Supply/Products/${encodeURIComponent(productId)}`, undefined, SupplyProduct) });
  const [problem, setProblem] = useState<string | null>(null);
  if (query.isPending) return <Loading what="the product" />;
  if (query.isError)
    return (
      <StaffPage title="Product">
        <Failed error={query.error} what={query.error instanceof ApiError && query.error.status === 404 ? "this product: it does not exist" : "this product"} />
      </StaffPage>
    );
  const p = query.data;
  const save = async (body: object, message: string) => {
    setProblem(null);
    const fresh = await api.put(`/api/Supply/Products/${encodeURIComponent(productId)}`, body, undefined, SupplyProduct);
    queryClient.setQueryData(key, fresh);
    void queryClient.invalidateQueries({ queryKey: ["supply", "products"] });
    toast(message);
  };
  return (
    <StaffPage title={p.description} intro={`${p.productId} · ${p.active ? "on sale" : "retired"} · ${n(p.ordered)} bunches ever ordered · on ${p.offerLines} offer lines`}>
      <p className="mb-3">
        <BackLink to="/Supply/Products">All products</BackLink>
      </p>
      <ProductFormView
        key={JSON.stringify(p)}
        isNew={false}
        initial={productForm(p)}
        submitLabel="Save changes"
        onSubmit={(f) => save(productBody(f), "Saved.")}
      />
      <div className="mt-4 flex flex-wrap gap-2 rounded-2xl border border-line bg-white p-5">
        {problem && (
          <p role="alert" className="w-full rounded-lg bg-petal-light px-3 py-2">
            {problem}
          </p>
        )}
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void save({ active: !p.active }, p.active ? `${p.description} is retired.` : `${p.description} is on sale again.`).catch((e) => setProblem(formErrors(e).message))}
        >
          {p.active ? "Retire" : "Bring back"}
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() =>
            void api
              .del(`/api/Supply/Products/${encodeURIComponent(productId)}`)
              .then(() => {
                toast(`${p.description} was deleted.`);
                void queryClient.invalidateQueries({ queryKey: ["supply", "products"] });
                navigate("/Supply/Products");
              })
              .catch((e) => setProblem(formErrors(e).message))
          }
        >
          Delete
        </button>
      </div>
    </StaffPage>
  );
}

export function AvailabilityScreen() {
  const [params, setParams] = useSearchParams();
  const catalog = params.get("catalog") ?? "";
  const queryClient = useQueryClient();
  const key = ["supply", "lines", catalog];
  const lines = useQuery({ queryKey: key, queryFn: () => fetchSupplyLines(catalog), enabled: /^\d+$/.test(catalog) });
  const choose = (id: string) => setParams(id ? { catalog: id } : {}, { replace: true });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ["supply"] });
  return (
    <StaffPage
      title="Availability"
      intro="A catalog's lines with what is sold, held in carts and free. Type a quantity or price and press Enter to save the row; arrow keys move between cells, Escape puts a cell back, and a block pasted from a spreadsheet fills the cells from the one you are in. A quantity below sold + held is refused."
      actions={
        <Link className="btn btn-secondary" to={`/Supply/Availability/Upload${catalog ? `?catalog=${catalog}` : ""}`}>
          Upload a fresh list
        </Link>
      }
    >
      <CatalogPicker value={catalog} onChange={choose} />
      <NewCatalog onCreated={(id) => choose(String(id))} />
      {catalog &&
        (lines.isPending ? (
          <Loading what="the lines" />
        ) : lines.isError ? (
          <Failed error={lines.error} what="this catalog" />
        ) : lines.data.catalog.kind === "massMarket" ? (
          <MmCatalogLines catalogId={lines.data.catalog.catalogId} />
        ) : (
          <div className="mt-4">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <p role="status" className="text-sm text-sage">
                {lines.data.catalog.title}: {n(lines.data.lines.length)} lines, order number {lines.data.catalog.orderId}. Prices in dollars a bunch.
              </p>
              <div className="flex flex-wrap gap-2">
                {lines.data.lines.length > 0 && <CopyDay list={lines.data} onCopied={(id) => choose(String(id))} />}
                <a className="btn btn-secondary" href={`/api/Supply/Catalogs/${lines.data.catalog.catalogId}/Lines.xlsx`} download>
                  Download as XLSX
                </a>
                <a className="btn btn-secondary" href={`/api/Supply/Catalogs/${lines.data.catalog.catalogId}/Lines.csv`} download>
                  CSV
                </a>
              </div>
            </div>
            {lines.data.lines.length === 0 ? (
              <Empty>Nothing published in this catalog yet.</Empty>
            ) : (
              <SupplyGrid list={lines.data} />
            )}
            <AddLine catalogId={lines.data.catalog.catalogId} onAdded={refresh} />
          </div>
        ))}
    </StaffPage>
  );
}

// ---- upload -------------------------------------------------------------------------------------

/** A file's bytes as base64, in slices (a 2 MB file at once would overflow the call stack). */
function toBase64(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 0x8000) out += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(out);
}

const ACTION_TEXT: Record<UploadResult["rows"][number]["action"], string> = { add: "New line", change: "Change", unchanged: "Unchanged", refuse: "Refused" };

export function UploadScreen() {
  const [params, setParams] = useSearchParams();
  // The catalog chosen is the page's own state, written to the address as well: the address's new value
  // only reads back once its navigation is over, and a file chosen straight after the catalog must be
  // checked against it, not against no catalog.
  const [catalog, setCatalog] = useState(() => params.get("catalog") ?? "");
  // A new address (back, a link) is the catalog chosen.
  const addressed = params.get("catalog") ?? "";
  const [lastAddressed, setLastAddressed] = useState(addressed);
  if (addressed !== lastAddressed) {
    setLastAddressed(addressed);
    setCatalog(addressed);
  }
  const toast = useToast();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<"set" | "add">("set");
  const [file, setFile] = useState<{ name: string; body: { csv: string } | { xlsx: string } } | null>(null);
  const [preview, setPreview] = useState<UploadResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function check(fileBody: { csv: string } | { xlsx: string }, m: "set" | "add", catalogId = catalog) {
    setPreview(null);
    setProblem(null);
    if (!catalogId) return setProblem("Choose a catalog first.");
    setBusy(true);
    try {
      setPreview(await api.post(`/api/Supply/Catalogs/${catalogId}/Upload/Preview`, { mode: m, ...fileBody }, undefined, undefined, UploadResult));
    } catch (err) {
      setProblem(formErrors(err).message);
    } finally {
      setBusy(false);
    }
  }
  async function choose(f: File | undefined) {
    setFile(null);
    setPreview(null);
    setProblem(null);
    if (!f) return;
    if (f.size > UPLOAD_MAX_BYTES) return setProblem(`The file is too large: at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.`);
    const isXlsx = /\.xlsx$/i.test(f.name) || f.type === "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
    const fileBody = isXlsx ? { xlsx: toBase64(new Uint8Array(await f.arrayBuffer())) } : { csv: await f.text() };
    setFile({ name: f.name, body: fileBody });
    await check(fileBody, mode);
  }
  async function apply() {
    if (!file || !catalog) return;
    setBusy(true);
    setProblem(null);
    try {
      const done = await api.post(`/api/Supply/Catalogs/${catalog}/Upload/Apply`, { mode, ...file.body }, undefined, undefined, UploadResult);
      setPreview(done);
      toast(`Applied: ${done.counts.add} new lines, ${done.counts.change} changed.`);
      void queryClient.invalidateQueries({ queryKey: ["supply"] });
    } catch (err) {
      const data = err instanceof ApiError ? err.data : undefined;
      const parsed = UploadResult.safeParse(data);
      if (parsed.success) setPreview(parsed.data);
      setProblem(formErrors(err).message);
    } finally {
      setBusy(false);
    }
  }
  const rows = preview ? preview.rows.slice(0, 500) : [];
  return (
    <StaffPage title="Fresh-list upload" intro="Upload the day's fresh list (CSV or XLSX) for a catalog. Every row is checked and shown before anything is written; applying writes every row or none.">
      <p className="mb-3">
        <BackLink to={`/Supply/Availability${catalog ? `?catalog=${catalog}` : ""}`}>Availability</BackLink>
      </p>
      <div className="space-y-4 rounded-2xl border border-line bg-white p-5">
        <CatalogPicker
          wholesaleOnly
          value={catalog}
          onChange={(id) => {
            setCatalog(id);
            setParams(id ? { catalog: id } : {}, { replace: true });
            setPreview(null);
            setProblem(null);
            if (file) void check(file.body, mode, id);
          }}
        />
        <fieldset>
          <legend className="field-label">Mode</legend>
          <div className="flex flex-wrap gap-4">
            {(
              [
                ["set", "Set: the file's quantity replaces what is on offer (never below sold + held)"],
                ["add", "Add: the file's quantity is added to what is on offer"],
              ] as const
            ).map(([m, text]) => (
              <label key={m} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="mode"
                  value={m}
                  checked={mode === m}
                  className="h-5 w-5 accent-[var(--color-leaf)]"
                  onChange={() => {
                    setMode(m);
                    if (file) void check(file.body, m);
                  }}
                />
                {text}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="text-sm">
          Columns (header row first): <code className="break-words">{UPLOAD_COLUMNS.join(", ")}</code>. product and quantity are required; a new line also needs price and priceNoPail. Amounts may be
          written 1,200 or $14.50; dates 2026-12-02 or 12/2/2026, or date cells of the sheet. Download a sample:{" "}
          <a href="/api/Supply/Upload/Sample.xlsx" className="underline">
            XLSX
          </a>{" "}
          or{" "}
          <a href="/api/Supply/Upload/Sample" className="underline">
            CSV
          </a>
          .
        </p>
        <FilePick
          id="upload-file"
          label={`CSV file (UTF-8) or XLSX workbook, at most ${UPLOAD_MAX_BYTES / 1024 / 1024} MB`}
          accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          busy={busy}
          problem={problem}
          onChoose={(f) => void choose(f)}
        />
      </div>
      {preview && (
        <div className="mt-4 space-y-3">
          <div role="status" className="rounded-2xl border border-line bg-white p-4">
            <p className="font-serif text-xl">{preview.applied ? "Applied" : `Preview of ${file?.name ?? "the file"}: nothing is written yet`}</p>
            <p className="mt-1">
              {preview.counts.add} new · {preview.counts.change} to change · {preview.counts.unchanged} unchanged · {preview.counts.refuse} refused
            </p>
          </div>
          {!preview.applied && (
            <button type="button" className="btn btn-primary" disabled={busy || preview.counts.refuse > 0 || preview.counts.add + preview.counts.change === 0} onClick={() => void apply()}>
              {preview.counts.refuse > 0 ? "Correct the refused rows first" : `Apply ${preview.counts.add + preview.counts.change} rows`}
            </button>
          )}
          <TableFrame caption="Rows of the file">
            <TableHead columns={["Line", "Product", "Result", { label: "Before", right: true }, { label: "After", right: true }, { label: "Sold", right: true }, { label: "Held", right: true }, "Why refused"]} />
            <tbody>
              {rows.map((r) => (
                <tr key={r.line} className="border-b border-line align-top last:border-0">
                  <td className="px-3 py-2 tabular">{r.line}</td>
                  <td className="px-3 py-2">
                    {r.description}
                    <span className="block font-mono text-xs text-sage">{r.productId}</span>
                  </td>
                  <td className="px-3 py-2">
                    <Badge tone={r.action === "refuse" ? "warn" : r.action === "unchanged" ? "muted" : "good"}>{ACTION_TEXT[r.action]}</Badge>
                  </td>
                  <td className="px-3 py-2 text-right tabular">{r.before ?? "—"}</td>
                  <td className="px-3 py-2 text-right tabular">{r.after ?? "—"}</td>
                  <td className="px-3 py-2 text-right tabular">{r.sold}</td>
                  <td className="px-3 py-2 text-right tabular">{r.held}</td>
                  <td className="px-3 py-2">
                    {r.reasons.map((m) => (
                      <span key={m} className="block">
                        {m}
                      </span>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
          {preview.rows.length > rows.length && <p className="text-sm text-sage">The first 500 rows are shown.</p>}
        </div>
      )}
    </StaffPage>
  );
}
