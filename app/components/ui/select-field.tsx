// A labelled select: the label above, the select in the field style, its options as children.
import type { ReactNode, SelectHTMLAttributes } from "react";

export function SelectField({ id, label, className, children, ...select }: { id: string; label: string; className?: string; children: ReactNode } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className">) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} className="field-input" {...select}>
        {children}
      </select>
    </div>
  );
}
