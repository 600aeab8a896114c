// The one cart save of both stores (DOMAIN.md "Carts and holds"; issue 24 "one carts engine"). A save
// is one transaction of at most six statements whatever the number of lines: BEGIN, lock the cart
// (with its lines and what the store's policy reads alongside), choose and lock the offers to sell
// from (the policy's statement), read the active holds on them (or, where the policy can, in the
// lock's own statement: five statements), write cart, holds and lines, COMMIT (four round trips on
// PostgreSQL, three with the holds read by the lock: BEGIN goes with the lock, COMMIT with the write;
// db/fold.ts; two when the policy can choose without the cart, its statement sent in the lock's
// write, right behind it: CartPolicy.chooseAhead). What is sold, at what price and with which fees is the store's policy; the order of the steps, the version
// check with its 409, the hold expiry and the write are the engine's, the same for both stores.
import type { Db, DbOrTx } from "../../../db/client.ts";
import { askTogether, commitWithNext } from "../../../db/fold.ts";
import { conflict } from "../../errors.ts";
import {
  activeHolds,
  lockCartRow,
  type AlongsideSql,
  type CartOwner,
  type CartRow,
  type CartStore,
  type HoldSums,
  type CartLineRow,
  type SavedLine,
} from "./repo.ts";
import { writeSavedCart, type ExtraInsert, type HoldWrite } from "./repo-write.ts";

export const STALE_CART_MESSAGE = "Your cart was changed in another window. Please review it and try again.";

/** The cart as the save's first statement found it, locked. */
export interface LockedCart<Alongside> {
  cart: CartRow;
  /** Its lines in their order, as the lock's statement read them (lockCartRow: a concurrent save may have changed them since). */
  lines: CartLineRow[];
  /** What the policy asked to read with the lock. */
  alongside: Alongside;
}

/** What a policy decided a save writes, and how its answer is made from what was written. */
export interface SavePlan<Answer> {
  shipDate: string | null;
  receivingDate: string | null;
  boxed: boolean;
  lines: SavedLine[];
  holds: HoldWrite;
  /** Whether the save takes stock its cart did not hold (a new hold expiry). */
  acquired: boolean;
  /** Another insert of the same write for a new expiry (see CartSaveFields.alsoInsert). */
  onExtend?: ExtraInsert;
  answer(saved: CartRow, lineIds: number[]): Answer;
}

/**
 * A store's pricing and fee policy for one save: the steps that differ between the stores, made per
 * save around what its body asks (the store module builds it). `Key` is what a hold is keyed by (offer
 * line id, or bouquet product id), `Offers` what the store sells from.
 */
export interface CartPolicy<Alongside, Offers, Key extends number | string, Answer> {
  store: CartStore;
  /** The version the body was based on (a 409 when the cart has moved on since). */
  version: number | undefined;
  /** An SQL value of the store's own tables read by the lock's statement (product facts, fee packages). */
  alongside?: AlongsideSql;
  /** Refusals that do not depend on the cart's version (a product that does not exist). */
  refuse?(locked: LockedCart<Alongside>): void;
  /** The cart as it stands, for a 409. */
  current(tx: DbOrTx, locked: LockedCart<Alongside>): Promise<Answer>;
  /** The dates, and the offers to sell from chosen and locked (one statement). */
  choose(tx: DbOrTx, locked: LockedCart<Alongside>, now: Date): Promise<Offers>;
  /**
   * `choose` without the locked cart, when the request names all it depends on (the dates): its
   * statement is asked at once (synchronously, before this returns) and finds the cart by its owner,
   * so the engine sends it in the same network write as the cart's lock, right behind it (one round
   * trip less; db/fold.ts pipelineNext). Its promise gives what completes the offers once the cart is
   * known. Undefined when it cannot be made so: the engine calls `choose` after the lock.
   */
  chooseAhead?(tx: DbOrTx, owner: CartOwner, now: Date): Promise<(locked: LockedCart<Alongside>) => Offers> | undefined;
  /** What the hold read looks at. */
  holdTarget(offers: Offers): { offerLineIds: number[] } | { catalogId: number; productIds: string[] };
  /**
   * The active holds on the offers when `choose` read them in its own statement, after its locks
   * (one statement and one round trip less, while the offers are locked); undefined: the engine
   * reads them after `choose`.
   */
  heldWith?(offers: Offers): HoldSums<Key> | undefined;
  /** Lines, holds and prices from what is free. */
  plan(locked: LockedCart<Alongside>, offers: Offers, holds: HoldSums<Key>, now: Date): SavePlan<Answer>;
}

/**
 * Saves a cart through a store's policy. Holds: a new expiry (now + holdMs) when the save took stock
 * or the cart's expiry has lapsed; otherwise the running one; none when nothing is held.
 */
export async function saveCartWith<Alongside, Offers, Key extends number | string, Answer>(
  db: Db,
  policy: CartPolicy<Alongside, Offers, Key, Answer>,
  owner: CartOwner,
  boxed: boolean,
  opts: { holdMs: number; now?: Date },
): Promise<Answer> {
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    // On PostgreSQL the offers' lock goes out right behind the cart's, in one write, when the policy
    // can make it without the cart; PostgreSQL still takes the locks in the same order, cart first.
    // Without the pipeline (PGlite) the same statement is sent after the checks below; when they
    // refuse the save, a pipelined one is left unread.
    const lock = () => lockCartRow(tx, owner, policy.store, boxed, policy.alongside) as Promise<LockedCart<Alongside>>;
    const chooseAhead = policy.chooseAhead;
    const locking = chooseAhead
      ? askTogether(tx, lock, () => chooseAhead(tx, owner, now) ?? Promise.resolve(undefined))
      : { first: lock(), second: () => Promise.resolve(undefined) };
    const locked = await locking.first;
    policy.refuse?.(locked);
    if (policy.version !== undefined && policy.version !== locked.cart.version) throw conflict(STALE_CART_MESSAGE, await policy.current(tx, locked));
    const ahead = await locking.second();
    const offers = ahead ? ahead(locked) : await policy.choose(tx, locked, now);
    const target = policy.holdTarget(offers);
    const holds =
      policy.heldWith?.(offers) ??
      ((await ("offerLineIds" in target ? activeHolds(tx, locked.cart.id, target) : activeHolds(tx, locked.cart.id, target))) as HoldSums<Key>);
    const plan = policy.plan(locked, offers, holds, now);

    const cart = locked.cart;
    const anyHeld = "offerLines" in plan.holds ? plan.holds.offerLines.length > 0 : plan.holds.bouquets.length > 0;
    const running = cart.holdExpiresAt && cart.holdExpiresAt > now ? cart.holdExpiresAt : null;
    const extend = anyHeld && (plan.acquired || !running);
    // The write is the transaction's last statement: its COMMIT goes out with it (one round trip less).
    commitWithNext(tx);
    const written = await writeSavedCart(
      tx,
      cart.id,
      {
        shipDate: plan.shipDate,
        receivingDate: plan.receivingDate,
        boxed: plan.boxed,
        holdExpiresAt: extend ? "extend" : anyHeld ? running : null,
        holdMs: opts.holdMs,
        ...(extend && plan.onExtend ? { alsoInsert: plan.onExtend } : {}),
      },
      plan.holds,
      plan.lines,
    );
    const saved: CartRow = {
      ...cart,
      shipDate: plan.shipDate,
      receivingDate: plan.receivingDate,
      boxed: plan.boxed,
      version: written.version,
      holdExpiresAt: written.holdExpiresAt,
    };
    return plan.answer(saved, written.lineIds);
  });
}
