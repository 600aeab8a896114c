import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Deps } from "../app.ts";
import { dashboardRoutes } from "./dashboard/routes.ts";
import { orderRoutes } from "./orders/routes.ts";
import { orderDeskRoutes } from "./order-desk/index.ts";
import { invoiceRoutes } from "./invoices/index.ts";
import { storeRoutes } from "./store/routes.ts";
import { publicRoutes } from "./public/routes.ts";

/** Every /api module besides auth and users; each registers its own routes under /api. */
export const apiModules: FastifyPluginAsyncZod<Deps>[] = [publicRoutes, storeRoutes, dashboardRoutes, orderRoutes, orderDeskRoutes, invoiceRoutes];
