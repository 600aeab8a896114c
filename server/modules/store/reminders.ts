// The hold-expiry reminder (docs/domain-orders.md "Mail"): each save that starts or extends a cart's
// holds schedules a job a few minutes (HOLD_REMINDER_MINUTES) before they lapse. When it runs it mails
// the buyer only if that very expiry still stands and the cart still holds stock: a cart checked out,
// emptied, released or extended since then gets no mail (an extension has its own job).
import type { Config } from "../../config.ts";
import type { ExtraInsert } from "../carts/index.ts";
import { scheduleJobSql, type JobHandler } from "../jobs/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { activeHeldQuantity, cartById, holdReminderFields, userContact } from "./repo.ts";

export const HOLD_REMINDER_JOB = "store.hold-reminder";

/**
 * The reminder job for a cart's new hold expiry, as the insert its save runs in its own single write
 * (writeSavedCart's `alsoInsert`): due HOLD_REMINDER_MINUTES before the expiry, keyed by cart and
 * expiry so the same expiry is never scheduled twice.
 */
export function holdReminderInsert(config: Config): ExtraInsert {
  return {
    key: HOLD_REMINDER_JOB,
    values: { leadMs: config.holdReminderMs },
    insert: ({ cartId, holdExpiresAt, leadMs }) =>
      scheduleJobSql({ kind: HOLD_REMINDER_JOB, maxAttempts: 3, ...holdReminderFields(HOLD_REMINDER_JOB, cartId, leadMs, holdExpiresAt) }),
  };
}

const timeInNewYork = (d: Date) =>
  new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "America/New_York", timeZoneName: "short" }).format(d);

export const holdReminderJob: JobHandler = async (payload, { db, config, now }) => {
  const cartId = Number(payload.cartId);
  const expiry = String(payload.holdExpiresAt);
  const cart = await cartById(db, cartId);
  if (!cart) return "not sent: the cart is gone";
  if (!cart.holdExpiresAt || cart.holdExpiresAt.toISOString() !== expiry) return "not sent: the cart was checked out, released or extended";
  if (cart.holdExpiresAt.getTime() <= now.getTime()) return "not sent: the holds have lapsed already";
  if ((await activeHeldQuantity(db, cartId)) === 0) return "not sent: the cart holds nothing";
  const to = await userContact(db, cart.userId);
  if (!to) return "not sent: no user";
  await enqueueMail(db, config, {
    to: to.email,
    kind: "hold-reminder",
    subject: "Your flowers are held until " + timeInNewYork(cart.holdExpiresAt),
    text: [
      `Dear ${to.firstName || "customer"},`,
      "",
      `the flowers in your cart${cart.shipDate ? ` for ${cart.shipDate}` : ""} are held for you until ${timeInNewYork(cart.holdExpiresAt)}.`,
      "After that they go back on sale and your lines become pending requests.",
      "",
      `Check out now: ${config.publicUrl}/store/checkout`,
      "",
      config.brandName,
    ].join("\n"),
  });
  return `sent to ${to.email}`;
};
