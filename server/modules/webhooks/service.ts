// Webhooks (issue 28, docs/webhooks.md): registration by an Administrator, the delivery list, redelivery,
// and the dispatcher every instance runs beside its job runner.
import { randomBytes } from "node:crypto";
import { Webhook as StandardWebhook } from "standardwebhooks";
import type { Webhook, WebhookCreate, WebhookCreated, WebhookDelivery, WebhookEvent } from "../../../contract/webhooks.ts";
import { WEBHOOKS_MAX } from "../../../contract/webhooks.ts";
import type { Db, DbOrTx } from "../../../db/client.ts";
import { webhookGivesUp, webhookRetryDelayMs } from "../../../domain/webhooks.ts";
import type { Config } from "../../config.ts";
import { badRequest, conflict, notFound } from "../../errors.ts";
import type { AuthContext } from "../../plugins/session.ts";
import { audit } from "../audit/index.ts";
import * as repo from "./repo.ts";
import { checkTarget, sendOnce, WebhookTargetError, type Resolver } from "./sender.ts";

export interface Actor {
  auth: AuthContext;
  ip?: string;
}

async function record(db: DbOrTx, actor: Actor, action: string, detail: Record<string, unknown>) {
  await audit(db, { actorUserId: actor.auth.originalUserId ?? actor.auth.user.id, action, ip: actor.ip, detail });
}

/** `whsec_` + base64 of 32 random bytes: the form the standardwebhooks libraries take. */
export const newSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toWebhook(r: NonNullable<Awaited<ReturnType<typeof repo.webhookSummary>>>): Webhook {
  return {
    id: r.id,
    url: r.url,
    events: r.events as WebhookEvent[],
    createdAt: iso(r.createdAt)!,
    createdBy: r.createdBy,
    pending: r.pending,
    failed: r.failed,
    lastDeliveryAt: iso(r.lastDeliveryAt),
  };
}

export async function createWebhook(
  db: Db,
  config: Config,
  actor: Actor,
  body: WebhookCreate,
  resolve?: Resolver,
): Promise<WebhookCreated> {
  try {
    await checkTarget(body.url, config, resolve, "register");
  } catch (err) {
    if (err instanceof WebhookTargetError) throw badRequest(err.message, { url: err.message });
    throw err;
  }
  const secret = newSecret();
  return db.transaction(async (tx) => {
    if ((await repo.countWebhooks(tx)) >= WEBHOOKS_MAX) throw conflict(`At most ${WEBHOOKS_MAX} webhooks; delete one first.`);
    const id = await repo.insertWebhook(tx, { url: body.url, events: body.events, secret, createdBy: actor.auth.user.id });
    await record(tx, actor, "webhook.create", { webhookId: id, url: body.url, events: body.events });
    return { id, secret };
  });
}

export async function listWebhooks(db: Db): Promise<{ webhooks: Webhook[] }> {
  return { webhooks: (await repo.listWebhooks(db)).map(toWebhook) };
}

export async function getWebhook(db: Db, id: number): Promise<Webhook> {
  const r = await repo.webhookSummary(db, id);
  if (!r) throw notFound("This webhook does not exist.");
  return toWebhook(r);
}

export async function deleteWebhook(db: Db, actor: Actor, id: number): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    const gone = await repo.deleteWebhook(tx, id);
    if (!gone) throw notFound("This webhook does not exist.");
    await record(tx, actor, "webhook.delete", { webhookId: id, url: gone.url });
    return { ok: true as const };
  });
}

type DeliveryRow = NonNullable<Awaited<ReturnType<typeof repo.deliveryOf>>>;

async function withHistory(db: DbOrTx, rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
  const attempts = await repo.attemptsOf(db, rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    messageId: r.messageId,
    type: r.type as WebhookEvent,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    createdAt: iso(r.createdAt)!,
    nextAttemptAt: r.status === "pending" ? iso(r.nextAttemptAt) : null,
    deliveredAt: iso(r.deliveredAt),
    lastStatus: r.lastStatus,
    lastError: r.lastError,
    history: attempts
      .filter((a) => a.deliveryId === r.id)
      .slice(0, 20)
      .map((a) => ({ at: iso(a.attemptedAt)!, durationMs: a.durationMs, statusCode: a.statusCode, ok: a.ok, error: a.error, responseExcerpt: a.responseExcerpt })),
  }));
}

/** A webhook's newest 100 deliveries with their attempts. */
export async function deliveries(db: Db, webhookId: number): Promise<{ deliveries: WebhookDelivery[] }> {
  if (!(await repo.webhookSummary(db, webhookId))) throw notFound("This webhook does not exist.");
  return { deliveries: await withHistory(db, await repo.deliveriesOf(db, webhookId, 100)) };
}

