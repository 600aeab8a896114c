// The catalog: the grower's products, the catalogs (a ship-date range of offer lines, general or for
// named customers) and their offer lines with the stock on each. It owns those tables; the wholesale
// store, the dashboard, the live streams, the order desk, the fresh list and the supply desk read and
// change them through this file only. What a buyer may still take of a line is `freeQuantity`
// (domain/free-stock.ts's `freeStock`); the stock moves that keep "never sell more than exists" are
// guarded updates here, with the carts engine's holds in the same statement.
export * from "./repo.ts";
export * from "./repo-stock.ts";
export * from "./repo-covering.ts";
export { freeQuantity } from "./stock.ts";
/** The supply desk's products, catalogs, catalog customers and offer lines (server/modules/supply), read and written in its transaction. */
export * as supplyDesk from "./supply-repo.ts";
