// The site's pages, listed once (SPEC §2 routes, §6 who may see them). The router (app/routes.ts), the
// access check (domain/access.ts), page-view counting (domain/page-views.ts) and the sitemap
// (app/routes/public/sitemap.ts) all read this table; app/routes.test.ts checks that the router serves
// exactly these pages.

/** The frame a page is rendered in: the public site, the wholesale store, the mass-market store, or none. */
export type PageLayout = "public" | "store" | "mm" | "none";

/**
 * Who may see a page (SPEC §6). What each audience means in roles is said in domain/access.ts.
 * - everyone: no sign-in needed
 * - signedIn: any signed-in user
 * - buyers: wholesaler, Retailer (staff acting as one have the buyer's roles)
 * - staffAndWholesaler: Administrator, SalesPerson, wholesaler
 * - staff: Administrator, SalesPerson
 * - admin: Administrator
 */
export type Audience = "everyone" | "signedIn" | "buyers" | "staffAndWholesaler" | "staff" | "admin";

export interface Page {
  /**
   * As SPEC §2 spells it, without the leading slash: "" is the home page, ":name" is one path segment
   * (a route parameter), "*" is any address no other page serves.
   */
  path: string;
  layout: PageLayout;
  /** The route module that renders it (its loader, meta and component), relative to app/. */
  module: string;
  /** The route id, where one module serves several pages. */
  id?: string;
  audience: Audience;
  /** Counted as a page view under its pattern (issue 13); an address no counted page serves is counted as not found. */
  pageView: boolean;
  /** Listed in sitemap.xml; a page with a parameter is listed once per piece of content it shows. */
  sitemap: boolean;
}

interface Options {
  id?: string;
  pageView?: boolean;
  sitemap?: boolean;
}

const page = (layout: PageLayout, audience: Audience, path: string, module: string, options: Options = {}): Page => ({
  path,
  layout,
  module,
  ...(options.id ? { id: options.id } : {}),
  audience,
  pageView: options.pageView ?? true,
  sitemap: options.sitemap ?? false,
});

/** A public page of the site, in the sitemap unless said otherwise. */
const site = (path: string, module: string, options: Options = {}) => page("public", "everyone", path, module, { sitemap: true, ...options });
/** The generic content route (content/pages) and the variety route (content/varieties). */
const content = (path: string) => site(path, "routes/public/content.tsx", { id: `page-${path}` });
const variety = (path: string) => site(path, "routes/public/variety-page.tsx", { id: `variety-${path}` });
const store = (audience: Audience, path: string, module: string, options: Options = {}) => page("store", audience, path, module, options);
const mm = (audience: Audience, path: string, module: string, options: Options = {}) => page("mm", audience, path, module, options);