/** Hooks the dispatchers of this process listen to, so a redelivery goes out at once. */
const wakers = new Set<() => void>();

/** Sends a delivery's event again, as a new delivery (same webhook-id), queued after the subject's pending ones. */
export async function redeliver(db: Db, actor: Actor, webhookId: number, deliveryId: number): Promise<WebhookDelivery> {
  const row = await db.transaction(async (tx) => {
    const original = await repo.deliveryOf(tx, webhookId, deliveryId);
    if (!original) throw notFound("This delivery does not exist.");
    const id = await repo.insertRedelivery(tx, webhookId, original.eventId, original.subject);
    await record(tx, actor, "webhook.redeliver", { webhookId, deliveryId, newDeliveryId: id, messageId: original.messageId });
    return (await repo.deliveryOf(tx, webhookId, id))!;
  });
  for (const wake of wakers) wake();
  return (await withHistory(db, [row]))[0]!;
}

// ---- delivery -------------------------------------------------------------------------------------

/** A claim lasts this long: a sender that dies mid-attempt leaves its deliveries to another after it. */
export const WEBHOOK_LEASE_MS = 60_000;
const BATCH = 10;

export interface DispatchSummary {
  delivered: number;
  failed: number;
}

/** The body of an event, per the Standard Webhooks payload structure. */
export const eventBody = (e: { type: string; eventAt: Date; payload: unknown }) =>
  JSON.stringify({ type: e.type, timestamp: e.eventAt.toISOString(), data: e.payload });

/**
 * Sends the deliveries due at `now` (at most `max`): claims a batch (the oldest pending delivery of each
 * subject only), sends them side by side outside any transaction, records each outcome, and goes on
 * until nothing is due. At least once: a delivery is pending until a 2xx is recorded.
 */
export async function dispatchDue(
  db: Db,
  config: Config,
  options: { now?: Date; max?: number; resolve?: Resolver; timeoutMs?: number; keepGoing?: () => boolean } = {},
): Promise<DispatchSummary> {
  const summary = { delivered: 0, failed: 0 };
  const max = options.max ?? 500;
  while (summary.delivered + summary.failed < max && (options.keepGoing?.() ?? true)) {
    const now = options.now ?? new Date();
    if (!(await repo.anyDue(db, now))) break;
    const ids = await repo.claimDue(db, now, BATCH, WEBHOOK_LEASE_MS);
    if (ids.length === 0) break;
    const claimed = await repo.claimedDeliveries(db, ids);
    await Promise.all(
      claimed.map(async (d) => {
        const body = eventBody(d);
        const sentAt = new Date();
        const signature = new StandardWebhook(d.secret).sign(d.msgId, sentAt, body);
        const headers = { "webhook-id": d.msgId, "webhook-timestamp": String(Math.floor(sentAt.getTime() / 1000)), "webhook-signature": signature };
        const outcome = await sendOnce(d.url, { headers, body }, config, { resolve: options.resolve, timeoutMs: options.timeoutMs, now });
        const attempts = d.attempts + 1;
        const retryAt = outcome.ok || webhookGivesUp(d.createdAt, now) ? null : new Date(now.getTime() + webhookRetryDelayMs(attempts));
        await db.transaction((tx) => repo.recordAttempt(tx, d.id, attempts, outcome, retryAt));
        if (outcome.ok) summary.delivered++;
        else summary.failed++;
      }),
    );
  }
  return summary;
}

export interface WebhookDispatcher {
  start(): void;
  /** Stops polling and waits for the run in progress (its attempts recorded). */
  stop(): Promise<void>;
  runNow(): Promise<DispatchSummary>;
}

/** One per instance, beside the job runner: looks for due deliveries every `pollMs`, and at once after a redelivery. */
export function createWebhookDispatcher(db: Db, config: Config, log: { error: (o: unknown, m: string) => void }, pollMs = 2_000): WebhookDispatcher {
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let running: Promise<DispatchSummary> = Promise.resolve({ delivered: 0, failed: 0 });
  const run = (manual = false) => {
    running = running
      .catch(() => ({ delivered: 0, failed: 0 }))
      .then(() => dispatchDue(db, config, { keepGoing: () => manual || !stopped }));
    return running;
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, ms);
    timer.unref();
  };
  const tick = () => {
    timer = undefined;
    void run()
      .catch((err: unknown) => log.error({ err }, "webhook dispatch failed"))
      .finally(() => schedule(pollMs));
  };
  const wake = () => schedule(0);
  return {
    start() {
      if (!stopped) return;
      stopped = false;
      wakers.add(wake);
      schedule(0);
    },
    async stop() {
      stopped = true;
      wakers.delete(wake);
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running.catch(() => undefined);
    },
    runNow: () => run(true),
  };
}

