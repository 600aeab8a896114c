import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { ErrorResponse, Ok, ErrorResponses as E } from "../../../contract/common.ts";
import { FormReceipt } from "../../../contract/public.ts";
import {
  ApproveReferralBody,
  ChangePasswordBody,
  CustomerCreateBody,
  CustomerDetail,
  CustomerListQuery,
  CustomerPage,
  CustomerUpdateBody,
  IMPORT_MAX_BYTES,
  ImportResult,
  InviteUserBody,
  LOGO_MAX_BYTES,
  LogoAnswer,
  ProfileBody,
  ReferralBody,
  ReferralQuery,
  ReferralRequest,
  RetailerBody,
  RetailerCreated,
  RetailerDetail,
  RetailerListQuery,
  RetailerPage,
  SessionsAnswer,
  UserListQuery,
  UserPage,
} from "../../../contract/administration.ts";
import type { Db } from "../../../db/client.ts";
import type { Config } from "../../config.ts";
import { HttpError } from "../../errors.ts";
import { sendJson, type Json } from "../../hot/index.ts";
import { signedIn as requireAuth } from "../../plugins/access.ts";
import { STAFF_AND_WHOLESALER, STAFF_ROLES } from "../../../domain/access.ts";
import { IMPORT_MESSAGES, confirmImport, previewImport } from "./retailer-import.ts";
import * as admin from "./service.ts";

const tags = ["administration"];
const CustomerIdParam = z.object({ customerId: z.string().trim().min(1).max(40) });
const RetailerIdParam = z.object({ retailerId: z.coerce.number().int("Only integer values are allowed").positive().max(2_147_483_647) });
const ReferralIdParam = z.object({ id: z.coerce.number().int("Only integer values are allowed").positive().max(2_147_483_647) });

/**
 * A raw request body read into a Buffer, refused with a clear 413 as soon as it passes `limit`
 * (the declared length is checked first, so a 50 MB upload is turned away before it is read).
 */
