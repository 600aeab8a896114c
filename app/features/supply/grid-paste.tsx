// The supply grid's paste dialog: what a pasted block will change, line by line, before it is saved.
import { TableHead } from "../../components/ui/table.tsx";
import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useState, type ReactNode } from "react";
import { UploadResult, type SupplyLine } from "../../../contract/supply.ts";
import { api, ApiError } from "../../lib/api.ts";
import { formErrors } from "../../components/ui/form.tsx";
import { Badge } from "../../components/ui/status.tsx";
import { COLUMN_LABEL, type EditColumn, type Edits } from "./grid-columns.ts";

export interface PasteState {
  /** The edits before the paste (Cancel puts them back). */
  before: Edits;
  size: { rows: number; cols: number };
  outside: number;
  changes: { line: SupplyLine; cells: { c: EditColumn; from: string; to: string }[] }[];
  csv: string;
}

// ---- the paste's preview ------------------------------------------------------------------------
export function Modal({ open, onClose, title, description, children }: { open: boolean; onClose: () => void; title: string; description: ReactNode; children: ReactNode }) {
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

export const RESULT_TEXT = { add: "New line", change: "Changes", unchanged: "Unchanged", refuse: "Refused", overwrite: "Overwrites", skip: "Skipped" } as const;

export const tone = (a: keyof typeof RESULT_TEXT) => (a === "refuse" ? "warn" : a === "unchanged" || a === "skip" ? "muted" : "good");

export function PasteDialog({ paste, catalogId, onCancel, onSaved }: { paste: PasteState | null; catalogId: number; onCancel: () => void; onSaved: (count: number) => void }) {
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
                  <TableHead bordered={false} columns={["Product", "Changes", "Result"]} />
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
