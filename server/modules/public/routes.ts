import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { ErrorResponse } from "../../../contract/common.ts";
import {
  ApplicationBody,
  ContactBody,
  FormReceipt,
  FormTokenQuery,
  FormTokenResponse,
  OpeningIdParam,
} from "../../../contract/public.ts";
import type { ApiRoutes } from "../../deps.ts";
import { badRequest, notFound, tooManyRequests } from "../../errors.ts";
import { sendNotModified } from "../../hot/index.ts";
import { CARD_COLOURS, isCardColour } from "../../../contract/content.ts";
import { createContentService } from "../content/index.ts";
import { artToDraw, cardToDraw, MAX_SHEET_COLOURS, renderArt, renderArtSheet, renderCard, renderCardPng, sheetToDraw } from "./art.ts";
import { DrawingAllowance } from "./drawing-allowance.ts";
import * as forms from "./service.ts";

/** The public site's forms: no sign-in, so spam checks and rate limits stand in for it. */
const open = { access: "public" } as const;

export const publicRoutes: ApiRoutes = async (app, { db, config }) => {
  const content = createContentService(config.brandName);
  // New pictures each address may have this instance draw a minute (kept ones are never counted).
  const drawings = new DrawingAllowance(config.artDrawingsPerMinute);
  const meterDrawing = (request: FastifyRequest, reply: FastifyReply, count: number) => {
    const wait = drawings.take(request.ip, count);
    if (!wait) return;
    reply.header("retry-after", String(wait));
    throw tooManyRequests(`Too many new pictures asked for. Please try again in ${wait} seconds.`);
  };

  const Svg = z.string().describe("image/svg+xml");
  const NotModified = z.null().describe("Not modified (If-None-Match)");
  const Hex = z.string().regex(/^[0-9a-fA-F]{6}$/, "Invalid format").transform((v) => v.toLowerCase());
  const Colors = z
    .string()
    .max(MAX_SHEET_COLOURS * 7)
    .transform((v) => v.split(",").map((c) => c.toUpperCase()))
    .pipe(
      z
        .array(z.string().regex(/^[0-9A-F]{6}$/, "Invalid format"))
        .min(1)
        .max(MAX_SHEET_COLOURS, `At most ${MAX_SHEET_COLOURS} colours`)
        .refine((cs) => new Set(cs).size === cs.length, "Each colour once"),
    );
  app.get(
    "/Public/Art/:file",
    {
      schema: {
        tags: ["public"],
        summary:
          "One of our illustrations as an SVG file, optionally drawn in a product's colour (hex without #). " +
          `With colors (up to ${MAX_SHEET_COLOURS} hex, comma-separated) a sheet of copies, one per colour, each shown by the fragment #c{HEX}.`,
        params: z.object({ file: z.string().regex(/^[a-z-]{2,40}\.svg$/, "Invalid format") }),
        querystring: z.object({ color: Hex.optional(), accent: Hex.optional(), colors: Colors.optional() }),
        response: { 200: Svg, 304: NotModified, 404: ErrorResponse },
      },
      config: open,
    },
    async (request, reply) => {
      const key = request.params.file.slice(0, -4);
      const { colors, ...one } = request.query;
      if (colors && (one.color || one.accent)) throw badRequest("Give either colors or color and accent.", { colors: "Not with color or accent" });
      meterDrawing(request, reply, colors ? sheetToDraw(key, colors) : artToDraw({ key, ...one }));
      const art = colors ? await renderArtSheet(key, colors) : renderArt({ key, ...one });
      if (!art) throw notFound("No such picture.");
      reply.header("cache-control", "public, max-age=86400, stale-while-revalidate=604800");
      reply.header("etag", art.etag);
      if (request.headers["if-none-match"] === art.etag) return sendNotModified(reply);
      return reply.type("image/svg+xml; charset=utf-8").send(art.svg);
    },
  );

  const Png = z.custom<Buffer>((v) => Buffer.isBuffer(v)).describe("image/png");
  // A PNG card is drawn only in the card colours (any other is a 400): the document lists them.
  const CardHex = z
    .string()
    .regex(/^[0-9a-fA-F]{6}$/, "Invalid format")
    .meta({
      description: `Hex without #. A .png card takes only our card colours (any case): ${CARD_COLOURS.join(", ")}; an .svg card takes any colour.`,
      examples: [...CARD_COLOURS],
    })
    .transform((v) => v.toLowerCase());
  app.get(
    "/Public/Card/:file",
    {
      schema: {
        tags: ["public"],
        summary:
          "A 1200×630 Open Graph card: one of our illustrations, optionally in a product's colour, with our name. " +
          "{key}.png (what the pages link: social networks do not show SVG) or {key}.svg.",
        params: z.object({ file: z.string().regex(/^[a-z-]{2,40}\.(svg|png)$/, "Invalid format") }),
        querystring: z.object({ color: CardHex.optional(), accent: CardHex.optional() }),
        response: { 200: z.union([Svg, Png]), 304: NotModified, 404: ErrorResponse },
      },
      config: open,
    },
    async (request, reply) => {
      const { file } = request.params;
      const png = file.endsWith(".png");
      // A PNG costs real CPU to draw: only in the colours our pages link (contract/content.ts).
      if (png && ((request.query.color && !isCardColour(request.query.color)) || (request.query.accent && !isCardColour(request.query.accent)))) {
        throw badRequest("This card is drawn only in the colours our pages use.", { color: "Not one of our card colours" });
      }
      const picture = { key: file.slice(0, -4), ...request.query, brand: config.brandName };
      meterDrawing(request, reply, cardToDraw(picture, png));
      const card = png ? renderCardPng(picture) : renderCard(picture);
      if (!card) throw notFound("No such picture.");
      // Rendered once and kept; the ETag lets a crawler that kept its copy revalidate cheaply.
      reply.header("cache-control", png ? "public, max-age=2592000, stale-while-revalidate=2592000" : "public, max-age=86400, stale-while-revalidate=604800");
      reply.header("etag", card.etag);
      if (request.headers["if-none-match"] === card.etag) return sendNotModified(reply);
      if ("png" in card) return reply.type("image/png").send(card.png);
      return reply.type("image/svg+xml; charset=utf-8").send(card.svg);
    },
  );

  app.get(
    "/Public/FormToken",
    {
      schema: {
        tags: ["public"],
        summary: "A signed, time-stamped token a public form must send back (3 s to 24 h later).",
        querystring: FormTokenQuery,
        response: { 200: FormTokenResponse },
      },
      config: open,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return forms.issueFormToken(config, request.query.form);
    },
  );

  app.post(
    "/Public/Contact",
    {
      schema: {
        tags: ["public"],
        summary: "Stores a contact message and mails it to staff.",
        body: ContactBody,
        response: { 201: FormReceipt, 429: ErrorResponse },
      },
      config: open,
    },
    async (request, reply) => {
      const receipt = await forms.submitContact(db, config, request.body, { ip: request.ip });
      return reply.status(201).send(receipt);
    },
  );

  app.post(
    "/Public/Apply/:openingId",
    {
      schema: {
        tags: ["public"],
        summary: "Stores a job application for one of the openings on the careers page and mails it to staff.",
        params: OpeningIdParam,
        body: ApplicationBody,
        response: { 201: FormReceipt, 404: ErrorResponse, 429: ErrorResponse },
      },
      config: open,
    },
    async (request, reply) => {
      const receipt = await forms.submitApplication(db, config, content, request.params.openingId, request.body, { ip: request.ip });
      return reply.status(201).send(receipt);
    },
  );
};
