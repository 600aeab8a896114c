// The wholesale store's public face: other modules import this file only. Besides its routes it
// offers the catalogue reading the dashboard builds its panels on.
export { storeRoutes as routes } from "./routes.ts";
export { nextShipDate } from "./dates.ts";
export { freeQuantity, toProduct } from "./pricing.ts";
export { cartIdOf, catalogsFor, filteredOfferRows, laterCatalogs, varietiesOf, type CatalogRow, type OfferFilter, type OfferRow } from "./repo.ts";
