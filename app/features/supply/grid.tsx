// The availability grid of the supply desk (issue 25 item 2, issue 30: docs/domain-supply.md). A
// table of the catalog's lines whose quantity, prices and tiers are edited in place, like a sheet:
// arrows move between cells (left/right at the edge of the text), Enter saves the row and moves
// down, Escape puts the cell back, Tab goes on as usual. A block pasted from a spreadsheet fills the
// cells from the focused one, shows what changes and what the server would refuse, then saves every
// line in one request through the fresh-list upload (all or nothing, never below sold + held).
// Windowed (@tanstack/react-virtual, window scroll): only the rows near the screen are in the page,
// each row one fixed height, so 5,000 lines lay out as fast as 50.
import * as Dialog from "@radix-ui/react-dialog";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type ClipboardEvent, type FormEvent, type KeyboardEvent, type ReactNode } from "react";
import { CopyResult, SupplyCatalogList, UploadResult, type SupplyLine, type SupplyLineList } from "../../../contract/supply.ts";
import { useToast } from "../../components/ui/toast.tsx";
import { api, ApiError } from "../../lib/api.ts";
import { shortDate } from "../../lib/format.ts";
import { formErrors } from "../../components/ui/form.tsx";
import { Badge } from "../../components/ui/status.tsx";
import { TableFrame } from "../../components/ui/table.tsx";
import { gridCsv, isBlock, parseClipboard, placeBlock } from "./paste.ts";

const n = (v: number) => v.toLocaleString("en-US");

export const EDIT_COLUMNS = ["quantity", "price", "priceNoPail", "tier1Quantity", "tier1Price", "tier2Quantity", "tier2Price"] as const;
export type EditColumn = (typeof EDIT_COLUMNS)[number];
export const COLUMN_LABEL: Record<EditColumn, string> = {
  quantity: "Quantity",
  price: "Price (pail)",
  priceNoPail: "Price (loose)",
  tier1Quantity: "Tier 1 from",
  tier1Price: "Tier 1 price",
  tier2Quantity: "Tier 2 from",
  tier2Price: "Tier 2 price",
};
const isCount = (c: EditColumn) => c === "quantity" || c.endsWith("Quantity");
/** A cell's value as the grid shows it. */
export const shown = (line: SupplyLine, c: EditColumn) => (line[c] === null ? "" : isCount(c) ? String(line[c]) : Number(line[c]).toFixed(2));

/** Every row is this tall (px): the window needs no measuring while it scrolls. */
const ROW_HEIGHT = 53;
/** Catalogs of more lines than this are windowed. */
const WINDOW_FROM = 400;
type Edits = Record<number, Partial<Record<EditColumn, string>>>;

const useIsoLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

interface RowProps {
  line: SupplyLine;
  index: number;
  edit: Partial<Record<EditColumn, string>> | undefined;
  problem: string | undefined;
  busy: boolean;
  onChange: (lineId: number, c: EditColumn, value: string) => void;
  onSave: (index: number) => void;
}

