import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** A file sent with a message: content base64-encoded. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/** Every message the site sends is written here first; a dispatcher sends it over SMTP when configured. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    kind: text("kind").notNull(),
    /** pending: waiting for SMTP; sent; failed (gave up); held: no transport configured. */
    status: text("status", { enum: ["pending", "sent", "failed", "held"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_status_idx").on(t.status, t.id), index("mail_outbox_to_idx").on(t.to)],
);
