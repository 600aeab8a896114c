// A contract form's long text field (Conform): the text area with its counter, bound to its field.
import { useInputControl, type FieldMetadata } from "@conform-to/react";
import type { ComponentProps } from "react";
import { TextAreaField } from "./field.tsx";

/**
 * A labelled text area bound to a contract form's field (useContractForm): its name, first value
 * and message; the value is followed as it is typed, for the counter of `maxChars`.
 */
export function FormTextArea({ field, ...area }: { field: FieldMetadata<unknown> } & Omit<ComponentProps<typeof TextAreaField>, "name" | "id" | "value" | "defaultValue" | "form" | "onChange">) {
  const control = useInputControl(field as FieldMetadata<string>);
  return (
    <TextAreaField
      id={field.id}
      name={field.name}
      form={field.formId}
      value={typeof control.value === "string" ? control.value : ""}
      onChange={(e) => control.change(e.target.value)}
      onFocus={control.focus}
      onBlur={control.blur}
      {...area}
    />
  );
}
