import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// Matching is case-insensitive (React Router's default); paths are written as SPEC §2 spells them.
const contentPages = [
  "about",
  "faq",
  "LineTest",
  "LT1-COGEN",
  "assortment",
  "OurProcess",
  "OurProcessOld",
  "GrowingGreener",
  "AccessibilityPolicy",
  "GreenEnergyInitiative",
];
const varietyPages = ["lilies", "Gerbera", "MiniGerbera", "Anthurium", "lisianthus", "Snapdragons"];

const storeArea = (path: string, file: string, id?: string) =>
  id ? route(path, `routes/store/${file}`, { id }) : route(path, `routes/store/${file}`);

export default [
  // Default layout: the public site and the account pages.
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("login", "routes/account/login.tsx"),
    route("Account/ResetPassword", "routes/account/reset-password.tsx"),
    route("Unauthorized", "routes/public/unauthorized.tsx"),
    route("Careers", "routes/public/careers.tsx"),
    route("Contact", "routes/public/contact.tsx"),
    route("OurTeam", "routes/public/our-team.tsx"),
    ...contentPages.map((p) => route(p, "routes/public/content-page.tsx", { id: `page-${p}` })),
    ...varietyPages.map((p) => route(p, "routes/public/variety.tsx", { id: `variety-${p}` })),
    route("Blog", "routes/public/blog-index.tsx"),
    route("Blog/:slug", "routes/public/blog-article.tsx"),
    route("FlowerCare", "routes/public/care-index.tsx"),
    route("FlowerCare/:slug", "routes/public/care-guide.tsx"),
    route("InteractiveCatalogue", "routes/public/interactive-catalogue.tsx"),
    route("sitemap.xml", "routes/public/sitemap.ts"),
    route("robots.txt", "routes/public/robots.ts"),
    route("*", "routes/not-found.tsx"),
  ]),
  // Store layout: signed-in pages; SPEC §6 access is checked by the layout's loader on every navigation.
  layout("routes/store/layout.tsx", [
    storeArea("StoreFaq", "store-faq.tsx"),
    storeArea("Dashboard", "dashboard.tsx"),
    storeArea("store", "store.tsx"),
    storeArea("store/checkout", "checkout.tsx"),
    // Not a SPEC §2 route: the buyer's weekly standing orders (issue 13).
    storeArea("store/StandingOrders", "standing-orders.tsx"),
    storeArea("Orders", "orders.tsx"),
    storeArea("Orders/:orderNumber", "order-detail.tsx"),
    storeArea("Orders/:orderNumber/ShipDateDetail", "ship-date-detail.tsx"),
    // Issue 29: a buyer's claims on its shipped orders, with photos.
    storeArea("Claims", "claims.tsx"),
    route("Account", "routes/staff/account.tsx"),
    storeArea("Invoices", "invoices.tsx"),
    storeArea("Invoices/details", "invoice-details.tsx"),
    route("Administration", "routes/staff/administration.tsx"),
    route("Administration/Users", "routes/staff/users.tsx"),
    route("Administration/AuditLog", "routes/staff/audit.tsx"),
    route("Administration/PageViews", "routes/staff/page-views.tsx"),
    storeArea("Administration/Orders", "order-desk.tsx"),
    storeArea("Administration/Orders/:orderNumber", "order-desk-order.tsx"),
    // Issue 26: what to cut and pack for a ship date, with packing slips (staff).
    storeArea("OrderDesk/PickList", "pick-list.tsx"),
    // Issue 29: claims to answer (staff).
    storeArea("OrderDesk/Claims", "order-desk-claims.tsx"),
    route("Administration/Retailers", "routes/staff/retailers.tsx"),
    route("Administration/Retailers/New", "routes/staff/retailer-new.tsx"),
    route("Administration/Retailers/Import", "routes/staff/retailer-import.tsx"),
    route("Administration/Retailers/:retailerId", "routes/staff/retailer.tsx"),
    route("Admin/Users", "routes/staff/admin-users.tsx"),
    route("Admin/Wholesalers", "routes/staff/wholesalers.tsx"),
    route("Admin/Wholesalers/New", "routes/staff/wholesaler-new.tsx"),
    route("Admin/Wholesalers/:customerId", "routes/staff/wholesaler.tsx"),
    // Issue 28: API tokens and webhooks of the integration API (Administrator only).
    route("Admin/Integrations", "routes/staff/integrations.tsx"),
    // The supply desk (issue 25): staff only.
    route("Supply", "routes/staff/supply.tsx"),
    route("Supply/Products", "routes/staff/supply-products.tsx"),
    route("Supply/Products/:productId", "routes/staff/supply-product.tsx"),
    route("Supply/Availability", "routes/staff/supply-availability.tsx"),
    route("Supply/Availability/Upload", "routes/staff/supply-upload.tsx"),
    route("Supply/Promotions", "routes/staff/supply-promotions.tsx"),
    route("Supply/Bouquets", "routes/staff/supply-bouquets.tsx"),
    route("Supply/Packages", "routes/staff/supply-packages.tsx"),
    route("Supply/Calendar", "routes/staff/supply-calendar.tsx"),
  ]),
  // MM layout: the mass-market store.
  layout("routes/mm/layout.tsx", [
    route("MM/Dashboard", "routes/mm/dashboard.tsx"),
    route("MM/Store", "routes/mm/store.tsx"),
    route("MM/Store/checkout", "routes/mm/checkout.tsx"),
    route("MM/Orders", "routes/mm/orders.tsx"),
    route("MM/Orders/:orderNumber", "routes/mm/order-detail.tsx"),
    route("MM/Programs", "routes/mm/programs.tsx"),
    route("MM/Users", "routes/staff/mm-users.tsx"),
    route("MM/Users/:userID", "routes/staff/mm-user.tsx"),
    route("MM/Customer", "routes/staff/mm-customers.tsx"),
    route("MM/Customer/New", "routes/staff/mm-customer-new.tsx"),
    route("MM/Customer/:customerId", "routes/staff/mm-customer.tsx"),
  ]),
  // No layout.
  route("Wholesaler_Referrals/NotApproved", "routes/referrals/not-approved.tsx"),
  route("Wholesaler_Referrals/:Id", "routes/referrals/referral.tsx"),
] satisfies RouteConfig;
