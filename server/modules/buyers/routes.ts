import { z } from "zod";
import { CustomerHeader } from "../../../contract/user.ts";
import type { ApiRoutes } from "../../deps.ts";
import { signedIn } from "../../plugins/access.ts";
import { visibleCustomers } from "./service.ts";

/** The customers a user may choose between (all of them for staff). */
export const buyerRoutes: ApiRoutes = async (app, { db }) => {
  app.get(
    "/User/Customers/:userId",
    {
      schema: { tags: ["users"], params: z.object({ userId: z.string().min(1).max(100) }), response: { 200: z.array(CustomerHeader) } },
      config: { access: { ids: { userId: "params" } } },
    },
    async (request) => visibleCustomers(db, signedIn(request).user),
  );
};
