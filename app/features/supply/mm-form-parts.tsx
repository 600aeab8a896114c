// The mass-market supply screens' shared pieces: number words, and a list row with its edit dialog and actions (toast, fresh list, refusal beside the row).
import * as Dialog from "@radix-ui/react-dialog";
import { useState, type ReactNode } from "react";
import type { z } from "zod";
import { useToast } from "../../components/ui/toast.tsx";
import { formErrors } from "../../components/ui/form.tsx";
import { RowProblem } from "../../components/ui/table.tsx";
import { api } from "../../lib/api.ts";
export const n = (v: number) => v.toLocaleString("en-US");

export const money = (v: number) => `$${v.toFixed(2)}`;

export const num = (s: string) =>
  s.trim() === "" ? null : Number(s.replace(/[$,]/g, ""));


/** An edit form in a dialog, opened by its own button (focus returns to it on close). */
export function EditDialog({
  label,
  title,
  children,
  open,
  onOpenChange,
}: {
  label: string;
  title: string;
  children: ReactNode;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <button type="button" className="btn btn-secondary !min-h-9 !py-1">
          {label}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/45" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[min(94vw,760px)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-cream p-5 text-ink shadow-2xl"
        >
          <div className="mb-3 flex items-start justify-between gap-3">
            <Dialog.Title className="font-serif text-2xl text-leaf">
              {title}
            </Dialog.Title>
            <Dialog.Close className="btn btn-secondary !min-h-9 !py-1">
              Close
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * A list row's action (retire, bring back, delete): on success the toast and a fresh list, on
 * refusal the server's message beside the row.
 */
function useRowAction(onChanged: () => void) {
  const toast = useToast();
  const [problem, setProblem] = useState<string | null>(null);
  const act = (work: Promise<unknown>, message: string) =>
    void work
      .then(() => {
        setProblem(null);
        toast(message);
        onChanged();
      })
      .catch((e) => setProblem(formErrors(e).message));
  return { problem, act };
}

interface ItemRowProps {
  /** The item's API path (PUT to change, DELETE to delete). */
  url: string;
  /** How the buttons' labels and the messages name it. */
  name: string;
  editTitle: string;
  active: boolean;
  /** The message when it is brought back ("is on sale again."). */
  backAgain: string;
  /** Neither retired nor deleted (the pail fee). */
  fixed?: boolean;
  colSpan: number;
  onChanged: () => void;
  /** What the server answers a change with (the answer is checked against it). */
  answer: z.ZodType;
  /** The edit form; `save` puts its body to `url`, then closes the dialog, says so and refreshes the list. */
  editForm: (save: (body: object) => Promise<void>) => ReactNode;
  /** The row's cells before its actions. */
  children: ReactNode;
}

/** A bouquet's or a package's row: its cells, then Edit (in a dialog), Retire or Bring back, Delete. */
export function ItemRow({ url, name, editTitle, active, backAgain, fixed = false, colSpan, onChanged, answer, editForm, children }: ItemRowProps) {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const { problem, act } = useRowAction(onChanged);
  const save = async (body: object) => {
    await api.put(url, body, undefined, answer);
    setOpen(false);
    toast("Saved.");
    onChanged();
  };
  return (
    <>
      <tr className="border-b border-line align-middle">
        {children}
        <td className="px-3 py-2">
          <div className="flex flex-wrap gap-2">
            <EditDialog label="Edit" title={editTitle} open={open} onOpenChange={setOpen}>
              {editForm(save)}
            </EditDialog>
            {!fixed && (
              <>
                <button
                  type="button"
                  className="btn btn-secondary !min-h-9 !py-1"
                  aria-label={`${active ? "Retire" : "Bring back"} ${name}`}
                  onClick={() => act(api.put(url, { active: !active }), active ? `${name} is retired.` : `${name} ${backAgain}`)}
                >
                  {active ? "Retire" : "Bring back"}
                </button>
                <button type="button" className="btn btn-secondary !min-h-9 !py-1" aria-label={`Delete ${name}`} onClick={() => act(api.del(url), `${name} was deleted.`)}>
                  Delete
                </button>
              </>
            )}
          </div>
        </td>
      </tr>
      <RowProblem problem={problem} colSpan={colSpan} />
    </>
  );
}
