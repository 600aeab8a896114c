// Claims (issue 29 §1; docs/claims.md): a buyer reports damaged, short, wrong or poor flowers on an
// order line within the claim window after the ship date, with up to 5 photos; staff accept the claim
// (all of it or part: a credit note on the order's invoice, the one credit notes have always been) or
// decline it with a reason. The buyer is mailed either way; every step is audited.
import type { Db } from "../../../db/client.ts";
import {
  CLAIM_REASON_LABELS,
  CLAIM_STATUS_LABELS,
  type AcceptClaimBody,
  type Claim,
  type ClaimWindow,
  type DeclineClaimBody,
  type OpenClaimBody,
} from "../../../contract/claims.ts";
import { allocateCredit, claimClosedMessage, claimDay, claimWindow } from "../../../domain/claims.ts";
import { centsToDollars } from "../../../domain/money.ts";
import type { Config } from "../../config.ts";
import { badRequest, conflict, notFound } from "../../errors.ts";
import { audit } from "../audit/index.ts";
import { createCreditNote } from "../invoices/index.ts";
import { enqueueMail } from "../mail/index.ts";
import { processPhotos } from "./photos.ts";
import * as repo from "./repo.ts";
import type { ClaimScope } from "./repo.ts";

export type { ClaimScope };

export interface Actor {
  userId: string;
  /** The staff member (or wholesaler) acting as `userId`, when acting. */
  originalUserId: string | null;
  ip?: string;
}

/** Claims the buyer's list and the desk show at most. */
export const CLAIM_LIST_LIMIT = 500;

/** Orders on which a claim may be opened: shipped (and so invoiced). */
const CLAIMABLE_STATUSES = new Set(["shipped", "invoiced"]);
export const NOT_SHIPPED_MESSAGE = "Claims can be opened once the order has shipped.";

const auditActor = (a: Actor) => ({ actorUserId: a.originalUserId ?? a.userId, ip: a.ip, acting: a.originalUserId ? { asUserId: a.userId } : {} });

async function withPhotos(db: Db, rows: repo.ClaimListRow[]): Promise<Claim[]> {
  const photos = await repo.photoListOf(db, rows.map((r) => r.c.id));
  return rows.map((r) => ({
    claimId: r.c.id,
    orderNumber: r.orderNumber,
    shipDate: r.shipDate,
    customerId: r.c.customerId,
    companyName: r.companyName,
    retailerId: r.c.retailerId,
    lineId: r.c.orderLineId,
    productId: r.productId,
    description: r.description,
    lineQuantity: r.lineQuantity,
    reason: r.c.reason,
    quantity: r.c.quantity,
    note: r.c.note,
    status: r.c.status,
    acceptedQuantity: r.c.acceptedQuantity,
    declineReason: r.c.declineReason,
    creditNoteNumber: r.creditNoteNumber,
    invoiceNumber: r.invoiceNumber,
    credited: r.credited === null ? null : centsToDollars(r.credited),
    createdAt: r.c.createdAt.toISOString(),
    answerBy: r.c.answerBy.toISOString(),
    decidedAt: r.c.decidedAt?.toISOString() ?? null,
    photos: photos.filter((p) => p.claimId === r.c.id).map((p) => ({ photoId: p.id, width: p.width, height: p.height })),
  }));
}

async function findOrder(db: Db, scope: ClaimScope, orderNumber: number) {
  const o = await repo.orderInScope(db, scope, orderNumber);
  // Another customer's (or retailer's) order is indistinguishable from a missing one.
  if (!o) throw notFound(`Order ${orderNumber} was not found.`);
  return o;
}

