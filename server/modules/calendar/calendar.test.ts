// The supply desk's calendar on a real database (PGlite by default, PostgreSQL with DATABASE_URL):
// a closed day leaves the dates offered by both stores and the server refuses it (cart, ship date,
// order), the change reaches a second instance through the change feed, every change is audited,
// and ship times / pickup days are set with real times.
import { beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { auditLog, closedDays, shipTimes } from "../../../db/schema/index.ts";
import { twoInstancesPerFile, signedInUser, SAME_ORIGIN, type TestApp } from "../../../tests/helpers/test-app.ts";
import { addDays, isoDateAt } from "../../../tests/factories/index.ts";
import { buyer, client, offer, retailerBuyer } from "../../../tests/helpers/store-fixtures.ts";
import { mmBuyer, mmOffer } from "../../../tests/helpers/mm-fixtures.ts";
import { longDate } from "../../../domain/closed-days.ts";

let a: TestApp;
let b: TestApp;
twoInstancesPerFile((two) => ({ a, b } = two));
let sales: { cookie: string };
beforeAll(async () => {
  sales = await signedInUser(a, ["SalesPerson"]);
});

type Method = "GET" | "POST" | "PUT" | "DELETE";
const staff = (method: Method, url: string, payload?: object) =>
  a.app.inject({ method, url: `/api/Supply/Calendar${url}`, headers: { ...SAME_ORIGIN, cookie: sales.cookie }, payload });
const auditsOf = (action: string) => a.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));
const reopenAll = () => a.db.delete(closedDays);

/** Polls until `fn` holds (the feed carries a notice in milliseconds; 3 s is the patience of a test). */
async function eventually(fn: () => Promise<boolean>, ms = 3_000) {
  const until = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}

