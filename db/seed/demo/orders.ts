// Two months of order history up to yesterday: the wholesale customers, the demo retailer (through
// its wholesaler) and the mass-market buyers order on their ship days; shipped orders are invoiced,
// older invoices mostly paid. Orders take from the planned wholesale offers, which are written first.
import { invoiceLines, invoices, orderLines, orders } from "../../schema/index.ts";
import { takeDocumentNumbers } from "../../document-numbers.ts";
import { applyCustomerDiscount, lineTotal, type OfferPrices } from "../../../domain/pricing.ts";
import {
  addDays,
  buildInvoice,
  buildInvoiceLines,
  buildOrder,
  buildOrderLine,
  daysBetween,
  newYorkInstant,
  offerPrices,
  PAIL_FEE_PACKAGE_TYPE,
  specWeekday,
  type NewInvoice,
  type NewMmProduct,
  type NewOrder,
  type OrderLineInput,
} from "../../factories/index.ts";
import type { DemoProduct } from "../demo-products.ts";
import { DEMO_CUSTOMER_CODES, demoUserId, type DemoCustomer, type DemoRetailer } from "./accounts.ts";
import type { CatalogPlan, OfferPlan } from "./catalog.ts";
import { chunks, SAT, type SeedContext } from "./context.ts";
import { MM_PACKAGES } from "./mm.ts";

const ORDER_NOTES = [
  "Please pack lilies in tall boxes.",
  "Deliver to the loading dock at the back.",
  "Call on arrival.",
  "Wedding order: keep the whites together.",
  "Standing order, same as last week.",
];

export interface OrderPlan {
  order: NewOrder & { placedAt: Date };
  lines: OrderLineInput[];
  invoice?: Omit<NewInvoice, "orderId" | "customerId" | "invoiceNumber">;
}

interface Party {
  customerId: string;
  userId: string;
  salesUserId: string | null;
  retailerId: number;
  pickup?: number[];
  perDay: number;
  favourites: string[];
}

interface MmParty {
  customerId: string;
  userId: string;
  salesUserId: string | null;
  perDay: number;
  boxed: boolean;
}

export interface HistoryInput {
  defaultCode: string;
  customerById: ReadonlyMap<string, DemoCustomer>;
  userIds: Record<string, string>;
  demoRetailerId: number;
  demoRetailer: DemoRetailer;
  productList: readonly DemoProduct[];
  catalogPlans: readonly CatalogPlan[];
  mmList: readonly NewMmProduct[];
}

/** What planning one order needs: the input, the seed's context and the shared helpers below. */
interface History extends HistoryInput {
  ctx: SeedContext;
  productById: ReadonlyMap<string, DemoProduct>;
  catalogFor: (shipDate: string) => CatalogPlan | undefined;
  uniqueInstant: (d: Date) => Date;
}