/** What the buyer may still claim on each line of an order, and whether the window is open. */
export async function windowOf(db: Db, config: Config, scope: ClaimScope, orderNumber: number, now = new Date()): Promise<ClaimWindow> {
  const o = await findOrder(db, scope, orderNumber);
  const w = claimWindow(o.shipDate, config.claimWindowMs, now);
  const lines = await repo.linesOf(db, o.id);
  const claimed = await repo.claimedByLine(db, lines.map((l) => l.id));
  const shipped = CLAIMABLE_STATUSES.has(o.status);
  return {
    orderNumber,
    open: shipped && w.open,
    closesOn: w.lastDay,
    message: !shipped ? NOT_SHIPPED_MESSAGE : w.open ? null : claimClosedMessage(w.lastDay),
    lines: lines.map((l) => ({ lineId: l.id, description: l.description, quantity: l.quantity, claimable: Math.max(0, l.quantity - (claimed.get(l.id) ?? 0)) })),
  };
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The order, the window and the line's remaining units: every refusal of a new claim but its photos'. */
async function claimableLine(db: Db | Tx, config: Config, scope: ClaimScope, body: OpenClaimBody, now: Date, lock: boolean) {
  const o = await repo.orderInScope(db, scope, body.orderNumber);
  if (!o) throw notFound(`Order ${body.orderNumber} was not found.`);
  if (!CLAIMABLE_STATUSES.has(o.status)) throw conflict(NOT_SHIPPED_MESSAGE);
  const w = claimWindow(o.shipDate, config.claimWindowMs, now);
  if (!w.open) throw conflict(claimClosedMessage(w.lastDay));
  const line = lock ? await repo.lockLine(db, o.id, body.lineId) : (await repo.linesOf(db, o.id)).find((l) => l.id === body.lineId);
  if (!line) throw badRequest(`This line is not on order ${o.orderNumber}.`, { lineId: `This line is not on order ${o.orderNumber}.` });
  const left = line.quantity - ((await repo.claimedByLine(db, [line.id])).get(line.id) ?? 0);
  if (left <= 0) throw badRequest("Everything on this line has been claimed already.", { quantity: "Everything on this line has been claimed already." });
  if (body.quantity > left) throw badRequest(`At most ${left} can still be claimed on this line.`, { quantity: `At most ${left}` });
  return { o, line };
}

/**
 * Opens a claim: the order, window and quantity are checked first (a refusal costs no photo work),
 * the photos are read, resized and stripped (outside any transaction), then everything is checked
 * again under the line's row lock and the claim, its photos, the audit row and the desk's mail are
 * written together.
 */
export async function openClaim(db: Db, config: Config, actor: Actor, scope: ClaimScope, body: OpenClaimBody, now = new Date()): Promise<Claim> {
  await claimableLine(db, config, scope, body, now, false);
  const photos = await processPhotos(body.photos);
  const claimId = await db.transaction(async (tx) => {
    const { o, line } = await claimableLine(tx, config, scope, body, now, true);
    const claim = await repo.insertClaim(
      tx,
      {
        orderId: o.id,
        orderLineId: line.id,
        customerId: o.customerId,
        retailerId: o.retailerId,
        userId: actor.userId,
        openedBy: actor.originalUserId,
        reason: body.reason,
        quantity: body.quantity,
        note: body.note,
        answerBy: new Date(now.getTime() + config.claimAnswerMs),
      },
      photos.map((p, i) => ({ position: i, width: p.width, height: p.height, bytes: p.bytes })),
    );
    const a = auditActor(actor);
    await audit(tx, {
      actorUserId: a.actorUserId,
      action: "claim.open",
      ip: a.ip,
      detail: { claimId: claim.id, orderNumber: o.orderNumber, customerId: o.customerId, productId: line.productId, reason: body.reason, quantity: body.quantity, photos: photos.length, ...a.acting },
    });
    await enqueueMail(tx, config, {
      to: config.staffEmail,
      subject: `Claim ${claim.id} on order ${o.orderNumber}: ${CLAIM_REASON_LABELS[body.reason]}`,
      text: `${o.customerId} claims ${body.quantity} of ${line.description} on order ${o.orderNumber} (shipped ${claimDay(o.shipDate)}): ${CLAIM_REASON_LABELS[body.reason]}.${body.note ? `\n\n${body.note}` : ""}\n\n${photos.length} photo${photos.length === 1 ? "" : "s"}. Answer by ${claim.answerBy.toISOString()}: ${config.publicUrl}/OrderDesk/Claims\n\n${config.brandName}`,
      kind: "claim-opened",
    });
    return claim.id;
  });
  return (await withPhotos(db, [(await repo.claimById(db, claimId))!]))[0]!;
}

export async function buyerClaims(db: Db, scope: ClaimScope): Promise<Claim[]> {
  return withPhotos(db, await repo.claimsOfScope(db, scope, CLAIM_LIST_LIMIT));
}

/** A photo of one of the caller's claims; another customer's is not found. */
export async function buyerPhoto(db: Db, scope: ClaimScope, claimId: number, photoId: number) {
  const c = await repo.claimById(db, claimId);
  const mine = c && c.c.customerId === scope.customerId && (scope.retailerId === undefined || c.c.retailerId === scope.retailerId);
  const p = mine ? await repo.photo(db, claimId, photoId) : null;
  if (!p) throw notFound("Photo not found.");
  return p;
}

// ---- the desk --------------------------------------------------------------------------------------

export async function deskClaims(db: Db, status: "open" | "answered" | "all"): Promise<Claim[]> {
  return withPhotos(db, await repo.deskClaims(db, status, CLAIM_LIST_LIMIT));
}

export async function deskPhoto(db: Db, claimId: number, photoId: number) {
  const p = await repo.photo(db, claimId, photoId);
  if (!p) throw notFound("Photo not found.");
  return p;
}

async function openClaimLocked(tx: Tx, claimId: number) {
  const c = await repo.lockClaim(tx, claimId);
  if (!c) throw notFound(`Claim ${claimId} was not found.`);
  if (c.status !== "open") throw conflict(`Claim ${claimId} was already answered: ${CLAIM_STATUS_LABELS[c.status].toLowerCase()}.`);
  return c;
}

async function mailBuyer(tx: Tx, config: Config, c: repo.ClaimRow, orderNumber: number, subject: string, text: string) {
  const to = await repo.emailOf(tx, c.userId);
  if (!to) return;
  await enqueueMail(tx, config, { to, subject, text: `${text}\n\n${config.publicUrl}/Claims\n\n${config.brandName}`, kind: "claim-answer" });
}

/**
 * Accepts a claim, all of it or `quantity` units (partly accepted): a credit note on the order's
 * invoice for those units of the line, made by the invoices module in this transaction (the same
 * rules as a credit note made on the invoice: never more than was invoiced, a paid invoice is not
 * credited). The claim and the credit note commit together or not at all.
 */
export async function acceptClaim(db: Db, config: Config, actor: Actor, claimId: number, body: AcceptClaimBody): Promise<Claim> {
  await db.transaction(async (tx) => {
    const c = await openClaimLocked(tx, claimId);
    const quantity = body.quantity ?? c.quantity;
    if (quantity > c.quantity) throw badRequest(`At most the ${c.quantity} claimed can be accepted.`, { quantity: `At most ${c.quantity}` });
    const row = (await repo.claimById(tx, claimId))!;
    const invoice = await repo.invoiceOfOrder(tx, c.orderId);
    if (!invoice) throw conflict(`Order ${row.orderNumber} has no invoice yet: ship it before accepting a claim on it.`);
    const ilines = (await repo.invoiceLinesOfProduct(tx, invoice.id, row.productId)).filter(
      (l) => l.lineTotalCents > 0 && (l.description === row.description || l.description.startsWith(`${row.description} (`)),
    );
    let lines = allocateCredit(ilines, quantity);
    // A line invoiced as one amount (quantity 1) is credited whole when the whole claim is accepted.
    if (!lines && quantity === row.lineQuantity && ilines.every((l) => l.credited === 0)) lines = ilines.map((l) => ({ invoiceLineId: l.id, quantity: l.quantity }));
    if (!lines) throw conflict(`Invoice ${invoice.invoiceNumber} has fewer uncredited units of ${row.description} than that: credit it on the invoice instead.`);
    const note = await createCreditNote(tx as unknown as Db, config, actor.originalUserId ?? actor.userId, invoice.invoiceNumber, {
      reason: `Claim ${claimId}: ${CLAIM_REASON_LABELS[c.reason]}`,
      lines,
    });
    const status = quantity === c.quantity ? "accepted" : "partly_accepted";
    await repo.updateClaim(tx, claimId, {
      status,
      acceptedQuantity: quantity,
      creditNoteId: await repo.creditNoteIdOf(tx, note.creditNoteNumber),
      decidedAt: new Date(),
      decidedBy: actor.originalUserId ?? actor.userId,
    });
    const a = auditActor(actor);
    await audit(tx, {
      actorUserId: a.actorUserId,
      action: status === "accepted" ? "claim.accept" : "claim.accept_part",
      ip: a.ip,
      detail: { claimId, orderNumber: row.orderNumber, customerId: c.customerId, quantity, claimed: c.quantity, invoiceNumber: invoice.invoiceNumber, creditNoteNumber: note.creditNoteNumber, total: note.total, ...a.acting },
    });
    await mailBuyer(
      tx,
      config,
      c,
      row.orderNumber,
      `Your claim ${claimId} on order ${row.orderNumber} is ${status === "accepted" ? "accepted" : "partly accepted"}`,
      `We ${status === "accepted" ? "accepted" : "partly accepted"} your claim on ${row.description} (order ${row.orderNumber}): ${quantity} of the ${c.quantity} claimed are credited on credit note ${note.creditNoteNumber}, invoice ${invoice.invoiceNumber}.`,
    );
  });
  return (await withPhotos(db, [(await repo.claimById(db, claimId))!]))[0]!;
}

export async function declineClaim(db: Db, config: Config, actor: Actor, claimId: number, body: DeclineClaimBody): Promise<Claim> {
  await db.transaction(async (tx) => {
    const c = await openClaimLocked(tx, claimId);
    const row = (await repo.claimById(tx, claimId))!;
    await repo.updateClaim(tx, claimId, { status: "declined", declineReason: body.reason, decidedAt: new Date(), decidedBy: actor.originalUserId ?? actor.userId });
    const a = auditActor(actor);
    await audit(tx, { actorUserId: a.actorUserId, action: "claim.decline", ip: a.ip, detail: { claimId, orderNumber: row.orderNumber, customerId: c.customerId, reason: body.reason, ...a.acting } });
    await mailBuyer(tx, config, c, row.orderNumber, `Your claim ${claimId} on order ${row.orderNumber} is declined`, `We declined your claim on ${row.description} (order ${row.orderNumber}): ${body.reason}`);
  });
  return (await withPhotos(db, [(await repo.claimById(db, claimId))!]))[0]!;
}
