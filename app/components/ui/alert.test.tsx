import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { buttonsFor, InlineAlert } from "./alert.tsx";

describe("alert buttons (SPEC §9)", () => {
  it("gives Ok to success, error and info, and Yes/No to warning and question", () => {
    for (const type of ["success", "error", "info"] as const) expect(buttonsFor({ title: "", message: "", type })).toEqual({ primary: "Ok", secondary: undefined });
    for (const type of ["warning", "question"] as const) expect(buttonsFor({ title: "", message: "", type })).toEqual({ primary: "Yes", secondary: "No" });
    expect(buttonsFor({ title: "", message: "", type: "question", options: { primaryText: "Clear", secondaryText: "Keep" } })).toEqual({ primary: "Clear", secondary: "Keep" });
    expect(buttonsFor({ title: "", message: "", type: "warning", options: { showSecondary: false } }).secondary).toBeUndefined();
  });
});

describe("InlineAlert", () => {
  it("announces errors and warnings as alerts, the rest as status", () => {
    expect(renderToStaticMarkup(<InlineAlert alert={{ title: "t", message: "m", type: "error" }} />)).toMatch(/role="alert"/);
    expect(renderToStaticMarkup(<InlineAlert alert={{ title: "t", message: "m", type: "info" }} />)).toMatch(/role="status"/);
  });

  it("sits at the given top and left when they are set, and in the flow otherwise", () => {
    const placed = renderToStaticMarkup(<InlineAlert alert={{ title: "t", message: "m", type: "info", top: 12, left: 40 }} />);
    expect(placed).toMatch(/position:absolute/);
    expect(placed).toMatch(/top:12px/);
    expect(placed).toMatch(/left:40px/);
    expect(renderToStaticMarkup(<InlineAlert alert={{ title: "t", message: "m", type: "info" }} />)).not.toMatch(/position:absolute/);
  });

  it("renders nothing in place when it is to be teleported elsewhere", () => {
    expect(renderToStaticMarkup(<InlineAlert alert={{ title: "t", message: "m", type: "info", teleport: "cart-messages" }} />)).toBe("");
  });
});