const GridRow = memo(function GridRow({ line, index, edit, problem, busy, onChange, onSave }: RowProps) {
  const dirty = !!edit && EDIT_COLUMNS.some((c) => edit[c] !== undefined && edit[c] !== shown(line, c));
  return (
    <tr className={`border-b border-line ${problem ? "bg-petal-light/60" : ""}`} style={{ height: ROW_HEIGHT }} data-index={index}>
      <th scope="row" className="max-w-72 px-3 py-1 text-left font-normal">
        <span className="block truncate" title={line.description}>
          {line.description}
        </span>
        <span className="block truncate font-mono text-xs text-sage">
          {line.productId}
          {!line.productActive && " · retired"}
        </span>
      </th>
      <td className="px-3 py-1 text-right tabular">{n(line.sold)}</td>
      <td className="px-3 py-1 text-right tabular">{n(line.held)}</td>
      <td className="px-3 py-1 text-right tabular font-semibold">{line.quantity === null ? "—" : n(line.free)}</td>
      {EDIT_COLUMNS.map((c) => {
        const value = edit?.[c] ?? shown(line, c);
        const changed = value !== shown(line, c);
        return (
          <td key={c} className="px-1 py-1">
            <input
              className={`field-input !min-h-9 w-24 !px-2 !py-1 text-right tabular ${changed ? "!border-leaf !bg-[#fff8e6] font-semibold" : ""}`}
              inputMode={isCount(c) ? "numeric" : "decimal"}
              aria-label={`${COLUMN_LABEL[c]}, ${line.description}`}
              aria-invalid={problem ? true : undefined}
              data-row={index}
              data-col={c}
              value={value}
              onChange={(e) => onChange(line.lineId, c, e.target.value)}
            />
          </td>
        );
      })}
      <td className="px-2 py-1">
        <button type="button" className="btn btn-secondary !min-h-9 !py-1" disabled={!dirty || busy} onClick={() => onSave(index)} aria-label={`Save ${line.description}`}>
          {busy ? "Saving…" : "Save"}
        </button>
      </td>
      <td className="max-w-64 px-3 py-1 text-xs">
        <span className="block truncate" title={line.buyers.map((b) => `${b.companyName} (${b.quantity}, #${b.orderNumber})`).join("; ")}>
          {line.buyers.length ? line.buyers.map((b) => `${b.companyName} (${b.quantity}, #${b.orderNumber})`).join("; ") : "—"}
        </span>
      </td>
    </tr>
  );
});

interface PasteState {
  /** The edits before the paste (Cancel puts them back). */
  before: Edits;
  size: { rows: number; cols: number };
  outside: number;
  changes: { line: SupplyLine; cells: { c: EditColumn; from: string; to: string }[] }[];
  csv: string;
}

