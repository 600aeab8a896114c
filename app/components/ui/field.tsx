import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";

interface FieldProps {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** The ids of a field's input, error and hint (its own id, or a generated one). */
function useFieldIds(id: string | undefined) {
  const auto = useId();
  const inputId = id ?? auto;
  return { inputId, errId: `${inputId}-error`, hintId: `${inputId}-hint` };
}

/** A field's label (marked when required) and its hint. */
function FieldHead({ inputId, hintId, label, hint, required }: { inputId: string; hintId: string; label: string; hint?: ReactNode; required?: boolean }) {
  return (
    <>
      <label htmlFor={inputId} className="field-label">
        {label}
        {required && <span aria-hidden="true" className="text-petal"> *</span>}
      </label>
      {hint && (
        <p id={hintId} className="mb-1 text-sm text-sage">
          {hint}
        </p>
      )}
    </>
  );
}

/** A labelled input whose error is announced and tied to it with aria-describedby. */
export function TextField({ label, error, hint, id, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const { inputId, errId, hintId } = useFieldIds(id);
  return (
    <div>
      <FieldHead inputId={inputId} hintId={hintId} label={label} hint={hint} required={input.required} />
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

/** Characters used of the maximum, for long text fields. */
export function Counter({ id, used, max }: { id: string; used: number; max: number }) {
  const over = used > max;
  return (
    <p id={id} className={`mt-1 text-right text-sm tabular ${over ? "font-semibold text-[#b42318]" : "text-sage"}`}>
      {used.toLocaleString("en-US")} / {max.toLocaleString("en-US")}
      <span className="sr-only"> characters</span>
    </p>
  );
}

/**
 * A labelled text area, with an optional hint and, given `maxChars`, a counter of the characters used
 * (trimmed, as the server counts them) beside the error.
 */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  maxChars,
  className = "min-h-32",
  ...input
}: FieldProps & { maxChars?: number } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { inputId, errId, hintId } = useFieldIds(id);
  const counterId = `${inputId}-counter`;
  const errorText = error && (
    <p id={errId} className="field-error">
      {error}
    </p>
  );
  return (
    <div>
      <FieldHead inputId={inputId} hintId={hintId} label={label} hint={hint} required={input.required} />
      <textarea
        id={inputId}
        className={`field-input ${className}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? hintId : null, error ? errId : null, maxChars !== undefined ? counterId : null].filter(Boolean).join(" ") || undefined}
        {...input}
      />
      {maxChars === undefined ? (
        errorText
      ) : (
        <div className="flex items-start justify-between gap-4">
          {errorText || <span />}
          <Counter id={counterId} used={String(input.value ?? "").trim().length} max={maxChars} />
        </div>
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
