// The mass-market supply screens' shared pieces: number words, a labelled field and text input, the
// form's alert, the edit dialog, and the row-action hook (toast, fresh list, refusal beside the row).
import * as Dialog from "@radix-ui/react-dialog";
import { useState, type ReactNode } from "react";
import { useToast } from "../../components/ui/toast.tsx";
import { formErrors } from "../../components/ui/form.tsx";
import { LabelledField as Field } from "../../components/ui/form.tsx";
export { Field };
import { FormProblem } from "../../components/ui/form.tsx";

export type Errors = { message: string; fields: Record<string, string> } | null;

export const n = (v: number) => v.toLocaleString("en-US");

export const money = (v: number) => `$${v.toFixed(2)}`;

export const num = (s: string) =>
  s.trim() === "" ? null : Number(s.replace(/[$,]/g, ""));


/** A text input bound to one key of a form's state, with its error wired for screen readers. */
export function TextInput<F extends Record<string, string | boolean>>({
  prefix,
  k,
  f,
  setF,
  errors,
  ...props
}: {
  prefix: string;
  k: keyof F & string;
  f: F;
  setF: (f: F) => void;
  errors: Errors;
} & Record<string, unknown>) {
  const error = errors?.fields[k];
  return (
    <input
      id={`${prefix}-${k}`}
      className="field-input"
      value={String(f[k])}
      onChange={(e) => setF({ ...f, [k]: e.target.value })}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${prefix}-${k}-error` : undefined}
      {...props}
    />
  );
}

/** The form's refusal, above its fields. */
export function FormAlert({ errors }: { errors: Errors }) {
  return <FormProblem problem={errors} />;
}


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
export function useRowAction(onChanged: () => void) {
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
