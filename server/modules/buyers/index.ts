// The buyers module's public face: other modules import this file only.
export { buyerRoutes as routes } from "./routes.ts";
export {
  assertOwnership,
  canAccessCustomer,
  customerScope,
  DEFAULT_LOGO,
  customerHeader,
  defaultRetailer,
  loadBuyer,
  ownCustomers,
  referralPage,
  storeProfileFor,
  visibleCustomers,
  type Buyer,
  type NamedIds,
} from "./service.ts";
export {
  companyName,
  companyNames,
  customerLinksOf,
  ensureCustomer,
  existingCustomerIds,
  linkedCustomerIds,
  linkNewUser,
  replaceCustomerLinks,
  retailerBuysThrough,
  retailerBuysThroughAny,
  soleCustomers,
  userIdsLinkedTo,
} from "./repo.ts";
