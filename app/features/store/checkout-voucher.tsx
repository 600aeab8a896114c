import { useEffect, useId, useState } from "react";
import { dollarsToCents } from "../../../domain/money.ts";
import { voucherDiscountCents, voucherSavingText } from "../../../domain/voucher.ts";
import { TextField } from "../../components/ui/field.tsx";
import { ApiError } from "../../lib/api.ts";
import { money } from "../../lib/format.ts";
import { useBlitzVoucher, useVoucherQuote, type StoreIds } from "./queries.ts";

/**
 * The checkout's voucher code: as typed, its terms once it has settled for 400 ms (the saving shows
 * before the order is placed), the buyer's blitz voucher, and a refusal of PlaceOrder said at the field.
 */
export function useVoucherEntry(ids: StoreIds) {
  const id = useId();
  const [code, setCode] = useState("");
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  const blitz = useBlitzVoucher(ids).data ?? null;
  const [quotedCode, setQuotedCode] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQuotedCode(code.trim()), 400);
    return () => clearTimeout(timer);
  }, [code]);
  const quoteQ = useVoucherQuote(ids, quotedCode);
  const settled = quotedCode !== "" && quotedCode === code.trim();
  return {
    id,
    code,
    refusal,
    blitz,
    quote: settled ? quoteQ.data : undefined,
    quoteError: settled && quoteQ.error instanceof ApiError ? quoteQ.error.fields.voucherCode : undefined,
    change(next: string) {
      setCode(next);
      setRefusal(undefined);
    },
    /** PlaceOrder refused the code: say why at the field (nothing was written; the buyer may fix or clear it). */
    refuse(message: string) {
      setRefusal(message);
      document.getElementById(id)?.focus();
    },
  };
}
export type VoucherEntry = ReturnType<typeof useVoucherEntry>;

export function VoucherField({ voucher, readOnly }: { voucher: VoucherEntry; readOnly: boolean }) {
  const { blitz } = voucher;
  return (
    <div>
      <TextField
        id={voucher.id}
        label="Voucher code"
        name="voucherCode"
        autoComplete="off"
        maxLength={40}
        value={voucher.code}
        error={voucher.refusal ?? voucher.quoteError}
        hint="The saving is taken off when the order is placed."
        readOnly={readOnly}
        onChange={(e) => voucher.change(e.target.value)}
      />
      {blitz && voucher.code.trim().toUpperCase() !== blitz.code.toUpperCase() && (
        <button type="button" className="mt-2 text-sm font-semibold underline" onClick={() => voucher.change(blitz.code)}>
          Use your blitz voucher {blitz.code}
        </button>
      )}
    </div>
  );
}

/** The cart's total, and the voucher's saving by the same rule PlaceOrder applies (domain/voucher.ts). */
export function CheckoutTotal({ voucher, subtotal }: { voucher: VoucherEntry; subtotal: number }) {
  const { quote } = voucher;
  const cents = dollarsToCents(subtotal);
  return (
    <>
      <div className="flex items-baseline justify-between border-t border-line pt-3">
        <span className="font-semibold">{voucher.code.trim() ? "Total before voucher" : "Total"}</span>
        <span className="text-2xl font-semibold tabular">{money(subtotal)}</span>
      </div>
      <div role="status" aria-live="polite">
        {quote && !voucher.refusal && (
          <div className="rounded-lg bg-leaf-light px-3 py-2">
            <p id="voucher-saving" className="font-semibold text-ink">
              {voucherSavingText(quote.code, cents, quote)}
            </p>
            <p className="flex items-baseline justify-between text-sm">
              <span>Total after voucher</span>
              <span className="font-semibold tabular">{money((cents - voucherDiscountCents(cents, quote)) / 100)}</span>
            </p>
          </div>
        )}
      </div>
    </>
  );
}
