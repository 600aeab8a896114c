// The integration API (issue 28; docs/integration-api.md). Tokens are the Administrator's; /api/v1
// writes go through the supply desk's own rules (server/modules/supply: its product checks, its
// upload planner, never below sold + held, its audit and the offer tables' live notices) and reads
// page orders and invoices by their change number (migration 0023).
import { createHash, randomBytes } from "node:crypto";
import type { Db, DbOrTx } from "../../../db/client.ts";
import {
  TOKEN_PREFIX,
  type ApiTokenCreate,
  type ApiTokenCreated,
  type ApiTokenList,
  type V1AvailabilityBody,
  type V1AvailabilityResult,
  type V1InvoicePage,
  type V1OrderPage,
  type V1ProductBody,
  type V1Refusal,
} from "../../../contract/integrations.ts";
import type { SupplyProduct } from "../../../contract/supply.ts";
import { centsToDollars } from "../../../domain/money.ts";
import { HttpError, notFound } from "../../errors.ts";
import { hashToken } from "../../plugins/session.ts";
import { audit } from "../audit/index.ts";
import * as supply from "../supply/index.ts";
import * as repo from "./repo.ts";

/** The one who calls /api/v1: a token, audited under its name. */
export interface TokenCaller {
  id: number;
  name: string;
  scopes: string[];
}

// ---- tokens ------------------------------------------------------------------------------------

