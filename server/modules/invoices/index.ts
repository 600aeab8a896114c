// What other modules may use of invoices: issuing one when an order ships.
export { issueInvoice } from "./service.ts";
export { invoiceRoutes } from "./routes.ts";
