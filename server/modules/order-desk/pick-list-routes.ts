// HTTP of the pick list of a ship date and an order's packing slip (staff: Administrator,
// SalesPerson), as JSON, CSV or PDF; the documents are drawn one at a time per instance.
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { ErrorResponsesWithTooMany as Errors } from "../../../contract/common.ts";
import { OrderNumberParams } from "../../../contract/order-desk.ts";
import { PackingSlipQuery, PickList, PickListQuery } from "../../../contract/pick-list.ts";
import { STAFF_ROLES } from "../../../domain/access.ts";
import type { ApiRoutes } from "../../deps.ts";
import { RenderQueue } from "../../documents/render-queue.ts";
import type { RouteAccess } from "../../plugins/access.ts";
import * as pick from "./pick-list.ts";

const tags = ["order desk"];
const staff: RouteAccess = { roles: STAFF_ROLES };
/** Two documents drawn at a time per instance, eight waiting, then 429. */
const renders = new RenderQueue(2, 8);

function send(reply: FastifyReply, kind: "pdf" | "csv", name: string, body: Buffer | string) {
  reply.header("content-disposition", `attachment; filename="${name}.${kind}"`).header("cache-control", "private, no-store");
  return reply.type(kind === "pdf" ? "application/pdf" : "text/csv; charset=utf-8").send(body);
}

export const pickListRoutes: ApiRoutes = async (app, { db, config }) => {
  const grower = { name: config.brandName, address: config.growerAddress };

  app.get(
    "/OrderDesk/PickList",
    {
      schema: {
        tags,
        summary: "What to cut and pack for a ship date: stems, bunches, pails and boxes per product over both stores' orders (JSON, CSV or PDF)",
        querystring: PickListQuery,
        produces: ["application/json", "text/csv", "application/pdf"],
        response: { 200: PickList.or(z.any().describe("text/csv or application/pdf")), ...Errors },
      },
      config: { access: staff },
    },
    async (request, reply) => {
      const { shipDate, format } = request.query;
      const list = await pick.pickList(db, shipDate);
      if (format === "json") return list;
      if (format === "csv") return send(reply, "csv", `pick-list-${shipDate}`, pick.pickListCsv(list));
      return send(reply, "pdf", `pick-list-${shipDate}`, await renders.run(() => pick.pickListPdf(grower, list)));
    },
  );

  app.get(
    "/OrderDesk/Orders/:orderNumber/PackingSlip",
    {
      schema: {
        tags,
        summary: "An order's packing slip (either store): its lines with bunches, stems, pails and boxes, as PDF or CSV",
        params: OrderNumberParams,
        querystring: PackingSlipQuery,
        produces: ["application/pdf", "text/csv"],
        response: { 200: z.any().describe("application/pdf or text/csv"), ...Errors },
      },
      config: { access: staff },
    },
    async (request, reply) => {
      const slip = await pick.packingSlip(db, request.params.orderNumber);
      const name = `packing-slip-${slip.orderNumber}`;
      if (request.query.format === "csv") return send(reply, "csv", name, pick.packingSlipCsv(slip));
      return send(reply, "pdf", name, await renders.run(() => pick.packingSlipPdf(grower, slip)));
    },
  );
};
