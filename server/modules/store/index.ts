// What other modules may use of the wholesale store: the ownership check, shared path/query pieces,
// the buyer and its dates.
export { authorize, CustomerId, IsoDate, PositiveInt, RetailerId, retailerFromQuery, UserId } from "./params.ts";
export { loadBuyer, type Buyer } from "./repo.ts";
export { closedShipDateMessage, openDates } from "./dates.ts";
export { AnswerCache, negotiateEncoding } from "./answer-cache.ts";
export { etagMatches } from "./service.ts";
