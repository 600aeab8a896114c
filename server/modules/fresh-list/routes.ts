// The fresh list's calls (docs/fresh-list.md): the buyer's mail preference and the CSV or PDF of any
// open date.
import { z } from "zod";
import { ErrorResponse, ErrorResponses as Errors } from "../../../contract/common.ts";
import { FreshListPreference, FreshListPreferenceBody } from "../../../contract/fresh-list.ts";
import { CartParams, IsoDate } from "../../../contract/params.ts";
import type { ApiRoutes } from "../../deps.ts";
import { RenderQueue } from "../../documents/render-queue.ts";
import { checkedIds, type RouteAccess } from "../../plugins/access.ts";
import { freshListCsvFor, freshListPdfFor, preferenceFor, savePreference } from "./service.ts";

const tags = ["store"];
/** Two PDFs drawn at a time per instance, eight waiting, then 429 (as the pick list's). */
const renders = new RenderQueue(2, 8);
/** The caller's own user id and a customer it buys for (the guard checks both). */
const ownBuyer: RouteAccess = { ids: { userId: "params", customerId: "params" } };

export const freshListRoutes: ApiRoutes = async (app, { db, config }) => {
  const grower = { name: config.brandName, address: config.growerAddress };

  app.get(
    "/Store/FreshList/Preference/:userId/:customerId",
    {
      schema: { tags, summary: "Whether and when (New York time) the buyer gets the daily fresh list", params: CartParams, response: { 200: FreshListPreference, ...Errors } },
      config: { access: ownBuyer },
    },
    async (request) => {
      const ids = checkedIds(request);
      return preferenceFor(db, ids.userId!);
    },
  );

  app.put(
    "/Store/FreshList/Preference/:userId/:customerId",
    {
      schema: {
        tags,
        summary: "Turns the daily fresh list on or off and sets its time (New York)",
        params: CartParams,
        body: FreshListPreferenceBody,
        response: { 200: FreshListPreference, ...Errors },
      },
      config: { access: ownBuyer },
    },
    async (request) => {
      const ids = checkedIds(request);
      return savePreference(
        db,
        { userId: ids.userId!, actorUserId: ids.auth.originalUserId ?? ids.auth.user.id, ip: request.ip },
        ids.customerId!,
        request.body,
      );
    },
  );

  app.get(
    "/Store/FreshList/Csv/:userId/:customerId/:date",
    {
      schema: {
        tags,
        summary: "The fresh list of an open ship date at the buyer's prices, as CSV",
        params: CartParams.extend({ date: IsoDate }),
        response: { 200: z.string().describe("text/csv"), ...Errors },
      },
      config: { access: ownBuyer },
    },
    async (request, reply) => {
      const ids = checkedIds(request);
      const { filename, csv } = await freshListCsvFor(db, ids.userId!, ids.customerId!, request.params.date);
      reply.header("content-disposition", `attachment; filename="${encodeURIComponent(filename)}"`);
      return reply.type("text/csv; charset=utf-8").send(csv);
    },
  );

  app.get(
    "/Store/FreshList/Pdf/:userId/:customerId/:date",
    {
      schema: {
        tags,
        summary: "The fresh list of an open ship date at the buyer's prices, as PDF (the same lines as the CSV)",
        params: CartParams.extend({ date: IsoDate }),
        produces: ["application/pdf"],
        response: { 200: z.any().describe("application/pdf"), ...Errors, 429: ErrorResponse },
      },
      config: { access: ownBuyer },
    },
    async (request, reply) => {
      const ids = checkedIds(request);
      const { filename, pdf } = await freshListPdfFor(db, grower, { userId: ids.userId!, customerId: ids.customerId!, date: request.params.date }, (draw) => renders.run(draw));
      reply.header("content-disposition", `attachment; filename="${encodeURIComponent(filename)}"`).header("cache-control", "private, no-store");
      return reply.type("application/pdf").send(pdf);
    },
  );
};
