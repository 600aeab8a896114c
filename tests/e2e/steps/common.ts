// Steps and locators the browser flows share. A flow's long steps live beside this file, one module
// per area (store, buyer, public), so each test file stays one file: one server and one browser.
import type { ExpectStatic } from "vitest";
import type { Browser, Page } from "playwright-core";
import { axeViolations } from "../harness.ts";

/** What a step needs of its test file: the browser and the server it runs against. */
export interface Run {
  browser: Browser;
  baseUrl: string;
}

/** Polls until the value matches; saves and refetches take a moment on a cold PGlite server. */
export const polling =
  (expect: ExpectStatic) =>
  <T>(fn: () => T | Promise<T>) =>
    expect.poll(fn, { timeout: 15_000 });

/** Waits until `ok(fn())`; throws with `what` after `timeout` ms. */
export async function waitUntil<T>(fn: () => T | Promise<T>, ok: (value: T) => boolean, what: string, timeout = 15_000): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: T;
  do {
    last = await fn();
    if (ok(last)) return last;
    await new Promise((r) => setTimeout(r, 200));
  } while (Date.now() < deadline);
  throw new Error(`Timed out waiting for ${what} (last: ${JSON.stringify(last)})`);
}

/**
 * Axe at the page's present width only, for the steps that must stay at one width (the keyboard pass
 * at 360 px, the screens opened once per width); elsewhere the harness's expectNoAxeViolations checks
 * 360 and 1280 px.
 */
export async function expectNoAxeViolationsAtThisWidth(page: Page, where: string) {
  const violations = await axeViolations(page);
  if (violations.length) throw new Error(`axe found violations on ${where}: ${JSON.stringify(violations, null, 2)}`);
}

export const cart = (page: Page) => page.getByRole("region", { name: "Your cart" });
export const productCount = (page: Page) => page.getByRole("status").filter({ hasText: /products/ }).first();