/** Plans every order of the history (nothing is written): wholesale first each day, then mass market. */
export function planOrderHistory(ctx: SeedContext, input: HistoryInput): OrderPlan[] {
  const { random, today } = ctx;
  const { productList, catalogPlans, defaultCode, userIds, demoRetailerId, demoRetailer } = input;
  const uid = (local: string) => demoUserId(userIds, local);
  const favouritesFor = (varieties: string[]) => {
    const preferred = productList.filter((p) => varieties.includes(p.variety)).map((p) => p.productId);
    const others = productList.filter((p) => !varieties.includes(p.variety)).map((p) => p.productId);
    return [...random.sample(preferred, 30), ...random.sample(others, 10)];
  };
  const sales = uid("sales");
  const parties: Party[] = [
    { customerId: "BLMWH", userId: uid("wholesaler"), salesUserId: null, retailerId: 0, perDay: 0.6, favourites: favouritesFor(["lilies", "lisianthus", "garden-roses"]) },
    { customerId: "NEFLO", userId: uid("wholesaler"), salesUserId: null, retailerId: 0, perDay: 0.45, favourites: favouritesFor(["gerbera", "snapdragons"]) },
    { customerId: "GRNST", userId: uid("buyer"), salesUserId: null, retailerId: 0, perDay: 0.55, favourites: favouritesFor(["lilies", "gerbera", "mini-gerbera"]) },
    { customerId: "PETAL", userId: sales, salesUserId: sales, retailerId: 0, perDay: 0.35, favourites: favouritesFor(["garden-roses", "lisianthus"]) },
    { customerId: "METRO", userId: sales, salesUserId: sales, retailerId: 0, perDay: 0.4, favourites: favouritesFor(["anthurium", "lilies"]) },
    { customerId: "HRBOR", userId: sales, salesUserId: sales, retailerId: 0, perDay: 0.3, favourites: favouritesFor(["snapdragons", "mini-gerbera"]) },
    { customerId: defaultCode, userId: sales, salesUserId: sales, retailerId: 0, perDay: 0.07, favourites: favouritesFor(["lilies"]) },
    { customerId: DEMO_CUSTOMER_CODES.retailerWholesaler, userId: uid("retailer"), salesUserId: null, retailerId: demoRetailerId, pickup: demoRetailer.pickup, perDay: 0.4, favourites: favouritesFor(["garden-roses", "lisianthus", "gerbera"]) },
  ];

  // Each planned order gets its own placedAt instant: saved rows are matched back on it.
  const usedInstants = new Set<number>();
  const h: History = {
    ...input,
    ctx,
    productById: new Map(productList.map((p) => [p.productId, p])),
    catalogFor: (shipDate) => catalogPlans.find((c) => c.from <= shipDate && shipDate <= c.to),
    uniqueInstant: (d) => {
      while (usedInstants.has(d.getTime())) d = new Date(d.getTime() + 1000);
      usedInstants.add(d.getTime());
      return d;
    },
  };
  // Mass-market buyers order bouquets for their stores.
  const mmParties: MmParty[] = [
    { customerId: DEMO_CUSTOMER_CODES.massMarket, userId: uid("massmarket"), salesUserId: null, perDay: 0.2, boxed: true },
    { customerId: "VALGR", userId: sales, salesUserId: sales, perDay: 0.12, boxed: false },
  ];
  const plans: OrderPlan[] = [];
  const firstDay = addDays(today, -60);
  for (let day = firstDay; day < today; day = addDays(day, 1)) {
    const weekday = specWeekday(day);
    if (weekday === 1 || weekday === SAT) continue;
    for (const party of parties) {
      if (!random.chance(party.perDay)) continue;
      const plan = wholesaleOrder(h, day, party);
      if (plan) plans.push(plan);
    }
    for (const mm of mmParties) {
      if (!random.chance(mm.perDay)) continue;
      plans.push(mmOrder(h, day, mm));
    }
  }
  return plans;
}

function historyPrices(product: DemoProduct): OfferPrices {
  return {
    ...offerPrices({ standardPriceNoPailCents: product.basePriceCents }),
    discountQuantity: product.unitOfMeasureQty,
    discountQuantity2: product.unitOfMeasureQty * 3,
    unitOfMeasureQty: product.unitOfMeasureQty,
  };
}

function statusFor(today: string, shipDate: string, placedOn: string, cancelled: boolean) {
  if (cancelled) return "cancelled" as const;
  // Shipping issues the invoice in the same transaction (docs/order-desk-invoices.md), so an order
  // that has shipped is invoiced: "shipped" with an invoice would read differently on each screen.
  if (shipDate < today) return "invoiced" as const;
  return placedOn <= addDays(today, -2) ? ("confirmed" as const) : ("submitted" as const);
}

function invoiceFor(ctx: SeedContext, shipDate: string, subtotalCents: number) {
  const { random, today, taxRateBp } = ctx;
  const age = daysBetween(shipDate, today);
  const paid = age > 35 ? random.chance(0.92) : age > 15 ? random.chance(0.55) : random.chance(0.12);
  const paidOn = paid ? [addDays(shipDate, random.int(3, Math.max(3, Math.min(28, age - 1)))), addDays(today, -1)].sort()[0]! : null;
  const base = buildInvoice({ id: 0, customerId: "", shipDate, subtotalCents }, { taxRateBp, paid, paidAt: paidOn ? newYorkInstant(paidOn, 10, random.int(0, 59)) : null });
  const { orderId: _o, customerId: _c, ...rest } = base;
  return rest;
}

