// The render queue: at most `concurrency` renders at once, the rest wait in order, and a full queue
// answers 429 at once without running the render.
import { describe, expect, it } from "vitest";
import { HttpError } from "../errors.ts";
import { RenderQueue } from "./render-queue.ts";

describe("RenderQueue", () => {
  it("runs two at a time, queues the rest in order, and refuses past the waiting limit with 429", async () => {
    const q = new RenderQueue(2, 3);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: (() => void)[] = [];
    const job = (n: number) =>
      q.run(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        order.push(n);
        return n;
      });
    const jobs = [1, 2, 3, 4, 5].map(job);
    // Two running, three waiting: a sixth is refused at once, its render never runs.
    let ran = false;
    const refused = await q.run(async () => (ran = true)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(429);
    expect((refused as HttpError).message).toBe("Too many documents are being drawn right now: please try again in a few seconds.");
    expect(ran).toBe(false);
    while (order.length < 5) {
      await new Promise((r) => setTimeout(r, 5));
      releases.shift()?.();
    }
    expect(await Promise.all(jobs)).toEqual([1, 2, 3, 4, 5]);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(q.pending).toBe(0);
    expect(q.renders).toBe(5);
  });

  it("a render that fails frees its place", async () => {
    const q = new RenderQueue(1, 0);
    await expect(q.run(async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await q.run(async () => "next")).toBe("next");
  });
});
