import { z } from "zod";
import path from "node:path";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** Every setting the server reads, validated once at boot. `.env.example` documents each. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Embedded database: below this much free space in DATA_DIR, writes answer 503 (server/disk-guard.ts). */
  DATA_DIR_MIN_FREE_MB: z.coerce.number().int().min(0).max(1_000_000).default(64),
  /** Demo mode fills an empty database with demo data and demo accounts. */
  DEMO_MODE: bool.optional(),
  BRAND_NAME: z.string().min(1).default("Pride"),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).default(12 * 60),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(14 * 24),
  HOLD_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  TAX_RATE_BP: z.coerce.number().int().min(0).max(5000).default(0),
  /** The grower's postal address on invoices and statements; lines separated by "|". */
  GROWER_ADDRESS: z.string().min(1).max(300).default("1200 Greenhouse Road|Vineland, NJ 08360"),
  DEFAULT_CUSTOMER_CODE: z.string().min(1).default("PRIDE"),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("Pride Flowers <no-reply@localhost>"),
  STAFF_EMAIL: z.string().email().default("staff@localhost.test"),
  COOKIE_SECURE: bool.optional(),
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Where `npm run build` put the web app, relative to the project folder. */
  BUILD_DIR: z.string().min(1).default("build"),
  /** Prometheus metrics: off unless a port is given; then /metrics on that port only, never the public one. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default("127.0.0.1"),
  /** How long SIGTERM waits for requests in flight before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
  /** How long a request waits for a database connection before it answers 503. */
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  /** PostgreSQL: a statement running longer is cancelled (503); 0 turns the bound off. */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
  /** PostgreSQL: a row or table lock not granted within this long fails (503); 0 turns it off. */
  DATABASE_LOCK_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3_600).default(5),
  /** PostgreSQL: a transaction left idle this long is ended by the server (its locks freed); 0 turns it off. */
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(3_600).default(60),
  /** A request's headers must arrive within this long (slow-header clients are cut). */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** A request (headers and body) must arrive within this long; the answer may take longer. */
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  /** A connection on which nothing is sent or received this long is closed (live streams send every 25 s). */
  HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(30).max(3_600).default(60),
  /** How long an idle keep-alive connection stays open for the client's next request. */
  HTTP_KEEP_ALIVE_SECONDS: z.coerce.number().int().min(1).max(600).default(72),
  /** Open connections one client address may hold on an instance; more are answered 429 and closed. 0: no cap. */
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(1_000_000).default(256),
  /** Live availability streams one signed-in account may hold open on an instance (all its sessions). */
  LIVE_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).max(10_000).default(12),
  /** Live availability streams one client address may hold open on an instance (all its accounts). */
  LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(60),
  /** A process whose event loop has not turned for this long is ended (server/stall-watchdog.ts); 0 turns it off. */
  EVENT_LOOP_STALL_EXIT_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
  /** How often each instance's job runner looks for due jobs (standing orders, reminders). */
  JOBS_POLL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(15),
  /** How long before a ship date's cut-off a standing order becomes a cart (or an order). */
  STANDING_ORDER_LEAD_HOURS: z.coerce.number().int().min(1).max(7 * 24).default(24),
  /** How long before a cart's holds lapse the buyer is reminded by mail. */
  HOLD_REMINDER_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(5),
  /** How long after the end of its ship date (New York time) a buyer may open a claim on an order (docs/claims.md). */
  CLAIM_WINDOW_HOURS: z.coerce.number().int().min(1).max(90 * 24).default(48),
  /** How long staff have to answer a claim once it is opened (the deadline shown on the desk). */
  CLAIM_ANSWER_HOURS: z.coerce.number().int().min(1).max(90 * 24).default(48),
  /** New pictures (illustrations in a colour not yet drawn) one client address may have an instance draw a minute. */
  ART_DRAWINGS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** Webhooks may reach loopback, private and link-local addresses in production too (local testing, demos). */
  WEBHOOKS_ALLOW_PRIVATE_URLS: bool.default(false),
});

