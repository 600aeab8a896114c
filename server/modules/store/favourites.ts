// Favourites (issue 13): the products a buying account stars. Kept per customer, or per retailer of
// the customer (retailer 0 is the customer itself), so every user buying for that account shares
// them. Who may read or change them is the guard's ownership check of the route (the cart's rule).
import type { Db } from "../../../db/client.ts";
import type { Favourites } from "../../../contract/store.ts";
import { badRequest, notFound } from "../../errors.ts";
import { addFavourite, favouriteIdsOf, removeFavourite, type FavouriteOwner } from "./repo.ts";

/** A buying account may star at most this many products; starring more asks to unstar some first. */
export const MAX_FAVOURITES = 1000;

export async function favouritesOf(db: Db, owner: FavouriteOwner): Promise<Favourites> {
  return { productIds: await favouriteIdsOf(db, owner) };
}

export async function starProduct(db: Db, owner: FavouriteOwner, productId: string): Promise<Favourites> {
  const ids = await favouriteIdsOf(db, owner);
  if (ids.includes(productId)) return { productIds: ids };
  if (ids.length >= MAX_FAVOURITES) throw badRequest(`You can keep at most ${MAX_FAVOURITES} favourites. Remove some first.`);
  // In a transaction, so a star set while acting for the buyer is audited with it (docs/staff.md).
  if (!(await db.transaction((tx) => addFavourite(tx, owner, productId)))) throw notFound("Unknown product.");
  return favouritesOf(db, owner);
}

export async function unstarProduct(db: Db, owner: FavouriteOwner, productId: string): Promise<Favourites> {
  await db.transaction((tx) => removeFavourite(tx, owner, productId));
  return favouritesOf(db, owner);
}
