import { useId, useState } from "react";
import { DELIVERY_NOTES_MAX, PO_NUMBER_MAX } from "../../../contract/store.ts";
import { TextAreaField, TextField } from "../../components/ui/field.tsx";

interface OrderFieldErrors {
  poNumber?: string;
  deliveryNotes?: string;
}

/** The order's own optional fields (PO number, delivery notes), and PlaceOrder's refusal of one of them. */
export function useOrderFields() {
  const poId = useId();
  const notesId = useId();
  const [poNumber, setPoNumber] = useState("");
  const [deliveryNotes, setDeliveryNotes] = useState("");
  const [errors, setErrors] = useState<OrderFieldErrors>({});
  return {
    poId,
    notesId,
    poNumber,
    deliveryNotes,
    errors,
    setPoNumber(value: string) {
      setPoNumber(value);
      setErrors((f) => ({ ...f, poNumber: undefined }));
    },
    setDeliveryNotes(value: string) {
      setDeliveryNotes(value);
      setErrors((f) => ({ ...f, deliveryNotes: undefined }));
    },
    /** Says the refusals at their fields and focuses the first one. */
    refuse(refused: OrderFieldErrors) {
      setErrors(refused);
      document.getElementById(refused.poNumber ? poId : notesId)?.focus();
    },
  };
}
export type OrderFields = ReturnType<typeof useOrderFields>;

export function OrderFieldInputs({ fields, readOnly }: { fields: OrderFields; readOnly: boolean }) {
  return (
    <>
      <TextField
        id={fields.poId}
        label="PO number (optional)"
        name="poNumber"
        autoComplete="off"
        maxLength={PO_NUMBER_MAX}
        value={fields.poNumber}
        error={fields.errors.poNumber}
        readOnly={readOnly}
        onChange={(e) => fields.setPoNumber(e.target.value)}
      />
      <TextAreaField
        id={fields.notesId}
        label="Delivery notes (optional)"
        name="deliveryNotes"
        className="min-h-20"
        maxLength={DELIVERY_NOTES_MAX}
        maxChars={DELIVERY_NOTES_MAX}
        value={fields.deliveryNotes}
        error={fields.errors.deliveryNotes}
        readOnly={readOnly}
        onChange={(e) => fields.setDeliveryNotes(e.target.value)}
      />
    </>
  );
}
