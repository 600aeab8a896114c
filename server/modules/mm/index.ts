// The mass-market store module's public face (SPEC §7 MM store, MMDashboard and MMOrder calls).
export { mmRoutes as routes } from "./routes.ts";
export { liveCatalogOf } from "./service.ts";
/** For the standing programs (server/modules/standing-orders): the cart and checkout of the MM store. */
export { assertMassMarket, getCart as getMmCart, NOT_MM_CUSTOMER_MESSAGE } from "./service.ts";
export { createOrder as createMmOrder } from "./checkout.ts";
export { addBouquetsToCart } from "./reorder.ts";
/** The order desk's stock moves on the catalog line an order was placed from. */
export { giveBackMmStock, lockMmFree, takeMmStock } from "./repo.ts";
/** The supply desk's bouquets, packages and catalog lines (server/modules/supply), read and written in its transaction. */
export * as supplyDesk from "./supply-repo.ts";
