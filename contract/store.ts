import { z } from "zod";
import { CartVersion, IsoDate, RetailerIdParam } from "./common.ts";
import { PickupDays, ShipTime } from "./user.ts";
import { REQUIRED_MESSAGE } from "../domain/constants.ts";

/**
 * Wholesale store and dashboard contract (SPEC §3, §7). Field names are the spec's. Money travels as
 * dollars with two decimals (the server computes in integer cents); quantities are bunches.
 */
const Money = z.number();

export const Product = z.object({
  productId: z.string(),
  description: z.string(),
  category: z.string(),
  colour: z.string(),
  colourHex: z.string(),
  image: z.string(),
  grade: z.string(),
  stemsPerBunch: z.number().int(),
  quantityRemaining: z.number().int(),
  /** Original quantity minus orders; null while the grower has not confirmed the line's stock (Availability Pending). */
  originalQuantityRemaining: z.number().int().nullable(),
  unitOfMeasure: z.string(),
  unitOfMeasureQty: z.number().int(),
  bunchesPerBox: z.number().int(),
  stemsPerBox: z.number().int(),
  isFinalProduct: z.boolean(),
  special: z.boolean(),
  discount: z.number(),
  discountQuantity: z.number().int(),
  discountQuantity2: z.number().int(),
  standardPrice: Money,
  price: Money,
  standardPriceNoPail: Money,
  priceNoPail: Money,
  discountPrice: Money,
  discountPriceNoPail: Money,
  discountPrice2: Money,
  discountPriceNoPail2: Money,
  /** False for a product not offered for the requested ship date (listed because a later offer has it). */
  showStore: z.boolean(),
  /** When the grower set one, or the first ship date of the buyer's next offer that has the product (text states). */
  nextAvailableDate: z.string().nullable(),
  offerOrderNumber: z.number().int(),
});
export type Product = z.infer<typeof Product>;

export const Catalog = z.object({
  orderId: z.number().int(),
  title: z.string(),
  shipDateFrom: z.string(),
  shipDateTo: z.string(),
});
export type Catalog = z.infer<typeof Catalog>;

export const Profile = z.object({
  shipTimes: z.array(ShipTime),
  pickupDays: PickupDays.nullable(),
  alwaysBoxed: z.boolean(),
  /** The next open dates the user may choose (ship dates, or pickup dates for a retailer). */
  openDates: z.array(z.string()),
});
export type Profile = z.infer<typeof Profile>;

export const EarliestDateResponse = z.object({ receiptDate: z.string() });
export const ShipDateResponse = z.object({ shipDate: z.string().nullable() });

export const CartItem = z.object({
  id: z.number().int(),
  productId: z.string(),
  description: z.string(),
  category: z.string(),
  colour: z.string(),
  quantity: z.number().int(),
  /** Average price per bunch of the line (lineTotal / quantity). */
  price: Money,
  ysnPending: z.boolean(),
  ysnIsFinalProduct: z.boolean(),
  quantityConfirmed: z.number().int(),
  quantityPending: z.number().int(),
  offerOrderNumber: z.number().int().nullable(),
  unitOfMeasureQty: z.number().int(),
  /** Bunches of this product a shipping box holds (the box fill at checkout); null when the product is unknown. */
  bunchesPerBox: z.number().int().nullable(),
  pails: z.number().int(),
  looseBunches: z.number().int(),
  pailPrice: Money,
  bunchPrice: Money,
  lineTotal: Money,
  /** A message about this line from the last save, e.g. the quantity-remaining cap. */
  message: z.string().nullable(),
});
export type CartItem = z.infer<typeof CartItem>;

/** A note about a line the last save removed (nothing left of a final product, or not offered for the date). */
export const CartMessage = z.object({
  productId: z.string(),
  description: z.string(),
  message: z.string(),
});
export type CartMessage = z.infer<typeof CartMessage>;

export const Cart = z.object({
  customerId: z.string(),
  retailerId: z.number().int(),
  items: z.array(CartItem),
  shipDate: z.string().nullable(),
  receivingDate: z.string().nullable(),
  boxed: z.boolean(),
  fresh: z.boolean(),
  /** ISO instant when the holds lapse; null when nothing is held. */
  holdTime: z.string().nullable(),
  /** Optimistic concurrency token: send it back with the next save. */
  version: z.number().int(),
  subtotal: Money,
  itemCount: z.number().int(),
  /** Lines the last save removed, with why; only present on the answer to a save. */
  messages: z.array(CartMessage).optional(),
});
export type Cart = z.infer<typeof Cart>;

export const CartItemInput = z.object({
  productId: z.string().trim().min(1, REQUIRED_MESSAGE).max(60),
  quantity: z
    .number({ error: "Invalid Quantity: Please enter a valid quantity" })
    .int("Invalid Quantity: Please enter a valid quantity")
    .min(1, "Invalid Quantity: Please enter a valid quantity")
    .max(100_000, "Invalid Quantity: Please enter a valid quantity"),
});

/** The whole cart as the client sends it; only quantities and dates are taken from it. */
export const CartSaveBody = z.object({
  shipDate: IsoDate.nullable().optional(),
  receivingDate: IsoDate.nullable().optional(),
  boxed: z.boolean().optional(),
  items: z.array(CartItemInput).max(500, "A cart holds at most 500 lines"),
  /** The version the client loaded; a stale version gets 409 with the current cart. */
  version: CartVersion,
});
export type CartSaveBody = z.infer<typeof CartSaveBody>;

export const PO_NUMBER_MAX = 40;
export const DELIVERY_NOTES_MAX = 500;