export function SupplyGrid({ list }: { list: SupplyLineList }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { lines, catalog } = list;
  const key = ["supply", "lines", String(catalog.catalogId)];
  const [edits, setEdits] = useState<Edits>({});
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState<Record<number, boolean>>({});
  const [paste, setPaste] = useState<PasteState | null>(null);
  const state = useRef({ lines, edits });
  state.current = { lines, edits };

  // ---- the window
  const body = useRef<HTMLTableSectionElement>(null);
  const [margin, setMargin] = useState(0);
  useIsoLayoutEffect(() => {
    const measure = () => {
      const el = body.current;
      if (el) setMargin(Math.round(el.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(document.body);
    return () => ro.disconnect();
  }, []);
  const v = useWindowVirtualizer({ count: lines.length, estimateSize: () => ROW_HEIGHT, overscan: 10, scrollMargin: margin, getItemKey: (i) => lines[i]!.lineId, useFlushSync: false });
  // A catalog of a few hundred lines is all in the page (every row findable, as before); a long one is windowed.
  const windowed = lines.length > WINDOW_FROM;
  const items = windowed ? v.getVirtualItems() : lines.map((_, index) => ({ index, start: 0, end: 0 }));
  const padTop = windowed && items.length ? items[0]!.start - margin : 0;
  const padBottom = windowed && items.length ? v.getTotalSize() - (items[items.length - 1]!.end - margin) : 0;

  // ---- focus: a cell out of the window is scrolled to, then focused once it is rendered
  const pending = useRef<{ row: number; col: EditColumn } | null>(null);
  const focusCell = useCallback(
    (row: number, col: EditColumn) => {
      const el = document.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${col}"]`);
      if (el) {
        pending.current = null;
        el.focus();
        el.select();
        return;
      }
      pending.current = { row, col };
      v.scrollToIndex(row, { align: "auto" });
    },
    [v],
  );
  useEffect(() => {
    if (pending.current) {
      const { row, col } = pending.current;
      const el = document.querySelector<HTMLInputElement>(`input[data-row="${row}"][data-col="${col}"]`);
      if (el) {
        pending.current = null;
        el.focus();
        el.select();
      }
    }
  });

  const onChange = useCallback((lineId: number, c: EditColumn, value: string) => {
    setEdits((e) => ({ ...e, [lineId]: { ...e[lineId], [c]: value } }));
  }, []);

  const replaceLine = useCallback(
    (fresh: SupplyLine) => {
      queryClient.setQueryData<SupplyLineList>(key, (old) => (old ? { ...old, lines: old.lines.map((l) => (l.lineId === fresh.lineId ? fresh : l)) } : old));
      setEdits((e) => {
        const next = { ...e };
        delete next[fresh.lineId];
        return next;
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, catalog.catalogId],
  );

  const onSave = useCallback(
    async (index: number) => {
      const line = state.current.lines[index];
      const edit = line && state.current.edits[line.lineId];
      if (!line || !edit) return;
      const body: Record<string, number> = {};
      for (const c of EDIT_COLUMNS) if (edit[c] !== undefined && edit[c] !== shown(line, c)) body[c] = Number(edit[c]!.replace(/[,$\s]/g, ""));
      if (!Object.keys(body).length) return;
      setBusy((b) => ({ ...b, [line.lineId]: true }));
      setProblems((p) => {
        const next = { ...p };
        delete next[line.lineId];
        return next;
      });
      try {
        replaceLine(await api.put<SupplyLine>(`/api/Supply/Catalogs/${catalog.catalogId}/Lines/${line.lineId}`, { ...body, ...(body.quantity !== undefined ? { mode: "set" } : {}) }));
      } catch (err) {
        const m = formErrors(err).message;
        setProblems((p) => ({ ...p, [line.lineId]: `${line.description}: ${m}` }));
      } finally {
        setBusy((b) => ({ ...b, [line.lineId]: false }));
      }
    },
    [catalog.catalogId, replaceLine],
  );
  const save = useCallback((index: number) => void onSave(index), [onSave]);

  function onKeyDown(e: KeyboardEvent<HTMLTableSectionElement>) {
    const input = e.target;
    if (!(input instanceof HTMLInputElement) || !input.dataset.col) return;
    const row = Number(input.dataset.row);
    const col = EDIT_COLUMNS.indexOf(input.dataset.col as EditColumn);
    const line = lines[row];
    if (!line || col < 0) return;
    const at = (r: number, c: number) => {
      if (r < 0 || r >= lines.length || c < 0 || c >= EDIT_COLUMNS.length) return;
      e.preventDefault();
      focusCell(r, EDIT_COLUMNS[c]!);
    };
    const start = input.selectionStart ?? 0;
    const end = input.selectionEnd ?? input.value.length;
    switch (e.key) {
      case "Enter":
        e.preventDefault();
        save(row);
        at(row + 1, col);
        break;
      case "Escape": {
        const c = EDIT_COLUMNS[col]!;
        if (edits[line.lineId]?.[c] !== undefined) {
          e.preventDefault();
          onChange(line.lineId, c, shown(line, c));
          requestAnimationFrame(() => input.select());
        }
        break;
      }
      case "ArrowUp":
        at(row - 1, col);
        break;
      case "ArrowDown":
        at(row + 1, col);
        break;
      case "ArrowLeft":
        if (start === 0 && (end === 0 || end === input.value.length)) at(row, col - 1);
        break;
      case "ArrowRight":
        if (end === input.value.length && (start === end || start === 0)) at(row, col + 1);
        break;
    }
  }

  function onPaste(e: ClipboardEvent<HTMLTableSectionElement>) {
    const input = e.target;
    if (!(input instanceof HTMLInputElement) || !input.dataset.col) return;
    const text = e.clipboardData.getData("text/plain");
    if (!isBlock(text)) return;
    e.preventDefault();
    const block = parseClipboard(text);
    const placed = placeBlock(block, { row: Number(input.dataset.row), col: EDIT_COLUMNS.indexOf(input.dataset.col as EditColumn) }, { rows: lines.length, cols: EDIT_COLUMNS.length });
    const next: Edits = { ...edits };
    const touched = new Map<number, Set<EditColumn>>();
    for (const cell of placed.cells) {
      const line = lines[cell.row]!;
      const c = EDIT_COLUMNS[cell.col]!;
      next[line.lineId] = { ...next[line.lineId], [c]: cell.value };
      touched.set(cell.row, (touched.get(cell.row) ?? new Set()).add(c));
    }
    const changes: PasteState["changes"] = [];
    const columns = new Set<EditColumn>(["quantity"]);
    const rows: { product: string; values: Record<string, string> }[] = [];
    for (const [row, cols] of [...touched.entries()].sort((a, b) => a[0] - b[0])) {
      const line = lines[row]!;
      const cells = [...cols].filter((c) => next[line.lineId]![c] !== shown(line, c)).map((c) => ({ c, from: shown(line, c), to: next[line.lineId]![c]! }));
      if (!cells.length) continue;
      changes.push({ line, cells });
      const values: Record<string, string> = { quantity: next[line.lineId]!.quantity ?? shown(line, "quantity") };
      for (const { c, to } of cells) {
        values[c] = to;
        columns.add(c);
      }
      rows.push({ product: line.productId, values });
    }
    setEdits(next);
    const order = EDIT_COLUMNS.filter((c) => columns.has(c));
    setPaste({ before: edits, size: { rows: block.length, cols: Math.max(0, ...block.map((r) => r.length)) }, outside: placed.outside, changes, csv: gridCsv(order, rows) });
  }

  const problemList = Object.values(problems);
  return (
    <>
      {problemList.length > 0 && (
        <div role="alert" className="mb-2 rounded-lg bg-petal-light px-3 py-2">
          {problemList.map((m) => (
            <p key={m}>{m}</p>
          ))}
        </div>
      )}
      <TableFrame caption={`Lines of ${catalog.title}`}>
        <thead className="border-b border-line bg-mist text-left">
          <tr>
            <th scope="col" className="min-w-48 px-3 py-2">Product</th>
            <th scope="col" className="px-3 py-2 text-right">Sold</th>
            <th scope="col" className="px-3 py-2 text-right">Held</th>
            <th scope="col" className="px-3 py-2 text-right">Free</th>
            {EDIT_COLUMNS.map((c) => (
              <th key={c} scope="col" className="px-1 py-2 text-right">
                {COLUMN_LABEL[c]}
              </th>
            ))}
            <th scope="col" className="px-2 py-2">
              <span className="sr-only">Save</span>
            </th>
            <th scope="col" className="min-w-40 px-3 py-2">Bought by</th>
          </tr>
        </thead>
        <tbody ref={body} onKeyDown={onKeyDown} onPaste={onPaste}>
          {padTop > 0 && (
            <tr aria-hidden="true">
              <td colSpan={EDIT_COLUMNS.length + 6} style={{ height: padTop, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const line = lines[item.index]!;
            return <GridRow key={line.lineId} line={line} index={item.index} edit={edits[line.lineId]} problem={problems[line.lineId]} busy={!!busy[line.lineId]} onChange={onChange} onSave={save} />;
          })}
          {padBottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={EDIT_COLUMNS.length + 6} style={{ height: padBottom, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </TableFrame>
      <PasteDialog
        paste={paste}
        catalogId={catalog.catalogId}
        onCancel={() => {
          if (paste) setEdits(paste.before);
          setPaste(null);
        }}
        onSaved={(count) => {
          const done = paste;
          setPaste(null);
          if (done) {
            setEdits(() => {
              const next = { ...done.before };
              for (const ch of done.changes) delete next[ch.line.lineId];
              return next;
            });
          }
          toast(`Saved ${count} line${count === 1 ? "" : "s"} from the paste.`);
          void queryClient.invalidateQueries({ queryKey: ["supply"] });
        }}
      />
    </>
  );
}

// ---- the paste's preview ------------------------------------------------------------------------

function Modal({ open, onClose, title, description, children }: { open: boolean; onClose: () => void; title: string; description: ReactNode; children: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/45" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(96vw,760px)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 text-ink shadow-2xl">
          <Dialog.Title className="text-xl">{title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-sage">{description}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const RESULT_TEXT = { add: "New line", change: "Changes", unchanged: "Unchanged", refuse: "Refused", overwrite: "Overwrites", skip: "Skipped" } as const;
const tone = (a: keyof typeof RESULT_TEXT) => (a === "refuse" ? "warn" : a === "unchanged" || a === "skip" ? "muted" : "good");

function PasteDialog({ paste, catalogId, onCancel, onSaved }: { paste: PasteState | null; catalogId: number; onCancel: () => void; onSaved: (count: number) => void }) {
  const [verdict, setVerdict] = useState<UploadResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setVerdict(null);
    setProblem(null);
    if (!paste || !paste.changes.length) return;
    let live = true;
    api
      .post(`/api/Supply/Catalogs/${catalogId}/Upload/Preview`, { mode: "set", csv: paste.csv }, undefined, undefined, UploadResult)
      .then((r) => live && setVerdict(r))
      .catch((err) => live && setProblem(formErrors(err).message));
    return () => {
      live = false;
    };
  }, [paste, catalogId]);
  async function apply() {
    if (!paste) return;
    setBusy(true);
    setProblem(null);
    try {
      const done = await api.post(`/api/Supply/Catalogs/${catalogId}/Upload/Apply`, { mode: "set", csv: paste.csv }, undefined, undefined, UploadResult);
      onSaved(done.counts.change + done.counts.add);
    } catch (err) {
      const parsed = UploadResult.safeParse(err instanceof ApiError ? err.data : undefined);
      if (parsed.success) setVerdict(parsed.data);
      setProblem(formErrors(err).message);
    } finally {
      setBusy(false);
    }
  }
  const refused = verdict?.counts.refuse ?? 0;
  const byProduct = new Map((verdict?.rows ?? []).map((r) => [r.productId, r]));
  return (
    <Modal
      open={paste !== null}
      onClose={onCancel}
      title={paste ? `Paste ${paste.size.rows} × ${paste.size.cols} cells` : "Paste"}
      description="Nothing is saved until you confirm. Every line is saved in one go, or none; a quantity is never set below what is sold plus held."
    >
      {paste && (
        <div className="mt-3 space-y-3">
          {paste.outside > 0 && <p className="text-sm">{paste.outside} cells fall outside the grid and are left out.</p>}
          {problem && (
            <p role="alert" className="rounded-lg bg-petal-light px-3 py-2">
              {problem}
            </p>
          )}
          {paste.changes.length === 0 ? (
            <p>The pasted cells hold what the lines already have: nothing changes.</p>
          ) : (
            <>
              <p role="status" className="text-sm">
                {verdict ? `${paste.changes.length} lines change${refused ? `, ${refused} refused` : ""}.` : "Checking with the server…"}
              </p>
              <div className="max-h-[50vh] overflow-auto rounded-xl border border-line" tabIndex={0} role="region" aria-label="What the paste changes">
                <table className="w-full text-sm">
                  <caption className="sr-only">What the paste changes</caption>
                  <thead className="bg-mist text-left">
                    <tr>
                      <th scope="col" className="px-3 py-2">Product</th>
                      <th scope="col" className="px-3 py-2">Changes</th>
                      <th scope="col" className="px-3 py-2">Result</th>
                    </tr>
                  </thead>
                  <tbody>
                    {paste.changes.map(({ line, cells }) => {
                      const r = byProduct.get(line.productId);
                      return (
                        <tr key={line.lineId} className="border-t border-line align-top">
                          <th scope="row" className="px-3 py-2 text-left font-normal">
                            {line.description}
                          </th>
                          <td className="px-3 py-2">
                            {cells.map(({ c, from, to }) => (
                              <span key={c} className="block tabular">
                                {COLUMN_LABEL[c]}: {from || "—"} → <strong>{to || "—"}</strong>
                              </span>
                            ))}
                          </td>
                          <td className="px-3 py-2">
                            {r ? <Badge tone={tone(r.action)}>{RESULT_TEXT[r.action]}</Badge> : "…"}
                            {r?.reasons.map((m) => (
                              <span key={m} className="mt-1 block">
                                {m}
                              </span>
                            ))}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </>
          )}
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary" disabled={busy || !verdict || refused > 0 || paste.changes.length === 0} onClick={() => void apply()}>
              {refused > 0 ? "Correct the refused lines first" : busy ? "Saving…" : `Save ${paste.changes.length} line${paste.changes.length === 1 ? "" : "s"}`}
            </button>
            <Dialog.Close className="btn btn-secondary">Cancel the paste</Dialog.Close>
          </div>
        </div>
      )}
    </Modal>
  );
}

// ---- "copy this day to …" -----------------------------------------------------------------------

const plusDays = (iso: string, d: number) => new Date(Date.parse(`${iso}T12:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);

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
  const [busy, setBusy] = useState(false);
  const catalogs = useQuery({ queryKey: ["supply", "catalogs", "copy", catalog.shipDateFrom], queryFn: () => api.get("/api/Supply/Catalogs", { from: plusDays(catalog.shipDateFrom, -7) }, SupplyCatalogList), enabled: open });
  const body = () => ({ ...(target === "date" ? { toShipDate: date } : { toCatalogId: Number(toCatalog) }), existing });
  const reset = () => {
    setPreview(null);
    setProblem(null);
  };
  async function check(e: FormEvent) {
    e.preventDefault();
    reset();
    if (target === "catalog" && !toCatalog) return setProblem("Choose the catalog to copy to.");
    setBusy(true);
    try {
      setPreview(await api.post(`/api/Supply/Catalogs/${catalog.catalogId}/Copy/Preview`, body(), undefined, undefined, CopyResult));
    } catch (err) {
      setProblem(formErrors(err).message);
    } finally {
      setBusy(false);
    }
  }
  async function apply() {
    setBusy(true);
    setProblem(null);
    try {
      const done = await api.post(`/api/Supply/Catalogs/${catalog.catalogId}/Copy/Apply`, body(), undefined, undefined, CopyResult);
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
      setBusy(false);
    }
  }
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
        <form className="mt-3 space-y-3" onSubmit={(e) => void check(e)} noValidate>
          <fieldset>
            <legend className="field-label">Copy to</legend>
            <label className="flex min-h-11 items-center gap-2">
              <input type="radio" name="copy-target" className="h-5 w-5 accent-[var(--color-leaf)]" checked={target === "date"} onChange={() => (setTarget("date"), reset())} />A new catalog for the ship date
            </label>
            <label className="sr-only" htmlFor="copy-date">
              Ship date of the new catalog
            </label>
            <input id="copy-date" type="date" className="field-input max-w-56" value={date} disabled={target !== "date"} onChange={(e) => (setDate(e.target.value), reset())} />
            <label className="mt-2 flex min-h-11 items-center gap-2">
              <input type="radio" name="copy-target" className="h-5 w-5 accent-[var(--color-leaf)]" checked={target === "catalog"} onChange={() => (setTarget("catalog"), reset())} />
              Another catalog
            </label>
            <label className="sr-only" htmlFor="copy-catalog">
              Catalog to copy to
            </label>
            <select id="copy-catalog" className="field-input" value={toCatalog} disabled={target !== "catalog"} onChange={(e) => (setToCatalog(e.target.value), reset())}>
              <option value="">Choose a catalog…</option>
              {others.map((c) => (
                <option key={c.catalogId} value={String(c.catalogId)}>
                  {shortDate(c.shipDateFrom)}
                  {c.shipDateTo !== c.shipDateFrom ? `–${shortDate(c.shipDateTo)}` : ""} · {c.title} · {c.lines} lines
                </option>
              ))}
            </select>
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
                <thead className="bg-mist text-left">
                  <tr>
                    <th scope="col" className="px-3 py-2">Product</th>
                    <th scope="col" className="px-3 py-2">Result</th>
                    <th scope="col" className="px-3 py-2 text-right">There now</th>
                    <th scope="col" className="px-3 py-2 text-right">After</th>
                  </tr>
                </thead>
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