describe("closing a date", () => {
  it("removes it from the dates both stores offer, and the server refuses it everywhere", async () => {
    await reopenAll();
    const w = await buyer(a);
    const { products: ps } = await offer(a.db, [w.customerId], { line: { originalQuantity: 50 } });
    const m = await mmBuyer(a);
    const mo = await mmOffer(a, [m.customerId]);
    const day = addDays(isoDateAt(), 2);
    const profile = async () => (await w.get(`/api/Store/Profile/${w.userId}/${w.customerId}/0`)).json().openDates as string[];
    const mmDates = async () => (await m.get("MMStore/MMProfile")).json().openDates as string[];
    expect(await profile()).toContain(day);
    expect(await mmDates()).toContain(day);
    // A cart saved for the day before it closes (the order is refused later).
    expect((await w.save({ shipDate: day, items: [{ productId: ps[0]!.productId, quantity: 2 }] })).statusCode).toBe(200);
    expect((await m.save({ shipDate: day, items: [{ productId: mo.lily.productId, quantity: 1 }] })).statusCode).toBe(200);

    const res = await staff("POST", "/ClosedDays", { date: day, stores: ["wholesale", "massMarket"], reason: "  Staff   day " });
    expect(res.statusCode, res.body).toBe(200);
    const byStore = (x: { store: string }, y: { store: string }) => x.store.localeCompare(y.store);
    expect(res.json().added.sort(byStore)).toEqual([
      { date: day, store: "massMarket", reason: "Staff day" },
      { date: day, store: "wholesale", reason: "Staff day" },
    ]);

    expect(await profile()).not.toContain(day);
    expect(await profile()).toHaveLength(14);
    expect(await mmDates()).not.toContain(day);
    const message = `The ship date ${longDate(day)} is closed (Staff day). Please choose another date.`;
    const place = await w.place();
    expect(place.statusCode).toBe(400);
    expect(place.json().message).toBe(message);
    const save = await w.save({ shipDate: day, items: [{ productId: ps[0]!.productId, quantity: 3 }] });
    expect(save.statusCode).toBe(400);
    expect(save.json().message).toBe(message);
    const mmOrder = await m.order();
    expect(mmOrder.statusCode).toBe(400);
    expect(mmOrder.json().message).toBe(message);
    const mmSave = await m.save({ shipDate: day, items: [{ productId: mo.lily.productId, quantity: 2 }] });
    expect(mmSave.statusCode).toBe(400);
    expect(mmSave.json().message).toBe(message);

    const [entry] = await auditsOf("supply.calendar.close");
    expect(entry!.detail).toMatchObject({ summary: `${longDate(day)} closed (Staff day): Wholesale store and Mass-market store` });

    // Open again: offered and accepted again.
    const again = await staff("DELETE", `/ClosedDays/wholesale/${day}`);
    expect(again.statusCode, again.body).toBe(200);
    expect(await profile()).toContain(day);
    expect(await mmDates()).not.toContain(day);
    expect((await w.place()).statusCode).toBe(200);
    expect((await auditsOf("supply.calendar.reopen"))[0]!.detail).toMatchObject({ removed: { date: day, store: "wholesale", reason: "Staff day" } });
    expect((await staff("DELETE", `/ClosedDays/wholesale/${day}`)).statusCode).toBe(404);
  });

  it("closes a retailer's pickup date, and a closed ship date is not the one serving a pickup", async () => {
    await reopenAll();
    const { api, r } = await retailerBuyer(a, {}, { pickupMonday: true, pickupTuesday: true, pickupWednesday: true, pickupThursday: true, pickupFriday: true });
    const url = `/api/Store/Profile/${api.userId}/${api.customerId}/${r.retailerId}`;
    const dates = async () => (await api.get(url)).json().openDates as string[];
    const [first, secondDate] = await dates();
    const shipFor = async (d: string) => (await api.get(`/api/Store/Retailer/Shipdate/${api.userId}/${api.customerId}/${r.retailerId}/${d}`)).json().shipDate;
    expect(await shipFor(secondDate!)).toBe(addDays(secondDate!, -1));
    expect((await staff("POST", "/ClosedDays", { date: first, stores: ["wholesale"], reason: "Inventory" })).statusCode).toBe(200);
    expect(await dates()).not.toContain(first);
    const save = await api.save({ receivingDate: first, items: [] }, `retailerId=${r.retailerId}`);
    expect(save.statusCode).toBe(400);
    expect(save.json().message).toBe(`The pickup date ${longDate(first!)} is closed (Inventory). Please choose another date.`);
    // The day before the second pickup is now closed: it is served by an earlier open ship date, or not offered.
    const served = await shipFor(secondDate!);
    expect(served).not.toBe(first);
  });

  it("closes the year's US holidays in one call; a second call adds nothing", async () => {
    await reopenAll();
    const year = Number(isoDateAt().slice(0, 4)) + 1;
    const res = await staff("POST", "/Holidays", { year, stores: ["wholesale", "massMarket"] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().added.map((d: { reason: string }) => d.reason).sort()).toEqual(
      ["Christmas Day", "Christmas Day", "New Year's Day", "New Year's Day", "Thanksgiving", "Thanksgiving"],
    );
    const twice = (await staff("POST", "/Holidays", { year, stores: ["wholesale"] })).json();
    expect(twice.added).toEqual([]);
    expect(twice.alreadyClosed).toHaveLength(3);
    const list = (await staff("GET", `/ClosedDays?from=${year}-01-01&to=${year}-12-31`)).json().days;
    expect(list).toHaveLength(6);
    expect(list.find((d: { reason: string }) => d.reason === "Thanksgiving").date).toMatch(new RegExp(`^${year}-11-2[2-8]$`));
    expect((await auditsOf("supply.calendar.holidays")).length).toBe(1);
  });

  it("refuses bad input with a message per field and writes nothing", async () => {
    await reopenAll();
    for (const body of [
      { date: "2026-02-30", stores: ["wholesale"], reason: "x" },
      { date: addDays(isoDateAt(), 3), stores: [], reason: "x" },
      { date: addDays(isoDateAt(), 3), stores: ["retail"], reason: "x" },
      { date: addDays(isoDateAt(), 3), stores: ["wholesale"], reason: "   " },
      { date: addDays(isoDateAt(), 3), stores: ["wholesale"], reason: "x".repeat(81) },
    ]) {
      const res = await staff("POST", "/ClosedDays", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await staff("POST", "/Holidays", { year: 1999, stores: ["wholesale"] })).statusCode).toBe(400);
    expect(await a.db.select().from(closedDays)).toEqual([]);
  });
});

describe("two instances", () => {
  it("a date closed through one instance leaves the other's offered dates at once", async () => {
    await reopenAll();
    const w = await buyer(a, {}, b.app);
    const day = addDays(isoDateAt(), 4);
    const onB = client(b.app, w.cookie, w.userId, w.customerId);
    const profileB = async () => (await onB.get(`/api/Store/Profile/${w.userId}/${w.customerId}/0`)).json().openDates as string[];
    // Warm b's memory (buyer and closed days) first.
    expect(await profileB()).toContain(day);
    expect(await profileB()).toContain(day);
    expect((await staff("POST", "/ClosedDays", { date: day, stores: ["wholesale"], reason: "Storm" })).statusCode).toBe(200);
    expect(await eventually(async () => !(await profileB()).includes(day))).toBe(true);
    const save = await onB.save({ shipDate: day, items: [] });
    expect(save.statusCode).toBe(400);
    expect(save.json().message).toContain("is closed (Storm)");
    expect((await staff("DELETE", `/ClosedDays/wholesale/${day}`)).statusCode).toBe(200);
    expect(await eventually(async () => (await profileB()).includes(day))).toBe(true);
  });
});

describe("ship times, cut-offs and pickup days", () => {
  it("sets a customer's week with real times, refuses what is not, and audits the change", async () => {
    const w = await buyer(a);
    for (const shipTimes of [[{ weekday: 2, cutoffShipTime: "02:00 P" }], [{ weekday: 2, cutoffShipTime: "24:00" }], [{ weekday: 8, cutoffShipTime: "14:00" }]]) {
      expect((await staff("PUT", `/ShipTimes/${w.customerId}`, { shipTimes })).statusCode).toBe(400);
    }
    const twice = await staff("PUT", `/ShipTimes/${w.customerId}`, { shipTimes: [{ weekday: 2, cutoffShipTime: "14:00" }, { weekday: 2, cutoffShipTime: "15:00" }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe("One cut-off per weekday.");
    expect((await staff("PUT", `/ShipTimes/NOPE-${Date.now()}`, { shipTimes: [] })).statusCode).toBe(404);
    const ok = await staff("PUT", `/ShipTimes/${w.customerId}`, { shipTimes: [{ weekday: 6, cutoffShipTime: "14:30" }, { weekday: 2, cutoffShipTime: "09:15" }] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await a.db.select({ weekday: shipTimes.weekday, cutoffShipTime: shipTimes.cutoffShipTime }).from(shipTimes).where(eq(shipTimes.customerId, w.customerId)).orderBy(shipTimes.weekday)).toEqual([
      { weekday: 2, cutoffShipTime: "09:15" },
      { weekday: 6, cutoffShipTime: "14:30" },
    ]);
    const profile = (await w.get(`/api/Store/Profile/${w.userId}/${w.customerId}/0`)).json();
    expect(profile.shipTimes).toEqual([
      { weekday: 2, cutoffShipTime: "09:15" },
      { weekday: 6, cutoffShipTime: "14:30" },
    ]);
    const [entry] = await auditsOf("supply.calendar.shipTimes");
    expect(entry!.detail).toMatchObject({ customerId: w.customerId, summary: expect.stringContaining("→ Monday 09:15, Friday 14:30") });
    const grid = (await staff("GET", "/ShipTimes")).json().customers;
    expect(grid.find((c: { customerId: string }) => c.customerId === w.customerId).shipTimes).toHaveLength(2);
  });

  it("sets a retailer's pickup days", async () => {
    const { r, api } = await retailerBuyer(a);
    const res = await staff("PUT", `/PickupDays/${r.retailerId}`, { monday: true, tuesday: false, wednesday: false, thursday: false, friday: true });
    expect(res.statusCode, res.body).toBe(200);
    const profile = (await api.get(`/api/Store/Profile/${api.userId}/${api.customerId}/${r.retailerId}`)).json();
    expect(profile.pickupDays).toEqual({ monday: true, tuesday: false, wednesday: false, thursday: false, friday: true });
    expect((await auditsOf("supply.calendar.pickupDays"))[0]!.detail).toMatchObject({ retailerId: r.retailerId, summary: expect.stringContaining("→ Monday, Friday") });
    expect((await staff("PUT", `/PickupDays/${r.retailerId}`, { monday: "yes" })).statusCode).toBe(400);
    expect((await staff("PUT", "/PickupDays/999999999", { monday: true, tuesday: false, wednesday: false, thursday: false, friday: true })).statusCode).toBe(404);
  });
});
