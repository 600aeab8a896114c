// Form pieces: a checkbox with its label, and an API error turned into the form's messages.
import { ApiError } from "../../lib/api.ts";

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
