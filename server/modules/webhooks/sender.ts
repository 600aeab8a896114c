// One HTTP attempt of a webhook delivery (docs/webhooks.md "Safety"): http(s) only; in production the
// host is resolved once, every address it resolves to must be public (unless
// WEBHOOKS_ALLOW_PRIVATE_URLS), and the connection goes to the address that was checked, so a DNS answer
// that changes between check and connect (rebinding) cannot send it elsewhere. No redirect is followed,
// the answer is awaited WEBHOOK_TIMEOUT_MS at most, and only a short excerpt of its body is kept.
import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress, WEBHOOK_EXCERPT_CHARS, WEBHOOK_TIMEOUT_MS, WEBHOOK_URL_MESSAGES, webhookUrlProblem } from "../../../domain/webhooks.ts";
import type { Config } from "../../config.ts";
import type { AttemptOutcome } from "./repo.ts";

/** Whether private addresses are refused: production, unless WEBHOOKS_ALLOW_PRIVATE_URLS=true. */
export const refusesPrivate = (config: Pick<Config, "env" | "webhooksAllowPrivateUrls">) => config.env === "production" && !config.webhooksAllowPrivateUrls;

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
export const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

export class WebhookTargetError extends Error {}

/**
 * Where a URL may be sent: the address to connect to, checked. Throws WebhookTargetError with the
 * message to show when the URL is malformed, does not resolve, or resolves to any private address
 * while those are refused.
 */
export async function checkTarget(
  rawUrl: string,
  config: Pick<Config, "env" | "webhooksAllowPrivateUrls">,
  resolve: Resolver = systemResolver,
  purpose: "register" | "send" = "send",
) {
  const problem = webhookUrlProblem(rawUrl);
  if (problem) throw new WebhookTargetError(problem);
  const url = new URL(rawUrl);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // Outside production a URL is registered without looking its name up (a receiver not set up yet).
  if (purpose === "register" && !refusesPrivate(config)) return { url, address: null };
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      addresses = [];
    }
  }
  if (addresses.length === 0) throw new WebhookTargetError(WEBHOOK_URL_MESSAGES.unresolved);
  if (refusesPrivate(config) && addresses.some((a) => !isPublicAddress(a.address))) throw new WebhookTargetError(WEBHOOK_URL_MESSAGES.private);
  return { url, address: addresses[0]! };
}

export interface SignedMessage {
  headers: Record<string, string>;
  body: string;
}

/** POSTs a signed message; never throws: every failure is an outcome. */
export async function sendOnce(
  rawUrl: string,
  message: SignedMessage,
  config: Pick<Config, "env" | "webhooksAllowPrivateUrls">,
  options: { resolve?: Resolver; timeoutMs?: number; now?: Date } = {},
): Promise<AttemptOutcome> {
  const attemptedAt = options.now ?? new Date();
  const started = performance.now();
  const done = (o: Omit<AttemptOutcome, "attemptedAt" | "durationMs">): AttemptOutcome => ({
    attemptedAt,
    durationMs: Math.round(performance.now() - started),
    ...o,
  });
  let target: Awaited<ReturnType<typeof checkTarget>>;
  try {
    target = await checkTarget(rawUrl, config, options.resolve);
  } catch (err) {
    return done({ statusCode: null, ok: false, error: `Refused: ${(err as Error).message}`, responseExcerpt: null });
  }
  const { url } = target;
  const address = target.address!;
  // Connect to the checked address whatever the name resolves to now (Host and TLS name stay the URL's).
  const pinned: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [address]);
    else cb(null, address.address, address.family);
  };
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise<AttemptOutcome>((resolveOutcome) => {
    let settled = false;
    const finish = (o: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolveOutcome(o);
    };
    const request = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method: "POST",
        lookup: pinned,
        agent: false,
        headers: { ...message.headers, "content-type": "application/json", "content-length": String(Buffer.byteLength(message.body)), "user-agent": "Pride-Webhooks/1.0" },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const status = response.statusCode ?? 0;
        const end = () => {
          const excerpt = Buffer.concat(chunks).toString("utf8").slice(0, WEBHOOK_EXCERPT_CHARS);
          const ok = status >= 200 && status < 300;
          finish(done({ statusCode: status, ok, error: ok ? null : `HTTP ${status}`, responseExcerpt: excerpt || null }));
        };
        response.on("data", (c: Buffer) => {
          if (size < 4 * WEBHOOK_EXCERPT_CHARS) chunks.push(c);
          size += c.length;
          // Enough read for the excerpt: the rest is not waited for.
          if (size >= 4 * WEBHOOK_EXCERPT_CHARS) {
            end();
            response.destroy();
          }
        });
        response.on("end", end);
        response.on("error", end);
      },
    );
    const timer = setTimeout(() => {
      finish(done({ statusCode: null, ok: false, error: `No answer within ${timeoutMs / 1000} s`, responseExcerpt: null }));
      request.destroy();
    }, timeoutMs);
    request.on("error", (err: Error & { code?: string }) =>
      finish(done({ statusCode: null, ok: false, error: (err.code ? `${err.code}: ` : "") + err.message.slice(0, 200), responseExcerpt: null })),
    );
    request.end(message.body);
  });
}

