import { describe, expect, it } from "vitest";
import { watchUnavailable } from "./unavailable-watch.ts";

const connectionLost = () => Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });

describe("watchUnavailable", () => {
  it("remembers a lost database from an async service and still rejects the loader", async () => {
    const { services, lost } = watchUnavailable({ range: async (slug: string) => { void slug; throw connectionLost(); } });
    await expect(services.range("lilies")).rejects.toThrow("administrator command");
    expect(lost()).toMatchObject({ code: "57P01" });
  });

  it("remembers a lost database from a synchronous throw", () => {
    const { services, lost } = watchUnavailable({ token: () => { throw connectionLost(); } });
    expect(() => services.token()).toThrow();
    expect(lost()).toBeDefined();
  });

  it("ignores other errors and passes answers and plain values through", async () => {
    const content = { title: "Lilies" };
    const { services, lost } = watchUnavailable({
      content,
      ok: async (n: number) => n * 2,
      bad: async () => { throw Object.assign(new Error("duplicate key"), { code: "23505" }); },
    });
    expect(services.content).toBe(content);
    expect(await services.ok(21)).toBe(42);
    await expect(services.bad()).rejects.toThrow("duplicate key");
    expect(lost()).toBeUndefined();
  });
});
