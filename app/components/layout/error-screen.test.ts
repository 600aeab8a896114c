import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api.ts";
import { describeError } from "./error-screen.tsx";

// The shape React Router gives an error boundary for a thrown `data(...)`.
function routeError(body: unknown, status: number, statusText = "") {
  return { status, statusText, data: body, internal: false } as unknown;
}

describe("describeError (SPEC §2 error screen)", () => {
  it("shows the page-not-found detail under the status message", () => {
    const d = describeError(routeError({ message: "Page not found: /nope" }, 404));
    expect(d).toMatchObject({ status: 404, statusMessage: "Not Found", detail: "Page not found: /nope" });
  });

  it("hides a detail equal to the status message", () => {
    expect(describeError(routeError("Forbidden", 403)).detail).toBeNull();
  });

  it("keeps redirect data so 'Back' can follow it", () => {
    const d = describeError(routeError({ message: "Gone", redirect: "/Orders" }, 410));
    expect(d.data).toEqual({ message: "Gone", redirect: "/Orders" });
  });

  it("treats a thrown Error as a 500 with its message as detail", () => {
    expect(describeError(new Error("boom"))).toMatchObject({ status: 500, statusMessage: "Internal Server Error", detail: "boom" });
  });

  it("keeps an /api error's own status (the catalogue's fatal 510 reads 510, not 500)", () => {
    expect(describeError(new ApiError(510, "Not Extended", {}, undefined, false))).toMatchObject({ status: 510, statusMessage: "Server Error", detail: null });
    expect(describeError(new ApiError(510, "The catalogue is being rebuilt"))).toMatchObject({ status: 510, detail: "The catalogue is being rebuilt" });
    expect(describeError(new ApiError(403, "Forbidden"))).toMatchObject({ status: 403, statusMessage: "Forbidden", detail: null });
  });

  it("names the common statuses and falls back to a generic name", () => {
    expect(describeError(routeError(null, 429)).statusMessage).toBe("Too Many Requests");
    expect(describeError(routeError(null, 502)).statusMessage).toBe("Bad Gateway");
    expect(describeError(routeError(null, 409)).statusMessage).toBe("Conflict");
    expect(describeError(routeError(null, 418)).statusMessage).toBe("Error");
    expect(describeError(routeError(null, 599)).statusMessage).toBe("Server Error");
  });
});
