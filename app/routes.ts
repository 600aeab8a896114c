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
    storeArea("Orders", "orders.tsx"),
    storeArea("Orders/:orderNumber", "order-detail.tsx"),
    storeArea("Orders/:orderNumber/ShipDateDetail", "ship-date-detail.tsx"),
    storeArea("Account", "area.tsx", "account"),
    storeArea("Invoices", "invoices.tsx"),
    storeArea("Invoices/details", "invoice-details.tsx"),
    storeArea("Administration", "area.tsx", "administration"),
    storeArea("Administration/Users", "area.tsx", "administration-users"),
    storeArea("Administration/Orders", "order-desk.tsx"),
    storeArea("Administration/Orders/:orderNumber", "order-desk-order.tsx"),
    storeArea("Administration/Retailers", "area.tsx", "administration-retailers"),
    storeArea("Administration/Retailers/New", "area.tsx", "administration-retailers-new"),
    storeArea("Administration/Retailers/Import", "area.tsx", "administration-retailers-import"),
    storeArea("Administration/Retailers/:retailerId", "area.tsx", "administration-retailer"),
    storeArea("Admin/Users", "area.tsx", "admin-users"),
    storeArea("Admin/Wholesalers", "area.tsx", "admin-wholesalers"),
    storeArea("Admin/Wholesalers/:customerId", "area.tsx", "admin-wholesaler"),
  ]),
  // MM layout: the mass-market store.
  layout("routes/mm/layout.tsx", [
    route("MM/Dashboard", "routes/mm/dashboard.tsx"),
    route("MM/Store", "routes/mm/store.tsx"),
    route("MM/Store/checkout", "routes/mm/checkout.tsx"),
    route("MM/Orders", "routes/mm/orders.tsx"),
    route("MM/Orders/:orderNumber", "routes/mm/order-detail.tsx"),
    route("MM/Users", "routes/mm/area.tsx", { id: "mm-users" }),
    route("MM/Users/:userID", "routes/mm/area.tsx", { id: "mm-user" }),
    route("MM/Customer", "routes/mm/area.tsx", { id: "mm-customers" }),
    route("MM/Customer/:customerId", "routes/mm/area.tsx", { id: "mm-customer" }),
  ]),
  // No layout.
  route("Wholesaler_Referrals/NotApproved", "routes/referrals/not-approved.tsx"),
  route("Wholesaler_Referrals/:Id", "routes/referrals/referral.tsx"),
] satisfies RouteConfig;
