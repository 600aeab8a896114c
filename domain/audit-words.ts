// The audit log in words (issue 26): one sentence per entry, e.g. "Dana Reyes, acting for Bloomfield
// Wholesale Florists, removed 3 bunches of Lily Asiatic White 70cm from the cart". Pure: the server
// looks up the names (people, companies) and this file only phrases them; the technical detail
// (action, JSON, address) stays one click away on the screen.

export interface AuditFacts {
  action: string;
  detail: Record<string, unknown> | null;
  /** Who acted: a name, else an e-mail, else an id. */
  actor: string | null;
  /** As or about whom: a name (and e-mail), else an id. */
  target: string | null;
  /** The company the entry is about (its customer), when known. */
  company: string | null;
}

const str = (v: unknown): string | null => (v === null || v === undefined || v === "" ? null : String(v));
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : null);

function units(n: number | null, store: unknown): string {
  if (n === null) return store === "mm" ? "bouquets" : "bunches";
  const word = store === "mm" ? "bouquet" : "bunch";
  return `${n} ${word}${n === 1 ? "" : word.endsWith("h") ? "es" : "s"}`;
}

const TABLE_WORDS: Record<string, string> = {
  carts: "the cart",
  cart_lines: "the cart",
  orders: "an order",
  users: "a user account",
  user_roles: "a user's roles",
  user_claims: "a user's claims",
  user_customers: "a user's customers",
  retailers: "a retailer",
};

