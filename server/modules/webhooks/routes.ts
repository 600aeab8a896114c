// HTTP of webhooks (issue 28): Administrator only. Rules live in service.ts; see docs/webhooks.md.
import { Ok, ErrorResponsesWithConflict as Errors } from "../../../contract/common.ts";
import { DeliveryParams, WebhookCreate, WebhookCreated, WebhookDeliveries, WebhookDelivery, Webhook, WebhookList, WebhookParams } from "../../../contract/webhooks.ts";
import { ADMIN_ONLY } from "../../../domain/access.ts";
import type { ApiRoutes } from "../../deps.ts";
import { type RouteAccess, requestActor } from "../../plugins/access.ts";
import * as webhooks from "./service.ts";

const tags = ["webhooks"];
const admin: RouteAccess = { roles: ADMIN_ONLY };

export const webhookRoutes: ApiRoutes = async (app, { db, config }) => {
  app.post(
    "/Admin/Webhooks",
    {
      schema: { tags, summary: "Register a webhook; answers its signing secret, shown this once", body: WebhookCreate, response: { 200: WebhookCreated, ...Errors } },
      config: { access: admin },
    },
    async (request) => webhooks.createWebhook(db, config, requestActor(request), request.body),
  );
  app.get(
    "/Admin/Webhooks",
    { schema: { tags, summary: "Every webhook (no secrets), with its pending and failed deliveries", response: { 200: WebhookList, ...Errors } }, config: { access: admin } },
    async () => webhooks.listWebhooks(db),
  );
  app.get(
    "/Admin/Webhooks/:id",
    { schema: { tags, summary: "One webhook (no secret)", params: WebhookParams, response: { 200: Webhook, ...Errors } }, config: { access: admin } },
    async (request) => webhooks.getWebhook(db, request.params.id),
  );
  app.delete(
    "/Admin/Webhooks/:id",
    { schema: { tags, summary: "Delete a webhook and its deliveries (nothing more is sent to it)", params: WebhookParams, response: { 200: Ok, ...Errors } }, config: { access: admin } },
    async (request) => webhooks.deleteWebhook(db, requestActor(request), request.params.id),
  );
  app.get(
    "/Admin/Webhooks/:id/Deliveries",
    {
      schema: { tags, summary: "A webhook's newest 100 deliveries, each with its attempts (status, time, answer excerpt)", params: WebhookParams, response: { 200: WebhookDeliveries, ...Errors } },
      config: { access: admin },
    },
    async (request) => webhooks.deliveries(db, request.params.id),
  );
  app.post(
    "/Admin/Webhooks/:id/Deliveries/:deliveryId/Redeliver",
    {
      schema: { tags, summary: "Send a delivery's event again (same webhook-id), after the subject's pending deliveries", params: DeliveryParams, response: { 200: WebhookDelivery, ...Errors } },
      config: { access: admin },
    },
    async (request) => webhooks.redeliver(db, requestActor(request), request.params.id, request.params.deliveryId),
  );
};
