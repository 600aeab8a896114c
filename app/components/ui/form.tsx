// Forms: one way to write one (Conform with the contract's Zod schema: field, message, submit), a
// checkbox with its label, and an API error turned into the form's messages.
import { useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState, type InputHTMLAttributes, type ReactNode } from "react";
import { z } from "zod";
import { ApiError } from "../../lib/api.ts";
import { TextField } from "./field.tsx";

export function Checkbox({ label, checked, onChange, id }: { label: string; checked: boolean; onChange: (v: boolean) => void; id: string }) {
  return (
    <label htmlFor={id} className="inline-flex min-h-11 items-center gap-2">
      <input id={id} type="checkbox" className="h-5 w-5 accent-[var(--color-leaf)]" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/** The first message of an API error for a form: field messages by name, and the general one. */
export function formErrors(err: unknown): { message: string; fields: Record<string, string> } {
  if (err instanceof ApiError) return { message: err.message, fields: err.fields };
  return { message: "Something went wrong. Please try again.", fields: {} };
}

/**
 * A form checked with the contract's Zod schema, the one the server checks the body with (Conform):
 * the schema's messages show on their fields before anything is sent, a valid value goes to `send`,
 * and a refusal from the server shows its message and field messages the same way. `lastResult` is
 * for a result already known when the form renders (a server render of a refused post). `asTyped`:
 * check the fields as typed, an empty one as "" (the JSON body the server checks), not as missing.
 */
export function useContractForm<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  send: (value: z.output<S>) => Promise<void>,
  options: { defaultValue?: Partial<Record<keyof z.output<S> & string, string>>; lastResult?: SubmissionResult<string[]>; asTyped?: boolean } = {},
) {
  const [refused, setRefused] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);
  const [form, fields] = useForm<Record<string, unknown>>({
    defaultValue: options.defaultValue as never,
    lastResult: options.lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: options.asTyped }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setRefused(null);
      setBusy(true);
      send(submission.value as z.output<S>)
        .catch((err: unknown) => setRefused(formErrors(err)))
        .finally(() => setBusy(false));
    },
  });
  /** The message to show under a field: the schema's first, else the server's. */
  const errorOf = (name: string) => (fields as Record<string, FieldMetadata<unknown> | undefined>)[name]?.errors?.[0] ?? refused?.fields[name];
  return { form, fields, refused, busy, errorOf };
}

/**
 * useContractForm for a form whose body is not its fields one to one (ticked boxes, lists, a number
 * as typed): `body` makes the body from the form's values as Conform reads them (text as typed, "on"
 * for a ticked box, a name given twice as a list), the contract schema checks that body — its
 * messages show on their fields, a nested one ("shipTimes.0.cutoffShipTime") under its first part
 * too — and `send` gets the body itself, as the server will check it again.
 */
export function useContractBodyForm<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  body: (values: Record<string, unknown>) => z.input<S>,
  send: (body: z.input<S>) => Promise<void>,
  options: { defaultValue?: Record<string, unknown> } = {},
) {
  const [refused, setRefused] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);
  const [form, fields] = useForm<Record<string, unknown>>({
    defaultValue: options.defaultValue as never,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: z.preprocess((values) => body(values as Record<string, unknown>), schema), disableAutoCoercion: true }),
    onSubmit: (event, { submission }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setRefused(null);
      setBusy(true);
      send(body(submission.payload))
        .catch((err: unknown) => setRefused(formErrors(err)))
        .finally(() => setBusy(false));
    },
  });
  /** The message to show for a name: the schema's first on it or under it, else the server's. */
  const errorOf = (name: string) => {
    const under = (key: string) => key === name || key.startsWith(`${name}.`) || key.startsWith(`${name}[`);
    const mine = Object.entries(form.allErrors).find(([key, list]) => under(key) && list.length)?.[1][0];
    return mine ?? refused?.fields[name] ?? Object.entries(refused?.fields ?? {}).find(([key]) => under(key))?.[1];
  };
  return { form, fields, refused, busy, errorOf };
}

/** A checkbox with its label sent with its form (uncontrolled): "on" under `name` when ticked, or `value`. */
export function FormCheckbox({ label, id, name, value, defaultChecked, onChange }: { label: string; id: string; name: string; value?: string; defaultChecked?: boolean; onChange?: (v: boolean) => void }) {
  return (
    <label htmlFor={id} className="inline-flex min-h-11 items-center gap-2">
      <input id={id} name={name} value={value} type="checkbox" className="h-5 w-5 accent-[var(--color-leaf)]" defaultChecked={defaultChecked} onChange={onChange && ((e) => onChange(e.target.checked))} />
      {label}
    </label>
  );
}

/** A form value Conform read as one text or a list of them (a name given several times), as a list. */
export const listOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === "string" ? [v] : []);
/** A form value as the text typed, "" for none. */
export const textOf = (v: unknown): string => (typeof v === "string" ? v : "");

/** A labelled text input bound to a contract form's field (name, first value, message). */
export function FormField({ field, label, error, hint, ...input }: { field: FieldMetadata<unknown>; label: string; error?: string; hint?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "defaultValue" | "form">) {
  return (
    <TextField
      key={field.key}
      id={field.id}
      name={field.name}
      form={field.formId}
      defaultValue={typeof field.initialValue === "string" ? field.initialValue : undefined}
      label={label}
      error={error}
      hint={hint}
      {...input}
    />
  );
}

/** The form's refusal, announced above its fields. */
export function FormProblem({ problem, className = "" }: { problem: { message: string } | null; className?: string }) {
  return problem ? (
    <p role="alert" className={`rounded-lg bg-petal-light px-3 py-2 ${className}`.trim()}>
      {problem.message}
    </p>
  ) : null;
}

/** The form's submit button: disabled, and saying so, while the form is being sent. */
export function SubmitButton({ busy, children, busyText = "Saving…", className = "" }: { busy: boolean; children: ReactNode; busyText?: string; className?: string }) {
  return (
    <button type="submit" className={`btn btn-primary ${className}`.trim()} disabled={busy}>
      {busy ? busyText : children}
    </button>
  );
}

/** A label above any control, with its hint and its error under it (ids `{id}-hint`, `{id}-error` for aria-describedby). */
export function LabelledField({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-sage">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-petal-dark">
          {error}
        </p>
      )}
    </div>
  );
}