function rawBody(limit: number, message: string) {
  return (request: FastifyRequest, payload: NodeJS.ReadableStream, done: (err: Error | null, body?: Buffer) => void) => {
    const declared = Number(request.headers["content-length"] ?? 0);
    if (declared > limit) {
      done(new HttpError(413, message, { file: message }));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    payload.on("data", (chunk: Buffer) => {
      if (finished) return;
      size += chunk.length;
      if (size > limit) {
        finished = true;
        done(new HttpError(413, message, { file: message }));
        return;
      }
      chunks.push(chunk);
    });
    payload.on("end", () => {
      if (!finished) {
        finished = true;
        done(null, Buffer.concat(chunks));
      }
    });
    payload.on("error", (err: Error) => {
      if (!finished) {
        finished = true;
        done(err);
      }
    });
  };
}

/**
 * An import's answer, already JSON: checking 20,000 rows against the response schema would hold the
 * event loop for most of a second (issue 23 item 4); result() builds exactly ImportResult.
 */
function sendImportResult(reply: FastifyReply, result: ImportResult) {
  return sendJson(reply, JSON.stringify(result) as Json<ImportResult>);
}

const Csv = z.instanceof(Buffer).describe("The CSV file (text/csv, UTF-8)");
const Image = z.instanceof(Buffer).describe("The logo image (image/png, image/jpeg or image/webp)");

/** Administration (SPEC §2): users, customers, retailers and their import, referrals, one's own account. */
export const administrationRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.addContentTypeParser("text/csv", rawBody(IMPORT_MAX_BYTES, IMPORT_MESSAGES.tooLarge));
  app.addContentTypeParser(/^image\//, rawBody(LOGO_MAX_BYTES, admin.LOGO_MESSAGES.size));

  /* -------------------------------------------------------------- users */
  app.get(
    "/Administration/Users",
    { config: { access: {} }, schema: { tags, summary: "Users the caller may manage: paged, sorted and filtered", querystring: UserListQuery, response: { 200: UserPage, ...E } } },
    async (request) => admin.userPage(db, requireAuth(request), request.query),
  );
  app.post(
    "/Administration/Users",
    { config: { access: {} },
      schema: {
        tags,
        summary: "Invite a user (welcome mail). Nobody grants a role it does not hold.",
        body: InviteUserBody,
        response: { 201: z.object({ id: z.string() }), ...E },
      },
    },
    async (request, reply) => reply.status(201).send(await admin.inviteUser(db, config, requireAuth(request), request.body, request.ip)),
  );

  /* -------------------------------------------------------------- the signed-in user's account */
  app.put(
    "/Account/Profile",
    { config: { access: {} }, schema: { tags, summary: "Change your own name", body: ProfileBody, response: { 200: Ok, 400: ErrorResponse, 401: ErrorResponse } } },
    async (request) => {
      await admin.updateOwnProfile(db, requireAuth(request), request.body);
      return { ok: true as const };
    },
  );
  app.post(
    "/Account/Password",
    { config: { access: {} }, schema: { tags, summary: "Change your own password; your other sessions end (those in which you act for someone too); refused (403) while acting", body: ChangePasswordBody, response: { 200: SessionsAnswer, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse } } },
    async (request) => admin.changeOwnPassword(db, requireAuth(request), request.body, request.ip),
  );
  app.post(
    "/Account/SignOutOthers",
    { config: { access: {} }, schema: { tags, summary: "End every other session of your account (those in which you act for someone too); refused (403) while acting", response: { 200: SessionsAnswer, 401: ErrorResponse, 403: ErrorResponse } } },
    async (request) => admin.endOtherSessions(db, requireAuth(request), request.ip),
  );

  /* -------------------------------------------------------------- customers (wholesalers, mass-market customers) */
  app.get(
    "/Admin/Wholesalers",
    { config: { access: { roles: STAFF_ROLES } }, schema: { tags, summary: "Customers (kind wholesale or massMarket): paged, sorted and filtered", querystring: CustomerListQuery, response: { 200: CustomerPage, ...E } } },
    async (request) => admin.customerPage(db, requireAuth(request), request.query),
  );
  app.post(
    "/Admin/Wholesalers",
    {
      config: { access: { roles: STAFF_ROLES } },
      schema: {
        tags,
        summary: "Create a customer (wholesale or mass market): code, record, ship times, discount, catalogs, the always-boxed rule. 409 when the code is taken (compared without case).",
        body: CustomerCreateBody,
        response: { 201: CustomerDetail, ...E, 409: ErrorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await admin.createCustomer(db, requireAuth(request), request.body, request.ip)),
  );
  app.get(
    "/Admin/Wholesalers/:customerId",
    { config: { access: { roles: STAFF_ROLES } }, schema: { tags, summary: "A customer with its ship times, users, retailers and pending referrals", params: CustomerIdParam, response: { 200: CustomerDetail, ...E } } },
    async (request) => admin.customerDetail(db, requireAuth(request), request.params.customerId),
  );
  app.put(
    "/Admin/Wholesalers/:customerId",
    { config: { access: { roles: STAFF_ROLES } }, schema: { tags, summary: "Update a customer record, ship times, the always-boxed flag and referral approval", params: CustomerIdParam, body: CustomerUpdateBody, response: { 200: CustomerDetail, ...E } } },
    async (request) => {
      const auth = requireAuth(request);
      await admin.updateCustomer(db, auth, request.params.customerId, request.body, request.ip);
      return admin.customerDetail(db, auth, request.params.customerId);
    },
  );
  app.put(
    "/Admin/Wholesalers/:customerId/Logo",
    { config: { access: { roles: STAFF_ROLES } },
      bodyLimit: LOGO_MAX_BYTES + 1,
      schema: {
        tags,
        summary: `Upload a logo (PNG, JPEG or WebP, at most ${LOGO_MAX_BYTES / 1024} KB); the body is the image itself`,
        params: CustomerIdParam,
        consumes: ["image/png", "image/jpeg", "image/webp"],
        body: Image,
        response: { 200: LogoAnswer, ...E, 413: ErrorResponse, 415: ErrorResponse },
      },
    },
    async (request) => admin.uploadLogo(db, requireAuth(request), request.params.customerId, String(request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase(), request.body, request.ip),
  );
  app.delete(
    "/Admin/Wholesalers/:customerId/Logo",
    { config: { access: { roles: STAFF_ROLES } }, schema: { tags, summary: "Remove the logo: the default logo is shown again", params: CustomerIdParam, response: { 200: LogoAnswer, ...E } } },
    async (request) => admin.deleteLogo(db, requireAuth(request), request.params.customerId, request.ip),
  );

  /* -------------------------------------------------------------- retailers */
  app.get(
    "/Administration/Retailers",
    { config: { access: { roles: STAFF_AND_WHOLESALER } }, schema: { tags, summary: "Retailers (a wholesaler: those buying through it): paged, sorted and filtered", querystring: RetailerListQuery, response: { 200: RetailerPage, ...E } } },
    async (request) => admin.retailerPage(db, requireAuth(request), request.query),
  );
  app.post(
    "/Administration/Retailers",
    { config: { access: { roles: STAFF_AND_WHOLESALER } }, schema: { tags, summary: "Create a retailer", body: RetailerBody, response: { 201: RetailerCreated, ...E } } },
    async (request, reply) => reply.status(201).send(await admin.createRetailer(db, requireAuth(request), request.body, request.ip)),
  );
  app.get(
    "/Administration/Retailers/:retailerId",
    { config: { access: { roles: STAFF_AND_WHOLESALER } }, schema: { tags, summary: "A retailer with the wholesalers it buys through and its users", params: RetailerIdParam, response: { 200: RetailerDetail, ...E } } },
    async (request) => admin.retailerDetail(db, requireAuth(request), request.params.retailerId),
  );
  app.put(
    "/Administration/Retailers/:retailerId",
    { config: { access: { roles: STAFF_AND_WHOLESALER } }, schema: { tags, summary: "Update a retailer", params: RetailerIdParam, body: RetailerBody, response: { 200: RetailerDetail, ...E } } },
    async (request) => {
      const auth = requireAuth(request);
      await admin.updateRetailer(db, auth, request.params.retailerId, request.body, request.ip);
      return admin.retailerDetail(db, auth, request.params.retailerId);
    },
  );
  const importSchema = (summary: string) => ({
    config: { access: { roles: STAFF_AND_WHOLESALER } },
    bodyLimit: IMPORT_MAX_BYTES + 1,
    schema: { tags, summary, consumes: ["text/csv"], body: Csv, response: { 200: ImportResult, ...E, 413: ErrorResponse, 415: ErrorResponse } },
  });
  app.post(
    "/Administration/Retailers/Import/Preview",
    importSchema("Preview a retailer CSV (text/csv): every row with its errors and what it would do. Writes nothing."),
    async (request, reply) => sendImportResult(reply, await previewImport(db, requireAuth(request), request.body)),
  );
  app.post(
    "/Administration/Retailers/Import",
    importSchema("Import a retailer CSV (text/csv): every valid row upserted by code, in one transaction"),
    async (request, reply) => sendImportResult(reply, await confirmImport(db, requireAuth(request), request.body, request.ip)),
  );

  /* -------------------------------------------------------------- referrals */
  app.post(
    "/Referrals/:id",
    { config: { access: "public" },
      schema: {
        tags,
        summary: "A shop asks to buy through a wholesaler ({id} = its customerID), from its referral page; spam-checked like the contact form",
        params: z.object({ id: z.string().trim().min(1).max(40) }),
        body: ReferralBody,
        response: { 201: FormReceipt, 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => reply.status(201).send(await admin.submitReferral(db, config, request.params.id, request.body, request.ip)),
  );
  app.get(
    "/Referrals",
    { config: { access: { roles: STAFF_AND_WHOLESALER } }, schema: { tags, summary: "The referral queue: a wholesaler's own, or every wholesaler's for staff", querystring: ReferralQuery, response: { 200: z.array(ReferralRequest), ...E } } },
    async (request) => admin.referralQueue(db, requireAuth(request), request.query.customerId, request.query.status),
  );
  app.post(
    "/Referrals/:id/Approve",
    { config: { access: { roles: STAFF_AND_WHOLESALER } },
      schema: {
        tags,
        summary: "Approve: creates the retailer and invites its user",
        params: ReferralIdParam,
        body: ApproveReferralBody,
        response: { 200: z.object({ retailerId: z.number().int(), userId: z.string() }), ...E, 409: ErrorResponse },
      },
    },
    async (request) => admin.approveReferral(db, config, requireAuth(request), request.params.id, request.body, request.ip),
  );
  app.post(
    "/Referrals/:id/Decline",
    { config: { access: { roles: STAFF_AND_WHOLESALER } }, schema: { tags, summary: "Decline a referral", params: ReferralIdParam, response: { 200: Ok, ...E, 409: ErrorResponse } } },
    async (request) => {
      await admin.declineReferral(db, requireAuth(request), request.params.id, request.ip);
      return { ok: true as const };
    },
  );
};

/** Uploaded wholesaler logos, served from the wholesalers' image folder (outside /api). */
export const logoRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  app.get(
    "/wholesalers/logo/:customerId/:version",
    { config: { access: "public" }, schema: { hide: true, params: z.object({ customerId: z.string().min(1).max(40), version: z.coerce.number().int().positive().max(2_147_483_647) }) } },
    async (request, reply) => {
      const logo = await admin.logoOf(db, request.params.customerId);
      if (!logo) return reply.redirect("/wholesalers/default-logo.svg", 302);
      return reply
        .header("content-type", logo.contentType)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", logo.version === request.params.version ? "public, max-age=31536000, immutable" : "no-cache")
        .send(logo.bytes);
    },
  );
};
