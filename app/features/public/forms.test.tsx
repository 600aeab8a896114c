import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ContactFields } from "../../../contract/public.ts";
import { REQUIRED_MESSAGE } from "../../../domain/constants.ts";
import { FormField } from "../../components/ui/form.tsx";
import { FormTextArea } from "../../components/ui/form-text-area.tsx";
import { CHECK_FIELDS, postedResult, PublicFormFrame, usePublicForm, type PostedForm } from "./forms.tsx";

function Contact({ posted }: { posted?: PostedForm }) {
  const f = usePublicForm({ form: "contact", schema: ContactFields, post: (body) => ({ url: "/api/Public/Contact", body }), onSent: () => {}, posted });
  return (
    <PublicFormFrame form={f} posted={posted} focus={undefined} action="/Contact" labelledBy="t" token="tok" submitLabel="Send message">
      <FormField field={f.fields.name!} label="Your name" error={f.errorOf("name")} />
      <FormField field={f.fields.email!} label="E-mail" error={f.errorOf("email")} />
      <FormTextArea field={f.fields.message!} label="Your message" error={f.errorOf("message")} maxChars={4000} />
    </PublicFormFrame>
  );
}

const refused: PostedForm = {
  status: "invalid",
  message: CHECK_FIELDS,
  errors: { name: REQUIRED_MESSAGE, email: "Please enter a valid email" },
  values: { name: "", email: "ana@", message: "Hello <b>there</b>" },
  formToken: "kept",
};

describe("a public form after a refused plain post", () => {
  it("starts from Conform's last result: the messages on their fields, what was typed, the kept token", () => {
    const html = renderToStaticMarkup(<Contact posted={refused} />);
    expect(html).toContain(CHECK_FIELDS);
    expect(html).toContain(REQUIRED_MESSAGE);
    expect(html).toContain("Please enter a valid email");
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(2);
    expect(html).toMatch(/value="ana@"/);
    expect(html).toContain("Hello &lt;b&gt;there&lt;/b&gt;</textarea>");
    expect(html).toContain('value="kept"');
    expect(html).toContain('method="post"');
  });

  it("shows nothing refused on a first visit", () => {
    const html = renderToStaticMarkup(<Contact />);
    expect(html).not.toContain(CHECK_FIELDS);
    expect(html).not.toContain("aria-invalid");
    expect(html).toContain('value="tok"');
  });

  it("turns the post's field messages into Conform's errors", () => {
    expect(postedResult(refused)).toEqual({ status: "error", initialValue: refused.values, error: { name: [REQUIRED_MESSAGE], email: ["Please enter a valid email"] } });
    expect(postedResult(undefined)).toBeUndefined();
  });
});
