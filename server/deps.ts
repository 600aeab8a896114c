// The one context module of the server: what every module's routes receive when app.ts registers
// them. Modules import this file (never server/app.ts, which imports the modules).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Db } from "../db/client.ts";
import type { Config } from "./config.ts";

export interface Deps {
  db: Db;
  config: Config;
}

/** A module's routes: registered under /api with the database and configuration. */
export type ApiRoutes = FastifyPluginAsyncZod<Deps>;

/** Where app.ts leaves the per-response script nonce for React Router's inline scripts (ssr.ts reads it). */
export interface NonceCarrier {
  scriptNonce?: string;
}
