// A hold that runs out while it is watched, and one that ran out while nobody looked.
import type { ExpectStatic } from "vitest";
import { hydrated, newPage, signIn } from "../harness.ts";
import { cart, polling, productCount, type Run } from "./common.ts";
import { AVAILABLE, addFromRow, bunchRows, chooseDate, countdown, dateGroup, openFilters, openStoreOnFirstDate, productName, requestsTo, searchBox, signInFor, visit } from "./store.ts";

/** An expired hold on a server whose holds last one minute: the warnings, RemoveHold once, the stock back. */
export async function letsAHoldExpire({ browser, baseUrl: base }: Run, expect: ExpectStatic) {
  const eventually = polling(expect);
  const removeHoldPath = /\/api\/Store\/Cart\/RemoveHold\//i;

  // A retailer holds stock and closes the page: its hold lapses unwatched (checked at the end).
  const leaveHeld = async () => {
    const late = await newPage(browser);
    await signInFor(late, base, "retailer@demo.test");
    await openStoreOnFirstDate(late, "Pickup date");
    const held = await addFromRow(late, bunchRows(late).filter({ has: late.getByText(AVAILABLE) }).first(), "Bunches", 1);
    await eventually(async () => (await countdown(late).innerText()).trim()).toMatch(/^(Cart Hold Expires 1:00|Product Hold Expires 0:\d{2})$/);
    const context = late.context();
    await late.close();
    return { context, held };
  };
  // Another buyer watches the same flower: the hold takes stock from them and the expiry gives it back.
  const watch = async () => {
    const other = await newPage(browser);
    await signInFor(other, base, "wholesaler@demo.test", /Bloomfield/);
    return other;
  };
  const [{ context: lateContext, held: lateName }, other] = await Promise.all([leaveHeld(), watch()]);

  // The buyer's clock runs 5 s behind the server's, as a PC's may: the one-minute hold then starts
  // above 60 s on this screen, and the 60 s warning is crossed while it is watched.
  const page = await newPage(browser);
  await page.clock.install({ time: Date.now() - 5_000 });
  const removeHolds = requestsTo(page, "PUT", removeHoldPath);
  await signIn(page, base, "buyer@demo.test");
  await page.waitForURL(/\/Dashboard$/);
  await visit(page, `${base}/store`);
  // Not today: the two customers' cut-offs differ, tomorrow's date is open for both.
  const buyerDate = dateGroup(page, "Ship date").getByRole("button").nth(1);
  const monthDay = (await buyerDate.innerText()).split("\n")[1].trim();
  await chooseDate(page, buyerDate);
  await page.getByRole("table").first().waitFor();
  await openFilters(page);
  await page.getByRole("checkbox", { name: /^Only available/ }).check();
  await eventually(async () => (await productCount(page).innerText()).includes("match")).toBe(true);

  // Not the flower the retailer holds: that hold lapses during this test and gives its stock back too.
  const row = bunchRows(page).filter({ hasNotText: lateName }).first();
  const name = await productName(row);

  await visit(other, `${base}/store`);
  const sameDate = dateGroup(other, "Ship date").getByRole("button").filter({ hasText: new RegExp(`${monthDay}(?!\\d)`) }).first();
  await chooseDate(other, sameDate);
  await other.getByRole("table").first().waitFor();
  await searchBox(other).fill(name);
  await other.getByRole("row").filter({ hasText: name }).first().waitFor();
  const availableToOther = async () => {
    await other.reload();
    await hydrated(other);
    const r = other.getByRole("row").filter({ hasText: name }).first();
    if (!(await searchBox(other).inputValue())) await searchBox(other).fill(name);
    return Number(((await r.getByText(/ available$/).innerText()).match(/[\d,]+/) ?? ["0"])[0].replace(",", ""));
  };
  const before = await availableToOther();
  expect(before).toBeGreaterThan(2);

  await addFromRow(page, row, "Bunches", 2);
  await cart(page).getByText("Held", { exact: true }).waitFor();
  await expect.poll(async () => (await countdown(page).innerText()).trim(), { timeout: 10_000 }).toMatch(/^Cart Hold Expires 1:0\d$/);
  expect(await availableToOther()).toBe(before - 2);

  // 60 s left: the remember-to-check-out reminder. 1 s left: the warning toast.
  const lastSecond = page.getByText("Your product hold is ending now. Held stock goes back on sale.").waitFor({ timeout: 90_000 });
  const reminder = page.getByRole("dialog", { name: "Remember to check out" });
  await reminder.getByText(/Your product hold ends in under a minute/).waitFor({ timeout: 20_000 });
  expect((await countdown(page).innerText()).trim()).toMatch(/^(Cart Hold Expires 1:00|Product Hold Expires 0:5\d)$/);
  await reminder.getByRole("button", { name: "Keep shopping" }).click();
  await lastSecond;
  await expect
    .poll(async () => (await countdown(page).innerText()).trim(), { timeout: 15_000, interval: 500 })
    .toBe("Product Hold Expired");

  // RemoveHold ran, once: the stock is back for everyone; the line stays in the cart as a request.
  await expect.poll(availableToOther, { timeout: 15_000 }).toBe(before);
  await cart(page).getByText(name).waitFor();
  await cart(page).getByText(/Hold expired|Pending/).first().waitFor();
  expect(await countdown(page).innerText()).toBe("Product Hold Expired");
  expect(removeHolds).toHaveLength(1);

  // One action holds again what is still available: the line is held and the stock taken again.
  await cart(page).getByRole("button", { name: "Hold again" }).click();
  await cart(page).getByText("Held", { exact: true }).waitFor();
  await eventually(async () => (await countdown(page).innerText()).trim()).toMatch(/^Cart Hold Expires \d+:\d{2}$/);
  await page.getByText(/^Held again: 1 line\.$/).first().waitFor();
  await expect.poll(availableToOther, { timeout: 15_000 }).toBe(before - 2);

  // The retailer comes back after its hold lapsed: 'Product Hold Expired', and no RemoveHold.
  const back = await lateContext.newPage();
  const lateRemoves = requestsTo(back, "PUT", removeHoldPath);
  await visit(back, `${base}/store`);
  await eventually(async () => (await countdown(back).innerText()).trim()).toBe("Product Hold Expired");
  await back.waitForTimeout(2_500);
  expect(lateRemoves).toHaveLength(0);
  expect(removeHolds).toHaveLength(1);
  await lateContext.close();
  await page.context().close();
  await other.context().close();
}
