// Webhook rules (docs/webhooks.md) with no I/O: the retry schedule, and which addresses a webhook may
// never reach in production (loopback, private, link-local, and the like, in IPv4 and IPv6).

export const WEBHOOK_RETRY_BASE_MS = 5_000;
export const WEBHOOK_RETRY_MAX_MS = 60 * 60_000;
/** A delivery is retried for at least this long after its first attempt, then given up. */
export const WEBHOOK_RETRY_FOR_MS = 24 * 60 * 60_000;
/** Each attempt waits this long for the receiver's answer. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** Of the receiver's answer, this much is kept (characters). */
export const WEBHOOK_EXCERPT_CHARS = 256;

/** Delay before the next attempt after `attempts` failed ones: 5 s, 10 s, 20 s, … doubling, at most 1 h. */
export function webhookRetryDelayMs(attempts: number): number {
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be a positive integer, got ${attempts}`);
  return Math.min(WEBHOOK_RETRY_MAX_MS, WEBHOOK_RETRY_BASE_MS * 2 ** Math.min(attempts - 1, 30));
}

/** Whether a delivery that has just failed gives up: only once its first attempt is 24 hours old. */
export function webhookGivesUp(firstAttemptAt: Date, now: Date): boolean {
  return now.getTime() - firstAttemptAt.getTime() >= WEBHOOK_RETRY_FOR_MS;
}

/** An IPv4 address as 4 bytes, or null. */
function ipv4Bytes(ip: string): number[] | null {
  const parts = ip.split(".");
  if (parts.length !== 4) return null;
  const bytes = parts.map((p) => (/^\d{1,3}$/.test(p) ? Number(p) : NaN));
  return bytes.every((b) => Number.isInteger(b) && b >= 0 && b <= 255) ? bytes : null;
}

/** An IPv6 address (brackets, zone and embedded IPv4 allowed) as 8 groups, or null. */
function ipv6Groups(input: string): number[] | null {
  let ip = input.replace(/^\[|\]$/g, "").split("%")[0]!.toLowerCase();
  const lastColon = ip.lastIndexOf(":");
  if (lastColon < 0) return null;
  if (ip.slice(lastColon + 1).includes(".")) {
    const v4 = ipv4Bytes(ip.slice(lastColon + 1));
    if (!v4) return null;
    ip = `${ip.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = ip.split("::");
  if (halves.length > 2) return null;
  const parse = (s: string) => (s === "" ? [] : s.split(":").map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  if ([...head, ...rest].some(Number.isNaN)) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  if (head.length + rest.length > 7) return null;
  return [...head, ...Array<number>(8 - head.length - rest.length).fill(0), ...rest];
}

function v4IsPublic(b: number[]): boolean {
  const [a, c] = [b[0]!, b[1]!];
  if (a === 0 || a === 10 || a === 127) return false; // "this" network, private, loopback
  if (a === 169 && c === 254) return false; // link-local, cloud metadata (169.254.169.254)
  if (a === 172 && c >= 16 && c <= 31) return false;
  if (a === 192 && c === 168) return false;
  if (a === 100 && c >= 64 && c <= 127) return false; // carrier-grade NAT
  if (a === 192 && c === 0 && b[2] === 0) return false; // IETF protocol assignments
  if (a === 198 && (c === 18 || c === 19)) return false; // benchmarking
  if (a >= 224) return false; // multicast, reserved, broadcast
  return true;
}

/**
 * Whether an address (IPv4 or IPv6 text) is one a webhook may reach in production: not loopback,
 * private, link-local, unique-local, multicast, unspecified, nor an IPv4 one of those mapped or
 * translated into IPv6 (::ffff:127.0.0.1, 64:ff9b::a00:1, ::127.0.0.1). Unparseable text is not public.
 */
export function isPublicAddress(ip: string): boolean {
  const v4 = ipv4Bytes(ip);
  if (v4) return v4IsPublic(v4);
  const g = ipv6Groups(ip);
  if (!g) return false;
  const embedded = () => [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255];
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    if (g[5] === 0 && g[6] === 0 && (g[7] === 0 || g[7] === 1)) return false; // :: and ::1
    return v4IsPublic(embedded()); // IPv4-mapped and the old IPv4-compatible form
  }
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4IsPublic(embedded()); // NAT64
  if ((g[0]! & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
  if ((g[0]! & 0xffc0) === 0xfe80 || (g[0]! & 0xffc0) === 0xfec0) return false; // link-local, site-local
  if ((g[0]! & 0xff00) === 0xff00) return false; // multicast
  if (g[0] === 0x2001 && g[1] === 0x0db8) return false; // documentation
  if (g[0] === 0x2002) return v4IsPublic([g[1]! >> 8, g[1]! & 255, g[2]! >> 8, g[2]! & 255]); // 6to4
  return true;
}

export const WEBHOOK_URL_MESSAGES = {
  invalid: "Enter a full URL starting with https:// or http://.",
  scheme: "Only http and https URLs can receive webhooks.",
  credentials: "A webhook URL cannot carry a user name or password.",
  private: "This URL points to a private, loopback or link-local address; webhooks can only reach public addresses.",
  unresolved: "This URL's host name could not be resolved.",
} as const;

/** The first problem of a URL's form (not where it points), or null. */
export function webhookUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return WEBHOOK_URL_MESSAGES.invalid;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return WEBHOOK_URL_MESSAGES.scheme;
  if (url.username || url.password) return WEBHOOK_URL_MESSAGES.credentials;
  if (!url.hostname) return WEBHOOK_URL_MESSAGES.invalid;
  return null;
}
