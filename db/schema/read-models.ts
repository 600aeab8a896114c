// Published read models: what an owning module lets other modules read of its tables (issue 24). Each
// is a plain SQL view over one table of its owner (server/modules/table-owners.ts, READ_MODELS), named
// after it (`orders` → `orders_read`), with the columns its readers use. Any module's repo may read a
// view; only the owner's repo reads or writes the table itself, and nobody writes a view
// (`scripts/import-graph.ts --check`). A view over one table is inlined by the planner, so a report
// joining views runs the same plan and the same number of statements as one joining the tables.
//
// Where readers take whole rows (an order, its lines, an invoice, a credit note, a mail, a voucher), the
// view has every column of its table.
import { getTableColumns } from "drizzle-orm";
import { pgView, type PgTable } from "drizzle-orm/pg-core";
import { customers, retailerCustomers, retailers, shipTimes, userClaims, userCustomers, userRoles, users } from "./accounts.ts";
import { auditLog } from "./auth.ts";
import { mailOutbox } from "./mail.ts";
import { catalogs, offerLines, products } from "./catalog.ts";
import { carts, holds } from "./cart.ts";
import { creditNoteLines, creditNotes, invoiceLines, invoices, orderLines, orders } from "./orders.ts";
import { comboSpecialProducts, comboSpecials, interactiveImageHotspots, interactiveImages, voucherRedemptions, vouchers } from "./marketing.ts";
import { mmCatalogProducts, mmHolds, mmOrderLineLabels, mmProducts } from "./mm.ts";

/** These columns of a table, by their Drizzle names. */
function columnsOf<T extends PgTable, K extends keyof T["_"]["columns"] & string>(table: T, ...keys: K[]): Pick<T["_"]["columns"], K> {
  const all = getTableColumns(table);
  return Object.fromEntries(keys.map((k) => [k, all[k]])) as Pick<T["_"]["columns"], K>;
}

// ---- accounts: users without their password hashes; roles and claims ----
export const usersRead = pgView("users_read").as((qb) => qb.select(columnsOf(users, "id", "email", "firstName", "lastName", "active", "createdAt")).from(users));
export const userRolesRead = pgView("user_roles_read").as((qb) => qb.select(columnsOf(userRoles, "userId", "role")).from(userRoles));
export const userClaimsRead = pgView("user_claims_read").as((qb) => qb.select(columnsOf(userClaims, "id", "userId", "claim", "value")).from(userClaims));

// ---- buyers: customers, their ship times, retailers and who buys for whom ----
export const customersRead = pgView("customers_read").as((qb) =>
  qb
    .select(columnsOf(customers, "customerId", "companyName", "kind", "email", "address", "city", "state", "zip", "paymentTermsDays"))
    .from(customers),
);
export const shipTimesRead = pgView("ship_times_read").as((qb) => qb.select(columnsOf(shipTimes, "customerId", "weekday", "cutoffShipTime")).from(shipTimes));
export const retailersRead = pgView("retailers_read").as((qb) => qb.select(columnsOf(retailers, "retailerId", "name", "active")).from(retailers));
export const retailerCustomersRead = pgView("retailer_customers_read").as((qb) => qb.select(columnsOf(retailerCustomers, "retailerId", "customerId")).from(retailerCustomers));
export const userCustomersRead = pgView("user_customers_read").as((qb) => qb.select(columnsOf(userCustomers, "userId", "customerId")).from(userCustomers));

// ---- store: products, catalogs, offer lines, carts and holds ----
export const productsRead = pgView("products_read").as((qb) =>
  qb
    .select(
      columnsOf(
        products,
        "productId",
        "description",
        "variety",
        "colour",
        "colourHex",
        "grade",
        "stemLengthCm",
        "unitOfMeasureQty",
        "stemsPerBunch",
        "bunchesPerBox",
        "showStore",
        "active",
      ),
    )
    .from(products),
);
export const catalogsRead = pgView("catalogs_read").as((qb) => qb.select(columnsOf(catalogs, "id", "orderId", "kind", "title", "shipDateFrom", "shipDateTo")).from(catalogs));
export const offerLinesRead = pgView("offer_lines_read").as((qb) =>
  qb
    .select(columnsOf(offerLines, "id", "catalogId", "productId", "originalQuantity", "quantityOrdered", "isFinalProduct", "special", "standardPriceCents", "priceCents", "standardPriceNoPailCents", "priceNoPailCents", "showStore"))
    .from(offerLines),
);
export const cartsRead = pgView("carts_read").as((qb) => qb.select(columnsOf(carts, "id", "userId", "customerId", "retailerId", "store")).from(carts));
export const holdsRead = pgView("holds_read").as((qb) => qb.select(columnsOf(holds, "offerLineId", "quantity", "expiresAt")).from(holds));

