import nodemailer from "nodemailer";
import type { Db, DbOrTx } from "../../../db/client.ts";
import type { MailAttachment } from "../../../db/schema/index.ts";
import type { Config } from "../../config.ts";
import * as repo from "./repo.ts";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: string;
  /** Files sent with the message (an invoice PDF), stored base64 in the outbox row. */
  attachments?: MailAttachment[];
}

/**
 * Mail is written to the outbox in the caller's transaction, so a message exists exactly when the
 * change that caused it was committed. Without SMTP it stays there as "held", readable by staff and tests.
 */
export async function enqueueMail(db: DbOrTx, config: Config, mail: OutgoingMail, when?: boolean) {
  const row = { ...mail, status: config.smtpUrl ? ("pending" as const) : ("held" as const) };
  // With `when`, the same statement runs whether or not it writes (see repo.insertMailWhen).
  if (when === undefined) await repo.insertMail(db, row);
  else await repo.insertMailWhen(db, row, when);
}

const MAX_ATTEMPTS = 5;

/** Sends pending mail over SMTP. Claims rows with SKIP LOCKED so several instances never send one twice. */
export function createMailDispatcher(db: Db, config: Config, log: { error: (o: unknown, m: string) => void }) {
  if (!config.smtpUrl) return { flush: async () => 0, start() {}, stop() {} };
  const transport = nodemailer.createTransport(config.smtpUrl);
  let timer: NodeJS.Timeout | undefined;

  async function flush(): Promise<number> {
    let sent = 0;
    for (;;) {
      const done = await db.transaction(async (tx) => {
        const m = await repo.claimPendingMail(tx, MAX_ATTEMPTS);
        if (!m) return true;
        const id = m.id;
        try {
          await transport.sendMail({
            from: config.mailFrom,
            to: m.to,
            subject: m.subject,
            text: m.text,
            html: m.html ?? undefined,
            attachments: (m.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.contentBase64, "base64") })),
          });
          await repo.markMailSent(tx, id, m.attempts + 1);
          sent++;
        } catch (err) {
          log.error({ err, mailId: id }, "mail delivery failed");
          const attempts = m.attempts + 1;
          await repo.markMailAttemptFailed(tx, id, attempts, String(err), attempts >= MAX_ATTEMPTS);
          return true;
        }
        return false;
      });
      if (done) return sent;
    }
  }

  return {
    flush,
    start() {
      timer = setInterval(() => void flush().catch((err) => log.error({ err }, "mail flush failed")), 5_000);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}

/** The newest messages to an address: for staff tools and tests (never sends anything). */
export async function outboxFor(db: Db, to: string, limit = 10) {
  return repo.mailTo(db, to, limit);
}
