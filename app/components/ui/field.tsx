import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export function TextField({ label, error, hint, id, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const inputId = id ?? auto;
  const errId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <div>
      <label htmlFor={inputId} className="field-label">
        {label}
        {input.required && <span aria-hidden="true" className="text-petal"> *</span>}
      </label>
      {hint && (
        <p id={hintId} className="mb-1 text-sm text-sage">
          {hint}
        </p>
      )}
      <input
        id={inputId}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined}
        {...input}
      />
      {error && (
        <p id={errId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextAreaField({ label, error, id, ...input }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const auto = useId();
  const inputId = id ?? auto;
  const errId = `${inputId}-error`;
  return (
    <div>
      <label htmlFor={inputId} className="field-label">
        {label}
        {input.required && <span aria-hidden="true" className="text-petal"> *</span>}
      </label>
      <textarea id={inputId} className="field-input min-h-32" aria-invalid={error ? true : undefined} aria-describedby={error ? errId : undefined} {...input} />
      {error && (
        <p id={errId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Field messages from a Zod error or an ApiError's `fields`, first message per field. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of issues) {
    const k = i.path.map(String).join(".");
    out[k] ??= i.message;
  }
  return out;
}
