// A mass-market standing program's weekly run (docs/domain-mm.md "Standing programs"): its bouquets,
// each with its shelf label, go into the buyer's MM cart for the date through the MM store's own cart
// save (holds, today's prices, never oversold; what cannot be had is listed), with the program's boxed
// choice when the cart is empty; or, when the buyer chose so and the cart was empty, they are placed
// as an order through the MM checkout, once per program and date (its Idempotency-Key).
import type { Db } from "../../../db/client.ts";
import type { Config } from "../../config.ts";
import { HttpError } from "../../errors.ts";
import type { Buyer } from "../buyers/index.ts";
import { addBouquetsToCart, createMmOrder, getMmCart, NOT_MM_CUSTOMER_MESSAGE } from "../mm/index.ts";
import type { LabelColumns, Owner, StandingOrderRow } from "./repo.ts";

/** What a run did, for the template's last result and the mail to the buyer. */
export interface Outcome {
  summary: string;
  /** Lines the buyer should know about: not offered, partly pending. */
  notes: string[];
  totalCents: number | null;
  orderNumber: number | null;
}

const isClientError = (err: unknown): err is HttpError => err instanceof HttpError && err.statusCode < 500;

/** One run of a standing order: the template, its owner and buyer, and the date it fills a cart or places an order for. */
export interface Run {
  db: Db;
  config: Config;
  so: StandingOrderRow;
  owner: Owner;
  buyer: Buyer;
  date: string;
}

/** The outcome of a run that added nothing, and why. */
export const nothingAdded = (summary: string): Outcome => ({ summary, notes: [], totalCents: null, orderNumber: null });

export async function makeMmCartOrOrder(
  { db, config, so, owner, buyer, date }: Run,
  lines: ({ productId: string; quantity: number; description: string | null } & LabelColumns)[],
  now: Date,
): Promise<Outcome> {
  if (buyer.kind !== "massMarket") return nothingAdded(`skipped: ${NOT_MM_CUSTOMER_MESSAGE}`);
  if (!lines.length) return nothingAdded("nothing to order: none of its bouquets is sold any more");
  const mmOwner = { userId: owner.userId, customerId: owner.customerId };
  const cart = await getMmCart(db, mmOwner, buyer);
  const had = cart.items.filter((i) => i.id !== 0);
  if (had.length && cart.shipDate !== date) return nothingAdded(`not added: your cart holds an order for ${cart.shipDate ?? "another date"}; check it out or empty it first`);
  const bouquets = lines.map((l) => ({
    productId: l.productId,
    quantity: l.quantity,
    // The program's label; a line without one takes the label the customer used last (left out).
    ...(l.barcodeNumber || l.barcodeTop || l.barcodeLeft || l.barcodeBottom
      ? { barcodeNumber: l.barcodeNumber, barcodeTop: l.barcodeTop, barcodeLeft: l.barcodeLeft, barcodeBottom: l.barcodeBottom }
      : {}),
  }));
  let saved;
  try {
    saved = await addBouquetsToCart(db, config.holdMs, mmOwner, buyer, bouquets, {
      date,
      ...(so.boxed !== null ? { boxed: so.boxed } : {}),
      now,
      descriptions: new Map(lines.map((l) => [l.productId, l.description ?? l.productId])),
    });
  } catch (err) {
    if (isClientError(err)) return nothingAdded(`not added: ${err.message}`);
    throw err;
  }
  const notes = saved.notAdded.map((n) => `${n.description}: ${n.added ? `${n.added} of ${n.asked} added` : `none of ${n.asked} added`} (${n.message})`);
  const added = lines.length - saved.notAdded.filter((n) => n.added === 0).length;
  if (!added) return { summary: "nothing offered for this date", notes, totalCents: null, orderNumber: null };
  if (so.mode === "order" && !had.length) {
    try {
      const order = await createMmOrder(
        db,
        { owner: mmOwner, buyer, userId: owner.userId, salesUserId: null, idempotencyKey: `mm-program:${so.id}:${date}` },
        now,
      );
      return {
        summary: `order ${order.orderNumber} placed, ${added} lines${notes.length ? `, ${notes.length} to note` : ""}`,
        notes,
        totalCents: Math.round(order.total * 100),
        orderNumber: order.orderNumber,
      };
    } catch (err) {
      if (!isClientError(err)) throw err;
      notes.push(`The order could not be placed: ${err.message} The bouquets are in your cart.`);
    }
  }
  return { summary: `cart saved, ${added} lines${notes.length ? `, ${notes.length} to note` : ""}`, notes, totalCents: Math.round(saved.cart.total * 100), orderNumber: null };
}
