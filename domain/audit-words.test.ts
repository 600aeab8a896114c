import { describe, expect, it } from "vitest";
import { auditSentence } from "./audit-words.ts";

const base = { actor: "Dana Reyes", target: "Sam Buyer (sam@shop.test)", company: "Bloomfield Wholesale Florists" };

describe("auditSentence", () => {
  it("says what was done in the cart while acting, from the net changes", () => {
    const removed = { action: "acting.cart_lines.change", detail: { row: { store: "wholesale" }, changes: [{ description: "Lily Asiatic White 70cm", quantity: -3 }] } };
    expect(auditSentence({ ...base, ...removed })).toBe("Dana Reyes, acting for Bloomfield Wholesale Florists, removed 3 bunches of Lily Asiatic White 70cm from the cart");
    const mixed = { action: "acting.cart_lines.change", detail: { row: { store: "mm" }, changes: [{ description: "Rose Bouquet", quantity: 1 }, { description: "Tulip Bouquet", quantity: -2 }] } };
    expect(auditSentence({ ...base, ...mixed })).toBe("Dana Reyes, acting for Bloomfield Wholesale Florists, added 1 bouquet of Rose Bouquet and removed 2 bouquets of Tulip Bouquet in the cart");
    expect(auditSentence({ ...base, action: "acting.orders.insert", detail: { row: { order_number: 100129 } } })).toBe("Dana Reyes, acting for Bloomfield Wholesale Florists, placed order 100129");
  });

  it("reads the order desk's actions, a ship before the date with its reason", () => {
    expect(auditSentence({ ...base, action: "order.ship", detail: { orderNumber: 100200, early: true, shipDate: "2026-12-02", reason: "Truck leaves early", invoiceNumber: 500300 } })).toBe(
      "Dana Reyes shipped order 100200 for Bloomfield Wholesale Florists before its ship date 2026-12-02, because: “Truck leaves early” (invoice 500300)",
    );
    expect(auditSentence({ ...base, action: "order.line.decline", detail: { orderNumber: 7, description: "Gerbera Red", quantity: 17 } })).toBe(
      "Dana Reyes declined 17 bunches of Gerbera Red on order 7 for Bloomfield Wholesale Florists",
    );
    expect(auditSentence({ ...base, action: "order.line.change", detail: { orderNumber: 7, description: "Rose", from: 2, to: 0, byBuyer: true, voucherReturned: "BLITZ" } })).toBe(
      "Dana Reyes (the buyer) removed Rose from order 7 for Bloomfield Wholesale Florists (blitz voucher BLITZ given back)",
    );
  });

  it("names impersonation and falls back to the action in words", () => {
    expect(auditSentence({ ...base, company: null, action: "impersonation.start", detail: { via: "admin" } })).toBe("Dana Reyes started acting as Sam Buyer (sam@shop.test)");
    expect(auditSentence({ ...base, actor: null, action: "something.new_thing", detail: null })).toBe("Someone: something new thing");
  });
});
