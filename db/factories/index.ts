// Data factories: buildX(overrides) returns plain row data, insertX(db, overrides) inserts and returns
// the saved row. Ids come from one counter, so tests can insert many. The demo seed (db/seed/) builds on
// them as the tests do (tests/factories/index.ts re-exports this file).
export * from "./sequence.ts";
export * from "./dates.ts";
export * from "./prices.ts";
export * from "./accounts.ts";
export * from "./catalog.ts";
export * from "./mm.ts";
export * from "./orders.ts";
