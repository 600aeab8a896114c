import { z } from "zod";
import { Ok, ErrorResponses as Errors } from "../../../contract/common.ts";
import { MmProgram, MmProgramBody } from "../../../contract/mm-programs.ts";
import { CustomerId, PositiveInt, UserId } from "../../../contract/params.ts";
import type { ApiRoutes } from "../../deps.ts";
import { checkedIds, type RouteAccess } from "../../plugins/access.ts";
import { createMmProgram, deleteMmProgram, listMmPrograms, updateMmProgram } from "./mm-programs.ts";

const tags = ["mm"];
/** As the MM store's calls: `?customerId&userId`, the customer the caller's (staff: any), a userId given the caller itself. */
const absentIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());
const CustomerQuery = z.object({ customerId: z.preprocess((v) => (v === "" ? undefined : v), CustomerId), userId: absentIfEmpty(UserId) });
const access: RouteAccess = { ids: { userId: "query", customerId: "query" } };
const ownerOf = (request: Parameters<typeof checkedIds>[0]) => {
  const ids = checkedIds(request);
  return { userId: ids.auth.user.id, customerId: ids.customerId!, retailerId: 0 };
};
const IdParams = z.object({ id: PositiveInt });

/** Mass-market standing programs (docs/domain-mm.md "Standing programs"). */
export const mmProgramRoutes: ApiRoutes = async (app, { db, config }) => {
  app.get(
    "/MMPrograms",
    { schema: { tags, summary: "The buyer's standing programs for the customer", querystring: CustomerQuery, response: { 200: z.array(MmProgram), ...Errors } }, config: { access } },
    async (request) => listMmPrograms(db, ownerOf(request)),
  );

  app.post(
    "/MMPrograms",
    {
      schema: {
        tags,
        summary: "Creates a standing program (the same bouquets and labels every week on the chosen ship weekdays) and schedules its next run",
        querystring: CustomerQuery,
        body: MmProgramBody,
        response: { 200: MmProgram, ...Errors },
      },
      config: { access },
    },
    async (request) => createMmProgram(db, config, ownerOf(request), request.body),
  );

  app.put(
    "/MMPrograms/:id",
    {
      schema: {
        tags,
        summary: "Changes (or pauses, or resumes) a standing program; its next run is scheduled anew",
        params: IdParams,
        querystring: CustomerQuery,
        body: MmProgramBody,
        response: { 200: MmProgram, ...Errors },
      },
      config: { access },
    },
    async (request) => updateMmProgram(db, config, ownerOf(request), request.params.id, request.body),
  );

  app.delete(
    "/MMPrograms/:id",
    { schema: { tags, summary: "Deletes a standing program", params: IdParams, querystring: CustomerQuery, response: { 200: Ok, ...Errors } }, config: { access } },
    async (request) => {
      await deleteMmProgram(db, ownerOf(request), request.params.id);
      return { ok: true as const };
    },
  );
};