export type Env = z.input<typeof envSchema>;

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  /** Embedded database: free bytes DATA_DIR keeps; below, writes are refused (DATA_DIR_MIN_FREE_MB). */
  dataDirMinFreeBytes: number;
  poolSize: number;
  demoMode: boolean;
  brandName: string;
  publicUrl: string;
  sessionIdleMs: number;
  sessionMaxMs: number;
  holdMs: number;
  taxRateBp: number;
  growerAddress: string[];
  defaultCustomerCode: string;
  smtpUrl?: string;
  mailFrom: string;
  staffEmail: string;
  cookieSecure: boolean;
  trustProxy: boolean;
  logLevel: string;
  loginMaxFailures: number;
  loginWindowMs: number;
  buildDir: string;
  metricsPort?: number;
  metricsHost: string;
  shutdownTimeoutMs: number;
  databaseConnectTimeoutMs: number;
  /** PostgreSQL statement, lock and idle-in-transaction bounds (ms, 0 = none). */
  databaseTimeouts: { statementMs: number; lockMs: number; idleInTransactionMs: number };
  /** The HTTP server's bounds on slow or idle clients (server/app.ts). */
  http: { headersTimeoutMs: number; requestTimeoutMs: number; idleTimeoutMs: number; keepAliveTimeoutMs: number; maxConnectionsPerAddress: number };
  /** Live availability streams per account and per client address on an instance (429 past them). */
  liveStreamsPerAccount: number;
  liveStreamsPerAddress: number;
  /** Event loop silent this long: the process is killed (EVENT_LOOP_STALL_EXIT_SECONDS; 0 = never). */
  stallExitMs: number;
  jobsPollMs: number;
  standingOrderLeadMs: number;
  holdReminderMs: number;
  /** New pictures one client address may have this instance draw a minute (ART_DRAWINGS_PER_MINUTE). */
  artDrawingsPerMinute: number;
  /** Claims: the window after a ship date's end, and the time staff have to answer one (ms). */
  claimWindowMs: number;
  claimAnswerMs: number;
  /** WEBHOOKS_ALLOW_PRIVATE_URLS: production webhooks may reach private addresses (docs/webhooks.md). */
  webhooksAllowPrivateUrls: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid settings (see .env.example):\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    dataDirMinFreeBytes: e.DATA_DIR_MIN_FREE_MB * 1_048_576,
    poolSize: e.DATABASE_POOL_SIZE,
    demoMode: e.DEMO_MODE ?? !e.DATABASE_URL,
    brandName: e.BRAND_NAME,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    holdMs: e.HOLD_MINUTES * 60_000,
    taxRateBp: e.TAX_RATE_BP,
    growerAddress: e.GROWER_ADDRESS.split("|").map((l) => l.trim()).filter(Boolean),
    defaultCustomerCode: e.DEFAULT_CUSTOMER_CODE,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    staffEmail: e.STAFF_EMAIL,
    cookieSecure: e.COOKIE_SECURE ?? (e.PUBLIC_URL?.startsWith("https://") ?? false),
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginWindowMs: e.LOGIN_WINDOW_MINUTES * 60_000,
    buildDir: e.BUILD_DIR,
    metricsPort: e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    databaseConnectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
    databaseTimeouts: {
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
      lockMs: e.DATABASE_LOCK_TIMEOUT_SECONDS * 1000,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_SECONDS * 1000,
    },
    http: {
      headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_SECONDS * 1000,
      maxConnectionsPerAddress: e.HTTP_MAX_CONNECTIONS_PER_ADDRESS,
    },
    liveStreamsPerAccount: e.LIVE_STREAMS_PER_ACCOUNT,
    liveStreamsPerAddress: e.LIVE_STREAMS_PER_ADDRESS,
    stallExitMs: e.EVENT_LOOP_STALL_EXIT_SECONDS * 1000,
    jobsPollMs: e.JOBS_POLL_SECONDS * 1000,
    standingOrderLeadMs: e.STANDING_ORDER_LEAD_HOURS * 3_600_000,
    holdReminderMs: e.HOLD_REMINDER_MINUTES * 60_000,
    artDrawingsPerMinute: e.ART_DRAWINGS_PER_MINUTE,
    claimWindowMs: e.CLAIM_WINDOW_HOURS * 3_600_000,
    claimAnswerMs: e.CLAIM_ANSWER_HOURS * 3_600_000,
    webhooksAllowPrivateUrls: e.WEBHOOKS_ALLOW_PRIVATE_URLS,
  };
}
