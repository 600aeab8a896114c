// Blitz vouchers at checkout (docs/domain-orders.md "Vouchers"). The rules are domain/voucher.ts;
// this file looks the code up for the buyer and records its use in the order's transaction.
import type { DbOrTx } from "../../../db/client.ts";
import {
  normaliseVoucherCode,
  VOUCHER_INVALID_MESSAGE,
  VOUCHER_USED_MESSAGE,
  voucherDiscountCents,
  voucherProblem,
} from "../../../domain/voucher.ts";
import { badRequest, conflict } from "../../errors.ts";
import { insertRedemption, voucherByCode, voucherUses, type VoucherRow } from "./repo.ts";

export interface AppliedVoucher {
  voucher: VoucherRow;
  code: string;
  useNumber: number;
}

const refuse = (message: string) => badRequest(message, { voucherCode: message });

/**
 * The voucher a buyer may use now, or a 400 saying why not. A code made for another user or another
 * customer reads as not valid (it does not tell that the code exists).
 */
export async function checkVoucher(db: DbOrTx, input: { code: string; userId: string; customerId: string; now: Date }): Promise<AppliedVoucher> {
  const code = normaliseVoucherCode(input.code);
  const voucher = code ? await voucherByCode(db, code) : null;
  if (!voucher || (voucher.userId !== null && voucher.userId !== input.userId) || (voucher.customerId !== null && voucher.customerId !== input.customerId)) {
    throw refuse(VOUCHER_INVALID_MESSAGE);
  }
  const uses = await voucherUses(db, voucher.id, input.customerId);
  const problem = voucherProblem(voucher, input.now, uses);
  if (problem) throw refuse(problem);
  return { voucher, code: voucher.code, useNumber: uses + 1 };
}

export function discountOf(applied: AppliedVoucher | null, subtotalCents: number): number {
  return applied ? voucherDiscountCents(subtotalCents, applied.voucher) : 0;
}

/**
 * Records the use with the order (same transaction). When a concurrent checkout of the same customer
 * took this use first, the order is refused (409) and rolled back, so a voucher is never used more
 * often than it allows, whatever the number of instances.
 */
export async function redeemVoucher(
  tx: DbOrTx,
  applied: AppliedVoucher,
  order: { id: number; customerId: string; userId: string; discountCents: number },
): Promise<void> {
  const ok = await insertRedemption(tx, {
    voucherId: applied.voucher.id,
    customerId: order.customerId,
    userId: order.userId,
    orderId: order.id,
    useNumber: applied.useNumber,
    discountCents: order.discountCents,
  });
  if (!ok) throw conflict(VOUCHER_USED_MESSAGE);
}
