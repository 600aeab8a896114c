import { describe, expect, it } from "vitest";
import { isPublicAddress, webhookGivesUp, webhookRetryDelayMs, webhookUrlProblem, WEBHOOK_RETRY_FOR_MS, WEBHOOK_URL_MESSAGES } from "./webhooks.ts";

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1", "127.8.9.10", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "169.254.169.254", "0.0.0.0", "0.1.2.3",
    "100.64.0.1", "224.0.0.1", "255.255.255.255", "::1", "::", "[::1]", "fe80::1", "fe80::1%eth0", "fc00::1", "fd12:3456::1", "ff02::1",
    "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "::ffff:a9fe:a9fe", "0:0:0:0:0:ffff:c0a8:0101",
    "64:ff9b::10.0.0.1", "::127.0.0.1", "2002:7f00:1::", "2001:db8::1", "not-an-ip", "1.2.3", "1.2.3.256", "1::2::3",
  ])("refuses %s", (ip) => expect(isPublicAddress(ip)).toBe(false));

  it.each(["93.184.216.34", "8.8.8.8", "172.32.0.1", "192.169.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "2a00:1450:4001:81c::200e", "64:ff9b::808:808"])(
    "allows %s",
    (ip) => expect(isPublicAddress(ip)).toBe(true),
  );
});

describe("retry schedule", () => {
  it("doubles from 5 seconds to at most an hour", () => {
    expect([1, 2, 3, 4].map(webhookRetryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(webhookRetryDelayMs(11)).toBe(3_600_000);
    expect(webhookRetryDelayMs(1000)).toBe(3_600_000);
    expect(() => webhookRetryDelayMs(0)).toThrow(RangeError);
  });
  it("keeps retrying for 24 hours after the first attempt", () => {
    const first = new Date("2026-11-26T08:00:00Z");
    expect(webhookGivesUp(first, new Date(first.getTime() + WEBHOOK_RETRY_FOR_MS - 1))).toBe(false);
    expect(webhookGivesUp(first, new Date(first.getTime() + WEBHOOK_RETRY_FOR_MS))).toBe(true);
    // The schedule reaches past 24 hours in a few dozen attempts.
    let total = 0;
    let n = 0;
    while (total < WEBHOOK_RETRY_FOR_MS) total += webhookRetryDelayMs(++n);
    expect(n).toBeLessThan(40);
  });
});

describe("webhookUrlProblem", () => {
  it("accepts http and https", () => {
    expect(webhookUrlProblem("https://erp.example.com/hooks?x=1")).toBeNull();
    expect(webhookUrlProblem("http://127.0.0.1:8080/")).toBeNull();
  });
  it("refuses other schemes, credentials and non-URLs", () => {
    expect(webhookUrlProblem("ftp://example.com/")).toBe(WEBHOOK_URL_MESSAGES.scheme);
    expect(webhookUrlProblem("file:///etc/passwd")).toBe(WEBHOOK_URL_MESSAGES.scheme);
    expect(webhookUrlProblem("https://user:pw@example.com/")).toBe(WEBHOOK_URL_MESSAGES.credentials);
    expect(webhookUrlProblem("example.com/hook")).toBe(WEBHOOK_URL_MESSAGES.invalid);
  });
});
