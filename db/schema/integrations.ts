import { bigint, customType, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { childOf } from "./columns.ts";
import { users } from "./accounts.ts";

/** PostgreSQL's 64-bit transaction id (pg_current_xact_id()), read and written as text. */
const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

/**
 * API tokens of the integration API (issue 28; docs/integration-api.md). Only the SHA-256 of the
 * token is stored; the token itself is shown once when it is created. A revoked token keeps its row
 * (the audit log names it) with `revoked_at` set.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The first characters of the token (its prefix and four more), to tell tokens apart on screen. */
    hint: text("hint").notNull(),
    scopes: text("scopes").array().notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("api_tokens_created_idx").on(t.createdAt)],
);

/** The first answer to a write sent with an Idempotency-Key, per token, until it expires. */
export const apiIdempotency = pgTable(
  "api_idempotency",
  {
    tokenId: childOf("token_id", () => apiTokens.id),
    key: text("key").notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused (422). */
    requestHash: text("request_hash").notNull(),
    status: integer("status").notNull(),
    response: jsonb("response").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.key] }), index("api_idempotency_expires_idx").on(t.expiresAt)],
);

/**
 * The change sequence of orders, invoices and credit notes (migration 0023): one row per document,
 * its `seq` taken at commit by a deferred trigger under the one counter row's lock, so seqs are
 * handed out in commit order and a reader paging by seq never skips or repeats a change.
 */
export const apiChanges = pgTable(
  "api_changes",
  {
    kind: text("kind", { enum: ["order", "invoice", "credit_note"] }).notNull(),
    refId: integer("ref_id").notNull(),
    seq: bigint("seq", { mode: "number" }).notNull().unique(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
    txid: xid8("txid").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.refId] }), index("api_changes_kind_seq_idx").on(t.kind, t.seq)],
);

export const apiChangeCounter = pgTable("api_change_counter", {
  id: integer("id").primaryKey(),
  value: bigint("value", { mode: "number" }).notNull(),
});
