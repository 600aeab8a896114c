// The webhooks module's public face (docs/webhooks.md): the Administrator's routes and the dispatcher
// server/main.ts starts beside the job runner.
export { webhookRoutes as routes } from "./routes.ts";
export { createWebhookDispatcher, dispatchDue, type DispatchSummary, type WebhookDispatcher } from "./service.ts";
