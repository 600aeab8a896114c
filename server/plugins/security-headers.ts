// The security headers of every response: Helmet's, worked out once at start. Helmet's middleware
// sets a dozen headers on the raw response one by one (each setHeader checked, then Fastify's own
// headers set again on top of them), and builds its Content-Security-Policy string again for every
// response: a sixth of the CPU of a hot read. Only the script nonce changes from one response to the
// next, so the policy is kept as the text around it.
import helmet, { type HelmetOptions } from "helmet";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NonceCarrier } from "../deps.ts";

const CSP = "content-security-policy";
/** Stands for the nonce while Helmet writes the policy once (letters only: Helmet accepts it as is). */
const MARK = "BloomNonceMark";

export interface SecurityHeaders {
  /** Every header Helmet sets, but the policy, lower-case names. */
  fixed: Readonly<Record<string, string>>;
  /** The Content-Security-Policy of a response whose inline scripts carry `nonce`. */
  policy(nonce: string): string;
}

/** The policy of the store (docs/security.md): its own origin only; inline scripts need the response's nonce. */
export function helmetOptions(cookieSecure: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Styles need 'unsafe-inline' (SVG and style attributes), so only script-src carries the nonce.
        scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as NonceCarrier).scriptNonce}'`],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: cookieSecure ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: cookieSecure,
  };
}

/** What Helmet's middleware sets on a response whose nonce is `nonce` (lower-case names). */
export function helmetHeaders(options: HelmetOptions, nonce: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    scriptNonce: nonce,
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => (failed = err));
  if (failed) throw failed;
  return headers;
}

export function securityHeaders(options: HelmetOptions): SecurityHeaders {
  const { [CSP]: csp, ...fixed } = helmetHeaders(options, MARK);
  const parts = csp?.split(MARK) ?? [];
  // The nonce must appear exactly once, or the kept text would not be Helmet's policy.
  if (parts.length !== 2) throw new Error("The Content-Security-Policy must name the script nonce exactly once.");
  const [before, after] = parts as [string, string];
  return { fixed: Object.freeze(fixed), policy: (nonce) => before + nonce + after };
}
