// The supply desk's record forms (product, bouquet, package; new and edit) on the UI kit's contract
// forms (useContractBodyForm): inputs and selects bound to a form's field each by name, with their
// messages wired for screen readers, and the form around them (refusal above, Save below).
import type { FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { FormProblem, LabelledField, SubmitButton, textOf, type useContractBodyForm } from "../../components/ui/form.tsx";

/** What useContractBodyForm gives a form: Conform's form and fields, the refusal, busy, the messages. */
export type ContractForm = Pick<ReturnType<typeof useContractBodyForm>, "form" | "fields" | "refused" | "busy" | "errorOf">;
/** A select's options: a value shown as it is, or [value, text]. */
export type Options = readonly (string | readonly [string, string])[];

/** What a record form of the supply desk is given: its first values, new or not, and what sending its checked body does. */
export interface RecordFormProps<F, B> {
  initial: F;
  isNew: boolean;
  submitLabel: string;
  onSubmit: (body: B) => Promise<void>;
}

/**
 * The controls of a record form, named after its fields (ids `{prefix}-{name}`, so a new form and an
 * edit dialog on one page never share one): an input, a select, and a labelled field around either.
 */
export function recordControls(kit: ContractForm, prefix: string) {
  const id = (k: string) => `${prefix}-${k}`;
  const meta = (k: string) => (kit.fields as Record<string, FieldMetadata<unknown>>)[k]!;
  const wired = (k: string) => {
    const error = kit.errorOf(k);
    const first = meta(k).initialValue;
    return {
      id: id(k),
      name: k,
      className: "field-input",
      defaultValue: typeof first === "string" ? first : undefined,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `${id(k)}-error` : undefined,
    };
  };
  return {
    id,
    input: (k: string, props: InputHTMLAttributes<HTMLInputElement> = {}) => <input key={meta(k).key} {...wired(k)} {...props} />,
    /** A select of field `k`; made afresh on its current value when its options arrive (the box types, fetched). */
    select: (k: string, options: Options, onChange?: (value: string) => void) => (
      <select key={`${meta(k).key ?? ""}/${options.length}`} {...wired(k)} defaultValue={textOf(meta(k).value)} onChange={onChange && ((e) => onChange(e.target.value))}>
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
    /** A labelled control of field `k`, with its hint and message. */
    field: (k: string, label: string, control: ReactNode, hint?: string) => (
      <LabelledField id={id(k)} label={label} error={kit.errorOf(k)} hint={hint}>
        {control}
      </LabelledField>
    ),
  };
}

/** A record form: the refusal above, its fields in a grid, `after` them (a checkbox), then its submit button. */
export function RecordForm({ kit, submitLabel, className = "space-y-4", children, after }: { kit: ContractForm; submitLabel: string; className?: string; children: ReactNode; after?: ReactNode }) {
  return (
    <form id={kit.form.id} onSubmit={kit.form.onSubmit} className={className} noValidate>
      <FormProblem problem={kit.refused} />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
      {after}
      <div>
        <SubmitButton busy={kit.busy}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}
