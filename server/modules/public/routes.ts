import { z } from "zod";
import {
  ApplicationBody,
  ContactBody,
  FormReceipt,
  FormTokenQuery,
  FormTokenResponse,
  OpeningIdParam,
} from "../../../contract/public.ts";
import type { ApiRoutes } from "../../deps.ts";
import { notFound } from "../../errors.ts";
import { createContentService } from "../content/index.ts";
import { renderArt, renderCard } from "./art.ts";
import * as forms from "./service.ts";

/** The public site's forms: no sign-in, so spam checks and rate limits stand in for it. */
const open = { access: "public" } as const;

export const publicRoutes: ApiRoutes = async (app, { db, config }) => {
  const content = createContentService(config.brandName);

  const Hex = z.string().regex(/^[0-9a-fA-F]{6}$/, "Invalid format").transform((v) => v.toLowerCase());
  app.get(
    "/Public/Art/:file",
    {
      schema: {
        tags: ["public"],
        summary: "One of our illustrations as an SVG file, optionally drawn in a product's colour (hex without #).",
        params: z.object({ file: z.string().regex(/^[a-z-]{2,40}\.svg$/, "Invalid format") }),
        querystring: z.object({ color: Hex.optional(), accent: Hex.optional() }),
      },
      config: open,
    },
    async (request, reply) => {
      const art = renderArt({ key: request.params.file.slice(0, -4), ...request.query });
      if (!art) throw notFound("No such picture.");
      reply.header("cache-control", "public, max-age=86400, stale-while-revalidate=604800");
      reply.header("etag", art.etag);
      if (request.headers["if-none-match"] === art.etag) return reply.status(304).send();
      return reply.type("image/svg+xml; charset=utf-8").send(art.svg);
    },
  );

  app.get(
    "/Public/Card/:file",
    {
      schema: {
        tags: ["public"],
        summary: "A 1200×630 Open Graph card (SVG): one of our illustrations, optionally in a product's colour, with our name.",
        params: z.object({ file: z.string().regex(/^[a-z-]{2,40}\.svg$/, "Invalid format") }),
        querystring: z.object({ color: Hex.optional(), accent: Hex.optional() }),
      },
      config: open,
    },
    async (request, reply) => {
      const card = renderCard({ key: request.params.file.slice(0, -4), ...request.query, brand: config.brandName });
      if (!card) throw notFound("No such picture.");
      reply.header("cache-control", "public, max-age=86400, stale-while-revalidate=604800");
      reply.header("etag", card.etag);
      if (request.headers["if-none-match"] === card.etag) return reply.status(304).send();
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
        response: { 201: FormReceipt },
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
        response: { 201: FormReceipt },
      },
      config: open,
    },
    async (request, reply) => {
      const receipt = await forms.submitApplication(db, config, content, request.params.openingId, request.body, { ip: request.ip });
      return reply.status(201).send(receipt);
    },
  );
};
