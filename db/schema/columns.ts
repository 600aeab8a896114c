// Column helpers the schema files share (columns that reference a table live beside that table:
// userIdColumn and customerIdColumn in accounts.ts, productLineColumns in catalog.ts).
import { integer, type AnyPgColumn } from "drizzle-orm/pg-core";

/** A required link to the parent row by its integer key: the row is removed with its parent. */
export function childOf(name: string, parentKey: () => AnyPgColumn) {
  return integer(name).notNull().references(parentKey, { onDelete: "cascade" });
}
