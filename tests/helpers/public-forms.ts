// What the public form tests share: the app (staff mail to staff@grower.test) built for the file, the
// rate limits emptied before each test, a fresh client address per post and a form token old enough.
import { afterAll, beforeAll, beforeEach } from "vitest";
import { rateLimits } from "../../db/schema/index.ts";
import { buildTestApp, type TestApp } from "./test-app.ts";
import { issueFormToken } from "../../server/modules/public/index.ts";

export interface FormsTest {
  /** Set before the file's tests run. */
  t: TestApp;
  /** Each post comes from its own address (under `subnet`) so rate limits never leak between tests. */
  freshIp(): string;
  /** A token issued long enough ago to pass the too-fast check. */
  token(form: "contact" | "apply", ageMs?: number): string;
}

export function formsTest(subnet: string): FormsTest {
  let ipSeq = 1;
  const forms = {
    freshIp: () => `${subnet}.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`,
    token: (form, ageMs = 10_000) => issueFormToken(forms.t.config, form, Date.now() - ageMs).token,
  } as FormsTest;
  beforeAll(async () => {
    forms.t = await buildTestApp({ STAFF_EMAIL: "staff@grower.test" });
  });
  afterAll(() => forms.t.close());
  beforeEach(async () => {
    await forms.t.db.delete(rateLimits);
  });
  return forms;
}
