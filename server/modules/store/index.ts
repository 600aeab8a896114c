// The wholesale store's public face: other modules import this file only. Besides its routes it
// offers the catalogue reading the dashboard builds its panels on, and the dates and conditional
// answers (ETag, answer cache) the mass-market store reuses.
export { storeRoutes as routes } from "./routes.ts";
export { closedShipDateMessage, nextShipDate, openDates } from "./dates.ts";
export { freeQuantity, toProduct } from "./pricing.ts";
export { cartIdOf, catalogsFor, filteredOfferRows, laterCatalogs, varietiesOf, type CatalogRow, type OfferFilter, type OfferRow } from "./repo.ts";
export { AnswerCache, negotiateEncoding } from "./answer-cache.ts";
export { etagMatches } from "./service.ts";
