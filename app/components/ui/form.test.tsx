import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ProfileBody } from "../../../contract/administration.ts";
import { REQUIRED_MESSAGE } from "../../../domain/constants.ts";
import { FormField, useContractForm } from "./form.tsx";

function Profile({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const { form, fields, errorOf } = useContractForm(ProfileBody, async () => {}, { defaultValue: { firstName: "Ada", lastName: "Lovelace" }, lastResult });
  return (
    <form id={form.id} noValidate>
      <FormField field={fields.firstName!} label="First name" error={errorOf("firstName")} />
      <FormField field={fields.lastName!} label="Last name" error={errorOf("lastName")} />
    </form>
  );
}

const formData = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.set(k, v);
  return data;
};

describe("useContractForm", () => {
  it("binds each field to its name with its first value and no message", () => {
    const html = renderToStaticMarkup(<Profile />);
    expect(html).toMatch(/name="firstName"[^>]*value="Ada"|value="Ada"[^>]*name="firstName"/);
    expect(html).toContain('name="lastName"');
    expect(html).not.toContain(REQUIRED_MESSAGE);
    expect(html).not.toContain("aria-invalid");
  });

  it("shows the contract schema's message on the field it belongs to", () => {
    const refused = parseWithZod(formData({ firstName: "  ", lastName: "Lovelace" }), { schema: ProfileBody });
    expect(refused.status).toBe("error");
    const html = renderToStaticMarkup(<Profile lastResult={refused.reply()} />);
    expect(html).toContain(REQUIRED_MESSAGE);
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(1);
    expect(html.indexOf(REQUIRED_MESSAGE)).toBeLessThan(html.indexOf('name="lastName"'));
  });
});
