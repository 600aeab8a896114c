// Page-view reporting (issue 13, SPEC §7): the client reports each navigation to the site itself.
import { z } from "zod";
import { ProductIdParam } from "./store.ts";
import { REQUIRED_MESSAGE } from "../domain/constants.ts";

export const PageViewBody = z.object({
  /** The address navigated to (path, optionally with query); the server counts its route pattern only. */
  path: z.string().trim().min(1, REQUIRED_MESSAGE).max(500, "Maximum 500 characters").startsWith("/", "Invalid format"),
  /** The product opened in the store, when the view is of one. */
  productId: ProductIdParam.optional(),
});
export type PageViewBody = z.infer<typeof PageViewBody>;

export const PageViewsQuery = z.object({
  days: z.coerce.number({ error: "Only integer values are allowed" }).int("Only integer values are allowed").min(1, "Minimum 1").max(90, "Maximum 90").optional(),
});

export const PageViewReport = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  pages: z.array(z.object({ path: z.string(), views: z.number().int(), byRole: z.record(z.string(), z.number().int()) })),
  products: z.array(z.object({ productId: z.string(), description: z.string(), views: z.number().int() })),
});
export type PageViewReport = z.infer<typeof PageViewReport>;
