import { describe, expect, it } from "vitest";
import { allowedActions, canMove, ORDER_STATUSES, refusal, type OrderState } from "./order-status.ts";

const s = (status: OrderState["status"], extra: Partial<OrderState> = {}): OrderState => ({ status, pendingQuantity: 0, packed: false, ...extra });

describe("order status machine", () => {
  it("moves only forward along submitted -> confirmed -> shipped -> invoiced, or to cancelled before shipping", () => {
    const legal = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.filter((to) => canMove(from, to)).map((to) => `${from}>${to}`));
    expect(legal.sort()).toEqual(["confirmed>cancelled", "confirmed>shipped", "shipped>invoiced", "submitted>cancelled", "submitted>confirmed"]);
  });

  it("confirms an order only when no pending quantity is left", () => {
    expect(refusal(s("submitted", { pendingQuantity: 3 }), "confirm")).toBe("Confirm or decline every pending quantity before confirming the order.");
    expect(refusal(s("submitted"), "confirm")).toBeNull();
    expect(refusal(s("confirmed"), "confirm")).toBe("This order is confirmed: only a submitted order can be confirmed.");
  });

  it("packs a confirmed order once and ships only a packed one", () => {
    expect(refusal(s("submitted"), "pack")).toBe("Only a confirmed order can be packed; this one is submitted.");
    expect(refusal(s("confirmed"), "pack")).toBeNull();
    expect(refusal(s("confirmed", { pendingQuantity: 4 }), "pack")).toBe("Confirm or decline every pending quantity before packing the order.");
    expect(refusal(s("confirmed", { packed: true }), "pack")).toBe("This order is already packed.");
    expect(refusal(s("confirmed"), "ship")).toBe("Pack the order before shipping it.");
    expect(refusal(s("confirmed", { packed: true }), "ship")).toBeNull();
    expect(refusal(s("submitted", { packed: true }), "ship")).toBe("Only a confirmed order can be shipped; this one is submitted.");
  });

  it("invoices only a shipped order", () => {
    expect(refusal(s("shipped"), "invoice")).toBeNull();
    for (const st of ["submitted", "confirmed", "invoiced", "cancelled"] as const) expect(refusal(s(st), "invoice")).not.toBeNull();
  });

  it("lets lines change and the order be cancelled until it is packed", () => {
    for (const a of ["changeLine", "confirmPending", "declinePending", "cancel"] as const) {
      expect(refusal(s("submitted"), a)).toBeNull();
      expect(refusal(s("confirmed"), a)).toBeNull();
      expect(refusal(s("confirmed", { packed: true }), a)).not.toBeNull();
      expect(refusal(s("shipped"), a)).not.toBeNull();
      expect(refusal(s("invoiced"), a)).not.toBeNull();
      expect(refusal(s("cancelled"), a)).not.toBeNull();
    }
    expect(refusal(s("shipped"), "cancel")).toBe("This order is shipped and can no longer be cancelled.");
    expect(refusal(s("cancelled"), "changeLine")).toBe("This order is cancelled and can no longer be changed.");
  });

  it("lists the open actions", () => {
    expect(allowedActions(s("submitted", { pendingQuantity: 2 }))).toEqual(["changeLine", "confirmPending", "declinePending", "cancel"]);
    expect(allowedActions(s("confirmed", { packed: true }))).toEqual(["ship"]);
    expect(allowedActions(s("invoiced"))).toEqual([]);
  });
});
