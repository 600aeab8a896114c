// The wholesale store's public face: other modules import this file only. Besides its routes it
// offers the catalogue reading the dashboard builds its panels on, the dates and conditional
// answers (ETag, answer cache) the mass-market store reuses, and the stock primitives behind the
// never-oversold invariant (the order desk takes and gives back stock with them).
export { storeRoutes as routes } from "./routes.ts";
export { closedShipDateMessage, nextShipDate, openDates, refusedDate } from "./dates.ts";
export { freeQuantity, toProduct } from "./pricing.ts";
export { catalogCover, catalogCustomerCountSql, catalogIdsOfCustomer, linkCatalogs, type CatalogCover } from "./repo-covering.ts";
export {
  cartIdOf,
  catalogsFor,
  filteredOfferRows,
  giveBackOfferLineStock,
  heldByOthers,
  laterCatalogs,
  lockOfferLines,
  offerTermsSql,
  takeOfferLineStock,
  varietiesOf,
  type CatalogRow,
  type OfferFilter,
  type OfferLineRow,
  type OfferRow,
} from "./repo.ts";
export { catalogProducts, catalogsOn, etagMatches } from "./service.ts";
/** The supply desk's products, catalogs, catalog customers and offer lines (server/modules/supply), read and written in its transaction. */
export * as supplyDesk from "./supply-repo.ts";
export { placeOrder, type PlaceOrderInput } from "./checkout.ts";
/** A cancelled order gives its voucher use back (the order desk, in its transaction). */
export { returnVoucher } from "./buyer-tools-repo.ts";
export { getCart, saveCart, type CartOwner } from "./cart.ts";
export { retailerShipDate } from "./dates.ts";
export { HOLD_REMINDER_JOB, holdReminderJob } from "./reminders.ts";
import { HOLD_REMINDER_JOB, holdReminderJob } from "./reminders.ts";
/** The store's background jobs, collected by server/modules/index.ts. */
export const jobHandlers = { [HOLD_REMINDER_JOB]: holdReminderJob };
