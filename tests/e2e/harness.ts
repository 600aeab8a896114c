import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { isoDateAt } from "../../domain/dates.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const DEMO_PASSWORD = "bloom-demo-2026";

/** A TCP port free on 127.0.0.1 when asked. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Where the browser run's global set-up left its seeded database (tests/e2e/global-setup.ts). */
export const DATA_TEMPLATE_ENV = "BLOOM_E2E_DATA_TEMPLATE";

/** Settings that change what the first start seeds: a server given any of them seeds its own. */
const SEED_SETTINGS = ["DATABASE_URL", "DEMO_MODE", "DEFAULT_CUSTOMER_CODE", "TAX_RATE_BP"];

/** The seeded database to copy for a server started with `env`, when the run made one today. */
function dataTemplate(env: Record<string, string>): string | undefined {
  const made = process.env[DATA_TEMPLATE_ENV];
  if (!made || SEED_SETTINGS.some((k) => k in env)) return undefined;
  const { dir, today } = JSON.parse(made) as { dir: string; today: string };
  return today === isoDateAt() ? dir : undefined;
}

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** The server process's id (benchmarks read its CPU time from /proc). */
  pid: number;
  stop(): Promise<void>;
  logs(): string;
}

/**
 * Starts the built server (npm run build first) exactly as `npm start` would, on a free port with a
 * fresh embedded database filled with demo data (or the given data folder, which it then removes).
 */
export async function startServer(env: Record<string, string> = {}, options: { dataDir?: string; logFile?: string } = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "bloom-e2e-"));
  const template = options.dataDir ? undefined : dataTemplate(env);
  if (template) cpSync(template, dataDir, { recursive: true });
  let output = "";
  // SERVER_NODE_ARGS: extra Node options for the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/p"
  // to profile it under a benchmark (Node refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO_MODE: "true",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    // A log file (benchmarks at level info): the server writes to a file as it would in production,
    // not to a pipe this process must drain and keep.
    stdio: options.logFile ? ["ignore", openSync(options.logFile, "a"), openSync(options.logFile, "a")] : ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  // Generous: on a loaded two-core machine a cold start (build check, migrate, seed) can take minutes.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseUrl,
    dataDir,
    pid: child.pid!,
    logs: () => (options.logFile ? readFileSync(options.logFile, "utf8") : output),
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await new Promise((r) => child.once("exit", r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A desktop Chrome user agent: headless Chromium announces itself as "HeadlessChrome", which the server
 * (rightly) treats as a crawler and answers errors without a page (SPEC §2).
 */
/**
 * The server and browser of one browser test file: started side by side before its tests (a server
 * with `env` added to its environment), stopped after them. Read `site.server` and `site.browser` in
 * the tests, once the file's hooks have run.
 */
export function serverAndBrowser(options: { env?: Record<string, string>; timeout?: number } = {}): { server: RunningServer; browser: Browser } {
  const site = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [site.server, site.browser] = await Promise.all([startServer(options.env), launchBrowser()]);
  }, options.timeout);
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}

export const USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";

/** A page in a fresh context (own cookies and storage), as a person's browser would be. */
export async function newPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ userAgent: USER_AGENT, viewport: { width: 1280, height: 900 }, ...options });
  return context.newPage();
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

/** Signs in through the real login form. */
export async function signIn(page: Page, baseUrl: string, email: string, password = DEMO_PASSWORD) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

let axeSource: string | undefined;

/** Runs axe-core in the page and returns its violations (id, impact, help, the first targets). */
export async function axeViolations(page: Page) {
  // Evaluated through the debugging protocol, so the page's CSP (rightly strict) does not block it.
  // Once per document: compiling axe's half a megabyte again for each run cost 0.2-0.5 s of the page's CPU.
  if (!(await page.evaluate(() => "axe" in window))) {
    axeSource ??= readFileSync(path.join(ROOT, "node_modules/axe-core/axe.min.js"), "utf8");
    await page.evaluate(axeSource);
  }
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx?: unknown, opts?: unknown) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
  });
}