/** A wholesale (or retailer) order placed on `day`, or null when nothing it picked is on offer. */
function wholesaleOrder(h: History, day: string, party: Party): OrderPlan | null {
  const { random, today } = h.ctx;
  const { customerById, productList } = h;
  const customer = customerById.get(party.customerId)!;
  let shipDate: string;
  let receivingDate: string | null = null;
  if (party.pickup) {
    // A retailer picks up the day after its wholesaler ships.
    let pickup = addDays(day, 2);
    while (!party.pickup.includes(specWeekday(pickup)) || !customer.shipDays.includes(specWeekday(addDays(pickup, -1)))) pickup = addDays(pickup, 1);
    receivingDate = pickup;
    shipDate = addDays(pickup, -1);
  } else {
    shipDate = addDays(day, 1);
    while (!customer.shipDays.includes(specWeekday(shipDate))) shipDate = addDays(shipDate, 1);
  }
  const cancelled = random.chance(0.03);
  const status = statusFor(today, shipDate, day, cancelled);
  const catalog = h.catalogFor(shipDate);
  const wanted = random.int(3, 12);
  const picks: string[] = [];
  const pool = party.favourites;
  for (let tries = 0; picks.length < wanted && tries < wanted * 4; tries++) {
    const productId = random.chance(0.8) ? random.pick(pool) : random.pick(productList).productId;
    if (picks.includes(productId)) continue;
    if (catalog) {
      const offer = catalog.lines.get(productId);
      if (!offer || !offer.row.showStore) continue;
    }
    picks.push(productId);
  }
  const lines = wholesaleLines(h, { customer, picks, catalog, status, cancelled });
  if (lines.length === 0) return null;
  const subtotal = lines.reduce((s, l) => s + l.lineTotalCents, 0);
  const [cutH, cutM] = customer.cutoff.split(":").map(Number) as [number, number];
  const placedAt = h.uniqueInstant(newYorkInstant(day, random.int(7, Math.max(7, cutH - 1)), random.int(0, cutM === 0 ? 59 : cutM)));
  return {
    order: {
      ...buildOrder({
        customerId: party.customerId,
        userId: party.userId,
        salesUserId: party.salesUserId,
        retailerId: party.retailerId,
        shipDate,
        receivingDate,
        boxed: customer.alwaysBoxed ?? random.chance(0.15),
        status,
        subtotalCents: subtotal,
        totalCents: subtotal,
        notes: random.chance(0.12) ? random.pick(ORDER_NOTES) : null,
      }),
      placedAt,
    },
    lines,
    invoice: status === "invoiced" ? invoiceFor(h.ctx, shipDate, subtotal) : undefined,
  };
}

