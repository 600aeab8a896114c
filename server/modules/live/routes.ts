import { z } from "zod";
import { ErrorResponsesWithTooMany as Errors } from "../../../contract/common.ts";
import { LIVE_STREAM_DESCRIPTION } from "../../../contract/live.ts";
import { ShipDateTime } from "../../../contract/mm.ts";
import { CustomerId, IsoDate, PositiveInt, RetailerQuery, UserId } from "../../../contract/params.ts";
import type { ApiRoutes } from "../../deps.ts";
import { checkedIds } from "../../plugins/access.ts";
import { registerLiveMetrics } from "./metrics.ts";
import { LIVE_DEFAULTS, liveStreams } from "./service.ts";

const tags = ["live"];
const Stream = z.string().describe("text/event-stream (see the description)");
const lastEventId = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header)?.slice(0, 100);

/** SPEC §7 has no live calls: these follow Catalog/Products and MMStore/Products (their paths, queries and ownership). */
export const liveRoutes: ApiRoutes = async (app, { db, config }) => {
  const live = liveStreams(db, app.log, { ...LIVE_DEFAULTS, maxPerAccount: config.liveStreamsPerAccount, maxPerAddress: config.liveStreamsPerAddress });
  registerLiveMetrics(app.metrics, live.hub);
  // Before Fastify waits for requests in flight: an open stream would hold shutdown forever.
  app.addHook("preClose", async () => live.close());

  app.get(
    "/Store/Catalog/Live/:userId/:customerId/:catalogOrderId/:date",
    {
      schema: {
        tags,
        summary: "Live availability of a wholesale catalog: its quantities as other buyers hold and order (server-sent events)",
        description: LIVE_STREAM_DESCRIPTION,
        params: z.object({ userId: UserId, customerId: CustomerId, catalogOrderId: PositiveInt, date: IsoDate }),
        querystring: RetailerQuery,
        produces: ["text/event-stream"],
        response: { 200: Stream, ...Errors },
      },
      config: { access: { ids: { userId: "params", customerId: "params", retailerId: "query" } } },
    },
    async (request, reply) => {
      const checked = checkedIds(request);
      await live.wholesale(reply, {
        userId: checked.userId!,
        customerId: checked.customerId!,
        retailerId: checked.retailerId!,
        sessionId: checked.auth.sessionId,
        account: checked.auth.user.id,
        address: request.ip,
        catalogOrderId: request.params.catalogOrderId,
        date: request.params.date,
        lastEventId: lastEventId(request.headers["last-event-id"]),
      });
    },
  );

  const absentIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
  const required = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema);
  app.get(
    "/MMStore/Live",
    {
      schema: {
        tags,
        summary: "Live availability of a mass-market catalog (server-sent events)",
        description: LIVE_STREAM_DESCRIPTION,
        querystring: z.object({ customerId: required(CustomerId), userId: absentIfEmpty(UserId), shipDateTime: required(ShipDateTime), catalog: required(PositiveInt) }),
        produces: ["text/event-stream"],
        response: { 200: Stream, ...Errors },
      },
      config: { access: { ids: { userId: "query", customerId: "query" } } },
    },
    async (request, reply) => {
      const checked = checkedIds(request);
      await live.massMarket(reply, {
        userId: checked.auth.user.id,
        customerId: checked.customerId!,
        sessionId: checked.auth.sessionId,
        account: checked.auth.user.id,
        address: request.ip,
        catalogOrderId: request.query.catalog,
        date: request.query.shipDateTime,
        lastEventId: lastEventId(request.headers["last-event-id"]),
      });
    },
  );
};
