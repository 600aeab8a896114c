import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { contactMessages, jobApplications, mailOutbox } from "../../../db/schema/index.ts";
import { createContentService } from "../content/index.ts";
import { CHECK_FIELDS, CROSS_SITE, postApplication, postContact } from "./form-posts.ts";
import { FORM_MESSAGES, RATE_LIMITS } from "./service.ts";
import { formsTest } from "../../../tests/helpers/public-forms.ts";
import { NUL_MESSAGE } from "../../plugins/nul.ts";

const forms = formsTest("10.9");
const { freshIp, token } = forms;

/** A form post as a browser sends it without JavaScript. */
function formPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const request = new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin", ...headers },
  });
  return { request, form };
}

const contactFields = (over: Record<string, string> = {}) => ({
  name: "Ana Florist",
  email: "ana@shop.test",
  phone: "",
  company: "",
  subject: "Something else",
  message: "Could we visit the range in May?",
  website: "",
  formToken: token("contact"),
  ...over,
});

const counts = async () => {
  const [c] = await forms.t.db.select({ n: sql<number>`count(*)::int` }).from(contactMessages);
  const [j] = await forms.t.db.select({ n: sql<number>`count(*)::int` }).from(jobApplications);
  const [m] = await forms.t.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox);
  return { contact: c!.n, jobs: j!.n, mail: m!.n };
};

describe("the contact form posted without JavaScript", () => {
  const send = (fields: Record<string, string>, headers?: Record<string, string>, ip = freshIp()) => {
    const { request, form } = formPost("/Contact", fields, headers);
    return postContact(request, form, { db: forms.t.db, config: forms.t.config, ip });
  };

  it("stores the message and mails staff through the same service as the API", async () => {
    const before = await counts();
    const { httpStatus, result } = await send(contactFields());
    expect(httpStatus).toBe(200);
    expect(result).toMatchObject({ status: "sent", reference: expect.stringMatching(/^C-\d+$/), values: { name: "Ana Florist", email: "ana@shop.test" } });
    const id = Number((result as { reference: string }).reference.slice(2));
    const [row] = await forms.t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({ name: "Ana Florist", phone: null, company: null });
    const after = await counts();
    expect([after.contact - before.contact, after.mail - before.mail]).toEqual([1, 1]);
  });

  it("answers with the schema's field messages and what was typed, storing nothing", async () => {
    const before = await counts();
    const { httpStatus, result } = await send(contactFields({ name: " ", email: "ana@", message: "Still here" }));
    expect(httpStatus).toBe(400);
    expect(result).toEqual({
      status: "invalid",
      message: CHECK_FIELDS,
      errors: { name: "This field is required", email: "Please enter a valid email" },
      values: expect.objectContaining({ name: " ", email: "ana@", message: "Still here" }),
    });
    expect(await counts()).toEqual(before);
  });

  it("applies the honeypot, the timed token and its single use", async () => {
    expect((await send(contactFields({ website: "http://spam.test" }))).result).toMatchObject({ status: "invalid", message: FORM_MESSAGES.honeypot });
    expect((await send(contactFields({ formToken: token("contact", 500) }))).result).toMatchObject({ message: FORM_MESSAGES.tooFast, errors: {} });
    expect((await send(contactFields({ formToken: "" }))).httpStatus).toBe(400);
    expect((await send(contactFields({ formToken: token("apply") }))).result).toMatchObject({ message: FORM_MESSAGES.invalid });
    const once = contactFields();
    expect((await send(once)).httpStatus).toBe(200);
    expect((await send(once)).result).toMatchObject({ status: "invalid", message: FORM_MESSAGES.replayed });
  });

  it("shares the API's rate limit per address", async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS.contact.max; i++) expect((await send(contactFields(), {}, ip)).httpStatus).toBe(200);
    const { httpStatus, result } = await send(contactFields(), {}, ip);
    expect(httpStatus).toBe(429);
    expect(result).toMatchObject({ message: FORM_MESSAGES.contactLimit });
  });

  it("refuses a post from another site", async () => {
    const before = await counts();
    expect((await send(contactFields(), { "sec-fetch-site": "cross-site" })).result).toMatchObject({ message: CROSS_SITE });
    expect((await send(contactFields(), { origin: "https://elsewhere.test", "sec-fetch-site": "" })).httpStatus).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it("refuses a NUL character in a field with the field's message and stores nothing", async () => {
    const before = await counts();
    const { httpStatus, result } = await send(contactFields({ name: "Ana\u0000Florist" }));
    expect(httpStatus).toBe(400);
    expect(result).toMatchObject({ message: CHECK_FIELDS, errors: { name: NUL_MESSAGE }, values: { name: "AnaFlorist" } });
    expect(await counts()).toEqual(before);
  });
});

describe("the job application posted without JavaScript", () => {
  const content = createContentService("Pride");
  const fields = (over: Record<string, string> = {}) => ({
    opening: "ipm-scout",
    name: "Sam Picker",
    email: "sam@example.test",
    phone: "",
    coverLetter: "I scouted for thrips for two seasons.",
    website: "",
    formToken: token("apply"),
    ...over,
  });
  const send = (f: Record<string, string>) => {
    const { request, form } = formPost("/Careers", f);
    return postApplication(request, form, { db: forms.t.db, config: forms.t.config, content, ip: freshIp() });
  };

  it("stores the application for the chosen opening", async () => {
    const { httpStatus, result } = await send(fields());
    expect(httpStatus).toBe(200);
    expect(result).toMatchObject({ status: "sent", reference: expect.stringMatching(/^J-\d+$/), values: { opening: "ipm-scout", name: "Sam Picker" } });
    const [row] = await forms.t.db.select().from(jobApplications).where(eq(jobApplications.id, Number((result as { reference: string }).reference.slice(2))));
    expect(row).toMatchObject({ openingId: "ipm-scout", coverLetter: "I scouted for thrips for two seasons." });
  });

  it("asks for the job and the fields together, as the browser form does", async () => {
    const { httpStatus, result } = await send(fields({ opening: "", coverLetter: "" }));
    expect(httpStatus).toBe(400);
    expect(result).toMatchObject({ message: CHECK_FIELDS, errors: { opening: "This field is required", coverLetter: "This field is required" } });
  });

  it("refuses an opening that is not listed, storing nothing", async () => {
    const before = await counts();
    const { httpStatus, result } = await send(fields({ opening: "chief-taster" }));
    expect(httpStatus).toBe(404);
    expect(result).toMatchObject({ status: "invalid", message: expect.stringContaining("no longer listed") });
    expect(await counts()).toEqual(before);
  });
});