/** The lines of a wholesale order: each pick's quantity, taken from the day's offer when there is one. */
function wholesaleLines(
  h: History,
  order: { customer: DemoCustomer; picks: readonly string[]; catalog: CatalogPlan | undefined; status: ReturnType<typeof statusFor>; cancelled: boolean },
): OrderLineInput[] {
  const { random } = h.ctx;
  const { productById } = h;
  const { customer, picks, catalog, status, cancelled } = order;
  const lines: OrderLineInput[] = [];
  for (const productId of picks) {
    const product = productById.get(productId)!;
    const uom = product.unitOfMeasureQty;
    let quantity = random.int(0, 4) * uom + (random.chance(0.35) ? random.int(1, uom - 1) : 0);
    if (quantity === 0) quantity = uom;
    let prices = historyPrices(product);
    let confirmed = quantity;
    let pending = 0;
    let offer: OfferPlan | undefined;
    if (catalog) {
      offer = catalog.lines.get(productId)!;
      const row = offer.row;
      const remaining = (row.originalQuantity ?? 0) - row.quantityOrdered;
      confirmed = Math.min(quantity, remaining);
      // Submitted orders may ask for more than remains (pending). A confirmed order has had every
      // pending quantity confirmed or declined (domain/order-status.ts); shipped ones hold what shipped.
      pending = status === "submitted" ? (row.isFinalProduct ? 0 : quantity - confirmed) : 0;
      quantity = confirmed + pending;
      if (quantity === 0) continue;
      if (!cancelled) row.quantityOrdered += confirmed;
      prices = {
        standardPriceCents: row.standardPriceCents,
        priceCents: row.priceCents,
        standardPriceNoPailCents: row.standardPriceNoPailCents,
        priceNoPailCents: row.priceNoPailCents,
        discountPriceCents: row.discountPriceCents,
        discountPriceNoPailCents: row.discountPriceNoPailCents,
        discountPrice2Cents: row.discountPrice2Cents,
        discountPriceNoPail2Cents: row.discountPriceNoPail2Cents,
        discountQuantity: row.discountQuantity!,
        discountQuantity2: row.discountQuantity2!,
        special: row.special ?? false,
        unitOfMeasureQty: uom,
      };
    }
    const total = lineTotal(quantity, prices);
    const pailPrice = applyCustomerDiscount(total.pailBunchPriceCents, customer.discountPercent);
    const loosePrice = applyCustomerDiscount(total.looseBunchPriceCents, customer.discountPercent);
    lines.push(
      buildOrderLine({
        position: lines.length,
        productId,
        offerLineId: null,
        offerOrderNumber: offer ? offer.orderId : null,
        description: product.description,
        category: product.category,
        quantity,
        pails: total.pails,
        looseBunches: total.looseBunches,
        pailPriceCents: pailPrice,
        bunchPriceCents: loosePrice,
        quantityConfirmed: confirmed,
        quantityPending: pending,
        lineTotalCents: (quantity - total.looseBunches) * pailPrice + total.looseBunches * loosePrice,
        unitOfMeasure: product.unitOfMeasure,
        boxType: null,
      }),
    );
  }
  return lines;
}

/** A mass-market order placed on `day`, with its box or pail fee lines. */
function mmOrder(h: History, day: string, mm: MmParty): OrderPlan {
  const { random, today } = h.ctx;
  const { customerById, mmList } = h;
  const customer = customerById.get(mm.customerId)!;
  let shipDate = addDays(day, 1);
  while (!customer.shipDays.includes(specWeekday(shipDate))) shipDate = addDays(shipDate, 1);
  const status = statusFor(today, shipDate, day, random.chance(0.03));
  const picks = random.sample(mmList, random.int(3, 8));
  const lines: OrderLineInput[] = picks.map((p, i) => {
    const quantity = p.packSize * random.int(1, 4);
    const price = mm.boxed ? p.pricePerBouquetCents : p.pricePerBouquetNoBoxCents;
    return buildOrderLine({
      position: i,
      productId: p.productId,
      description: p.description,
      category: p.category,
      quantity,
      pails: 0,
      looseBunches: 0,
      pailPriceCents: 0,
      bunchPriceCents: price,
      quantityConfirmed: quantity,
      quantityPending: 0,
      lineTotalCents: quantity * price,
      unitOfMeasure: p.unitOfMeasure,
      boxType: p.boxType ?? null,
    });
  });
  // SPEC §4 fee rules: boxed -> a box line per box type; unboxed -> a pail fee for pail items.
  const fees = new Map<string, number>();
  for (const [i, p] of picks.entries()) {
    const key = mm.boxed ? p.boxType! : p.unitOfMeasure.toLowerCase().includes("pail") ? PAIL_FEE_PACKAGE_TYPE : null;
    if (key) fees.set(key, (fees.get(key) ?? 0) + lines[i]!.quantity);
  }
  for (const [type, quantity] of [...fees.entries()].sort()) {
    const pkg = MM_PACKAGES.find((p) => p.type === type)!;
    lines.push(
      buildOrderLine({
        position: lines.length,
        productId: pkg.type,
        description: pkg.description,
        category: pkg.category,
        quantity,
        pails: 0,
        looseBunches: 0,
        pailPriceCents: 0,
        bunchPriceCents: pkg.priceCents,
        quantityConfirmed: quantity,
        lineTotalCents: quantity * pkg.priceCents,
        unitOfMeasure: pkg.category === "pails" ? "Pail" : "Box",
        boxType: pkg.category === "boxes" ? pkg.type : null,
      }),
    );
  }
  const subtotal = lines.reduce((s, l) => s + l.lineTotalCents, 0);
  const placedAt = h.uniqueInstant(newYorkInstant(day, random.int(6, 9), random.int(0, 29)));
  return {
    order: {
      ...buildOrder({
        store: "mm",
        customerId: mm.customerId,
        userId: mm.userId,
        salesUserId: mm.salesUserId,
        shipDate,
        boxed: mm.boxed,
        status,
        subtotalCents: subtotal,
        totalCents: subtotal,
      }),
      placedAt,
    },
    lines,
    invoice: status === "invoiced" ? invoiceFor(h.ctx, shipDate, subtotal) : undefined,
  };
}

