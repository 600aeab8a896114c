// The invoices module's public face: its routes, and issuing an invoice when an order ships.
export { invoiceRoutes as routes } from "./routes.ts";
export { createCreditNote, issueInvoice } from "./service.ts";
