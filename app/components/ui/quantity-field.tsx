// A labelled quantity box (a whole number typed on a phone's number pad), its error, when there is one,
// tied to it by id: the stores' add-to-cart rows.
import type { InputHTMLAttributes, ReactNode } from "react";

export function QuantityField({
  id,
  label,
  labelClassName,
  className,
  inputClassName,
  errorId,
  onValue,
  ...input
}: {
  id: string;
  label: ReactNode;
  labelClassName: string;
  /** The class of the box around the label and the input. */
  className?: string;
  inputClassName: string;
  /** The id of the error shown under the row, or none while there is none. */
  errorId: string | undefined;
  onValue: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "onChange">) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <input id={id} inputMode="numeric" className={inputClassName} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} onChange={(e) => onValue(e.target.value)} {...input} />
    </div>
  );
}
