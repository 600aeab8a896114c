// Retail barcodes on mass-market shelf labels: UPC-A (12 digits) and EAN-13 (13 digits), GS1 check digit.

/** The GS1 check digit of the digits before it: weights 3,1,3,... from the right. */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export type BarcodeKind = "upca" | "ean13";

/** Which symbology a valid number is, or the message explaining why it is not one. */
export function checkBarcode(value: string): { ok: true; kind: BarcodeKind } | { ok: false; message: string } {
  const v = value.trim();
  if (!/^\d+$/.test(v)) return { ok: false, message: "A barcode number has digits only (12 for UPC-A, 13 for EAN-13)." };
  if (v.length !== 12 && v.length !== 13) {
    return { ok: false, message: `A barcode number has 12 digits (UPC-A) or 13 digits (EAN-13); this one has ${v.length}.` };
  }
  const expected = gs1CheckDigit(v.slice(0, -1));
  if (Number(v.at(-1)) !== expected) {
    return { ok: false, message: `The check digit of ${v} does not match: the last digit should be ${expected}. Please check the number.` };
  }
  return { ok: true, kind: v.length === 12 ? "upca" : "ean13" };
}