/** What was done while acting for someone, from the row the database trigger kept. */
function actingWords(action: string, d: Record<string, unknown>): string {
  const [, table = "", op = ""] = action.split(".");
  const row = (d.row ?? {}) as Record<string, unknown>;
  const q = num(row.quantity);
  const what = str(row.description) ?? str(row.product_id);
  if (table === "cart_lines" && op === "change") {
    const changes = Array.isArray(d.changes) ? (d.changes as Record<string, unknown>[]) : [];
    if (!changes.length) return "saved the cart without changing it";
    const parts = changes.map((c) => {
      const n = num(c.quantity) ?? 0;
      const item = `${units(Math.abs(n), row.store)} of ${str(c.description) ?? str(c.productId) ?? "a product"}`;
      return changes.length === 1 ? `${n > 0 ? "added" : "removed"} ${item} ${n > 0 ? "to" : "from"} the cart` : `${n > 0 ? "added" : "removed"} ${item}`;
    });
    return changes.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)} in the cart`;
  }
  if (table === "cart_lines" && what) {
    if (op === "delete") return `removed ${units(q, row.store)} of ${what} from the cart`;
    if (op === "insert") return `added ${units(q, row.store)} of ${what} to the cart`;
    return `changed ${what} in the cart${q !== null ? ` to ${units(q, row.store)}` : ""}`;
  }
  if (table === "orders") {
    const n = str(row.order_number);
    if (op === "insert") return `placed order ${n ?? ""}`.trim();
    if (op === "delete") return `deleted order ${n ?? ""}`.trim();
    return `changed order ${n ?? ""}`.trim();
  }
  if (table === "carts") return op === "delete" ? "emptied the cart" : "saved the cart";
  if (table === "users" && str(row.email)) return `${op === "insert" ? "created" : op === "delete" ? "deleted" : "changed"} the account ${str(row.email)}`;
  const thing = TABLE_WORDS[table] ?? table.replace(/_/g, " ");
  return `${op === "insert" ? "added to" : op === "delete" ? "removed from" : "changed"} ${thing}`;
}

/** What the grower's staff (or a buyer) did on the order desk. */
function orderWords(action: string, d: Record<string, unknown>, company: string | null): string | null {
  const n = str(d.orderNumber);
  const of = `order ${n ?? "?"}${company ? ` for ${company}` : ""}`;
  const store = d.store;
  const what = str(d.description) ?? str(d.productId) ?? "a product";
  const voucher = str(d.voucherReturned) ? ` (blitz voucher ${str(d.voucherReturned)} given back)` : "";
  switch (action) {
    case "order.line.confirm":
      return `confirmed ${units(num(d.quantity), store)} of ${what} on ${of}`;
    case "order.line.decline":
      return `declined ${units(num(d.quantity), store)} of ${what} on ${of}${voucher}`;
    case "order.line.change":
      return num(d.to) === 0 ? `removed ${what} from ${of}${voucher}` : `changed ${what} on ${of} from ${units(num(d.from), store)} to ${units(num(d.to), store)}`;
    case "order.confirm":
      return `confirmed ${of}`;
    case "order.pack":
      return `packed ${of}`;
    case "order.ship":
      return d.early
        ? `shipped ${of} before its ship date ${str(d.shipDate) ?? ""}, because: “${str(d.reason) ?? ""}” (invoice ${str(d.invoiceNumber) ?? "?"})`
        : `shipped ${of} (invoice ${str(d.invoiceNumber) ?? "?"})${str(d.reason) ? `: “${str(d.reason)}”` : ""}`;
    case "order.invoice":
      return `invoiced ${of} (invoice ${str(d.invoiceNumber) ?? "?"})`;
    case "order.cancel":
      return `cancelled ${of}${str(d.reason) ? `: “${str(d.reason)}”` : ""}${voucher}`;
    default:
      return null;
  }
}

function invoiceWords(action: string, d: Record<string, unknown>, company: string | null): string | null {
  const n = str(d.invoiceNumber);
  const of = `invoice ${n ?? "?"}${company ? ` of ${company}` : ""}`;
  switch (action) {
    case "invoice.issue":
      return `issued ${of}${str(d.orderNumber) ? ` for order ${str(d.orderNumber)}` : ""}`;
    case "invoice.paid":
      return `marked ${of} paid`;
    case "invoice.unpaid":
      return `marked ${of} unpaid`;
    case "invoice.credit":
      return `credited ${of}${str(d.creditNoteNumber) ? ` with credit note ${str(d.creditNoteNumber)}` : ""}${str(d.reason) ? `: “${str(d.reason)}”` : ""}`;
    default:
      return null;
  }
}

const OTHER: Record<string, string> = {
  "user.invite": "invited a user",
  "customer.create": "created a customer",
  "customer.update": "changed a wholesaler's details",
  "customer.logo": "changed a wholesaler's logo",
  "customer.logo.remove": "removed a wholesaler's logo",
  "retailer.create": "created a retailer",
  "retailer.update": "changed a retailer",
  "retailer.import": "imported retailers",
  "referral.approve": "approved a referral",
  "referral.decline": "declined a referral",
  "account.password": "changed their password",
  "account.sessions": "signed out their other sessions",
};

/** One sentence for an audit entry, starting with who did it. */
export function auditSentence(f: AuditFacts): string {
  const d = f.detail ?? {};
  const who = f.actor ?? "Someone";
  if (f.action.startsWith("acting.")) {
    const forWhom = f.company ?? f.target;
    return `${who}${forWhom ? `, acting for ${forWhom},` : ""} ${actingWords(f.action, d)}`;
  }
  if (f.action === "impersonation.start") {
    const shop = d.via === "retailer" && str(d.retailerId) ? ` (retailer ${str(d.retailerId)}${f.company ? ` of ${f.company}` : ""})` : "";
    return `${who} started acting as ${f.target ?? "another user"}${shop}`;
  }
  if (f.action === "impersonation.stop") return `${who} stopped acting as ${f.target ?? "another user"}`;
  const buyerActing = d.byBuyer === true;
  const order = f.action.startsWith("order.") ? orderWords(f.action, d, f.company) : null;
  if (order) return `${who}${buyerActing ? " (the buyer)" : ""} ${order}`;
  const invoice = f.action.startsWith("invoice.") ? invoiceWords(f.action, d, f.company) : null;
  if (invoice) return `${who} ${invoice}`;
  const other = OTHER[f.action];
  if (other) return `${who} ${other}${f.target ? `: ${f.target}` : f.company ? `: ${f.company}` : ""}`;
  return `${who}: ${f.action.replace(/[._]/g, " ")}`;
}
