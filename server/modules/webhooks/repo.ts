// All SQL of the webhooks module. The outbox rows themselves are written by the triggers of
// migration 0024 (docs/webhooks.md); this file reads them, claims due deliveries and records outcomes.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { rowsOf, type DbOrTx } from "../../../db/client.ts";
import { webhookAttempts, webhookDeliveries, webhookEvents, webhooks } from "../../../db/schema/index.ts";

export type WebhookRow = typeof webhooks.$inferSelect;

export async function insertWebhook(db: DbOrTx, row: { url: string; events: string[]; secret: string; createdBy: string }): Promise<number> {
  const [r] = await db.insert(webhooks).values(row).returning({ id: webhooks.id });
  return r!.id;
}

export async function countWebhooks(db: DbOrTx): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(webhooks);
  return Number(r?.n ?? 0);
}

const summaryColumns = {
  id: webhooks.id,
  url: webhooks.url,
  events: webhooks.events,
  createdAt: webhooks.createdAt,
  createdBy: webhooks.createdBy,
  pending: sql<number>`(select count(*)::int from ${webhookDeliveries} d where d.webhook_id = "webhooks"."id" and d.status = 'pending')`.mapWith(Number),
  failed: sql<number>`(select count(*)::int from ${webhookDeliveries} d where d.webhook_id = "webhooks"."id" and d.status = 'failed')`.mapWith(Number),
  lastDeliveryAt: sql<string | null>`(select max(d.delivered_at)::text from ${webhookDeliveries} d where d.webhook_id = "webhooks"."id")`,
};

export async function listWebhooks(db: DbOrTx) {
  return db.select(summaryColumns).from(webhooks).orderBy(webhooks.id);
}

export async function webhookSummary(db: DbOrTx, id: number) {
  const [r] = await db.select(summaryColumns).from(webhooks).where(eq(webhooks.id, id));
  return r ?? null;
}

export async function deleteWebhook(db: DbOrTx, id: number): Promise<WebhookRow | null> {
  const [r] = await db.delete(webhooks).where(eq(webhooks.id, id)).returning();
  return r ?? null;
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  webhookId: webhookDeliveries.webhookId,
  eventId: webhookDeliveries.eventId,
  messageId: webhookEvents.msgId,
  type: webhookEvents.type,
  subject: webhookDeliveries.subject,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  createdAt: webhookDeliveries.createdAt,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
  lastStatus: webhookDeliveries.lastStatus,
  lastError: webhookDeliveries.lastError,
};

/** A webhook's newest deliveries, newest first. */
export async function deliveriesOf(db: DbOrTx, webhookId: number, limit: number) {
  return db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit);
}

export async function deliveryOf(db: DbOrTx, webhookId: number, deliveryId: number) {
  const [r] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.id, deliveryId)));
  return r ?? null;
}

/** The attempts of some deliveries, newest first. */
export async function attemptsOf(db: DbOrTx, deliveryIds: number[]) {
  if (deliveryIds.length === 0) return [];
  return db.select().from(webhookAttempts).where(inArray(webhookAttempts.deliveryId, deliveryIds)).orderBy(desc(webhookAttempts.id));
}

/** Sends an event to a webhook again: a new delivery, after any of the subject's that are still pending. */
export async function insertRedelivery(db: DbOrTx, webhookId: number, eventId: number, subject: string): Promise<number> {
  const [r] = await db.insert(webhookDeliveries).values({ webhookId, eventId, subject }).returning({ id: webhookDeliveries.id });
  return r!.id;
}

/**
 * The condition on a delivery `d` that may be sent at `now`: pending, its time come, no lease running,
 * and no earlier pending delivery of the same order (subject) to the same webhook.
 */
const dueAt = (now: Date) => sql`d.status = 'pending' and d.next_attempt_at <= ${now}
         and (d.lease_until is null or d.lease_until <= ${now})
         and not exists (select 1 from ${webhookDeliveries} e
                          where e.webhook_id = d.webhook_id and e.subject = d.subject and e.status = 'pending' and e.id < d.id)`;

/**
 * Claims up to `limit` due deliveries for `leaseMs` (one statement, committed at once, so the sending
 * happens outside any transaction). Only the oldest pending delivery of a (webhook, subject) is due:
 * a later event of an order waits until the earlier one is delivered or given up. SKIP LOCKED passes
 * over rows another instance is claiming; the lease keeps them from being claimed again meanwhile.
 */
export async function claimDue(db: DbOrTx, now: Date, limit: number, leaseMs: number): Promise<number[]> {
  const result = await db.execute(sql`
    with due as (
      select d.id from ${webhookDeliveries} d
       where ${dueAt(now)}
       order by d.next_attempt_at, d.id
       limit ${limit}
       for update skip locked
    )
    update ${webhookDeliveries} d set lease_until = ${new Date(now.getTime() + leaseMs)}
      from due where d.id = due.id and (d.lease_until is null or d.lease_until <= ${now})
    returning d.id::text as id`);
  return rowsOf<{ id: string }>(result).map((r) => Number(r.id));
}

/**
 * Whether claimDue would find a delivery now (a read). The dispatcher asks before it claims: its claim
 * is an UPDATE, and every write an instance sends makes its hot reads wait for a round trip through the
 * change feed (db/change-feed.ts), so an idle poll every two seconds must write nothing, nor a poll
 * that finds only deliveries waiting behind an earlier one of their order.
 */
export async function anyDue(db: DbOrTx, now: Date): Promise<boolean> {
  const result = await db.execute(sql`select exists (select 1 from ${webhookDeliveries} d where ${dueAt(now)}) as due`);
  return rowsOf<{ due: boolean }>(result)[0]?.due === true;
}

/** What a sender needs for claimed deliveries: the webhook's URL and secret, the event. */
export async function claimedDeliveries(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: webhookDeliveries.id,
      attempts: webhookDeliveries.attempts,
      createdAt: webhookDeliveries.createdAt,
      url: webhooks.url,
      secret: webhooks.secret,
      msgId: webhookEvents.msgId,
      type: webhookEvents.type,
      payload: webhookEvents.payload,
      eventAt: webhookEvents.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(inArray(webhookDeliveries.id, ids))
    .orderBy(webhookDeliveries.id);
}

export interface AttemptOutcome {
  attemptedAt: Date;
  durationMs: number;
  statusCode: number | null;
  ok: boolean;
  error: string | null;
  responseExcerpt: string | null;
}

/** Records an attempt and its consequence: delivered, retried at `retryAt`, or given up (retryAt null). */
export async function recordAttempt(db: DbOrTx, deliveryId: number, attempts: number, outcome: AttemptOutcome, retryAt: Date | null) {
  await db.insert(webhookAttempts).values({ deliveryId, ...outcome });
  const common = { attempts, leaseUntil: null, lastStatus: outcome.statusCode, lastError: outcome.error };
  await db
    .update(webhookDeliveries)
    .set(
      outcome.ok
        ? { ...common, status: "delivered", deliveredAt: outcome.attemptedAt }
        : retryAt
          ? { ...common, nextAttemptAt: retryAt }
          : { ...common, status: "failed" },
    )
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, "pending")));
}
