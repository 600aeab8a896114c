// Webhooks (issue 28, docs/webhooks.md): an Administrator registers a URL for some events; each
// delivery is signed per the Standard Webhooks specification.
import { z } from "zod";
import { DigitsParam } from "./common.ts";
import { REQUIRED_MESSAGE } from "../domain/constants.ts";

export const WEBHOOK_EVENTS = ["order.placed", "order.changed", "order.cancelled", "invoice.issued", "availability.changed"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_URL_MAX = 2000;
/** Webhooks one grower may register (each delivery costs every instance work). */
export const WEBHOOKS_MAX = 50;

export const WebhookCreate = z.object({
  url: z.string().trim().min(1, REQUIRED_MESSAGE).max(WEBHOOK_URL_MAX, `Maximum ${WEBHOOK_URL_MAX} characters`),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { message: `Choose from ${WEBHOOK_EVENTS.join(", ")}` }))
    .min(1, "Choose at least one event")
    .max(WEBHOOK_EVENTS.length, `At most ${WEBHOOK_EVENTS.length} events`)
    .refine((e) => new Set(e).size === e.length, "Each event only once"),
});
export type WebhookCreate = z.infer<typeof WebhookCreate>;

/** The answer to a creation: the secret, shown this once. */
export const WebhookCreated = z.object({ id: z.number().int(), secret: z.string() });
export type WebhookCreated = z.infer<typeof WebhookCreated>;

export const Webhook = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** Deliveries waiting (for their turn or a retry) and given up on. */
  pending: z.number().int(),
  failed: z.number().int(),
  lastDeliveryAt: z.string().nullable(),
});
export type Webhook = z.infer<typeof Webhook>;
export const WebhookList = z.object({ webhooks: z.array(Webhook) });
export type WebhookList = z.infer<typeof WebhookList>;

export const WebhookParams = z.object({ id: DigitsParam(1, "Not a webhook id") });
export const DeliveryParams = z.object({ id: DigitsParam(1, "Not a webhook id"), deliveryId: DigitsParam(1, "Not a delivery id") });

export const WebhookAttempt = z.object({
  at: z.string(),
  durationMs: z.number().int(),
  statusCode: z.number().int().nullable(),
  ok: z.boolean(),
  error: z.string().nullable(),
  responseExcerpt: z.string().nullable(),
});
export const WebhookDelivery = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same on every attempt and redelivery of the event. */
  messageId: z.string(),
  type: z.enum(WEBHOOK_EVENTS),
  subject: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** Each attempt, newest first (at most 20). */
  history: z.array(WebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookDeliveries = z.object({ deliveries: z.array(WebhookDelivery) });
export type WebhookDeliveries = z.infer<typeof WebhookDeliveries>;
