/**
 * Creates the first Administrator (or any administrator) without a known password:
 *   npm run admin:create -- --email ops@grower.example --first Dana --last Reyes
 * It prints a one-time link (valid 7 days) to choose the password and also puts it in the mail
 * outbox (sent when SMTP_URL is set). Uses the same settings as the server (DATABASE_URL, DATA_DIR).
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { parseArgs } from "node:util";
import { openDatabase } from "../../db/client.ts";
import { Email } from "../../contract/common.ts";
import { loadConfig } from "../config.ts";
import { grantRole, insertUser, userByEmail } from "../modules/accounts/index.ts";
import { sendResetMail } from "../modules/auth/index.ts";
import { ensureCustomer } from "../modules/buyers/index.ts";

const { values } = parseArgs({
  options: { email: { type: "string" }, first: { type: "string", default: "" }, last: { type: "string", default: "" } },
});
const email = Email.safeParse(values.email ?? "");
if (!email.success) {
  console.error("Usage: npm run admin:create -- --email you@example.com [--first Name] [--last Name]");
  process.exit(2);
}

const config = loadConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const { db } = database;

const existing = await userByEmail(db, email.data);
const id = existing?.id ?? randomUUID();
await db.transaction(async (tx) => {
  if (!existing) await insertUser(tx, { id, email: email.data, firstName: values.first ?? "", lastName: values.last ?? "" });
  await grantRole(tx, id, "Administrator");
  // Staff without customers of their own act for the default customer (SPEC §4).
  await ensureCustomer(tx, { customerId: config.defaultCustomerCode, companyName: config.brandName, kind: "wholesale" });
});
const link = await sendResetMail(db, config, id, "welcome");
console.log(`${existing ? "Updated" : "Created"} administrator ${email.data}.`);
console.log(`Choose the password here (valid 7 days): ${link}`);
await database.close();
