// The wholesale store's public face: other modules import this file only. Besides its routes it
// offers the products as a buyer sees them (the dashboard builds its panels on them), the dates and
// conditional answers (ETag, answer cache) the mass-market store reuses, the cart and checkout the
// standing orders run, and a voucher's use given back. The products, catalogs, offer lines and their
// stock are the catalog module's (server/modules/catalog).
export { storeRoutes as routes } from "./routes.ts";
export { closedShipDateMessage, nextShipDate, openDates, refusedDate } from "./dates.ts";
export { toProduct } from "./pricing.ts";
export { cartIdOf } from "./repo.ts";
export { catalogProducts, catalogsOn, etagMatches } from "./service.ts";
export { placeOrder, type PlaceOrderInput } from "./checkout.ts";
/** A cancelled order gives its voucher use back (the order desk, in its transaction). */
export { returnVoucher } from "./buyer-tools-repo.ts";
export { getCart, saveCart, type CartOwner } from "./cart.ts";
export { retailerShipDate } from "./dates.ts";
export { HOLD_REMINDER_JOB, holdReminderJob } from "./reminders.ts";
import { HOLD_REMINDER_JOB, holdReminderJob } from "./reminders.ts";
/** The store's background jobs, collected by server/modules/index.ts. */
export const jobHandlers = { [HOLD_REMINDER_JOB]: holdReminderJob };
