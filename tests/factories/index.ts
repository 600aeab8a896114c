// The tests' factories are the project's data factories (db/factories/), which the demo seed builds on
// too: buildX(overrides) returns plain row data, insertX(db, overrides) inserts and returns the saved row.
export * from "../../db/factories/index.ts";