/** Writes the orders and their lines (pointing at the written offers), then invoices the shipped ones. */
export async function writeOrders(ctx: SeedContext, plans: readonly OrderPlan[], catalogPlans: readonly CatalogPlan[], offerIdByKey: ReadonlyMap<string, number>): Promise<void> {
  const { tx, counts } = ctx;
  const catalogIdByOrderId = new Map(catalogPlans.map((c) => [c.orderId, c.id]));

  const orderKey = (customerId: string, placedAt: Date) => `${customerId}|${placedAt.getTime()}`;
  const orderIdByKey = new Map<string, number>();
  for (const part of chunks(plans.map((p) => p.order))) {
    const saved = await tx.insert(orders).values(part).returning({ id: orders.id, customerId: orders.customerId, placedAt: orders.placedAt });
    for (const s of saved) orderIdByKey.set(orderKey(s.customerId, s.placedAt), s.id);
  }
  const lineRows = plans.flatMap((p) => {
    const orderId = orderIdByKey.get(orderKey(p.order.customerId, p.order.placedAt))!;
    return p.lines.map((l) => ({
      ...l,
      orderId,
      offerLineId:
        l.offerOrderNumber != null ? (offerIdByKey.get(`${catalogIdByOrderId.get(l.offerOrderNumber)}|${l.productId}`) ?? null) : null,
    }));
  });
  for (const part of chunks(lineRows)) await tx.insert(orderLines).values(part);
  counts.orders = plans.length;
  counts.orderLines = lineRows.length;

  const invoiced = plans.filter((p) => p.invoice);
  invoiced.sort((a, b) => (a.invoice!.invoiceDate < b.invoice!.invoiceDate ? -1 : a.invoice!.invoiceDate > b.invoice!.invoiceDate ? 1 : 0));
  const firstNumber = invoiced.length ? await takeDocumentNumbers(tx, "invoice", invoiced.length) : 0;
  const invoiceRows = invoiced.map((p, i) => ({
    ...p.invoice!,
    invoiceNumber: firstNumber + i,
    orderId: orderIdByKey.get(orderKey(p.order.customerId, p.order.placedAt))!,
    customerId: p.order.customerId,
  }));
  const invoiceIdByOrder = new Map<number, number>();
  for (const part of chunks(invoiceRows)) {
    const saved = await tx.insert(invoices).values(part).returning({ id: invoices.id, orderId: invoices.orderId });
    for (const s of saved) invoiceIdByOrder.set(s.orderId, s.id);
  }
  const invoiceLineRows = invoiced.flatMap((p) => {
    const invoiceId = invoiceIdByOrder.get(orderIdByKey.get(orderKey(p.order.customerId, p.order.placedAt))!)!;
    return buildInvoiceLines(p.lines).map((l) => ({ ...l, invoiceId }));
  });
  for (const part of chunks(invoiceLineRows)) await tx.insert(invoiceLines).values(part);
  counts.invoices = invoiceRows.length;
  counts.invoiceLines = invoiceLineRows.length;
}