// ---- mm: the mass-market products, catalog lines, holds and order-line labels ----
export const mmProductsRead = pgView("mm_products_read").as((qb) => qb.select(columnsOf(mmProducts, "productId", "description", "active")).from(mmProducts));
export const mmCatalogProductsRead = pgView("mm_catalog_products_read").as((qb) =>
  qb.select(columnsOf(mmCatalogProducts, "catalogId", "productId", "available", "quantityOrdered")).from(mmCatalogProducts),
);
export const mmHoldsRead = pgView("mm_holds_read").as((qb) => qb.select(columnsOf(mmHolds, "catalogId", "productId", "quantity", "expiresAt")).from(mmHolds));
export const mmOrderLineLabelsRead = pgView("mm_order_line_labels_read").as((qb) => qb.select(getTableColumns(mmOrderLineLabels)).from(mmOrderLineLabels));

// ---- orders and their lines (whole rows: the desk, claims, invoices and the API read them all) ----
export const ordersRead = pgView("orders_read").as((qb) => qb.select(getTableColumns(orders)).from(orders));
export const orderLinesRead = pgView("order_lines_read").as((qb) => qb.select(getTableColumns(orderLines)).from(orderLines));

// ---- invoices and credit notes (whole rows: claims and the API read them all) ----
export const invoicesRead = pgView("invoices_read").as((qb) => qb.select(getTableColumns(invoices)).from(invoices));
export const invoiceLinesRead = pgView("invoice_lines_read").as((qb) => qb.select(getTableColumns(invoiceLines)).from(invoiceLines));
export const creditNotesRead = pgView("credit_notes_read").as((qb) => qb.select(getTableColumns(creditNotes)).from(creditNotes));
export const creditNoteLinesRead = pgView("credit_note_lines_read").as((qb) => qb.select(getTableColumns(creditNoteLines)).from(creditNoteLines));

// ---- promotions: vouchers and their uses, combo specials ----
export const vouchersRead = pgView("vouchers_read").as((qb) => qb.select(getTableColumns(vouchers)).from(vouchers));
export const voucherRedemptionsRead = pgView("voucher_redemptions_read").as((qb) =>
  qb.select(columnsOf(voucherRedemptions, "id", "voucherId", "customerId", "userId", "orderId")).from(voucherRedemptions),
);
export const comboSpecialsRead = pgView("combo_specials_read").as((qb) => qb.select(getTableColumns(comboSpecials)).from(comboSpecials));
export const comboSpecialProductsRead = pgView("combo_special_products_read").as((qb) =>
  qb.select(columnsOf(comboSpecialProducts, "comboSpecialId", "productId")).from(comboSpecialProducts),
);

// ---- public: the interactive pictures ----
export const interactiveImagesRead = pgView("interactive_images_read").as((qb) => qb.select(getTableColumns(interactiveImages)).from(interactiveImages));
export const interactiveImageHotspotsRead = pgView("interactive_image_hotspots_read").as((qb) =>
  qb.select(getTableColumns(interactiveImageHotspots)).from(interactiveImageHotspots),
);

// ---- mail and audit: the outbox and the audit log, as the staff tools list them ----
export const mailOutboxRead = pgView("mail_outbox_read").as((qb) => qb.select(getTableColumns(mailOutbox)).from(mailOutbox));
export const auditLogRead = pgView("audit_log_read").as((qb) => qb.select(getTableColumns(auditLog)).from(auditLog));