export const newApiToken = () => `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;

export async function createToken(db: Db, admin: { userId: string; ip?: string }, body: ApiTokenCreate): Promise<ApiTokenCreated> {
  const token = newApiToken();
  const row = await db.transaction(async (tx) => {
    const row = await repo.insertToken(tx, { name: body.name, tokenHash: hashToken(token), hint: token.slice(0, TOKEN_PREFIX.length + 4), scopes: body.scopes, createdBy: admin.userId });
    await audit(tx, { actorUserId: admin.userId, action: "integrations.token.create", ip: admin.ip, detail: { tokenId: row.id, name: row.name, scopes: row.scopes } });
    return row;
  });
  return { id: row.id, token };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function listTokens(db: DbOrTx): Promise<ApiTokenList> {
  const rows = await repo.listTokens(db);
  return {
    tokens: rows.map(({ t, firstName, lastName, email }) => ({
      id: t.id,
      name: t.name,
      hint: t.hint,
      scopes: t.scopes,
      createdBy: t.createdBy,
      createdByName: t.createdBy ? `${firstName ?? ""} ${lastName ?? ""}`.trim() || (email ?? null) : null,
      createdAt: t.createdAt.toISOString(),
      lastUsedAt: iso(t.lastUsedAt),
      revokedAt: iso(t.revokedAt),
    })),
  };
}

/** Revokes at once: every instance reads the token's row on each request, so the next one is refused everywhere. */
export async function revokeToken(db: Db, admin: { userId: string; ip?: string }, id: number): Promise<{ ok: true }> {
  await db.transaction(async (tx) => {
    const row = await repo.tokenById(tx, id);
    if (!row) throw notFound(`There is no API token ${id}.`);
    if (!(await repo.revokeToken(tx, id))) return; // already revoked: nothing to do, nothing to audit
    await audit(tx, { actorUserId: admin.userId, action: "integrations.token.revoke", ip: admin.ip, detail: { tokenId: id, name: row.name } });
  });
  return { ok: true };
}

// ---- idempotency -------------------------------------------------------------------------------

/** How long a stored answer stands for its Idempotency-Key. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
export const IDEMPOTENCY_MISMATCH = "This Idempotency-Key was already used with a different request. Use a new key for a new request.";

/**
 * Runs a write once per (token, key): the key is claimed in the write's own transaction, so the
 * answer is stored with the change or not at all. A retry with the same key and request answers the
 * first answer without applying it again; the same key with another request is a 422.
 */
export async function once<T>(db: Db, caller: TokenCaller, key: string | undefined, request: unknown, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  if (!key) return supply.inTransaction(db, work);
  const requestHash = createHash("sha256").update(JSON.stringify(request)).digest("hex");
  return supply.inTransaction(db, async (tx) => {
    const previous = await repo.claimKey(tx, caller.id, key, requestHash, new Date(Date.now() + IDEMPOTENCY_TTL_MS));
    if (previous) {
      if (previous.requestHash !== requestHash) throw new HttpError(422, IDEMPOTENCY_MISMATCH, { "idempotency-key": IDEMPOTENCY_MISMATCH });
      return previous.response as T;
    }
    const answer = await work(tx);
    await repo.storeAnswer(tx, caller.id, key, 200, answer);
    return answer;
  });
}

/**
 * The same for a write that runs its own transactions (the desk's product create and update): a PUT
 * of a whole product is idempotent by itself (a repeat changes nothing and audits nothing), so the
 * key is checked before and its answer stored after.
 */
export async function onceAround<T>(db: Db, caller: TokenCaller, key: string, request: unknown, work: () => Promise<T>): Promise<T> {
  const requestHash = createHash("sha256").update(JSON.stringify(request)).digest("hex");
  const previous = await repo.storedAnswer(db, caller.id, key);
  if (previous) {
    if (previous.requestHash !== requestHash) throw new HttpError(422, IDEMPOTENCY_MISMATCH, { "idempotency-key": IDEMPOTENCY_MISMATCH });
    return previous.response as T;
  }
  const answer = await work();
  await repo.insertAnswer(db, caller.id, key, requestHash, answer, new Date(Date.now() + IDEMPOTENCY_TTL_MS));
  return answer;
}

// ---- /api/v1 writes ----------------------------------------------------------------------------

const actorOf = (caller: TokenCaller, ip: string | undefined, auth: supply.Actor["auth"]): supply.Actor => ({ auth, ip, token: { id: caller.id, name: caller.name } });

/** PUT a product: the desk's create when the code is new, its update otherwise (same checks, same audit). */
export async function putProduct(db: Db, actor: supply.Actor, productId: string, body: V1ProductBody): Promise<SupplyProduct> {
  try {
    await supply.product(db, productId);
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode !== 404) throw err;
    const { active, ...create } = body;
    const created = await supply.createProduct(db, actor, { productId, ...create } as never);
    return active === false ? supply.updateProduct(db, actor, productId, { active: false }) : created;
  }
  return supply.updateProduct(db, actor, productId, body);
}

const money = (v: number | undefined) => (v === undefined ? undefined : v.toFixed(2));

/**
 * PUT availability: each line goes to the wholesale catalog covering its ship date (or the one it
 * names), then every catalog's lines are planned and written by the supply desk's upload rules
 * under its row locks, all in one transaction. A refused line is reported with sold and held; the
 * others are written.
 */
export async function putAvailability(tx: DbOrTx, actor: supply.Actor, body: V1AvailabilityBody): Promise<V1AvailabilityResult> {
  const refused: V1Refusal[] = [];
  const dates = body.lines.map((l) => l.shipDate).sort();
  const covering = await repo.catalogsCovering(tx, dates[0]!, dates[dates.length - 1]!);
  const named = await repo.catalogsByIds(tx, [...new Set(body.lines.flatMap((l) => (l.catalogId ? [l.catalogId] : [])))]);
  const byCatalog = new Map<number, { index: number; line: (typeof body.lines)[number] }[]>();
  body.lines.forEach((line, index) => {
    const refuse = (reason: string) => refused.push({ index, productId: line.productId, shipDate: line.shipDate, reason, sold: 0, held: 0 });
    let catalogId: number | undefined;
    if (line.catalogId) {
      const c = named.find((n) => n.id === line.catalogId);
      if (!c) return refuse(`There is no catalog ${line.catalogId}.`);
      if (c.kind !== "wholesale") return refuse(`Catalog ${line.catalogId} is a mass-market catalog: its bouquets are not written here.`);
      if (line.shipDate < c.shipDateFrom || line.shipDate > c.shipDateTo) return refuse(`${line.shipDate} is outside catalog ${line.catalogId} (${c.shipDateFrom} to ${c.shipDateTo}).`);
      catalogId = c.id;
    } else {
      const found = covering.filter((c) => c.kind === "wholesale" && c.shipDateFrom <= line.shipDate && c.shipDateTo >= line.shipDate);
      if (!found.length) return refuse(`No wholesale catalog covers ${line.shipDate}: open one on the supply desk first.`);
      if (found.length > 1) return refuse(`${found.length} wholesale catalogs cover ${line.shipDate} (${found.map((c) => c.id).join(", ")}): name one in catalogId.`);
      catalogId = found[0]!.id;
    }
    const list = byCatalog.get(catalogId) ?? [];
    list.push({ index, line });
    byCatalog.set(catalogId, list);
  });
  let applied = 0;
  for (const [catalogId, lines] of [...byCatalog].sort((a, b) => a[0] - b[0])) {
    const rows: supply.PlanRow[] = lines.map(({ index, line }) => ({
      line: index,
      formula: [],
      cells: {
        product: line.productId,
        shipDate: line.shipDate,
        quantity: String(line.quantity),
        price: money(line.price),
        priceNoPail: money(line.priceNoPail),
        special: line.special === undefined ? undefined : line.special ? "yes" : "no",
        specialPrice: money(line.specialPrice),
        specialPriceNoPail: money(line.specialPriceNoPail),
        tier1Quantity: line.tier1Quantity === undefined ? undefined : String(line.tier1Quantity),
        tier1Price: money(line.tier1Price),
        tier1PriceNoPail: money(line.tier1PriceNoPail),
        tier2Quantity: line.tier2Quantity === undefined ? undefined : String(line.tier2Quantity),
        tier2Price: money(line.tier2Price),
        tier2PriceNoPail: money(line.tier2PriceNoPail),
        showStore: line.showStore === undefined ? undefined : line.showStore ? "yes" : "no",
      },
    }));
    const outcome = await supply.applyRows(tx, actor, catalogId, body.mode, rows);
    outcome.forEach((row, i) => {
      const { index, line } = lines[i]!;
      if (row.action === "refuse") refused.push({ index, productId: line.productId, shipDate: line.shipDate, reason: row.reasons.join("; "), sold: row.sold, held: row.held });
      else applied++;
    });
  }
  refused.sort((a, b) => a.index - b.index);
  return { applied, refused };
}

export { actorOf };

// ---- /api/v1 reads -----------------------------------------------------------------------------

const dollars = (cents: number) => centsToDollars(cents);
/** The change number of a cursor ("c41" → 41; "0" or none → 0), and back. */
const fromCursor = (since: string | undefined) => (since && since.startsWith("c") ? Number(since.slice(1)) : 0);
const cursorOf = (seq: number) => `c${seq}`;

export async function ordersSince(db: DbOrTx, since: string | undefined, limit: number): Promise<V1OrderPage> {
  const from = fromCursor(since);
  const { rows, lines } = await repo.ordersAfter(db, from, limit);
  const byOrder = new Map<number, typeof lines>();
  for (const l of lines) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
  return {
    orders: rows.map(({ seq, changedAt, o, customerName }) => ({
      cursor: cursorOf(seq),
      orderNumber: o.orderNumber,
      store: o.store,
      status: o.status,
      customerId: o.customerId,
      customerName,
      retailerId: o.retailerId,
      shipDate: o.shipDate,
      placedAt: o.placedAt.toISOString(),
      updatedAt: changedAt.toISOString(),
      subtotal: dollars(o.subtotalCents),
      discount: dollars(o.discountCents),
      total: dollars(o.totalCents),
      poNumber: o.poNumber ?? null,
      deliveryNotes: o.deliveryNotes ?? null,
      lines: (byOrder.get(o.id) ?? []).map((l) => ({ productId: l.productId, description: l.description, quantity: l.quantity, unitOfMeasure: l.unitOfMeasure, lineTotal: dollars(l.lineTotalCents) })),
    })),
    next: cursorOf(rows.length ? rows[rows.length - 1]!.seq : from),
  };
}

type FeedLine = V1InvoicePage["invoices"][number]["lines"][number];

/** An invoice's or a credit note's amounts in the feed, in dollars. */
const feedAmounts = (d: { subtotalCents: number; taxCents: number; totalCents: number }) => ({ subtotal: dollars(d.subtotalCents), tax: dollars(d.taxCents), total: dollars(d.totalCents) });

/** An invoice line or a credit note line in the feed, in dollars. */
const feedLine = (productId: FeedLine["productId"], l: { description: string; quantity: number; unitPriceCents: number; lineTotalCents: number }): FeedLine => ({
  productId,
  description: l.description,
  quantity: l.quantity,
  unitPrice: dollars(l.unitPriceCents),
  lineTotal: dollars(l.lineTotalCents),
});

export async function invoicesSince(db: DbOrTx, since: string | undefined, limit: number): Promise<V1InvoicePage> {
  const from = fromCursor(since);
  const { changes, inv, invLines, notes, noteLines } = await repo.invoicesAfter(db, from, limit);
  const invById = new Map(inv.map((r) => [r.i.id, r]));
  const noteById = new Map(notes.map((r) => [r.n.id, r]));
  const out: V1InvoicePage["invoices"] = [];
  for (const c of changes) {
    if (c.kind === "invoice") {
      const r = invById.get(c.refId);
      if (!r) continue;
      out.push({
        cursor: cursorOf(c.seq),
        type: "invoice",
        number: r.i.invoiceNumber,
        invoiceNumber: r.i.invoiceNumber,
        orderNumber: r.orderNumber,
        customerId: r.i.customerId,
        customerName: r.customerName,
        date: r.i.invoiceDate,
        dueDate: r.i.dueDate,
        reason: null,
        paid: r.i.paid,
        ...feedAmounts(r.i),
        updatedAt: c.changedAt.toISOString(),
        lines: invLines.filter((l) => l.invoiceId === r.i.id).map((l) => feedLine(l.productId, l)),
      });
    } else {
      const r = noteById.get(c.refId);
      if (!r) continue;
      out.push({
        cursor: cursorOf(c.seq),
        type: "credit_note",
        number: r.n.creditNoteNumber,
        invoiceNumber: r.invoiceNumber,
        orderNumber: r.orderNumber,
        customerId: r.n.customerId,
        customerName: r.customerName,
        date: r.n.creditDate,
        dueDate: null,
        reason: r.n.reason,
        paid: null,
        ...feedAmounts(r.n),
        updatedAt: c.changedAt.toISOString(),
        lines: noteLines.filter((l) => l.l.creditNoteId === r.n.id).map((l) => feedLine(l.productId, l.l)),
      });
    }
  }
  return { invoices: out, next: cursorOf(changes.length ? changes[changes.length - 1]!.seq : from) };
}
