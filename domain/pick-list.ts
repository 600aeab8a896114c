// What the greenhouse cuts and packs for a ship date (docs/documents.md "Pick list"): per order line,
// the stems, bunches, pails and boxes it needs, and their totals per product over every order of the
// day, wholesale and mass-market alike.
import { isFeeLine } from "./mm-fees.ts";

export interface PickLineInput {
  store: "wholesale" | "mm";
  /** The order is packed in boxes (wholesale `boxed`, or a boxed mass-market cart). */
  boxed: boolean;
  productId: string;
  description: string;
  category: string;
  /** Bunches (wholesale) or units (mass market: bunches and bouquets) confirmed. */
  quantityConfirmed: number;
  /** Wholesale bunches asked for and not yet confirmed or declined. */
  quantityPending: number;
  /** Full pails of the line (wholesale pricing). */
  pails: number;
  unitOfMeasure: string;
  boxType: string | null;
  /** Wholesale product figures; null when the product is not in the wholesale catalogue. */
  stemsPerBunch: number | null;
  bunchesPerBox: number | null;
}

export interface PickQuantities {
  /** Null when the product's stems a bunch are not known (mass-market bouquets). */
  stems: number | null;
  bunches: number;
  pending: number;
  pails: number;
  boxes: number;
}

/**
 * One line's needs. Wholesale: stems = bunches x stems a bunch; the line's full pails; when boxed,
 * whole boxes of the product's bunches a box. Mass market follows the fee rules (SPEC §4 "Fee rules
 * (MM)"): boxed, one box per unit of a product with a box type; not boxed, one pail per unit whose unit
 * of measure is a pail.
 */
export function pickQuantities(l: PickLineInput): PickQuantities {
  const bunches = l.quantityConfirmed;
  if (l.store === "wholesale") {
    return {
      stems: l.stemsPerBunch ? bunches * l.stemsPerBunch : null,
      bunches,
      pending: l.quantityPending,
      pails: l.pails,
      boxes: l.boxed && l.bunchesPerBox ? Math.ceil(bunches / l.bunchesPerBox) : 0,
    };
  }
  return {
    stems: null,
    bunches,
    pending: 0,
    pails: !l.boxed && /pail/i.test(l.unitOfMeasure) ? bunches : 0,
    boxes: l.boxed && l.boxType ? bunches : 0,
  };
}

export interface PickTotal extends PickQuantities {
  productId: string;
  description: string;
  /** Orders with this product. */
  orders: number;
}

/** Totals per product (fee lines left out: they are the boxes and pails counted here), by description. */
export function pickTotals(lines: (PickLineInput & { orderNumber: number })[]): PickTotal[] {
  const byProduct = new Map<string, PickTotal & { orderSet: Set<number> }>();
  for (const l of lines) {
    if (isFeeLine(l)) continue;
    const q = pickQuantities(l);
    let t = byProduct.get(l.productId);
    if (!t) {
      t = { productId: l.productId, description: l.description, orders: 0, stems: null, bunches: 0, pending: 0, pails: 0, boxes: 0, orderSet: new Set() };
      byProduct.set(l.productId, t);
    }
    t.orderSet.add(l.orderNumber);
    if (q.stems !== null) t.stems = (t.stems ?? 0) + q.stems;
    t.bunches += q.bunches;
    t.pending += q.pending;
    t.pails += q.pails;
    t.boxes += q.boxes;
  }
  return [...byProduct.values()]
    .map(({ orderSet, ...t }) => ({ ...t, orders: orderSet.size }))
    .sort((a, b) => a.description.localeCompare(b.description, "en") || a.productId.localeCompare(b.productId, "en"));
}

/** The sums of a set of totals (stems only over the products whose stems are known). */
export function sumPick(rows: PickQuantities[]): PickQuantities {
  return rows.reduce<PickQuantities>(
    (s, r) => ({
      stems: r.stems === null ? s.stems : (s.stems ?? 0) + r.stems,
      bunches: s.bunches + r.bunches,
      pending: s.pending + r.pending,
      pails: s.pails + r.pails,
      boxes: s.boxes + r.boxes,
    }),
    { stems: null, bunches: 0, pending: 0, pails: 0, boxes: 0 },
  );
}