/** Waits until React has hydrated the page (a click before that does nothing). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return !!main && Object.keys(main).some((k) => k.startsWith("__reactFiber$"));
  });
}

/**
 * axe-core at a phone's and a desktop's width; throws with the violations found. The page is left
 * at 1280 px.
 */
export async function expectNoAxeViolations(page: Page, where: string) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // One frame for the layout of the new width (menus that collapse, sticky bars).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const violations = await axeViolations(page);
    if (violations.length) throw new Error(`axe found violations on ${where} at ${width} px: ${JSON.stringify(violations, null, 2)}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * A signed-in API client of a running server (a cookie jar of one), for a test's set-up. Writes
 * send the same-origin header a browser sends with a write from our pages (docs/security.md).
 */
export async function apiAs(baseUrl: string, email: string, password = DEMO_PASSWORD) {
  const login = await fetch(`${baseUrl}/api/Auth/login/`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`sign-in of ${email}: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const user = await login.json();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely by test set-ups
  const call = async (method: string, path: string, body?: unknown): Promise<any> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { cookie, origin: baseUrl, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  return { user, call };
}

/** A product of a buyer's catalog, as the store's products call answers it (the fields set-ups read). */
export interface CatalogProduct {
  productId: string;
  description: string;
  quantityRemaining: number;
  isFinalProduct: boolean;
  showStore: boolean;
}

/** A buyer signed in through the API, its profile, first open ship date and that date's catalog products. */
export async function buyerCatalog(baseUrl: string, email: string) {
  const buyer = await apiAs(baseUrl, email);
  const userId: string = buyer.user.id;
  const customerId: string = (buyer.user.currentCustomer ?? buyer.user.customers[0]).customerID;
  const base = `${userId}/${customerId}`;
  const profile = await buyer.call("GET", `/api/Store/Profile/${base}/0`);
  const shipDate: string = profile.openDates[0];
  const [catalog] = await buyer.call("GET", `/api/Store/Catalog/${customerId}/${shipDate}/${userId}`);
  const products: CatalogProduct[] = await buyer.call("GET", `/api/Store/Catalog/Products/${base}/${catalog.orderId}/${shipDate}`);
  return { buyer, userId, customerId, base, profile, shipDate, products };
}

/**
 * Places a wholesale order through the buyer's own API on its first open ship date: `quantity` bunches
 * of the first product `pick` accepts (by default one shown in the store, not a final product, with at
 * least that many left). Set-ups that need an order make their own instead of counting on the demo
 * history, whose newest orders depend on the weekday the data was made (none is still submitted on
 * Sundays and Mondays).
 */
export async function placeOrderAs(
  baseUrl: string,
  email: string,
  quantity: number,
  pick: (p: CatalogProduct) => boolean = (p) => p.showStore && !p.isFinalProduct && p.quantityRemaining >= quantity,
) {
  const { buyer, userId, customerId, base, shipDate, products } = await buyerCatalog(baseUrl, email);
  const product = products.find(pick);
  if (!product) throw new Error(`no product of ${customerId}'s catalog for ${shipDate} fits the order`);
  const place = async (bunches: number): Promise<{ orderNumber: number; pendingLines: number }> => {
    await buyer.call("POST", `/api/Store/Cart/Save/${base}`, { shipDate, items: [{ productId: product.productId, quantity: bunches }] });
    return buyer.call("POST", `/api/Store/PlaceOrder/${base}`);
  };
  const placed = await place(quantity);
  return { buyer, userId, customerId, base, shipDate, product, orderNumber: placed.orderNumber, place };
}

/**
 * Saves a screenshot to look at, only when E2E_SHOTS names a folder (E2E_SHOTS=/some/dir npm run
 * test:e2e); otherwise does nothing, so test runs write no files.
 */
export async function saveShot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`), ...options });
}