/** PlaceOrder's optional body: a blitz voucher code, the buyer's PO number and delivery notes typed at checkout. */
export const PlaceOrderBody = z.object({
  voucherCode: z.string().trim().max(40, "Maximum 40 characters").nullable().optional(),
  poNumber: z.string().trim().max(PO_NUMBER_MAX, `Maximum ${PO_NUMBER_MAX} characters`).nullable().optional(),
  deliveryNotes: z.string().trim().max(DELIVERY_NOTES_MAX, `Maximum ${DELIVERY_NOTES_MAX} characters`).nullable().optional(),
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderBody>;

/** A voucher code the buyer typed, checked before the order is placed (GET /api/Store/VoucherQuote). */
export const VoucherQuoteQuery = z.object({
  code: z.string().trim().min(1, REQUIRED_MESSAGE).max(40, "Maximum 40 characters"),
  retailerId: RetailerIdParam.optional(),
});
/** The voucher's terms: the checkout computes the saving on its subtotal with domain/voucher.ts, as PlaceOrder does. */
export const VoucherQuote = z.object({
  code: z.string(),
  percentOff: z.number().int().min(0).max(100),
  /** Cents, integer: the fixed part of the saving. */
  amountOffCents: z.number().int().min(0).max(2147483647),
});
export type VoucherQuote = z.infer<typeof VoucherQuote>;

export const PlaceOrderResponse = z.object({
  orderNumber: z.number().int(),
  shipDate: z.string(),
  /** After the voucher's saving, when one was used. */
  total: Money,
  pendingLines: z.number().int(),
  /** Only when a voucher was used: the merchandise before the saving, the saving and the code. */
  subtotal: Money.optional(),
  discount: Money.optional(),
  voucherCode: z.string().optional(),
});
export type PlaceOrderResponse = z.infer<typeof PlaceOrderResponse>;

export const OrderStatus = z.enum(["submitted", "confirmed", "shipped", "invoiced", "cancelled"]);

export const OrderSummary = z.object({
  orderNumber: z.number().int(),
  customerId: z.string(),
  retailerId: z.number().int(),
  shipDate: z.string(),
  receivingDate: z.string().nullable(),
  placedAt: z.string(),
  status: OrderStatus,
  boxed: z.boolean(),
  lineCount: z.number().int(),
  total: Money,
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderLine = z.object({
  /** The line's id: what a change or cancellation of the line names. */
  lineId: z.number().int(),
  productId: z.string(),
  description: z.string(),
  category: z.string(),
  quantity: z.number().int(),
  pails: z.number().int(),
  looseBunches: z.number().int(),
  pailPrice: Money,
  bunchPrice: Money,
  quantityConfirmed: z.number().int(),
  quantityPending: z.number().int(),
  lineTotal: Money,
});

export const Order = OrderSummary.extend({
  lines: z.array(OrderLine),
  subtotal: Money,
  salesUserId: z.string().nullable(),
  /** Only when a blitz voucher was used: its code and what it took off (total = subtotal - discount). */
  voucherCode: z.string().optional(),
  discount: Money.optional(),
  /** The buyer's purchase order number and delivery notes from checkout (null when none was given). */
  poNumber: z.string().nullable(),
  deliveryNotes: z.string().nullable(),
});
export type Order = z.infer<typeof Order>;

export const ShipDateDetail = z.object({
  orderNumber: z.number().int(),
  shipDate: z.string(),
  /** Every line this customer has on that ship date, across its orders. */
  lines: z.array(OrderLine.extend({ orderNumber: z.number().int() })),
  total: Money,
});
export type ShipDateDetail = z.infer<typeof ShipDateDetail>;

export const BlitzVoucher = z
  .object({
    code: z.string(),
    description: z.string(),
    percentOff: z.number().int(),
    amountOff: Money,
    expiresAt: z.string(),
  })
  .nullable();
export type BlitzVoucher = z.infer<typeof BlitzVoucher>;

export const ComboSpecial = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  discountPercent: z.number(),
  products: z.array(z.object({ strProductId: z.string(), description: z.string() })),
});
export type ComboSpecial = z.infer<typeof ComboSpecial>;

export const InteractiveImage = z.object({
  title: z.string(),
  alt: z.string(),
  scene: z.string(),
  hotspots: z.array(
    z.object({
      label: z.string(),
      productId: z.string().nullable(),
      variety: z.string().nullable(),
      href: z.string().nullable(),
      x: z.number(),
      y: z.number(),
    }),
  ),
});
export type InteractiveImage = z.infer<typeof InteractiveImage>;

export const FutureSpecial = Product.extend({ shipDateFrom: z.string(), shipDateTo: z.string() });
export type FutureSpecial = z.infer<typeof FutureSpecial>;

// ---- favourites, reorder (issue 13) -------------------------------------------------------------

/** The products a buying account starred (the customer's, or one retailer's). */
export const Favourites = z.object({ productIds: z.array(z.string()) });
export type Favourites = z.infer<typeof Favourites>;
/** A product code in a path: letters, digits and . _ / - only. */
export const ProductIdParam = z
  .string()
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .max(40, "Maximum 40 characters")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "Invalid format");

export const ReorderBody = z.object({
  /** The date chosen in the store: a ship date, or for a retailer its pickup (receiving) date. */
  date: IsoDate,
  /** The cart version the client loaded; a stale one gets 409 with the current cart. */
  version: CartVersion,
});
export type ReorderBody = z.infer<typeof ReorderBody>;

export const ReorderLine = z.object({ productId: z.string(), description: z.string(), quantity: z.number().int() });
export const ReorderResponse = z.object({
  cart: Cart,
  /** Lines put in the cart, at the chosen date's prices (added to what the cart already had). */
  added: z.array(ReorderLine),
  /** Lines the chosen date cannot take, with why. */
  skipped: z.array(ReorderLine.extend({ reason: z.string() })),
});
export type ReorderResponse = z.infer<typeof ReorderResponse>;