// Matching is case-insensitive (React Router's default and the access check's). The order is SPEC §2's,
// which is also the order of the sitemap and of the page-view patterns.
export const PAGES: readonly Page[] = [
  site("", "routes/public/home-page.tsx"),
  content("about"),
  content("faq"),
  site("login", "routes/account/login.tsx", { sitemap: false }),
  variety("lilies"),
  site("Careers", "routes/public/careers-page.tsx"),
  site("Contact", "routes/public/contact-page.tsx"),
  variety("Gerbera"),
  site("OurTeam", "routes/public/our-team-page.tsx"),
  content("LineTest"),
  variety("Anthurium"),
  content("LT1-COGEN"),
  content("assortment"),
  site("Blog", "routes/public/blog-index-page.tsx"),
  site("Blog/:slug", "routes/public/blog-article-page.tsx"),
  variety("lisianthus"),
  content("OurProcess"),
  content("OurProcessOld"),
  variety("MiniGerbera"),
  variety("Snapdragons"),
  content("GrowingGreener"),
  site("FlowerCare", "routes/public/care-index-page.tsx"),
  site("FlowerCare/:slug", "routes/public/care-guide-page.tsx"),
  content("AccessibilityPolicy"),
  site("InteractiveCatalogue", "routes/public/interactive-catalogue-page.tsx"),
  content("GreenEnergyInitiative"),
  site("Unauthorized", "routes/public/unauthorized-page.tsx", { sitemap: false }),
  site("Account/ResetPassword", "routes/account/reset-password.tsx", { sitemap: false }),

  // The store: signed-in pages; the layout's loader checks the audience on every navigation.
  store("signedIn", "StoreFaq", "routes/store/store-faq.tsx"),
  store("signedIn", "Dashboard", "routes/store/dashboard.tsx"),
  store("signedIn", "store", "routes/store/store.tsx"),
  store("signedIn", "store/checkout", "routes/store/checkout.tsx"),
  store("signedIn", "Orders", "routes/store/orders.tsx"),
  store("signedIn", "Orders/:orderNumber", "routes/store/order-detail.tsx"),
  store("signedIn", "Orders/:orderNumber/ShipDateDetail", "routes/store/ship-date-detail.tsx"),
  // Issue 29: a buyer's claims on its shipped orders, with photos.
  store("buyers", "Claims", "routes/store/claims.tsx"),
  store("staff", "Account", "routes/staff/account.tsx"),
  store("staffAndWholesaler", "Invoices", "routes/store/invoices.tsx"),
  store("staffAndWholesaler", "Invoices/details", "routes/store/invoice-details.tsx"),
  store("staffAndWholesaler", "Administration", "routes/staff/administration.tsx"),
  store("staffAndWholesaler", "Administration/Users", "routes/staff/users.tsx"),
  // Not SPEC §2 routes: the audit log and the page views (issue 13) of the staff desk.
  store("staff", "Administration/AuditLog", "routes/staff/audit.tsx"),
  store("staff", "Administration/PageViews", "routes/staff/page-views.tsx"),
  // The order desk (issue 12).
  store("staff", "Administration/Orders", "routes/store/order-desk.tsx"),
  store("staff", "Administration/Orders/:orderNumber", "routes/store/order-desk-order.tsx"),
  // Issue 26: what to cut and pack for a ship date, with packing slips.
  store("staff", "OrderDesk/PickList", "routes/store/pick-list.tsx"),
  // Issue 29: claims to answer.
  store("staff", "OrderDesk/Claims", "routes/store/order-desk-claims.tsx"),
  store("staffAndWholesaler", "Administration/Retailers", "routes/staff/retailers.tsx"),
  store("staffAndWholesaler", "Administration/Retailers/New", "routes/staff/retailer-new.tsx"),
  store("staffAndWholesaler", "Administration/Retailers/Import", "routes/staff/retailer-import.tsx"),
  store("staffAndWholesaler", "Administration/Retailers/:retailerId", "routes/staff/retailer.tsx"),
  store("staff", "Admin/Users", "routes/staff/admin-users.tsx"),
  store("staff", "Admin/Wholesalers", "routes/staff/wholesalers.tsx"),
  // Issue 25: a new customer.
  store("staff", "Admin/Wholesalers/New", "routes/staff/wholesaler-new.tsx"),
  store("staff", "Admin/Wholesalers/:customerId", "routes/staff/wholesaler.tsx"),

  // The mass-market store.
  mm("signedIn", "MM/Dashboard", "routes/mm/dashboard.tsx"),
  mm("signedIn", "MM/Store", "routes/mm/store.tsx"),
  mm("signedIn", "MM/Store/checkout", "routes/mm/checkout.tsx"),
  mm("signedIn", "MM/Orders", "routes/mm/orders.tsx"),
  mm("signedIn", "MM/Orders/:orderNumber", "routes/mm/order-detail.tsx"),
  mm("signedIn", "MM/Programs", "routes/mm/programs.tsx"),
  mm("admin", "MM/Users", "routes/staff/mm-users.tsx"),
  mm("admin", "MM/Users/:userID", "routes/staff/mm-user.tsx"),
  mm("staff", "MM/Customer", "routes/staff/mm-customers.tsx"),
  mm("staff", "MM/Customer/New", "routes/staff/mm-customer-new.tsx"),
  mm("staff", "MM/Customer/:customerId", "routes/staff/mm-customer.tsx"),

  // A wholesaler's referral page, in no layout.
  page("none", "everyone", "Wholesaler_Referrals/NotApproved", "routes/referrals/not-approved.tsx"),
  page("none", "everyone", "Wholesaler_Referrals/:Id", "routes/referrals/referral.tsx"),

  // Pages added after the page-view list was drawn up; not counted as page views (yet).
  // Not a SPEC §2 route: the buyer's weekly standing orders (issue 13).
  store("signedIn", "store/StandingOrders", "routes/store/standing-orders.tsx", { pageView: false }),
  // Issue 28: API tokens and webhooks of the integration API.
  store("admin", "Admin/Integrations", "routes/staff/integrations.tsx", { pageView: false }),
  // The supply desk (issue 25).
  store("staff", "Supply", "routes/staff/supply.tsx", { pageView: false }),
  store("staff", "Supply/Products", "routes/staff/supply-products.tsx", { pageView: false }),
  store("staff", "Supply/Products/:productId", "routes/staff/supply-product.tsx", { pageView: false }),
  store("staff", "Supply/Availability", "routes/staff/supply-availability.tsx", { pageView: false }),
  store("staff", "Supply/Availability/Upload", "routes/staff/supply-upload.tsx", { pageView: false }),
  store("staff", "Supply/Promotions", "routes/staff/supply-promotions.tsx", { pageView: false }),
  store("staff", "Supply/Bouquets", "routes/staff/supply-bouquets.tsx", { pageView: false }),
  store("staff", "Supply/Packages", "routes/staff/supply-packages.tsx", { pageView: false }),
  store("staff", "Supply/Calendar", "routes/staff/supply-calendar.tsx", { pageView: false }),

  // Files for crawlers, and the 404 page of any other address (SPEC §2): not pages anyone visits.
  site("sitemap.xml", "routes/public/sitemap.ts", { pageView: false, sitemap: false }),
  site("robots.txt", "routes/public/robots.ts", { pageView: false, sitemap: false }),
  site("*", "routes/not-found.tsx", { pageView: false, sitemap: false }),
];

/** The page's address pattern with a leading slash, parameters written `{name}`: "/Orders/{orderNumber}". */
export const pagePattern = (p: Pick<Page, "path">): string => `/${p.path.replace(/:([A-Za-z0-9_]+)/g, "{$1}")}`;

/** The path segments of a page, for matching an address against it; a parameter is null. */
export const pageSegments = (p: Pick<Page, "path">): (string | null)[] =>
  p.path
    .split("/")
    .filter(Boolean)
    .map((s) => (s.startsWith(":") ? null : s));

/** "*": the page of any address no other page serves. */
export const isCatchAll = (p: Pick<Page, "path">) => p.path === "*";
