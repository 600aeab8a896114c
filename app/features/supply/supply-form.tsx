// The supply desk's record forms (product, bouquet, package; new and edit): their values, refusal
// and busy flag, inputs and selects bound to one key each with their errors wired for screen
// readers, and the form around them (refusal above, Save below). Sent with sendForm.
import { useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from "react";
import { FormProblem, LabelledField, sendForm, SubmitButton } from "../../components/ui/form.tsx";

export type Errors = { message: string; fields: Record<string, string> } | null;
type Values = Record<string, string | boolean>;
/** A select's options: a value shown as it is, or [value, text]. */
export type Options = readonly (string | readonly [string, string])[];

export function useSupplyForm<F extends Values>(initial: F, prefix: string, onSubmit: (f: F) => Promise<void>) {
  const [f, setF] = useState(initial);
  const [errors, setErrors] = useState<Errors>(null);
  const [busy, setBusy] = useState(false);
  type Key = keyof F & string;
  const id = (k: Key) => `${prefix}-${k}`;
  const wired = (k: Key) => ({
    id: id(k),
    className: "field-input",
    value: String(f[k]),
    "aria-invalid": errors?.fields[k] ? true : undefined,
    "aria-describedby": errors?.fields[k] ? `${id(k)}-error` : undefined,
  });
  const set = (k: Key) => (e: { target: { value: string } }) => setF({ ...f, [k]: e.target.value });
  return {
    f,
    setF,
    errors,
    busy,
    id,
    input: (k: Key, props: InputHTMLAttributes<HTMLInputElement> = {}) => <input {...wired(k)} onChange={set(k)} {...props} />,
    select: (k: Key, options: Options, onChange: (value: string) => void = (value) => set(k)({ target: { value } })) => (
      <select {...wired(k)} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => {
          const [value, text] = typeof o === "string" ? [o, o] : o;
          return (
            <option key={value} value={value}>
              {text}
            </option>
          );
        })}
      </select>
    ),
    /** A labelled control of key `k`, with its hint and error. */
    field: (k: Key, label: string, control: ReactNode, hint?: string) => (
      <LabelledField id={id(k)} label={label} error={errors?.fields[k]} hint={hint}>
        {control}
      </LabelledField>
    ),
    submit: (e: FormEvent) => sendForm(e, () => onSubmit(f), setBusy, setErrors),
  };
}

export type SupplyFormState = ReturnType<typeof useSupplyForm>;

export function SupplyForm({ form, submitLabel, className = "space-y-4", children, after }: { form: Pick<SupplyFormState, "errors" | "busy" | "submit">; submitLabel: string; className?: string; children: ReactNode; after?: ReactNode }) {
  return (
    <form onSubmit={(e) => void form.submit(e)} className={className} noValidate>
      <FormProblem problem={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
      {after}
      <div>
        <SubmitButton busy={form.busy}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}

/** What a record form of the supply desk is given: its first values, new or not, and what saving does. */
export interface RecordFormProps<F> {
  initial: F;
  isNew: boolean;
  submitLabel: string;
  onSubmit: (f: F) => Promise<void>;
}
