// SPEC §8 in the wholesale store: every failure caused for real, its text word for word.
import type { ExpectStatic } from "vitest";
import { hydrated, newPage } from "../harness.ts";
import { cart, polling, type Run } from "./common.ts";
import { addFromRow, bunchRows, openStoreOnFirstDate, productName, signInFor, visit } from "./store.ts";

/** SPEC §8 texts, word for word, and the server's own messages the screens must pass on. */
const ADD_TO_CART_FAILED = "There was an issue adding items to your cart. Please try again.";
const CART_UPDATE_DEFAULT = "An error occurred while updating the cart";
const CART_FETCH_DEFAULT = "An error occurred while fetching the cart";
const PLACE_ORDER_FAILED = "Failed to place order";
const STALE_CART = "Your cart was changed in another window. Please review it and try again.";
const SIGNED_OUT = "Please sign in.";

/** SPEC §8: every store failure with its exact text, each caused for real. */
export async function showsEveryStoreError({ browser, baseUrl }: Run, expect: ExpectStatic) {
  const eventually = polling(expect);
  const a = await newPage(browser);
  await signInFor(a, baseUrl, "wholesaler@demo.test", /Northeast/);
  await openStoreOnFirstDate(a, "Ship date");
  const dialogs: string[] = [];
  a.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.accept();
  });

  // Add to cart, and the request never reaches the server: the browser alert.
  const row1 = bunchRows(a).nth(0);
  const name1 = await productName(row1);
  await a.route("**/api/Store/Cart/Save/**", (r) => r.abort(), { times: 1 });
  await row1.getByRole("textbox", { name: /^Bunches of / }).fill("2");
  await row1.getByRole("button", { name: /^Add .* to cart$/ }).click();
  await eventually(() => dialogs).toEqual([ADD_TO_CART_FAILED]);
  expect(await cart(a).getByText(name1, { exact: true }).count()).toBe(0);
  await row1.getByRole("button", { name: /^Add .* to cart$/ }).click();
  await cart(a).getByText(name1, { exact: true }).waitFor();

  // A second tab loads the cart; this tab then changes it, so the second tab's next save is stale:
  // 409, 'Cart Update Error' with the server's message, and the tab shows the cart as it now is.
  const b = await a.context().newPage();
  b.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.accept();
  });
  await visit(b, a.url());
  await cart(b).getByText(name1, { exact: true }).waitFor();
  await b.getByRole("table").first().waitFor();
  const name2 = await addFromRow(a, bunchRows(a).nth(1), "Bunches", 1);
  const row3 = bunchRows(b).nth(2);
  const name3 = await productName(row3);
  await row3.getByRole("textbox", { name: /^Bunches of / }).fill("1");
  await row3.getByRole("button", { name: /^Add .* to cart$/ }).click();
  const stale = b.getByRole("alertdialog", { name: /Cart Update Error/ });
  await stale.getByText(STALE_CART, { exact: true }).waitFor();
  expect((await stale.getByRole("heading").textContent())?.replace(/^Error: /, "")).toBe("Cart Update Error");
  await stale.getByRole("button", { name: "Ok" }).click();
  await cart(b).getByText(name2, { exact: true }).waitFor();
  expect(await cart(b).getByText(name3, { exact: true }).count()).toBe(0);
  expect(dialogs).toEqual([ADD_TO_CART_FAILED]);

  // Removing a line, and the save never reaches the server: 'Cart Update Error' with the fallback.
  await b.route("**/api/Store/Cart/Save/**", (r) => r.abort(), { times: 1 });
  await cart(b).getByRole("button", { name: `Remove ${name1}` }).click();
  const updateFailed = b.getByRole("alertdialog", { name: /Cart Update Error/ });
  await updateFailed.getByText(CART_UPDATE_DEFAULT, { exact: true }).waitFor();
  await updateFailed.getByRole("button", { name: "Ok" }).click();
  await cart(b).getByText(name1, { exact: true }).waitFor();

  // Loading the cart, and the request never reaches the server: 'Error fetching cart' with the fallback.
  const cartGet = /\/api\/Store\/Cart\/[^/]+\/[^/?]+(\?.*)?$/;
  await b.route(cartGet, (r) => (r.request().method() === "GET" ? r.abort() : r.fallback()));
  await b.reload();
  await hydrated(b);
  const fetchFailed = b.getByRole("alert").filter({ hasText: "Error fetching cart" });
  await fetchFailed.getByText(CART_FETCH_DEFAULT, { exact: true }).waitFor();
  await b.unroute(cartGet);

  // Placing the order, and the request never reaches the server: 'Failed to place order'.
  await cart(a).getByRole("link", { name: "Review and check out" }).click();
  await a.waitForURL(/\/store\/checkout$/);
  await a.route("**/api/Store/PlaceOrder/**", (r) => r.abort(), { times: 1 });
  await a.getByRole("button", { name: "Place order" }).click();
  await a.getByRole("alert").filter({ hasText: "Order not placed" }).getByText(PLACE_ORDER_FAILED, { exact: true }).waitFor();

  // Trying again while the session ends (signed out from elsewhere as the order is sent): the
  // server refuses it and its message is shown.
  await a.route(
    "**/api/Store/PlaceOrder/**",
    async (r) => {
      // As the browser would send it from our page: a cookie write needs a same-origin Origin.
      const out = await a.request.post(`${baseUrl}/api/Auth/logout/`, { headers: { origin: baseUrl } });
      expect(out.ok()).toBe(true);
      await r.continue();
    },
    { times: 1 },
  );
  await a.getByRole("button", { name: "Try again" }).click();
  await a.getByRole("alert").filter({ hasText: "Order not placed" }).getByText(SIGNED_OUT, { exact: true }).waitFor();

  // The other tab's cart reload now reaches the server, which answers with its message.
  await fetchFailed.getByRole("button", { name: "Try again" }).click();
  await b.getByRole("alert").filter({ hasText: "Error fetching cart" }).getByText(SIGNED_OUT, { exact: true }).waitFor();
  expect(dialogs).toEqual([ADD_TO_CART_FAILED]);
  await a.context().close();
}
