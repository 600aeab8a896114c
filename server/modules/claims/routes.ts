// HTTP of claims: the buyer's (/Claims/{userId}/{customerId}, its own orders, a Retailer its own
// shop's) and the order desk's (/OrderDesk/Claims, staff). Rules live in service.ts.
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  AcceptClaimBody,
  BuyerClaimOrderParams,
  BuyerClaimPhotoParams,
  BuyerClaimsParams,
  Claim,
  CLAIM_MESSAGES,
  CLAIM_REQUEST_MAX_BYTES,
  ClaimList,
  ClaimParams,
  ClaimPhotoParams,
  ClaimWindow,
  DeclineClaimBody,
  DeskClaimQuery,
  OpenClaimBody,
} from "../../../contract/claims.ts";
import { ErrorResponse, ErrorResponses as Errors } from "../../../contract/common.ts";
import { RetailerQuery } from "../../../contract/params.ts";
import { STAFF_ROLES } from "../../../domain/access.ts";
import type { ApiRoutes } from "../../deps.ts";
import { HttpError } from "../../errors.ts";
import { checkedIds, signedIn, type RouteAccess } from "../../plugins/access.ts";
import { clientIp } from "../../plugins/session.ts";
import * as claims from "./service.ts";

const tags = ["claims"];
const Jpeg = z.any().describe("image/jpeg");
const staff: RouteAccess = { roles: STAFF_ROLES };
/** A buyer's own orders: the ids are the caller's, a Retailer user's its own shop's; staff act as the buyer. */
const buyer: RouteAccess = { roles: ["wholesaler", "Retailer"], ids: { userId: "params", customerId: "params", retailerId: "query" }, anyRetailer: true };
/** The photos as base64 in JSON (4/3 of their bytes) and the rest of the body. */
const BODY_LIMIT = Math.ceil(CLAIM_REQUEST_MAX_BYTES / 3) * 4 + 64 * 1024;

function actor(request: FastifyRequest): claims.Actor {
  const auth = signedIn(request);
  return { userId: auth.user.id, originalUserId: auth.originalUserId, ip: clientIp(request) };
}

const scope = (request: FastifyRequest): claims.ClaimScope => {
  const ids = checkedIds(request);
  return { customerId: ids.customerId!, retailerId: ids.retailerId };
};

/** A declared length over the limit is refused before the body is read, with the claim's own words. */
async function tooLarge(request: FastifyRequest) {
  if (Number(request.headers["content-length"] ?? 0) > BODY_LIMIT) throw new HttpError(413, CLAIM_MESSAGES.requestTooLarge);
}

function sendPhoto(reply: FastifyReply, p: { bytes: Buffer; contentType: string }) {
  reply.header("cache-control", "private, max-age=3600");
  return reply.type(p.contentType).send(p.bytes);
}

export const claimRoutes: ApiRoutes = async (app, { db, config }) => {
  app.get(
    "/Claims/:userId/:customerId",
    {
      config: { access: buyer },
      schema: { tags, summary: "The caller's claims (its customer's, a Retailer its own shop's), newest first (up to 500)", params: BuyerClaimsParams, querystring: RetailerQuery, response: { 200: ClaimList, ...Errors } },
    },
    async (request) => claims.buyerClaims(db, scope(request)),
  );

  app.get(
    "/Claims/:userId/:customerId/Orders/:orderNumber",
    {
      config: { access: buyer },
      schema: {
        tags,
        summary: "Whether claims are taken on one of the caller's orders (the window after its ship date), and what may still be claimed on each line",
        params: BuyerClaimOrderParams,
        querystring: RetailerQuery,
        response: { 200: ClaimWindow, ...Errors },
      },
    },
    async (request) => claims.windowOf(db, config, scope(request), request.params.orderNumber),
  );

  app.post(
    "/Claims/:userId/:customerId",
    {
      bodyLimit: BODY_LIMIT,
      onRequest: tooLarge,
      config: { access: buyer },
      schema: {
        tags,
        summary:
          "Open a claim on a line of one's own shipped order within the claim window: reason, quantity (at most what earlier claims left), note and up to 5 photos (JPEG, PNG, HEIC; base64), which are resized and stripped of metadata",
        params: BuyerClaimsParams,
        querystring: RetailerQuery,
        body: OpenClaimBody,
        response: { 200: Claim, ...Errors, 409: ErrorResponse, 413: ErrorResponse },
      },
    },
    async (request) => claims.openClaim(db, config, actor(request), scope(request), request.body),
  );

  app.get(
    "/Claims/:userId/:customerId/:claimId/Photos/:photoId",
    { config: { access: buyer }, schema: { tags, summary: "A photo of one of the caller's claims (JPEG)", params: BuyerClaimPhotoParams, querystring: RetailerQuery, response: { 200: Jpeg, ...Errors } } },
    async (request, reply) => sendPhoto(reply, await claims.buyerPhoto(db, scope(request), request.params.claimId, request.params.photoId)),
  );

  app.get(
    "/OrderDesk/Claims",
    {
      config: { access: staff },
      schema: { tags, summary: "Claims for the desk: open ones by their answer deadline, or answered ones, newest first (up to 500)", querystring: DeskClaimQuery, response: { 200: ClaimList, ...Errors } },
    },
    async (request) => claims.deskClaims(db, request.query.status),
  );

  app.get(
    "/OrderDesk/Claims/:claimId/Photos/:photoId",
    { config: { access: staff }, schema: { tags, summary: "A photo of a claim (JPEG)", params: ClaimPhotoParams, response: { 200: Jpeg, ...Errors } } },
    async (request, reply) => sendPhoto(reply, await claims.deskPhoto(db, request.params.claimId, request.params.photoId)),
  );

  app.post(
    "/OrderDesk/Claims/:claimId/Accept",
    {
      config: { access: staff },
      schema: {
        tags,
        summary: "Accept an open claim, all of it or fewer units (partly): a credit note on the order's invoice; the buyer is mailed",
        params: ClaimParams,
        body: AcceptClaimBody,
        response: { 200: Claim, ...Errors, 409: ErrorResponse },
      },
      preValidation: async (request) => {
        if (request.body === undefined || request.body === null) request.body = {};
      },
    },
    async (request) => claims.acceptClaim(db, config, actor(request), request.params.claimId, request.body),
  );

  app.post(
    "/OrderDesk/Claims/:claimId/Decline",
    {
      config: { access: staff },
      schema: { tags, summary: "Decline an open claim with a reason; the buyer is mailed", params: ClaimParams, body: DeclineClaimBody, response: { 200: Claim, ...Errors, 409: ErrorResponse } },
    },
    async (request) => claims.declineClaim(db, config, actor(request), request.params.claimId, request.body),
  );
};
